import Foundation
import XCTest
@testable import Formats
@testable import Motion
@testable import Scenes
import TestFixtures

/// No declared parameter is silently ignored: changing any one of its numbers (or its curve, or
/// its choice) changes what `state` reports somewhere in a session that exercises the splash,
/// the card, the panel and the feed's scrolling.
final class ParameterCoverageTests: XCTestCase {
    let device = Device.named("iphone-se")!

    /// The bench's scripted session, plus a pull past the top edge at 10.5 s that bounces back.
    func script(_ feed: FeedLayout) -> [InputEvent] {
        var events = BenchScenario.script(for: feed).events
        events.append(InputEvent(time: 10.5, kind: .down(x: 100, y: 200)))
        for i in 1...6 { events.append(InputEvent(time: 10.5 + Double(i) * 0.016, kind: .move(x: 100, y: 200 + Double(i) * 40))) }
        events.append(InputEvent(time: 10.62, kind: .up(x: 100, y: 440)))
        return events
    }

    /// A one-second intro file of another shape than the screen's, with two markers.
    static let introClip = IntroClip(path: "intro.json", kind: .lottie, width: 200, height: 100, duration: 1, frameCount: 30, timing: .rate(30),
                                     markers: [IntroMarker(name: "in", start: 0.2, duration: 0.3), IntroMarker(name: "out", start: 0.6, duration: 0.2)])

    /// States at 15 fps over the session, under the option sets a parameter can need: as it
    /// ships, a slow feed (so the timeout decides d), Reduce Motion, and an intro file (with a
    /// click at 0.3 s, which skips it), with and without Reduce Motion.
    func trace(_ timings: Timings) -> [String] {
        var out: [String] = []
        let optionSets = [SplashOptions(textVariant: 1), SplashOptions(feedLatency: 5, textVariant: 1), SplashOptions(reduceMotion: true, textVariant: 1),
                          SplashOptions(textVariant: 1, intro: Self.introClip), SplashOptions(skipTime: nil, textVariant: 1, intro: Self.introClip),
                          SplashOptions(reduceMotion: true, textVariant: 1, intro: Self.introClip)]
        for (n, options) in optionSets.enumerated() {
            let preview = fixturePreview(on: device, timings: timings, options: options, feedSeed: 2)
            let log: [InputEvent]
            switch n {
            case 0: log = script(preview.feed)
            case 4: log = [InputEvent(time: 0.3, kind: .down(x: 100, y: 100)), InputEvent(time: 0.35, kind: .up(x: 100, y: 100))]
            default: log = []
            }
            var playback = Playback(initial: preview, log: log)
            let end = options.feedLatency > 1 || options.reduceMotion ? 6.0 : 12.0
            for frame in 0...Int(end * 15) {
                playback.seek(to: Double(frame) / 15)
                out.append(playback.state.text)
            }
        }
        return out
    }

    /// Other valid values to try for a number, nearest first.
    func candidates(_ v: Double) -> [Double] { [v * 1.2, v + 0.05, v - 0.05, v * 0.8, v + 1, v - 1, 0.5].filter { $0 != v } }

