import Foundation
import XCTest
@testable import Motion
import Scenes

final class SpringTests: XCTestCase {
    /// Under-, critically and over-damped, all with mass ≠ 1 and a non-zero initial velocity.
    static let springs: [(String, SpringParameters, Double)] = [
        ("under", try! SpringParameters(mass: 2.5, stiffness: 300, damping: 12), 1.5),
        ("critical", try! SpringParameters(mass: 0.5, stiffness: 200, damping: 2 * (200 * 0.5).squareRoot()), -2),
        ("over", try! SpringParameters(mass: 3, stiffness: 120, damping: 80), 4),
        ("under-response", try! SpringParameters(response: 0.5, dampingFraction: 0.825), 0),
        ("over-bounce", try! SpringParameters(duration: 0.4, bounce: -0.5), 0),
    ]

    func testInvariants() throws {
        for (name, p, v0) in SpringTests.springs {
            let m = try SpringMotion(parameters: p, initialVelocity: v0)
            XCTAssertEqual(m.value(0), 0, accuracy: 1e-12, name)
            XCTAssertEqual(m.velocity(0), v0, accuracy: 1e-9, name)
            for i in 1...200 {
                let t = Double(i) * 0.005, h = 1e-6
                // Velocity is the derivative of value.
                let dx = (m.value(t + h) - m.value(t - h)) / (2 * h)
                XCTAssertEqual(m.velocity(t), dx, accuracy: 1e-4 * max(1, abs(dx)), "\(name) t=\(t)")
                // The ODE m x'' + c x' + k (x − 1) = 0 holds.
                let ddx = (m.velocity(t + h) - m.velocity(t - h)) / (2 * h)
                let residual = p.mass * ddx + p.damping * m.velocity(t) + p.stiffness * (m.value(t) - 1)
                XCTAssertEqual(residual, 0, accuracy: 1e-4 * p.stiffness, "\(name) t=\(t)")
            }
        }
    }

