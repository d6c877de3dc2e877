import Foundation
import XCTest
@testable import Motion
@testable import Formats
@testable import Scenes
import TestFixtures

/// The choreography table of the splash issue, checked at times inside each phase, on iPhone SE
/// portrait (the 667 pt reference) and on a landscape device.
final class SplashSequenceTests: XCTestCase {
    let textSize = (width: 300.0, height: 32.0)

    func sequence(_ device: Device, _ options: SplashOptions = SplashOptions()) -> SplashSequence {
        SplashSequence(timings: Timings(), device: device, layout: LaunchDescription.fallback.layout(device: device, textSize: textSize), options: options)
    }

    static let devices = [Device.named("iphone-se")!, Device.named("iphone-15-pro-max", orientation: .landscape)!]

    func ease(_ p: Double) -> Double { TimingCurve.easeInEaseOut.value(p) }

    func testAppearing() {
        for device in SplashSequenceTests.devices {
            let s = sequence(device)
            let cx = device.width / 2, cy = device.height / 2
            let f0 = s.frame(at: 0)
            XCTAssertEqual(f0.phase, .appearing)
            let l0 = f0.layers!
            XCTAssertEqual(l0.logo, LayerState(x: cx, y: cy, width: 72, height: 72))
            XCTAssertEqual(l0.text.y, cy + 84 + 20, accuracy: 1e-12)
            XCTAssertEqual(l0.text.opacity, 0)
            XCTAssertEqual(l0.splashOpacity, 1)
            XCTAssertEqual(l0.backdropOpacity, 0)
            XCTAssertNil(l0.hole); XCTAssertNil(l0.holeLogo)
            XCTAssertEqual(f0.feedScale, 1.05)

            let t = 0.1
            let l = s.frame(at: t).layers!
            XCTAssertEqual(l.logo.width, 72 + 16 * ease(t / 0.3), accuracy: 1e-9)
            XCTAssertEqual(l.text.y, cy + 84 + 20 * (1 - ease(t / 0.3)), accuracy: 1e-9)
            XCTAssertEqual(l.text.opacity, ease(t / 0.15), accuracy: 1e-9)
            XCTAssertEqual(s.frame(at: 0.2).layers!.text.opacity, 1)
        }
    }

    func testHolding() {
        for device in SplashSequenceTests.devices {
            let s = sequence(device)
            let f = s.frame(at: 1.0)
            XCTAssertEqual(f.phase, .holding)
            XCTAssertEqual(f.layers!.logo.width, 88)
            XCTAssertEqual(f.layers!.text.y, device.height / 2 + 84)
            XCTAssertEqual(f.layers!.text.opacity, 1)
            XCTAssertEqual(s.phase(at: 0.3), .holding)
            XCTAssertEqual(s.phase(at: 0.2999), .appearing)
            XCTAssertEqual(s.phase(at: 1.9999), .holding)
        }
    }

    func testDisappearing() {
        for device in SplashSequenceTests.devices {
            let s = sequence(device)
            let d = 2.0, cx = device.width / 2, cy = device.height / 2
            XCTAssertEqual(s.dismissalTime, d)
            let endRotation = -atan(cy / cx)
            let holeTrack = try! KeyframeTrack(values: [1, 0.85, device.height * 18 / 667], keyTimes: [0, 0.2, 1],
                                               timingFunctions: [.easeInEaseOut, .easeOut])
            for t in [2.0, 2.05, 2.1, 2.15, 2.3, 2.45, 2.59] {
                let f = s.frame(at: t)
                XCTAssertEqual(f.phase, .disappearing, "t=\(t)")
                let l = f.layers!
                let local = (t - d) / 0.6
                let feedScale = 1.05 + (1.0 - 1.05) * ease(local)
                XCTAssertEqual(f.feedScale, feedScale, accuracy: 1e-9)
                XCTAssertEqual(l.splashOpacity, 0)
                XCTAssertEqual(l.backdropOpacity, 1)
                XCTAssertEqual(l.backdropText.opacity, 1 - ease(min((t - d) / 0.3, 1)), accuracy: 1e-9)
                XCTAssertEqual(l.backdropText.y, cy + 84)
                let hole = l.hole!
                XCTAssertEqual(hole.x, cx, accuracy: 1e-9)
                XCTAssertEqual(hole.y, cy, accuracy: 1e-9)
                XCTAssertEqual(hole.width, holeTrack.sample(local).value * 88 * feedScale, accuracy: 1e-6, "t=\(t)")
                XCTAssertEqual(hole.rotation, endRotation * local, accuracy: 1e-9)
                XCTAssertLessThan(hole.rotation, 0.0 + 1e-12)
                if t < d + 0.2 {
                    let logo = l.holeLogo!
                    XCTAssertEqual(logo.width, hole.width); XCTAssertEqual(logo.rotation, hole.rotation)
                    XCTAssertEqual(logo.opacity, 1 - ease(min(max((t - d - 0.1) / 0.1, 0), 1)), accuracy: 1e-9)
                } else {
                    XCTAssertNil(l.holeLogo, "t=\(t)")
                }
            }
            // At the keyframe times exactly: 0.85 at 20 %.
            XCTAssertEqual(s.frame(at: d + 0.12).layers!.hole!.width / s.frame(at: d + 0.12).feedScale, 0.85 * 88, accuracy: 1e-6)
        }
    }