    func testEveryParameterChangesTheState() throws {
        let base = Timings()
        let reference = trace(base)
        let otherCurve = try TimingCurve(parsing: "cubic-bezier(0.1, 0.7, 0.2, 1.3)")
        var checked = 0
        // Lint thresholds change lint's findings, not the state (MotionLintTests covers them).
        // The custom frame's numbers act with intro.frame.mode custom: they are tried there.
        var customFrame = base
        customFrame.intro.frameMode = .custom
        let customReference = trace(customFrame)
        let framePaths: Set<PartialKeyPath<Timings>> = [\Timings.intro.frameX, \Timings.intro.frameY, \Timings.intro.frameWidth, \Timings.intro.frameHeight]
        for p in TimingsSchema.parameters where !p.isLintThreshold {
            var variants: [(String, ParameterValue)] = []
            let (base, reference) = framePaths.contains(p.keyPath) ? (customFrame, customReference) : (base, reference)
            switch p.value(in: base) {
            case let .number(v):
                if let c = candidates(v).first(where: { (try? p.setting(.number($0), in: base)) != nil }) { variants.append(("", .number(c))) }
                else { XCTFail("\(p.path): no valid other value to try") }
            case let .numbers(vs):
                for i in vs.indices {
                    let tries = candidates(vs[i]).map { c -> [Double] in var copy = vs; copy[i] = c; return copy }
                    if let ok = tries.first(where: { (try? p.setting(.numbers($0), in: base)) != nil }) { variants.append(("[\(i)]", .numbers(ok))) }
                    // keyTimes' first and last are fixed at 0 and 1 by Core Animation's rule: nothing else is valid.
                    else { XCTAssertTrue(p.path == "splash.hole.keyTimes" && (i == 0 || i == vs.count - 1), "\(p.path)[\(i)]") }
                }
            case .curve:
                variants.append(("", .curve(otherCurve)))
            case let .curves(cs):
                for i in cs.indices { var copy = cs; copy[i] = otherCurve; variants.append(("[\(i)]", .curves(copy))) }
            case let .choice(name):
                variants.append(("", .choice(p.choices.first { $0 != name }!)))
            case .text:
                // A colour, a marker of the clip, another still frame.
                let other = ["intro.background": "#102030", "intro.range.fromMarker": "in", "intro.range.toMarker": "out", "intro.reduceMotionFrame": "first"][p.path]
                if let other { variants.append(("", .text(other))) } else { XCTFail("\(p.path): no other text to try") }
            }
            for (suffix, value) in variants {
                let changed = try p.setting(value, in: base)
                XCTAssertTrue(trace(changed) != reference, "\(p.path)\(suffix) = \(value.json.text) changes nothing in state")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, TimingsSchema.parameters.filter { !$0.isLintThreshold }.count)
    }

    func testSettingRefusesValuesOutsideTheDeclaration() {
        let duration = TimingsSchema.parameter("splash.logo.duration")!
        XCTAssertThrowsError(try duration.setting(.number(-1), in: Timings())) { XCTAssertEqual("\($0)", "splash.logo.duration must lie in [0, 600] (got -1.0)") }
        XCTAssertThrowsError(try duration.setting(.number(.nan), in: Timings()))
        XCTAssertThrowsError(try TimingsSchema.parameter("splash.timeout")!.setting(.number(1), in: Timings())) {
            XCTAssertTrue("\($0)".contains("must not be less than splash.minHold"), "\($0)")
        }
        XCTAssertThrowsError(try TimingsSchema.parameter("panel.completion")!.setting(.choice("bouncy"), in: Timings()))
    }

    /// The declaration reads back what the file says, and writes a file that reads back the same.
    func testFileTextRoundTrips() throws {
        var t = Timings()
        t.splash.logoDuration = 0.45
        t.splash.holeCurves = [.linear, .easeIn]
        t.panel.completion = .percent
        t.scroll.decelerationRate = 0.99
        let text = TimingsSchema.fileText(t)
        XCTAssertEqual(try Timings.parse(text: text, path: "t.json"), t)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/timings.json").standardized
        XCTAssertEqual(try Timings.parse(text: TimingsSchema.fileText(Timings()), path: "d.json"), try Timings.load(path: url.path))
    }

    func testSchemaListsEveryFieldOfTheBuiltInFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/timings.json").standardized
        let root = try JSONParser.parse(String(contentsOf: url, encoding: .utf8), path: url.path)
        var paths: [String] = []
        func walk(_ node: JSONNode, _ prefix: String) {
            guard case let .object(members) = node.value else { paths.append(prefix); return }
            for m in members where m.key != "$comment" { walk(m.value, prefix.isEmpty ? m.key : "\(prefix).\(m.key)") }
        }
        walk(root, "")
        for path in paths { XCTAssertNotNil(TimingsSchema.parameter(path), path) }
        let schema = TimingsSchema.json.text
        for p in TimingsSchema.parameters {
            XCTAssertTrue(schema.contains("\"path\": \"\(p.path)\", \"kind\": \"\(p.kind.rawValue)\""), p.path)
            XCTAssertFalse(p.doc.isEmpty, p.path)
        }
    }
}
