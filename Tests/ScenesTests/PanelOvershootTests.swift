import Foundation
import XCTest
@testable import Formats
@testable import Scenes
import TestFixtures

/// Found by the soak test: a fast flick made the critically damped completion spring carry the
/// panel far past presented (progress 2.4, its top off the screen) or below hidden. Now the
/// spring starts at the pointer's speed only up to the speed at which it would pass its target.
final class PanelOvershootTests: XCTestCase {
    let device = Device.named("iphone-se")!

    func take(_ events: [InputEvent], timings: Timings = Timings()) -> Playback {
        Playback(initial: fixturePreview(on: device, timings: timings, feedSeed: 3, skipSplash: true), log: events)
    }

    /// A straight drag of `distance` points over `seconds`, in 5 ms steps.
    func flick(x: Double = 180, from y0: Double, by distance: Double, over seconds: Double, at start: Double) -> [InputEvent] {
        let steps = max(Int((seconds / 0.005).rounded()), 1)
        var events = [InputEvent(time: start, kind: .down(x: x, y: y0))]
        for i in 1...steps {
            events.append(InputEvent(time: start + seconds * Double(i) / Double(steps), kind: .move(x: x, y: y0 + distance * Double(i) / Double(steps))))
        }
        events.append(InputEvent(time: start + seconds, kind: .up(x: x, y: y0 + distance)))
        return events
    }

    func progressRange(_ playback: Playback, from t0: Double, to t1: Double) -> (min: Double, max: Double) {
        var copy = playback
        var lo = Double.infinity, hi = -Double.infinity
        var t = t0
        while t <= t1 {
            copy.seek(to: t)
            let p = copy.preview.panel.progress(at: t)
            lo = min(lo, p); hi = max(hi, p)
            t += 0.002
        }
        return (lo, hi)
    }

    func testAFastFlickUpFromTheEdgeStopsAtPresented() {
        for speed in [6_000.0, 12_000, 30_000] {
            let events = flick(from: 660, by: -240, over: 240 / speed, at: 0.5)
            let range = progressRange(take(events), from: 0.5 + 240 / speed, to: 2)
            XCTAssertLessThanOrEqual(range.max, 1 + 1e-9, "\(speed) pt/s")
            var settled = take(events)
            settled.seek(to: 3)
            XCTAssertEqual(settled.preview.panel.progress(at: 3), 1, accuracy: 1e-3, "presented at the end, \(speed) pt/s")
        }
    }

    func testAFastFlickDownStopsAtHidden() {
        for speed in [3_000.0, 30_000] {
            let events = [InputEvent(time: 0.2, kind: .key("p"))] + flick(from: 300, by: 300, over: 300 / speed, at: 1)
            let range = progressRange(take(events), from: 1 + 300 / speed, to: 2.5)
            XCTAssertGreaterThanOrEqual(range.min, -1e-9, "\(speed) pt/s")
        }
    }

    /// A spring tuned to bounce still bounces: the cap is for springs that should not pass their end.
    func testABouncySpringKeepsItsOvershoot() {
        var bouncy = Timings()
        bouncy.panel.springDampingFraction = 0.5
        let events = flick(from: 660, by: -240, over: 0.04, at: 0.5)
        XCTAssertGreaterThan(progressRange(take(events, timings: bouncy), from: 0.55, to: 2).max, 1.01)
    }
}
