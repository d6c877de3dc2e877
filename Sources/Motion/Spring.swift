import Foundation

/// The physical description of a damped spring, kept apart from any motion along it
/// (Flutter's `SpringDescription`). Units: mass in kg-like units, stiffness in N/m-like units,
/// damping in N·s/m-like units; only their ratios matter for progress from 0 to 1.
public struct SpringParameters: Equatable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) throws {
        try requireFinite(mass, "mass"); try requireFinite(stiffness, "stiffness"); try requireFinite(damping, "damping")
        guard mass > 0 else { throw MotionError.outOfRange("mass", mass, "(0, ∞)") }
        guard stiffness > 0 else { throw MotionError.outOfRange("stiffness", stiffness, "(0, ∞)") }
        guard damping >= 0 else { throw MotionError.negative("damping", damping) }
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }

    /// SwiftUI's `spring(response:dampingFraction:)`: mass 1, k = (2π / response)²,
    /// c = 4π ζ / response, so `response` is the undamped period in seconds.
    public init(response: Double, dampingFraction: Double) throws {
        try requireFinite(response, "response"); try requireFinite(dampingFraction, "dampingFraction")
        guard response > 0 else { throw MotionError.outOfRange("response", response, "(0, ∞)") }
        guard dampingFraction >= 0 else { throw MotionError.negative("dampingFraction", dampingFraction) }
        let omega = 2 * Double.pi / response
        try self.init(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * dampingFraction / response)
    }

    /// SwiftUI's `Spring(duration:bounce:)`: duration is the perceptual duration (the response),
    /// bounce 0 is critically damped, up to 1 undamped; negative bounce is over-damped with
    /// dampingFraction = 1 / (1 + bounce).
    public init(duration: Double, bounce: Double) throws {
        try requireFinite(duration, "duration"); try requireFinite(bounce, "bounce")
        guard duration > 0 else { throw MotionError.outOfRange("duration", duration, "(0, ∞)") }
        guard bounce > -1 && bounce <= 1 else { throw MotionError.outOfRange("bounce", bounce, "(-1, 1]") }
        let fraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingFraction: fraction)
    }

    private init(checkedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }

    /// A critically damped spring of response 0.5 s, for where a validated spring is expected
    /// but none could be built: never reached with values that passed their declared ranges.
    public static let critical = SpringParameters(checkedMass: 1, stiffness: pow(2 * Double.pi / 0.5, 2), damping: 4 * Double.pi / 0.5)

    /// Undamped angular frequency ω0 = √(k/m), in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)): below 1 it oscillates, 1 is critical, above 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The undamped period 2π/ω0, SwiftUI's `response`.
    public var response: Double { 2 * Double.pi / naturalFrequency }
}

/// Motion of progress from 0 toward 1 along a spring, in closed form: m x'' + c x' + k (x − 1) = 0,
/// x(0) = 0, x'(0) = initialVelocity (progress units per second, positive toward the target).
public struct SpringMotion: Equatable, Sendable {
    public let parameters: SpringParameters
    public let initialVelocity: Double

    private enum Solution: Equatable {
        /// y = e^(−ζω0 t) (a cos ωd t + b sin ωd t)
        case underdamped(decay: Double, omegaD: Double, a: Double, b: Double)
        /// y = (a + b t) e^(−ω0 t)
        case critical(omega: Double, a: Double, b: Double)
        /// y = c1 e^(r1 t) + c2 e^(r2 t), r1 > r2 both negative
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }
    private let solution: Solution

    /// |ζ − 1| below this is treated as critical, where the other forms lose precision.
    static let criticalDampingTolerance = 1e-9
    /// The settling band of `settlingDuration`: |1 − x(t)| ≤ this for all later t.
    public static let settlingTolerance = 1e-3

    public init(parameters: SpringParameters, initialVelocity: Double = 0) throws {
        try self.init(parameters: parameters, initialDisplacement: -1, initialVelocity: initialVelocity)
    }