    func testResponseAndDampingFractionMapping() throws {
        let p = try SpringParameters(response: 0.5, dampingFraction: 0.825)
        XCTAssertEqual(p.mass, 1)
        XCTAssertEqual(p.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(p.damping, 4 * Double.pi * 0.825 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(p.dampingRatio, 0.825, accuracy: 1e-12)
        XCTAssertEqual(p.response, 0.5, accuracy: 1e-12)
        let bounce = try SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(bounce.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(duration: 0.5, bounce: 0).dampingRatio, 1, accuracy: 1e-12)
    }

    func testOverdampedIsNotCritical() throws {
        let over = try SpringMotion(parameters: try SpringParameters(mass: 1, stiffness: 100, damping: 60))
        let critical = try SpringMotion(parameters: try SpringParameters(mass: 1, stiffness: 100, damping: 20))
        // More damping is slower to arrive: a clamped-to-critical solution would not be.
        XCTAssertLessThan(over.value(0.3), critical.value(0.3) - 0.1)
        // And never overshoots.
        for i in 0...400 { XCTAssertLessThanOrEqual(over.value(Double(i) * 0.01), 1 + 1e-12) }
    }

    /// settlingDuration is the smallest T with |1 − x(t)| ≤ 0.001 for every later t: just before
    /// it the motion is outside the band, and on a fine sweep after it, always inside.
    func testSettlingDurationIsTheLastExitFromTheBand() throws {
        for (name, p, v0) in SpringTests.springs {
            let m = try SpringMotion(parameters: p, initialVelocity: v0)
            let T = m.settlingDuration
            XCTAssertTrue(T.isFinite && T > 0, name)
            XCTAssertGreaterThan(abs(1 - m.value(T - 1e-6)), 0.001 - 1e-9, name)
            for i in 0...20_000 {
                let t = T + Double(i) * T / 5_000
                XCTAssertLessThanOrEqual(abs(1 - m.value(t)), 0.001 + 1e-12, "\(name) at \(t)")
            }
        }
        XCTAssertEqual(try SpringMotion(parameters: try SpringParameters(mass: 1, stiffness: 100, damping: 0)).settlingDuration, .infinity)
    }

    /// A spring with almost no damping settles after hours, and the time is found from its last
    /// excursion, with a scan of about a period. The first is the panel spring a soak's inspector
    /// edit left (damping fraction 0.000025): its settling time was scanned back from far past
    /// the last excursion, a million steps in every frame, and the window stopped answering. The
    /// second, at a 1 ms period, would take 300 million steps that way.
    func testLightlyDampedSpringsSettleWhereTheirLastPeakLeavesTheBand() throws {
        for (response, fraction) in [(0.252, 0.000024709), (0.001, 1e-7)] {
            let p = try SpringParameters(response: response, dampingFraction: fraction)
            let m = try SpringMotion(parameters: p)
            let T = m.settlingDuration
            // Peaks reach √(1 − ζ²) of the envelope e^(−ζω0 t)·A (A ≈ 1 from rest), so the last one
            // outside the band is within a period before the envelope meets the band.
            let decay = fraction * p.naturalFrequency
            let period = 2 * Double.pi / (p.naturalFrequency * (1 - fraction * fraction).squareRoot())
            let amplitude = (1 + pow(decay / (p.naturalFrequency * (1 - fraction * fraction).squareRoot()), 2)).squareRoot()
            let envelopeMeetsBand = log(amplitude / SpringMotion.settlingTolerance) / decay
            XCTAssertLessThanOrEqual(T, envelopeMeetsBand, "\(fraction)")
            XCTAssertGreaterThan(T, envelopeMeetsBand - period, "\(fraction)")
            XCTAssertGreaterThan(abs(1 - m.value(T - period / 1e4)), 0.001 - 1e-9, "\(fraction)")
            for i in 0...4_000 {
                let t = T + Double(i) * period / 1_000
                XCTAssertLessThanOrEqual(abs(1 - m.value(t)), 0.001 + 1e-9, "\(fraction) at \(t)")
            }
        }
    }

    /// For 300 seeded springs of every kind, with initial velocities either way: just before the
    /// settling time the motion is outside the band, and from it until its bound is a tenth of the
    /// band, swept at a 400th of the period (or of the time), never outside it.
    func testSettlingDurationHoldsForSeededSprings() throws {
        var rng = SeededGenerator(seed: 20261130)
        for i in 0..<300 {
            let response = 0.02 + Double.random(in: 0..<1, using: &rng) * 1.5
            let fraction = [0.05 + Double.random(in: 0..<1, using: &rng) * 0.9, 1.0, 1 + Double.random(in: 0..<1, using: &rng) * 4][i % 3]
            let velocity = (Double.random(in: 0..<1, using: &rng) * 2 - 1) * 40
            let m = try SpringMotion(parameters: try SpringParameters(response: response, dampingFraction: fraction), initialVelocity: velocity)
            let T = m.settlingDuration
            let label = "response \(response), fraction \(fraction), velocity \(velocity)"
            XCTAssertTrue(T.isFinite && T > 0, label)
            XCTAssertGreaterThan(abs(1 - m.value(T - max(T, 1e-3) * 1e-7)), 0.001 - 1e-9, label)
            let step = fraction < 1 ? response / 400 : T / 400
            var t = T
            while m.displacementBound(t) > 1e-4 {
                XCTAssertLessThanOrEqual(abs(1 - m.value(t)), 0.001 + 1e-12, "\(label) at \(t)")
                t += step
            }
        }
    }

    func testBadParametersThrow() {
        XCTAssertThrowsError(try SpringParameters(mass: 0, stiffness: 1, damping: 1))
        XCTAssertThrowsError(try SpringParameters(mass: 1, stiffness: -1, damping: 1))
        XCTAssertThrowsError(try SpringParameters(mass: 1, stiffness: 1, damping: -1))
        XCTAssertThrowsError(try SpringParameters(response: 0, dampingFraction: 1)) { XCTAssertTrue("\($0)".contains("response")) }
        XCTAssertThrowsError(try SpringParameters(response: .nan, dampingFraction: 1)) { XCTAssertEqual($0 as? MotionError, .notFinite("response")) }
        XCTAssertThrowsError(try SpringParameters(duration: 0.5, bounce: 1.5))
    }

    func testSpecParser() throws {
        guard case let .spring(a) = try MotionSpec(parsing: "spring(mass: 1, stiffness: 100, damping: 10)") else { return XCTFail() }
        XCTAssertEqual(a.parameters.stiffness, 100)
        guard case let .spring(b) = try MotionSpec(parsing: "spring(response: 0.5, dampingFraction: 0.825, initialVelocity: 2)") else { return XCTFail() }
        XCTAssertEqual(b.initialVelocity, 2)
        guard case .spring = try MotionSpec(parsing: "spring(duration: 0.5, bounce: 0.3)") else { return XCTFail() }
        guard case .curve(.easeOut) = try MotionSpec(parsing: "easeOut") else { return XCTFail() }
        for bad in ["spring(mass: 1)", "spring(1, 2, 3)", "spring(response: 0.5, dampingFraction: x)", "spring(response: -1, dampingFraction: 1)", "spring(response: 1, response: 2)"] {
            XCTAssertThrowsError(try MotionSpec(parsing: bad), bad)
        }
    }
}

final class DecelerationTests: XCTestCase {
    func testProjectionFormula() {
        // WWDC 2018 session 803: (v / 1000) × d / (1 − d).
        XCTAssertEqual(projectedDistance(initialVelocity: 1000, decelerationRate: 0.998), 499, accuracy: 1e-9)
        XCTAssertEqual(projectedDistance(initialVelocity: -2000, decelerationRate: 0.99), -198, accuracy: 1e-9)
        // The named rates are the share of velocity kept after each millisecond of a decay.
        for rate in [DecelerationRate.normal, DecelerationRate.fast] {
            let decay = try! DecayMotion(start: 0, initialVelocity: 1000, rate: rate)
            XCTAssertEqual(decay.velocity(0.001) / decay.velocity(0), rate, accuracy: 1e-12)
            XCTAssertEqual(decay.velocity(0.002) / decay.velocity(0.001), rate, accuracy: 1e-12)
        }
        XCTAssertGreaterThan(DecelerationRate.normal, DecelerationRate.fast, "normal keeps more momentum than fast")
    }

    func testDecayMotion() throws {
        let decay = try DecayMotion(start: 100, initialVelocity: 1500)
        XCTAssertEqual(decay.value(0), 100)
        XCTAssertEqual(decay.velocity(0), 1500)
        // x(t) = x0 + v0 (d^(1000 t) − 1) / (1000 ln d)
        let t = 0.37
        let decayed: Double = pow(0.998, 1000 * t) - 1
        let expected: Double = 100 + 1500 * decayed / (1000 * log(0.998))
        XCTAssertEqual(decay.value(t), expected, accuracy: 1e-9)
        XCTAssertEqual(decay.value(60), decay.destination, accuracy: 1e-6)
        // The exact destination agrees with the WWDC projection within a fraction of a percent.
        XCTAssertEqual(decay.destination - 100, projectedDistance(initialVelocity: 1500), accuracy: 0.002 * 750)
        let h = 1e-6
        XCTAssertEqual(decay.velocity(t), (decay.value(t + h) - decay.value(t - h)) / (2 * h), accuracy: 1e-3)
        let reach = decay.time(toReach: 500)!
        XCTAssertEqual(decay.value(reach), 500, accuracy: 1e-9)
        XCTAssertNil(decay.time(toReach: 100_000))
        XCTAssertThrowsError(try DecayMotion(start: 0, initialVelocity: 1, rate: 1))
    }

    func testRubberBand() {
        // (1 − 1 / (x c / d + 1)) d with c = 0.55
        let stretch: Double = 100.0 * 0.55 / 600.0 + 1.0
        let expected: Double = (1.0 - 1.0 / stretch) * 600.0
        XCTAssertEqual(rubberBand(offset: 100, dimension: 600), expected, accuracy: 1e-12)
        XCTAssertEqual(rubberBand(offset: -100, dimension: 600), -rubberBand(offset: 100, dimension: 600))
        for x in stride(from: 1.0, through: 2000, by: 37) {
            XCTAssertLessThan(rubberBand(offset: x, dimension: 600), x)
            XCTAssertLessThan(rubberBand(offset: x, dimension: 600), 600)
        }
        XCTAssertEqual(rubberBand(offset: 0, dimension: 600), 0)
    }
}

final class InterruptibleAnimatorTests: XCTestCase {
    let spring = AnimationTiming.spring(try! SpringParameters(response: 0.35, dampingFraction: 1))
    let curve = AnimationTiming.curve(.easeInEaseOut, duration: 0.3)

    func testCurveReachesTargetAtDuration() {
        var a = InterruptibleAnimator(value: 0)
        a.animate(to: 100, timing: curve, at: 1)
        XCTAssertEqual(a.value(at: 1.15), 50, accuracy: 1e-6)
        XCTAssertEqual(a.value(at: 1.3), 100)
        XCTAssertTrue(a.isFinished(at: 1.3))
        XCTAssertFalse(a.isFinished(at: 1.29))
    }

    /// A retarget keeps value and velocity continuous, for either timing.
    func testRetargetIsContinuousInValueAndVelocity() {
        for (first, second) in [(curve, spring), (spring, curve), (curve, curve), (spring, spring)] {
            var a = InterruptibleAnimator(value: 0)
            a.animate(to: 100, timing: first, at: 0)
            let before = a.sample(at: 0.1)
            a.animate(to: -50, timing: second, at: 0.1)
            let after = a.sample(at: 0.1)
            XCTAssertEqual(after.value, before.value, accuracy: 1e-9)
            XCTAssertEqual(after.velocity, before.velocity, accuracy: 1e-6 * max(1, abs(before.velocity)))
            // 1 ms later, still no jump.
            XCTAssertEqual(a.value(at: 0.101), before.value + before.velocity * 0.001, accuracy: 0.05)
            XCTAssertEqual(a.value(at: 5), -50, accuracy: 0.1)
        }
    }

    func testContinueAlongCurveFromCurrentPercent() {
        var a = InterruptibleAnimator(value: 0)
        a.animate(to: 100, timing: curve, at: 0)
        a.set(value: 40, at: 1)  // a finger held it at 40
        var b = a
        b.continueAlongCurve(.easeInEaseOut, duration: 0.3, to: 100, at: 1)
        XCTAssertEqual(b.value(at: 1), 40, accuracy: 1e-6)
        XCTAssertEqual(b.value(at: 1.3), 100, accuracy: 1e-9)
    }
}

