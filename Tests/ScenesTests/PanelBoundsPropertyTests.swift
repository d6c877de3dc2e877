import Foundation
import XCTest
@testable import Formats
@testable import Motion
@testable import Scenes

/// Seeded random sequences of the panel's inputs (keys, clicks on the dim, grabs mid-flight,
/// drags and flicks of every speed) against the soak's invariant: outside a drag the panel's
/// progress stays in [0, 1], except that a panel let go above presented (the rubber band) may
/// come back down to it.
final class PanelBoundsPropertyTests: XCTestCase {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            // SplitMix64 (Steele, Lea, Flood 2014): a tiny seedable generator, so failures replay.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func breaks(seed: UInt64, timings: Timings.Panel, steps: Int = 60) -> [String] {
        var rng = Generator(state: seed)
        var panel = PanelInteraction(screenHeight: 667, timings: timings)
        var t = 0.0
        var problems: [String] = []
        var history: [String] = []
        func check(until end: Double) {
            var s = t
            while s < end {
                let p = panel.progress(at: s)
                let v = panel.velocity(at: s)
                if !panel.isDragging && (p < -1e-9 || (p > 1 + 1e-9 && v < -0.01)) {
                    problems.append("seed \(seed) t \(s): progress \(p) velocity \(v) after \(history.suffix(4))")
                    return
                }
                s += 0.004
            }
        }
        for _ in 0..<steps {
            let wait = Double.random(in: 0...0.4, using: &rng)
            check(until: t + wait)
            t += wait
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: panel.present(at: t); history.append("present@\(t)")
            case 1: panel.dismiss(at: t); history.append("dismiss@\(t)")
            case 2: panel.toggle(at: t); history.append("toggle@\(t)")
            default:
                // A grab wherever the panel is, a drag, and a release at any speed.
                let y0 = panel.top(at: t) + 10
                panel.grab(at: t, y: y0)
                let distance = Double.random(in: -400...400, using: &rng)
                let duration = Double.random(in: 0.01...0.3, using: &rng)
                for i in 1...5 { panel.drag(to: y0 + distance * Double(i) / 5, at: t + duration * Double(i) / 5) }
                t += duration
                let velocity = Double.random(in: -30_000...30_000, using: &rng)
                panel.release(at: t, velocityY: velocity)
                history.append("flick \(Int(distance)) v \(Int(velocity))@\(t)")
            }
        }
        check(until: t + 2)
        return problems
    }

    func testDefaultTimingsKeepThePanelBetweenItsEnds() {
        var all: [String] = []
        for seed in UInt64(1)...300 { all += breaks(seed: seed, timings: Timings.Panel()) }
        XCTAssertEqual(all.count, 0, all.prefix(5).joined(separator: "\n"))
    }

    /// Found by the soak after an inspector edit: an overdamped spring (ζ 5.08, response 2.38 s)
    /// from a fast flick carried the panel to progress −0.47. Above critical the bound on the
    /// start speed is ω(ζ + √(ζ² − 1)) |x0|, not ω |x0|.
    func testOverdampedSpringsKeepThePanelBetweenItsEnds() {
        var all: [String] = []
        for (response, fraction) in [(2.384, 5.083892344), (0.35, 1.5), (0.2, 10.0)] {
            var timings = Timings.Panel()
            timings.springResponse = response
            timings.springDampingFraction = fraction
            for seed in UInt64(1)...100 { all += breaks(seed: seed, timings: timings) }
        }
        XCTAssertEqual(all.count, 0, all.prefix(5).joined(separator: "\n"))
    }

    func testABouncySpringSaysSo() {
        var timings = Timings.Panel()
        XCTAssertFalse(PanelInteraction(screenHeight: 667, timings: timings).bounces)
        timings.springDampingFraction = 0.6
        XCTAssertTrue(PanelInteraction(screenHeight: 667, timings: timings).bounces)
    }

    func testPercentCompletionKeepsThePanelBetweenItsEnds() {
        var timings = Timings.Panel()
        timings.completion = .percent
        var all: [String] = []
        for seed in UInt64(1)...300 { all += breaks(seed: seed, timings: timings) }
        XCTAssertEqual(all.count, 0, all.prefix(5).joined(separator: "\n"))
    }
}
