import Foundation
import XCTest
@testable import Motion

final class SpringResponseTests: XCTestCase {
    static let springs: [(String, SpringParameters)] = [
        ("under, mass 2.5", try! SpringParameters(mass: 2.5, stiffness: 300, damping: 12)),
        ("critical, mass 0.5", try! SpringParameters(mass: 0.5, stiffness: 200, damping: 2 * (200 * 0.5).squareRoot())),
        ("over, mass 3", try! SpringParameters(mass: 3, stiffness: 120, damping: 80)),
        ("swiftui default-like", try! SpringParameters(response: 0.55, dampingFraction: 0.825)),
        ("bouncy", try! SpringParameters(duration: 0.5, bounce: 0.3)),
        ("over by bounce", try! SpringParameters(duration: 0.4, bounce: -0.5)),
    ]

    /// Each form read back from the parameters rebuilds the same spring, mass kept.
    func testFormsRoundTrip() throws {
        for (name, p) in SpringResponseTests.springs {
            let viaResponse = try SpringParameters(response: p.response, dampingFraction: p.dampingFraction, mass: p.mass)
            let viaDuration = try SpringParameters(duration: p.duration, bounce: p.bounce, mass: p.mass)
            for rebuilt in [viaResponse, viaDuration] {
                XCTAssertEqual(rebuilt.mass, p.mass, accuracy: 1e-12, name)
                XCTAssertEqual(rebuilt.stiffness, p.stiffness, accuracy: 1e-9 * p.stiffness, name)
                XCTAssertEqual(rebuilt.damping, p.damping, accuracy: 1e-9 * max(1, p.damping), name)
            }
        }
    }

    /// SwiftUI's definitions: bounce 0 is critical, 0.3 is ζ = 0.7, −0.5 is ζ = 2; duration is
    /// the response; mass 1 forms agree with Motion's own initialisers.
    func testSwiftUIDefinitions() throws {
        XCTAssertEqual(try SpringParameters(duration: 0.5, bounce: 0).bounce, 0, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(duration: 0.5, bounce: 0.3).bounce, 0.3, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(duration: 0.5, bounce: -0.5).dampingFraction, 2, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(duration: 0.5, bounce: -0.5).bounce, -0.5, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(mass: 1, stiffness: 100, damping: 0).bounce, 1, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(duration: 0.42, bounce: 0.1).duration, 0.42, accuracy: 1e-12)
        XCTAssertEqual(try SpringParameters(response: 0.3, dampingFraction: 0.6, mass: 1),
                       try SpringParameters(response: 0.3, dampingFraction: 0.6))
        // Mass 4: stiffness and damping scale with it, and the motion is the same.
        let heavy = try SpringParameters(response: 0.3, dampingFraction: 0.6, mass: 4)
        let unit = try SpringParameters(response: 0.3, dampingFraction: 0.6)
        XCTAssertEqual(heavy.stiffness, 4 * unit.stiffness, accuracy: 1e-9)
        let a = try SpringMotion(parameters: heavy), b = try SpringMotion(parameters: unit)
        for i in 0...50 { XCTAssertEqual(a.value(Double(i) * 0.02), b.value(Double(i) * 0.02), accuracy: 1e-12) }
        XCTAssertThrowsError(try SpringParameters(response: 0.3, dampingFraction: 0.6, mass: 0))
        XCTAssertThrowsError(try SpringParameters(duration: 0.3, bounce: -1, mass: 1))
    }

    /// Overshoot and period match the motion itself, sampled finely.
    func testFiguresMatchTheMotion() throws {
        for (name, p) in SpringResponseTests.springs {
            let figures = SpringResponseFigures(p)
            let motion = try SpringMotion(parameters: p)
            XCTAssertEqual(figures.settlingTime, motion.settlingDuration, name)
            var peak = 0.0, peakTime = 0.0
            let end = figures.settlingTime
            for i in 0...40_000 {
                let t = end * Double(i) / 40_000
                let v = motion.value(t)
                if v > peak { peak = v; peakTime = t }
            }
            XCTAssertEqual(figures.overshoot, max(peak - 1, 0), accuracy: 1e-6, name)
            if let period = figures.dampedPeriod {
                // The first peak is half a damped period after release.
                XCTAssertEqual(peakTime, period / 2, accuracy: end / 40_000 * 2, name)
                XCTAssertLessThan(p.dampingRatio, 1, name)
            } else {
                XCTAssertGreaterThanOrEqual(p.dampingRatio, 1 - 1e-9, name)
            }
        }
        // A classic value: ζ = 0.5 overshoots by e^(−π/√3) ≈ 16.3%.
        XCTAssertEqual(SpringResponseFigures(try SpringParameters(response: 1, dampingFraction: 0.5)).overshoot, 0.16303, accuracy: 1e-5)
        XCTAssertEqual(SpringResponseFigures(try SpringParameters(mass: 1, stiffness: 100, damping: 0)).settlingTime, .infinity)
    }
}
