import Foundation

/// A cubic bezier timing function from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2),
/// as CSS `cubic-bezier()` and `CAMediaTimingFunction(controlPoints:)` define it.
///
/// The solver follows WebKit's `UnitBezier.h` and Chromium's `cubic_bezier.cc`: the polynomial
/// coefficients are computed once, curves are sampled with Horner's rule, x(t) = x is solved with an
/// initial guess from a table of 11 spline samples, up to 4 Newton steps, and a bisection fallback.
/// Outside [0, 1] the curve continues along its end tangents, as Chromium does.
public struct CubicBezier: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// Two curves are equal when their control points are; everything else derives from them.
    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    // Coefficients of x(t) = ((ax t + bx) t + cx) t, and likewise for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double, endGradient: Double
    private let splineSamples: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// Chromium `kBezierEpsilon`: the tolerance on x when solving x(t) = x.
    public static let solveEpsilon = 1e-7
    /// Below this |dx/dt| a Newton step would divide by almost nothing, so bisection takes over.
    static let derivativeEpsilon = 1e-7
    /// Chromium `kMaxNewtonIterations`.
    static let maxNewtonIterations = 4
    /// Chromium `CUBIC_BEZIER_SPLINE_SAMPLES`.
    static let splineSampleCount = 11
    static let splineStep = 1.0 / Double(splineSampleCount - 1)

    /// The largest |y1| and |y2| accepted. A bezier stays inside the hull of its control points,
    /// so every eased value lies within ±yLimit: a 10,000 pt size eased by it stays far from
    /// overflow, where `cubic-bezier(0.5, 1e300, 0.5, 1e300)` made sizes infinite. Overshoots
    /// in real use are below 2 (CSS's easeOutBack is 1.56).
    public static let yLimit = 1000.0
    /// The steepest end slope accepted, y1 / x1 or (1 − y2) / (1 − x2). A control point 1e-300
    /// from an end makes a slope that overflows to infinity; a slope of a million already looks
    /// like a jump at any frame rate.
    public static let endSlopeLimit = 1e6

    /// Builds the curve. x1 and x2 must lie in [0, 1] so that x(t) is monotonic; y1 and y2 in
    /// ±`yLimit`, and the end slopes within ±`endSlopeLimit`, so that values and velocities stay finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws {
        for (v, name) in [(x1, "x1"), (y1, "y1"), (x2, "x2"), (y2, "y2")] { try requireFinite(v, name) }
        guard (0...1).contains(x1) else { throw MotionError.outOfRange("x1", x1, "[0, 1]") }
        guard (0...1).contains(x2) else { throw MotionError.outOfRange("x2", x2, "[0, 1]") }
        let yRange = -CubicBezier.yLimit...CubicBezier.yLimit
        guard yRange.contains(y1) else { throw MotionError.outOfRange("y1", y1, "[-1000, 1000]") }
        guard yRange.contains(y2) else { throw MotionError.outOfRange("y2", y2, "[-1000, 1000]") }
        self.init(unchecked: x1, y1, x2, y2)
        for (gradient, name) in [(startGradient, "the start slope y1 / x1"), (endGradient, "the end slope (1 - y2) / (1 - x2)")]
            where !(abs(gradient) <= CubicBezier.endSlopeLimit) {
            throw MotionError.outOfRange(name, gradient, "[-1e6, 1e6]; move the control point further from the end")
        }
    }

    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        self.cx = cx; self.bx = bx; self.ax = ax
        self.cy = cy; self.by = by; self.ay = ay

        // End gradients for extrapolation, Chromium's InitGradients().
        if x1 > 0 { startGradient = y1 / x1 }
        else if y1 == 0 && x2 > 0 { startGradient = y2 / x2 }
        else if y1 == 0 && y2 == 0 { startGradient = 1 }
        else { startGradient = 0 }
        if x2 < 1 { endGradient = (y2 - 1) / (x2 - 1) }
        else if y2 == 1 && x1 < 1 { endGradient = (y1 - 1) / (x1 - 1) }
        else if y2 == 1 && y1 == 1 { endGradient = 1 }
        else { endGradient = 0 }

        let s = CubicBezier.splineStep
        @inline(__always) func sx(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        splineSamples = (sx(0), sx(s), sx(2 * s), sx(3 * s), sx(4 * s), sx(5 * s),
                         sx(6 * s), sx(7 * s), sx(8 * s), sx(9 * s), sx(1))
    }

    // MARK: Sampling (Horner's rule)

    @inline(__always) func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func sampleCurveDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inline(__always) func sampleCurveDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    @inline(__always) private func splineSample(_ i: Int) -> Double {
        withUnsafeBytes(of: splineSamples) { $0.load(fromByteOffset: i &* 8, as: Double.self) }
    }

    // MARK: Solving

    /// The parameter t in [0, 1] with x(t) = x, for x in [0, 1].
    @inline(__always)
    func solveCurveX(_ x: Double) -> Double {
        // Initial guess: linear interpolation inside the spline sample bracketing x.
        var t0 = 0.0, t1 = 0.0, t2 = x
        var i = 1
        while i < CubicBezier.splineSampleCount {
            let sample = splineSample(i)
            if x <= sample {
                let previous = splineSample(i - 1)
                t1 = CubicBezier.splineStep * Double(i)
                t0 = t1 - CubicBezier.splineStep
                t2 = t0 + (t1 - t0) * (x - previous) / (sample - previous)
                break
            }
            i += 1
        }
        // Newton's method.
        var newtonStep = 0
        while newtonStep < CubicBezier.maxNewtonIterations {
            let x2 = sampleCurveX(t2) - x
            if abs(x2) < CubicBezier.solveEpsilon { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if abs(d2) < CubicBezier.derivativeEpsilon { break }
            t2 -= x2 / d2
            newtonStep += 1
        }
        if abs(sampleCurveX(t2) - x) < CubicBezier.solveEpsilon { return t2 }
        // Bisection, always convergent because x(t) is monotonic on [0, 1].
        t0 = 0; t1 = 1
        t2 = x
        while t0 < t1 {
            let x2 = sampleCurveX(t2)
            if abs(x2 - x) < CubicBezier.solveEpsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            let next = (t1 + t0) * 0.5
            if next == t2 { return t2 }
            t2 = next
        }
        return t2
    }

    /// Eased progress y for input progress x. Outside [0, 1] it extends along the end gradients.
    @inline(__always)
    func solve(_ x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleCurveY(solveCurveX(x))
    }

    /// dy/dx at x: the eased velocity per unit of input progress.
    @inline(__always)
    func slope(_ x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        let t = solveCurveX(x)
        let dx = sampleCurveDerivativeX(t)
        let dy = sampleCurveDerivativeY(t)
        let slope = dy / dx
        if !slope.isFinite {
            // A vertical tangent (x1 = 0 at t = 0, x2 = 1 at t = 1, or a cusp when x1 = 1 and
            // x2 = 0), where dx is 0 or too small to divide by: use the nearer end's gradient.
            return t < 0.5 ? startGradient : endGradient
        }
        return slope
    }
}
