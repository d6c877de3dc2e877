import XCTest
@testable import Formats
@testable import Scenes
import TestFixtures

/// An intro file on the splash: the range played, speed and loops, where it sits, the hold's
/// rules around it (seed 002), skip on tap, the timeout, Reduce Motion's still, and the frame
/// reported for every time.
final class IntroPlaybackTests: XCTestCase {
    let device = Device.named("iphone-se")!
    /// Two seconds at 30 fps, 300 × 150 pt, with markers.
    let clip = IntroClip(path: "logo.json", kind: .lottie, width: 300, height: 150, duration: 2, frameCount: 60, timing: .rate(30),
                         markers: [IntroMarker(name: "intro", start: 0, duration: 1), IntroMarker(name: "loop", start: 1, duration: 0.5),
                                   IntroMarker(name: "end", start: 1.5, duration: 0.5)])

    func sequence(_ timings: Timings = Timings(), reduceMotion: Bool = false, skipTime: Double? = nil, feedLatency: Double = 0.8) -> SplashSequence {
        fixturePreview(on: device, timings: timings, options: SplashOptions(feedLatency: feedLatency, reduceMotion: reduceMotion, skipTime: skipTime,
                                                                            textVariant: 1, intro: clip), feedSeed: 1).splash
    }

    func testTheIntroPlaysFromItsFirstFrameAndTheHoldWaitsForItsEnd() {
        var t = Timings()
        t.splash.minHold = 1; t.splash.timeout = 5
        let s = sequence(t)
        XCTAssertEqual(s.appearDuration, 2)
        // d: the later of the intro's end (2 s), the minimum hold and the feed (0.8 s).
        XCTAssertEqual(s.dismissalTime, 2)
        XCTAssertEqual(s.introLayer(at: 0)?.frame, 0)
        XCTAssertEqual(s.introLayer(at: 1.0)?.frame, 30)
        XCTAssertEqual(s.introLayer(at: 1.999)?.frame, 59)
        XCTAssertEqual(s.phase(at: 1.5), .appearing)
        XCTAssertEqual(s.phase(at: 2.0), .disappearing)
        // The intro file replaces the built-in logo and text.
        XCTAssertEqual(s.frame(at: 0.5).layers?.logo.opacity, 0)
        XCTAssertEqual(s.frame(at: 0.5).layers?.text.opacity, 0)
        XCTAssertEqual(s.scene(at: 0.5).commands.first, .introBackground(nil))
    }

    func testSpeedLoopsAndRangeByProgress() {
        var t = Timings()
        t.splash.timeout = 10
        t.intro.speed = 2; t.intro.loops = 3
        t.intro.fromProgress = 0.25; t.intro.toProgress = 0.75
        let s = sequence(t)
        let intro = try! XCTUnwrap(s.intro)
        XCTAssertEqual(intro.rangeStart, 0.5); XCTAssertEqual(intro.rangeEnd, 1.5)
        XCTAssertEqual(intro.passDuration, 0.5); XCTAssertEqual(intro.playedDuration, 1.5)
        XCTAssertEqual(s.introLayer(at: 0)?.frame, 15)
        XCTAssertEqual(s.introLayer(at: 0.25)?.frame, 30)
        // The second pass starts again at the range's start.
        XCTAssertEqual(s.introLayer(at: 0.5)?.frame, 15)
        // After three passes the range's end holds.
        XCTAssertEqual(s.introLayer(at: 1.8)?.fileTime, 1.5)
        XCTAssertEqual(s.dismissalTime, 2, "the minimum hold (2 s) outlasts the intro's 1.5 s")
    }

