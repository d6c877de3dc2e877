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
    func value(_ t: Double) -> Double { 1 + displacement(t) }

    /// d progress / dt at t seconds.
    func velocity(_ t: Double) -> Double {
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

    /// When the motion stays within `distance` of its target for good, to within `step`: scanned
    /// from the settling time for up to 120 responses, and at most `limit` seconds (also where an
    /// undamped spring's scan starts). A CSS animation of the spring runs this long, since past
    /// the settling time's 1e-3 it still moves by more than a pixel of a large travel.
    public func restTime(within distance: Double, step: Double, limit: Double) -> Double {
        let settled = settlingDuration.isFinite ? settlingDuration : limit
        var lastOutside = settled
        var probe = settled
        while probe < limit && probe < settled + 120 * parameters.response {
            if abs(displacement(probe)) > distance { lastOutside = probe }
            probe += step
        }
        return min(lastOutside + step, limit)
    }

    /// x(t) − target.
    func displacement(_ t: Double) -> Double {
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

    /// The smallest T with |1 − x(t)| ≤ `settlingTolerance` for every t ≥ T, found from the
    /// motion's extrema, which are known in closed form: the crossing into the band after the last
    /// extremum outside it, bisected. Infinite without damping, or past 10^7 s (months).
    ///
    /// No scan: an earlier version stepped back at a 64th of the period from a time the motion was
    /// sure to be inside the band. A panel spring with a damping fraction of 0.000025 (an
    /// inspector edit in a soak) took a million steps in every frame the spring editor drew, and
    /// the window stopped answering; and between steps it missed peaks that left the band by a
    /// few millionths, hours after the time it gave.
    public var settlingDuration: Double {
        let tolerance = SpringMotion.settlingTolerance
        if parameters.damping == 0 { return .infinity }
        func outside(_ t: Double) -> Bool { abs(displacement(t)) > tolerance }
        switch solution {
        case let .underdamped(decay, wd, a, b):
            // x − 1 = R e^(−δt) cos(ωd t − φ). Its extrema (velocity 0, where
            // tan ωd t = (bωd − aδ) / (aωd + bδ)) come every π/ωd from the first, t0, and each
            // reaches the same share ωd / √(ωd² + δ²) of the envelope R e^(−δt).
            let half = Double.pi / wd
            let phase = atan2(b * wd - a * decay, a * wd + b * decay) / wd
            let t0 = phase - (phase / half).rounded(.down) * half
            let share = wd / (wd * wd + decay * decay).squareRoot()
            let peakFactor = (a * a + b * b).squareRoot() * share
            // Extrema before this time are outside the band, those after it inside.
            let lastOutside = log(peakFactor / tolerance) / decay
            guard lastOutside > t0, lastOutside.isFinite else { return outside(0) ? bisect(0, t0) : 0 }
            var k = ((lastOutside - t0) / half).rounded(.down)
            // The formula and the evaluated motion can differ in the last bits: settle k on the motion.
            for _ in 0..<4 where k > 0 && !outside(t0 + k * half) { k -= 1 }
            for _ in 0..<4 where outside(t0 + (k + 1) * half) { k += 1 }
            let peak = t0 + k * half
            if peak > SpringMotion.longestSettling { return .infinity }
            if !outside(peak) { return outside(0) ? bisect(0, peak) : 0 }
            return bisect(peak, peak + half)
        case let .critical(w, a, b):
            // x − 1 = (a + bt) e^(−ωt) has one extremum at most, at 1/ω − a/b; past it |x − 1| only falls.
            return settlingWithOneExtremum(b != 0 ? 1 / w - a / b : nil, tolerance: tolerance)
        case let .overdamped(r1, r2, c1, c2):
            // The velocity c1 r1 e^(r1 t) + c2 r2 e^(r2 t) is 0 at most once: e^((r1 − r2) t) = −c2 r2 / (c1 r1).
            let ratio = -(c2 * r2) / (c1 * r1)
            return settlingWithOneExtremum(ratio > 0 && ratio.isFinite ? log(ratio) / (r1 - r2) : nil, tolerance: tolerance)
        }
    }

    /// Settling times past this are reported as infinite: the spring takes months.
    static let longestSettling = 1e7

    /// `settlingDuration` of a motion with at most one extremum, at `extremum` when it is after 0:
    /// before it |x − 1| falls to 0 or rises to it, after it |x − 1| only falls.
    private func settlingWithOneExtremum(_ extremum: Double?, tolerance: Double) -> Double {
        guard let inside = boundEntersBand(tolerance) else { return .infinity }
        let turn = extremum.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        if let turn, abs(displacement(turn)) > tolerance { return bisect(turn, max(inside, turn)) }
        if abs(displacement(0)) > tolerance { return bisect(0, turn ?? inside) }
        return 0
    }

    /// A time from which `displacementBound`, and so the motion, stays within `tolerance`,
    /// bisected where the bound only falls; nil when that is later than `longestSettling`.
    private func boundEntersBand(_ tolerance: Double) -> Double? {
        // (|a| + |b| t) e^(−ωt) falls for every t > 1/ω; the other bounds fall everywhere.
        var start = 0.0
        if case let .critical(w, _, _) = solution { start = 1 / w }
        if displacementBound(start) <= tolerance { return start }
        var lo = start, hi = max(start, 0.01)
        while displacementBound(hi) > tolerance {
            lo = hi
            hi *= 1.5
            if hi > SpringMotion.longestSettling { return nil }
        }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if displacementBound(mid) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
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