    /// A spring released `initialDisplacement` away from its target (value = 1 + displacement),
    /// for motions that do not start at 0: a bounce that leaves the target at speed starts at
    /// displacement 0 with a velocity.
    public init(parameters: SpringParameters, initialDisplacement: Double, initialVelocity: Double) throws {
        try requireFinite(initialVelocity, "initialVelocity")
        try requireFinite(initialDisplacement, "initialDisplacement")
        self.parameters = parameters
        self.initialVelocity = initialVelocity
        let w0 = parameters.naturalFrequency, zeta = parameters.dampingRatio
        let y0 = initialDisplacement, v0 = initialVelocity  // displacement from the target
        if abs(zeta - 1) < SpringMotion.criticalDampingTolerance {
            solution = .critical(omega: w0, a: y0, b: v0 + w0 * y0)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            solution = .underdamped(decay: zeta * w0, omegaD: wd, a: y0, b: (v0 + zeta * w0 * y0) / wd)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * y0) / (r2 - r1)
            solution = .overdamped(r1: r1, r2: r2, c1: y0 - c2, c2: c2)
        }
    }

    /// Progress at t seconds.
    public func value(_ t: Double) -> Double { 1 + displacement(t) }

    /// d progress / dt at t seconds.
    public func velocity(_ t: Double) -> Double {
        switch solution {
        case let .underdamped(decay, wd, a, b):
            let e = exp(-decay * t), c = cos(wd * t), s = sin(wd * t)
            return e * ((b * wd - a * decay) * c - (a * wd + b * decay) * s)
        case let .critical(w, a, b):
            return (b - w * (a + b * t)) * exp(-w * t)
        case let .overdamped(r1, r2, c1, c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// x(t) − target.
    public func displacement(_ t: Double) -> Double {
        switch solution {
        case let .underdamped(decay, wd, a, b):
            return exp(-decay * t) * (a * cos(wd * t) + b * sin(wd * t))
        case let .critical(w, a, b):
            return (a + b * t) * exp(-w * t)
        case let .overdamped(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// An upper bound on |displacement(t)| that only falls with t.
    func displacementBound(_ t: Double) -> Double {
        switch solution {
        case let .underdamped(decay, _, a, b): return exp(-decay * t) * (a * a + b * b).squareRoot()
        case let .critical(w, a, b): return (abs(a) + abs(b) * t) * exp(-w * t)
        case let .overdamped(r1, r2, c1, c2): return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    public func isDone(_ t: Double) -> Bool { t >= settlingDuration }

    /// The smallest T with |1 − x(t)| ≤ `settlingTolerance` for every t ≥ T, found from the motion
    /// itself: past a time where a decaying bound is inside the band, scan back for the last
    /// excursion outside it and bisect that crossing.
    public var settlingDuration: Double {
        let tolerance = SpringMotion.settlingTolerance
        if parameters.damping == 0 { return .infinity }
        // A time past which the bound (and so the motion) stays inside the band.
        var horizon = 0.01
        while displacementBound(horizon) > tolerance / 4 || !isMonotoneTail(after: horizon) {
            horizon *= 1.5
            if horizon > 1e7 { return .infinity }
        }
        // Fine steps: a sixteenth of the oscillation period, or a 4000th of the horizon.
        var step = horizon / 4000
        if case let .underdamped(_, wd, _, _) = solution { step = min(step, 2 * Double.pi / wd / 64) }
        var t = horizon
        var last = horizon
        while t > 0 {
            if abs(displacement(t)) > tolerance { break }
            last = t
            t -= step
        }
        if t <= 0 { return abs(displacement(0)) > tolerance ? bisect(0, last) : 0 }
        return bisect(max(t, 0), last)
    }

    private func isMonotoneTail(after t: Double) -> Bool {
        // (|a| + |b| t) e^(−ωt) falls for every t > 1/ω; the other bounds fall everywhere.
        if case let .critical(w, _, _) = solution { return t > 1 / w }
        return true
    }

    /// Crossing of |displacement| = tolerance between an outside time and an inside time.
    private func bisect(_ outside: Double, _ inside: Double) -> Double {
        var lo = outside, hi = inside
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(displacement(mid)) > SpringMotion.settlingTolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