    func testFinalHoleScaleIsEighteenOnTheReferenceScreen() {
        let s = sequence(Device.named("iphone-se")!)
        let f = s.frame(at: 2.5999999)
        XCTAssertEqual(f.layers!.hole!.width / f.feedScale, 18 * 88, accuracy: 0.01)
    }

    func testDone() {
        for device in SplashSequenceTests.devices {
            let s = sequence(device)
            let f = s.frame(at: 2.6)
            XCTAssertEqual(f.phase, .done)
            XCTAssertNil(f.layers)
            XCTAssertEqual(f.feedScale, 1)
            XCTAssertEqual(s.scene(at: 3).commands, [.feed(scale: 1)])
        }
    }

    func testFeedLatencyAndTimeout() {
        let device = Device.named("iphone-se")!
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 0.8)).dismissalTime, 2.0)
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 2.5)).dismissalTime, 2.5)
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 10)).dismissalTime, 3.0)
        let late = sequence(device, SplashOptions(feedLatency: 2.5))
        XCTAssertEqual(late.phase(at: 2.4), .holding)
        XCTAssertEqual(late.phase(at: 2.5), .disappearing)
        XCTAssertEqual(late.phase(at: 3.1), .done)
    }

    func testSkipStartsTheDisappearanceAtOnce() {
        let device = Device.named("iphone-15-pro-max", orientation: .landscape)!
        let s = sequence(device, SplashOptions(skipTime: 0.7))
        XCTAssertEqual(s.dismissalTime, 0.7)
        XCTAssertEqual(s.phase(at: 0.69), .holding)
        XCTAssertEqual(s.phase(at: 0.7), .disappearing)
        XCTAssertEqual(s.frame(at: 0.7).layers!.hole!.width, 88 * 1.05, accuracy: 1e-9)
        XCTAssertEqual(s.phase(at: 1.3), .done)
        // A skip during the appearance freezes the foreground where it was.
        let early = sequence(device, SplashOptions(skipTime: 0.1))
        XCTAssertEqual(early.phase(at: 0.1), .disappearing)
        // A click after d changes nothing.
        XCTAssertEqual(sequence(device, SplashOptions(skipTime: 2.2)).dismissalTime, 2.0)
    }

    /// Seed 002: the still splash ends with its fade when loading completes, bounded by the timeout.
    func testReduceMotionDismissesWhenLoadingCompletesWithinTheTimeout() {
        let device = Device.named("iphone-se")!
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 0.5, reduceMotion: true)).dismissalTime, 0.5)
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 0, reduceMotion: true)).dismissalTime, 0)
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 5, reduceMotion: true)).dismissalTime, Timings().splash.timeout)
        // Without Reduce Motion the minimum hold still applies.
        XCTAssertEqual(sequence(device, SplashOptions(feedLatency: 0.5)).dismissalTime, Timings().splash.minHold)
    }

    /// `skip`: no intro. The launch screen until d, then it fades to the content.
    func testReduceMotionSkipShowsTheLaunchScreenThenFades() {
        let device = Device.named("iphone-se")!
        var timings = Timings()
        timings.splash.reduceMotionMode = .skip
        let s = fixtureSplash(on: device, timings: timings, options: SplashOptions(feedLatency: 0.5, reduceMotion: true))
        XCTAssertEqual(s.scene(at: 0).commands, [.launchScreen])
        XCTAssertEqual(s.scene(at: 0.4).commands, [.launchScreen])
        XCTAssertEqual(s.frame(at: 0.2).layers!.logo.opacity, 0)
        XCTAssertEqual(s.frame(at: 0.2).layers!.text.opacity, 0)
        let fading = s.scene(at: 0.6).commands
        XCTAssertEqual(fading.first, .feed(scale: 1))
        guard case let .group(opacity, children) = fading.last! else { return XCTFail("\(fading)") }
        XCTAssertEqual(children, [.launchScreen])
        XCTAssertGreaterThan(opacity, 0); XCTAssertLessThan(opacity, 1)
        XCTAssertEqual(s.phase(at: 0.75), .done)
        // Without Reduce Motion the mode changes nothing.
        let withMotion = fixtureSplash(on: device, timings: timings, options: SplashOptions(feedLatency: 0.5))
        XCTAssertEqual(withMotion.scene(at: 0.2).commands.first, .launchBackground)
    }

    func testReduceMotion() {
        for device in SplashSequenceTests.devices {
            let s = sequence(device, SplashOptions(reduceMotion: true))
            let f0 = s.frame(at: 0).layers!
            XCTAssertEqual(f0.logo.width, 88)
            XCTAssertEqual(f0.text.y, device.height / 2 + 84)
            XCTAssertEqual(f0.text.opacity, 1)
            XCTAssertEqual(s.frame(at: 0).feedScale, 1)
            // No minimum hold: d is when loading completes (0.8 s).
            XCTAssertEqual(s.dismissalTime, 0.8)
            let t = 0.9
            let f = s.frame(at: t)
            XCTAssertEqual(f.phase, .disappearing)
            XCTAssertEqual(f.layers!.splashOpacity, 1 - TimingCurve.easeOut.value(0.1 / 0.25), accuracy: 1e-9)
            XCTAssertNil(f.layers!.hole)
            XCTAssertNil(f.layers!.holeLogo)
            XCTAssertEqual(f.layers!.logo.rotation, 0)
            XCTAssertEqual(s.phase(at: 1.05), .done)
            if case .group(let opacity, _) = s.scene(at: t).commands.last! { XCTAssertEqual(opacity, f.layers!.splashOpacity) } else { XCTFail() }
        }
    }

    func testHoleTurnsTowardTheUpperLeftCornerOnEveryDevice() {
        for d in Device.presets {
            for o in Orientation.allCases {
                let device = d.oriented(o)
                let s = sequence(device)
                XCTAssertEqual(s.holeEndRotation, -atan((device.height / 2) / (device.width / 2)), accuracy: 1e-12)
                XCTAssertLessThan(s.holeEndRotation, 0)
            }
        }
    }

    /// The launch screen comes from its description, never from the animation: its logo keeps the
    /// description's size whatever the intro starts at.
    func testLaunchScreenIsDrawnFromItsDescriptionNotFromFrameZero() {
        let device = Device.named("iphone-se")!
        let description = LaunchDescription(gradient: [GradientStop(location: 0, color: .black)], logoCenter: (0.5, 0.5), textOffset: 84)
        let resolved = LaunchScreen.described(description, source: "test").resolved(device: device, appearance: .light)
        XCTAssertEqual(resolved, ResolvedLaunchScreen(background: .gradient([GradientStop(location: 0, color: .black)]),
                                                      elements: [.logo(LayerState(x: 187.5, y: 333.5, width: 72, height: 72))]))
        XCTAssertEqual(LaunchScreen.scene(device: device).commands, [.launchScreen])
        XCTAssertEqual(sequence(device).scene(at: 0).commands.first, .launchBackground)
    }

    func testTextVariantComesFromTheSeed() {
        let variants = (0..<200).map { Preview.textVariant(seed: UInt64($0)) }
        XCTAssertEqual(Set(variants), Set(1...17))
        XCTAssertEqual(Preview.textVariant(seed: 42), Preview.textVariant(seed: 42))
    }
}