    func testRangeByMarkersAsLottieIOSPlaysThem() {
        var t = Timings()
        t.intro.fromMarker = "loop"
        var intro = IntroPlayback(clip: clip, timings: t, device: device, logoFrame: nil)
        XCTAssertEqual([intro.rangeStart, intro.rangeEnd], [1, 1.5], "a marker alone plays its own span")
        t.intro.toMarker = "end"
        t.intro.fromMarker = "intro"
        intro = IntroPlayback(clip: clip, timings: t, device: device, logoFrame: nil)
        XCTAssertEqual([intro.rangeStart, intro.rangeEnd], [0, 1.5], "from one marker's start to the other's")
        XCTAssertEqual(intro.warnings, [])
        XCTAssertEqual(sequence(t).introLayer(at: 1.2)?.marker, "loop")
        t.intro.fromMarker = "missing"
        intro = IntroPlayback(clip: clip, timings: t, device: device, logoFrame: nil)
        XCTAssertEqual(intro.warnings, ["warning: logo.json: no marker \"missing\" for intro.range.fromMarker (its markers are \"intro\", \"loop\", \"end\"); the range's progress is used"])
        XCTAssertEqual([intro.rangeStart, intro.rangeEnd], [0, 1.5])
    }

    func testTheTimeoutCutsTheIntroShort() {
        var t = Timings()
        t.splash.timeout = 1.5; t.splash.minHold = 1
        let s = sequence(t)
        XCTAssertEqual(s.dismissalTime, 1.5)
        XCTAssertEqual(s.introLayer(at: 3)?.fileTime, 1.5, "the intro is frozen where the splash window went")
        let report = MotionLint.run(initial: fixturePreview(on: device, timings: t, options: SplashOptions(textVariant: 1, intro: clip), feedSeed: 1),
                                    log: [], thresholds: t.lint)
        XCTAssertEqual(report.findings.filter { $0.rule == .introTimeout }.map(\.message),
                       ["the intro plays for 2.000 s (logo.json, at speed 1, 1 time), past splash.timeout 1.500 s: it is cut short"])
    }

    func testATapSkipsTheIntroWithinOneFrameUnlessNothingMay() {
        var preview = fixturePreview(on: device, options: SplashOptions(textVariant: 1, intro: clip), feedSeed: 1)
        preview.apply(InputEvent(time: 0.4, kind: .down(x: 10, y: 10)))
        XCTAssertEqual(preview.splash.dismissalTime, 0.4)
        XCTAssertEqual(preview.splashFrame(at: 0.4 + 1.0 / 60).phase, .disappearing, "the disappearance has begun by the next frame")
        var t = Timings()
        t.intro.skip = .never
        var held = fixturePreview(on: device, timings: t, options: SplashOptions(textVariant: 1, intro: clip), feedSeed: 1)
        held.apply(InputEvent(time: 0.4, kind: .down(x: 10, y: 10)))
        XCTAssertEqual(held.splash.dismissalTime, 2)
        let report = MotionLint.run(initial: fixturePreview(on: device, timings: t, options: SplashOptions(textVariant: 1, intro: clip), feedSeed: 1),
                                    log: [], thresholds: t.lint)
        XCTAssertEqual(report.findings.filter { $0.rule == .introSkip }.count, 1)
    }

    func testReduceMotionShowsTheChosenStillAndCrossFades() {
        var t = Timings()
        t.intro.reduceMotionFrame = "loop"
        let s = sequence(t, reduceMotion: true)
        XCTAssertEqual(s.dismissalTime, 0.8, "nothing waits for a still intro: loading decides")
        XCTAssertEqual(s.introLayer(at: 0)?.frame, 30)
        XCTAssertEqual(s.introLayer(at: 0.7)?.frame, 30)
        t.intro.reduceMotionFrame = "12"
        XCTAssertEqual(sequence(t, reduceMotion: true).introLayer(at: 0)?.frame, 12)
        t.intro.reduceMotionFrame = "first"
        XCTAssertEqual(sequence(t, reduceMotion: true).introLayer(at: 0)?.frame, 0)
        // The still cross-fades to the feed.
        guard case let .group(opacity, _)? = s.scene(at: 0.9).commands.last else { return XCTFail("no cross-fade group") }
        XCTAssertLessThan(opacity, 1)
        t.splash.reduceMotionMode = .skip
        XCTAssertNil(sequence(t, reduceMotion: true).introLayer(at: 0), "skip mode shows the launch screen, not the intro")
    }

