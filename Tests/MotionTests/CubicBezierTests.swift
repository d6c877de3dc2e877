import XCTest
import TestFixtures
@testable import Motion

final class CubicBezierTests: XCTestCase {
    /// Chromium `cubic_bezier_unittest.cc`, CubicBezierTest.Basic.
    func testChromiumPublishedVectors() throws {
        let curve = try CubicBezier(0.25, 0, 0.75, 1)
        let table: [(Double, Double)] = [(0, 0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.07978), (0.2, 0.12803), (0.25, 0.18235),
                                         (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5),
                                         (0.6, 0.63238), (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196),
                                         (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863), (1, 1)]
        for (x, y) in table { XCTAssertEqual(curve.solve(x), y, accuracy: 0.00015, "x = \(x)") }
    }

    /// Chromium `cubic_bezier_unittest.cc`, CubicBezierTest.InputOutOfRange: outside [0, 1] the
    /// curve continues along its end gradients.
    func testChromiumExtrapolation() throws {
        let cases: [(UInt, (Double, Double, Double, Double), Double, Double)] = [
            (#line, (0.5, 1.0, 0.5, 1.0), -2.0, 1.0),
            (#line, (0.0, 0.0, 1.0, 1.0), -1.0, 2.0),
            (#line, (0.0, 1.0, 1.0, 0.0), 0.0, 1.0),
            (#line, (0.5, 0.0, 1.0, 0.5), 0.0, 1.0),
            (#line, (0.1, 0.2, 0.8, 0.8), -2.0, 2.0),
            (#line, (0.0, 0.0, 0.5, 1.0), -2.0, 1.0),
            (#line, (1.0, 0.5, 1.0, 1.0), -0.5, 1.0),
            (#line, (0.0, 0.0, 0.0, 0.0), -1.0, 2.0),
            (#line, (1.0, 1.0, 1.0, 1.0), -1.0, 2.0),
        ]
        for (line, p, atMinusOne, atTwo) in cases {
            let curve = try CubicBezier(p.0, p.1, p.2, p.3)
            XCTAssertEqual(curve.solve(-1), atMinusOne, accuracy: 1e-12, line: line)
            XCTAssertEqual(curve.solve(2), atTwo, accuracy: 1e-12, line: line)
            XCTAssertEqual(curve.solve(0), 0, accuracy: 1e-12, line: line)
            XCTAssertEqual(curve.solve(1), 1, accuracy: 1e-12, line: line)
        }
    }

    static let curvesUnderTest: [(Double, Double, Double, Double)] = [
        (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1),
        (0.25, 0, 0.75, 1), (0.68, -0.55, 0.265, 1.55), (0.9, 0.05, 0.1, 0.95), (0.01, 0.99, 0.99, 0.01),
    ]

    /// Over 100,000 uniform x, the solved parameter reproduces x within 1e-7.
    func testSolverPrecisionOverHundredThousandInputs() throws {
        for p in CubicBezierTests.curvesUnderTest {
            let curve = try CubicBezier(p.0, p.1, p.2, p.3)
            var worst = 0.0
            for i in 0...100_000 {
                let x = Double(i) / 100_000
                worst = max(worst, abs(curve.sampleCurveX(curve.solveCurveX(x)) - x))
            }
            XCTAssertLessThanOrEqual(worst, 1e-7, "curve \(p)")
        }
    }

    /// y within 1e-6 of a reference that bisects x(t) = x to the limit of double precision.
    func testValueAgainstHighPrecisionReference() throws {
        for p in CubicBezierTests.curvesUnderTest {
            let curve = try CubicBezier(p.0, p.1, p.2, p.3)
            for i in 0...2_000 {
                let x = Double(i) / 2_000
                var lo = 0.0, hi = 1.0
                for _ in 0..<200 { let mid = (lo + hi) / 2; if curve.sampleCurveX(mid) < x { lo = mid } else { hi = mid } }
                let reference = curve.sampleCurveY((lo + hi) / 2)
                XCTAssertEqual(curve.solve(x), reference, accuracy: 1e-6, "curve \(p) at x = \(x)")
            }
        }
    }

    func testSlopeIsTheDerivativeOfValue() throws {
        for p in CubicBezierTests.curvesUnderTest {
            let curve = try CubicBezier(p.0, p.1, p.2, p.3)
            // A reference solve by bisection to double precision, so the difference quotient is not
            // swamped by the solver's 1e-7 tolerance.
            func reference(_ x: Double) -> Double {
                var lo = 0.0, hi = 1.0
                for _ in 0..<200 { let mid = (lo + hi) / 2; if curve.sampleCurveX(mid) < x { lo = mid } else { hi = mid } }
                return curve.sampleCurveY((lo + hi) / 2)
            }
            for i in 1..<100 {
                let x = Double(i) / 100, h = 1e-5
                let numeric = (reference(x + h) - reference(x - h)) / (2 * h)
                XCTAssertEqual(curve.slope(x), numeric, accuracy: 1e-3 * max(1, abs(numeric)), "curve \(p) at x = \(x)")
            }
        }
        // Outside [0, 1] the slope is the end gradient.
        let c = try CubicBezier(0.1, 0.2, 0.8, 0.8)
        XCTAssertEqual(c.slope(-0.5), 2, accuracy: 1e-12)
        XCTAssertEqual(c.slope(1.5), 1, accuracy: 1e-12)
    }

    func testBadControlPointsThrowTypedErrors() {
        XCTAssertThrowsError(try CubicBezier(-0.1, 0, 0.5, 1)) { XCTAssertEqual($0 as? MotionError, .outOfRange("x1", -0.1, "[0, 1]")) }
        XCTAssertThrowsError(try CubicBezier(0.1, 0, 1.5, 1)) { XCTAssertEqual($0 as? MotionError, .outOfRange("x2", 1.5, "[0, 1]")) }
        XCTAssertThrowsError(try CubicBezier(.nan, 0, 0.5, 1)) { XCTAssertEqual($0 as? MotionError, .notFinite("x1")) }
        XCTAssertThrowsError(try CubicBezier(0.1, .infinity, 0.5, 1)) { XCTAssertEqual($0 as? MotionError, .notFinite("y1")) }
        // y is free.
        XCTAssertNoThrow(try CubicBezier(0.5, -2, 0.5, 3))
    }
}

final class TimingCurveTests: XCTestCase {
    func testNamedCurvesCarryCoreAnimationControlPoints() {
        let expected: [(String, (Double, Double, Double, Double))] = [
            ("linear", (0, 0, 1, 1)), ("easeIn", (0.42, 0, 1, 1)), ("easeOut", (0, 0, 0.58, 1)),
            ("easeInEaseOut", (0.42, 0, 0.58, 1)), ("default", (0.25, 0.1, 0.25, 1)),
        ]
        for (name, p) in expected {
            let curve = try! TimingCurve(parsing: name)
            let c = curve.controlPoints
            XCTAssertTrue(c == p, "\(name): \(c)")
            XCTAssertEqual(curve.specification, name)
        }
    }

    func testParsesCubicBezierAndRoundTripsItsSpecification() throws {
        let curve = try TimingCurve(parsing: "cubic-bezier(0.68, -0.55, 0.265, 1.55)")
        XCTAssertTrue(curve.controlPoints == (0.68, -0.55, 0.265, 1.55))
        XCTAssertEqual(try TimingCurve(parsing: curve.specification), curve)
        XCTAssertEqual(try TimingCurve(parsing: " cubic-bezier( 0.42 ,0, 0.58,1 ) "), .easeInEaseOut)
    }

    func testRejectsBadSpecificationsWithTheReason() {
        assertRefusals([
            Refusal("bouncy", "unknown curve 'bouncy'"),
            Refusal("cubic-bezier(1.2, 0, 0.5, 1)", "x1 must lie in [0, 1]"),
            Refusal("cubic-bezier(0.2, 0, 0.5)", "four numbers"),
            Refusal("cubic-bezier(0.2, 0, 0.5, one)", "'one' is not a number"),
            Refusal("cubic-bezier(0.2, nan, 0.5, 1)", "finite"),
            Refusal("cubic-bezier 0.2, 0, 0.5, 1", "parentheses"),
        ]) { _ = try TimingCurve(parsing: $0) }
    }
}
