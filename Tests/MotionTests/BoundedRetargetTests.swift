import XCTest
@testable import Motion

/// A retarget that bends its curve to a fast velocity stays inside its bounds: it keeps the
/// velocity and shortens the motion, and cuts the velocity only when a quarter of the duration
/// still cannot stop it in time.
final class BoundedRetargetTests: XCTestCase {
    func testOutputRangeIsExact() {
        XCTAssertEqual(TimingCurve.easeInEaseOut.outputRange, 0...1)
        let back = TimingCurve.bezier(CubicBezier(unchecked: 0.3, -0.8, 0.7, 1.8))
        var lo = 0.0, hi = 1.0
        for i in 0...10_000 { let v = back.value(Double(i) / 10_000); lo = min(lo, v); hi = max(hi, v) }
        XCTAssertEqual(back.outputRange.lowerBound, lo, accuracy: 1e-6)
        XCTAssertEqual(back.outputRange.upperBound, hi, accuracy: 1e-6)
    }

    func range(_ a: InterruptibleAnimator, from t0: Double, to t1: Double) -> ClosedRange<Double> {
        var lo = Double.infinity, hi = -Double.infinity
        var t = t0
        while t <= t1 { let v = a.value(at: t); lo = min(lo, v); hi = max(hi, v); t += 0.0005 }
        return lo...hi
    }

    func testAFastReversalNearAnEndKeepsItsVelocityAndStaysInside() {
        var a = InterruptibleAnimator(value: 0)
        a.animate(to: 1, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0)
        // Reversed at 80 % of the way, moving up fast.
        let before = a.sample(at: 0.2)
        a.animate(to: 0, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0.2, within: 0...1)
        XCTAssertEqual(a.sample(at: 0.2).velocity, before.velocity, accuracy: abs(before.velocity) * 1e-6)
        let r = range(a, from: 0.2, to: 1)
        XCTAssertGreaterThanOrEqual(r.lowerBound, -1e-9)
        XCTAssertLessThanOrEqual(r.upperBound, 1 + 1e-9)
        // Unbounded, the same reversal runs past presented.
        var free = InterruptibleAnimator(value: 0)
        free.animate(to: 1, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0)
        free.animate(to: 0, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0.2, initialVelocity: before.velocity * 4)
        XCTAssertGreaterThan(range(free, from: 0.2, to: 1).upperBound, 1)
    }

    func testAFlightTooFastForItsTargetArrivesSoonerInsteadOfPassingIt() {
        var a = InterruptibleAnimator(value: 0.2)
        a.animate(to: 1, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0, initialVelocity: 12, within: 0...1)
        XCTAssertEqual(a.sample(at: 0).velocity, 12, accuracy: 1e-6)
        XCTAssertLessThan(a.motionDuration, 0.35)
        XCTAssertLessThanOrEqual(range(a, from: 0, to: 1).upperBound, 1 + 1e-9)
    }

    func testAReversalAtTheWallGivesUpSpeedRatherThanPassIt() {
        var a = InterruptibleAnimator(value: 0.999)
        a.animate(to: 0, timing: .curve(.easeInEaseOut, duration: 0.35), at: 0, initialVelocity: 20, within: 0...1)
        XCTAssertLessThan(a.sample(at: 0).velocity, 20)
        XCTAssertLessThanOrEqual(range(a, from: 0, to: 1).upperBound, 1 + 1e-9)
        XCTAssertEqual(a.value(at: 1), 0)
    }
}