    func testCrossFadeDisappearanceAndBackgroundColour() {
        var t = Timings()
        t.intro.disappearance = .crossFade
        t.intro.background = "#000000"
        let s = sequence(t)
        XCTAssertTrue(s.crossFades)
        XCTAssertNil(s.frame(at: s.dismissalTime + 0.1).layers?.hole)
        XCTAssertEqual(s.scene(at: 0.1).commands.first, .introBackground(Color(0, 0, 0)))
        guard case let .group(_, children)? = s.scene(at: s.dismissalTime + 0.1).commands.last else { return XCTFail("no cross-fade group") }
        XCTAssertTrue(children.contains { if case .intro = $0 { return true } else { return false } })
    }

    func testContentModesAndFrames() {
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(IntroPlayback.fit(width: 200, height: 100, into: frame, mode: .aspectFit), Rect(x: 0, y: 25, width: 100, height: 50))
        XCTAssertEqual(IntroPlayback.fit(width: 200, height: 100, into: frame, mode: .aspectFill), Rect(x: -50, y: 0, width: 200, height: 100))
        XCTAssertEqual(IntroPlayback.fit(width: 20, height: 10, into: frame, mode: .center), Rect(x: 40, y: 45, width: 20, height: 10))
        XCTAssertEqual(IntroPlayback.fit(width: 20, height: 10, into: frame, mode: .fill), frame)
        let logo = Rect(x: 100, y: 300, width: 60, height: 30)
        // auto: the logo's frame when the file has its shape, else the screen.
        XCTAssertEqual(IntroPlayback(clip: clip, timings: Timings(), device: device, logoFrame: logo).frame, logo)
        XCTAssertEqual(IntroPlayback(clip: clip, timings: Timings(), device: device, logoFrame: Rect(x: 0, y: 0, width: 50, height: 50)).frame,
                       Rect(x: 0, y: 0, width: 375, height: 667))
        var t = Timings()
        t.intro.frameMode = .custom
        t.intro.frameX = 10; t.intro.frameY = 20; t.intro.frameWidth = 30; t.intro.frameHeight = 40
        XCTAssertEqual(IntroPlayback(clip: clip, timings: t, device: device, logoFrame: logo).frame, Rect(x: 10, y: 20, width: 30, height: 40))
    }

    func testAVideoKeepsEachFramesOwnTime() {
        let video = IntroClip(path: "v.mp4", kind: .video, width: 100, height: 100, duration: 1, frameCount: 4, timing: .times([0, 0.1, 0.5, 0.55]))
        XCTAssertEqual([0, 0.09, 0.1, 0.49, 0.5, 0.6, 5].map(video.frameIndex(at:)), [0, 0, 1, 1, 2, 3, 3])
    }

    func testTheIntroSectionIsReadAndRefusedWithItsPlace() throws {
        let t = try Timings.parse(text: ##"{"intro": {"contentMode": "aspectFill", "speed": 2, "range": {"fromMarker": "a"}, "background": "#112233"}}"##, path: "t.json")
        XCTAssertEqual(t.intro.contentMode, .aspectFill); XCTAssertEqual(t.intro.speed, 2)
        XCTAssertEqual(t.intro.fromMarker, "a"); XCTAssertEqual(t.intro.background, "#112233")
        func refusal(_ text: String) -> String {
            do { _ = try Timings.parse(text: text, path: "t.json"); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(refusal(#"{"intro": {"background": "blue"}}"#),
                       ##"t.json:1:26: intro.background must be "launch" or a colour "#RRGGBB" or "#RRGGBBAA" (got 'blue')"##)
        XCTAssertEqual(refusal(#"{"intro": {"speed": 0}}"#), "t.json:1:21: intro.speed must lie in (0, 10] (got 0.0)")
        XCTAssertEqual(refusal(#"{"intro": {"range": {"fromProgress": 0.8, "toProgress": 0.2}}}"#),
                       "t.json:1:38: intro.range.fromProgress (0.8) must be less than intro.range.toProgress (0.2)")
        XCTAssertEqual(refusal(#"{"intro": {"reduceMotionFrame": "-3"}}"#),
                       "t.json:1:33: intro.reduceMotionFrame must be \"first\", \"last\", a frame number of 0 or more, or a marker name (got '-3')")
        XCTAssertEqual(refusal(#"{"intro": {"skip": "sometimes"}}"#), "t.json:1:20: intro.skip must be \"onTap\" or \"never\" (got 'sometimes')")
    }
}
