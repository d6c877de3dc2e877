import Foundation

/// How an animator moves toward its target.
public enum AnimationTiming: Equatable, Sendable {
    /// A timing curve over a fixed duration in seconds, like `UIViewPropertyAnimator(duration:curve:)`.
    case curve(TimingCurve, duration: Double)
    /// A spring, like `UISpringTimingParameters`; it takes as long as it needs to settle.
    case spring(SpringParameters)
}

/// Animates one value with value and velocity at every instant, and can be retargeted without a
/// jump. Pausing and scrubbing are the preview clock's job (`Playback`), not the animator's. It
/// plays the role of `UIViewPropertyAnimator`, as a value: every method takes the time of the one
/// preview clock.
///
/// It holds one motion, a `Simulation` (`AnimatorMotion`), and when that motion began, as
/// Flutter's `AnimationController` holds its simulation. Continuity is the point: a retarget
/// starts the next motion from the current presentation value and the current velocity. A spring
/// takes that velocity directly; a bezier curve takes it by setting its first control point so
/// the curve's start slope matches.
public struct InterruptibleAnimator: Equatable, Sendable {
    private var motion: AnimatorMotion
    private var startTime: Double
    /// The value this animation was launched from, and its target.
    public private(set) var from: Double
    public private(set) var target: Double

    public init(value: Double) {
        motion = .rest(RestSimulation(value: value))
        startTime = 0
        from = value
        target = value
    }

    // MARK: Reading

    public func sample(at time: Double) -> (value: Double, velocity: Double) {
        let elapsed = time - startTime
        return (motion.x(elapsed), motion.dx(elapsed))
    }

    public func value(at time: Double) -> Double { sample(at: time).value }

    /// When the current motion began (preview time).
    public var motionStart: Double { startTime }
    /// How long the current motion lasts: a curve's duration, a spring's settling time, 0 at rest.
    public var motionDuration: Double { motion.totalDuration ?? .infinity }

    /// True once the motion has come to rest at its target.
    public func isFinished(at time: Double) -> Bool { motion.isDone(time - startTime, tolerance: .standard) }

    // MARK: Driving

    /// Holds a value still, as under a finger.
    public mutating func set(value: Double, at time: Double) {
        motion = .rest(RestSimulation(value: value))
        startTime = time
        from = value
        target = value
    }

    /// Starts toward `newTarget` from the current value and velocity.
    ///
    /// With `bounds`, a curve that bends to the velocity is kept inside them (see
    /// `boundedStart`): the panel's ends are walls, and a reversal near one must not carry it past.
    public mutating func animate(to newTarget: Double, timing: AnimationTiming, at time: Double,
                                 initialVelocity: Double? = nil, within bounds: ClosedRange<Double>? = nil) {
        let now = sample(at: time)
        let velocity = initialVelocity ?? now.velocity
        start(from: now.value, velocity: velocity, to: newTarget, timing: timing, at: time, within: bounds)
    }

    /// Finishes along `curve` from the current fraction of the way `origin` → `newTarget`, as
    /// `UIViewPropertyAnimator` continues its own curve: the time left is the share of `duration`
    /// the curve has still to run. `origin` defaults to where the current animation started.
    public mutating func continueAlongCurve(_ curve: TimingCurve, duration: Double, from origin: Double? = nil,
                                            to newTarget: Double, at time: Double) {
        let current = value(at: time)
        let origin = origin ?? from
        let span = newTarget - origin
        guard span != 0 else { set(value: newTarget, at: time); return }
        // The curve input whose output is the current fraction, found on the monotone x→y of the curve.
        let fraction = (current - origin) / span
        let u0 = inverseCurve(curve, fraction)
        motion = .curve(CurveSegmentSimulation(origin: origin, span: span, curve: curve, duration: duration * max(1 - u0, 0), from: u0, to: 1))
        startTime = time
        from = origin
        target = newTarget
    }

    private mutating func start(from value: Double, velocity: Double, to newTarget: Double,
                                timing: AnimationTiming, at time: Double, within bounds: ClosedRange<Double>?) {
        from = value
        target = newTarget
        startTime = time
        let span = newTarget - value
        switch timing {
        case let .spring(parameters):
            // In the value's own units, so a spring can start at its target with a velocity (a
            // bounce) as well as away from it. It settles to within 0.001 of a unit.
            guard span != 0 || velocity != 0,
                  let spring = try? SpringMotion(parameters: parameters, initialDisplacement: value - newTarget, initialVelocity: velocity) else {
                motion = .rest(RestSimulation(value: newTarget)); return
            }
            motion = .spring(SpringToTargetSimulation(target: newTarget, spring: spring))
        case let .curve(curve, duration):
            guard span != 0 else { motion = .rest(RestSimulation(value: newTarget)); return }
            guard duration > 0 else { motion = .rest(RestSimulation(value: newTarget)); return }
            // From rest the user's curve stands as given; in flight its start bends to the velocity.
            var (duration, velocity) = (duration, velocity)
            if let bounds, velocity != 0 {
                (duration, velocity) = InterruptibleAnimator.boundedStart(curve: curve, from: value, span: span, velocity: velocity,
                                                                          duration: duration, within: bounds)
            }
            let shaped = velocity == 0 ? curve : curve.matchingStartSlope(velocity * duration / span)
            motion = .curve(CurveSegmentSimulation(origin: value, span: span, curve: shaped, duration: duration, from: 0, to: 1))
        }
    }
}

// MARK: - The animator's motions

/// The one motion an animator holds: at rest, along a curve, or a spring toward its target.
/// A closed set, so that an animator stays a comparable value.
enum AnimatorMotion: Simulation, Equatable {
    case rest(RestSimulation)
    case curve(CurveSegmentSimulation)
    case spring(SpringToTargetSimulation)

    // Each case answered directly: an existential of a curve (its bezier's coefficients and
    // samples) would be boxed on the heap at every call.
    func x(_ t: Double) -> Double {
        switch self {
        case let .rest(s): return s.x(t)
        case let .curve(s): return s.x(t)
        case let .spring(s): return s.x(t)
        }
    }
    func dx(_ t: Double) -> Double {
        switch self {
        case let .rest(s): return s.dx(t)
        case let .curve(s): return s.dx(t)
        case let .spring(s): return s.dx(t)
        }
    }
    func isDone(_ t: Double, tolerance: Tolerance) -> Bool {
        switch self {
        case let .rest(s): return s.isDone(t, tolerance: tolerance)
        case let .curve(s): return s.isDone(t, tolerance: tolerance)
        case let .spring(s): return s.isDone(t, tolerance: tolerance)
        }
    }
    var totalDuration: Double? {
        switch self {
        case let .rest(s): return s.totalDuration
        case let .curve(s): return s.totalDuration
        case let .spring(s): return s.totalDuration
        }
    }
}

/// A value held still: under a finger, or where a motion ended.
public struct RestSimulation: Simulation, Equatable {
    public let value: Double
    public init(value: Double) { self.value = value }
    public func x(_ t: Double) -> Double { value }
    public func dx(_ t: Double) -> Double { 0 }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { true }
    public var totalDuration: Double? { 0 }
}

/// `origin + span × curve(u)`, the curve's input u running `u0` → `u1` over `duration` seconds:
/// a whole curve (0 → 1) or the rest of one from where an interrupted motion was on it. Its
/// velocity is right-continuous at the start, so a motion that begins at t has its launch
/// velocity there; it is 0 from the end on.
public struct CurveSegmentSimulation: Simulation, Equatable {
    public let origin: Double, span: Double
    public let curve: TimingCurve
    public let duration: Double
    public let u0: Double, u1: Double
    public init(origin: Double, span: Double, curve: TimingCurve, duration: Double, from u0: Double, to u1: Double) {
        self.origin = origin; self.span = span; self.curve = curve; self.duration = duration; self.u0 = u0; self.u1 = u1
    }
    private func fraction(_ t: Double) -> Double { min(max(t / duration, 0), 1) }
    public func x(_ t: Double) -> Double {
        if duration <= 0 { return origin + span * curve.value(u1) }
        return origin + span * curve.value(u0 + (u1 - u0) * fraction(t))
    }
    public func dx(_ t: Double) -> Double {
        if duration <= 0 { return 0 }
        let f = fraction(t)
        return f >= 1 ? 0 : span * curve.slope(u0 + (u1 - u0) * f) * (u1 - u0) / duration
    }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { t >= duration }
    public var totalDuration: Double? { duration }
}

/// A spring toward `target`, in the value's own units, until it settles (to within 0.001 of a
/// unit), then exactly at the target. The settling time is found once: every frame asks for it.
public struct SpringToTargetSimulation: Simulation, Equatable {
    public let target: Double
    public let spring: SpringMotion
    public let settles: Double
    public init(target: Double, spring: SpringMotion) {
        self.target = target; self.spring = spring; settles = spring.settlingDuration
    }
    public func x(_ t: Double) -> Double {
        let t = max(t, 0)
        return t >= settles ? target : target + spring.displacement(t)
    }
    public func dx(_ t: Double) -> Double {
        let t = max(t, 0)
        return t >= settles ? 0 : spring.velocity(t)
    }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { t >= settles }
    public var totalDuration: Double? { settles }
}

extension InterruptibleAnimator {
    /// The shortest a bounded retarget may be, as a share of its duration: shorter reads as a snap.
    static let shortestBoundedShare = 0.25

    /// A duration and start velocity for a curve launched at `velocity` that keep every value of
    /// the motion inside `bounds`. A curve whose start slope matches a fast velocity overshoots: a
    /// velocity toward the target past it (first control point above 1), a velocity away from the
    /// target past the start (the curve first runs the wrong way). The velocity is kept and the
    /// motion shortened, which is what a fast flight calls for; if even a quarter of the duration
    /// cannot keep it inside (a fast reversal right at a wall), the velocity is cut too, to the
    /// largest that fits. A curve that itself leaves [0, 1] (a back easing) overshoots by design
    /// and is left as it is; so is a start already outside the bounds (a rubber-banded release).
    static func boundedStart(curve: TimingCurve, from value: Double, span: Double, velocity: Double,
                             duration: Double, within bounds: ClosedRange<Double>) -> (duration: Double, velocity: Double) {
        let own = curve.outputRange
        guard bounds.contains(value), bounds.contains(value + span), own.lowerBound >= 0, own.upperBound <= 1 else {
            return (duration, velocity)
        }
        func fits(_ duration: Double, _ velocity: Double) -> Bool {
            let range = curve.matchingStartSlope(velocity * duration / span).outputRange
            let a = value + span * range.lowerBound, b = value + span * range.upperBound
            return min(a, b) >= bounds.lowerBound - 1e-12 && max(a, b) <= bounds.upperBound + 1e-12
        }
        if fits(duration, velocity) { return (duration, velocity) }
        let shortest = duration * shortestBoundedShare
        if fits(shortest, velocity) {
            // The start slope grows with the duration, so the fitting durations form one interval.
            var lo = shortest, hi = duration
            for _ in 0..<40 { let mid = (lo + hi) / 2; if fits(mid, velocity) { lo = mid } else { hi = mid } }
            return (lo, velocity)
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 { let mid = (lo + hi) / 2; if fits(shortest, velocity * mid) { lo = mid } else { hi = mid } }
        return (shortest, velocity * lo)
    }
}

extension TimingCurve {
    /// The least and greatest output over inputs in [0, 1], exactly: the bezier's y is a cubic in
    /// its parameter with Bernstein coefficients 0, y1, y2, 1, so its extremes are at the ends or
    /// where the quadratic derivative 3[(3y1 − 3y2 + 1)s² + (2y2 − 4y1)s + y1] is zero. With x1, x2
    /// in [0, 1] the parameter covers the inputs in order, so the range over s is the range over x.
    public var outputRange: ClosedRange<Double> {
        let (_, y1, _, y2) = controlPoints
        func y(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
        var lo = 0.0, hi = 1.0
        let a = 3 * y1 - 3 * y2 + 1, b = 2 * y2 - 4 * y1, c = y1
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let r = discriminant.squareRoot()
                roots = [(-b - r) / (2 * a), (-b + r) / (2 * a)]
            }
        }
        for s in roots where s > 0 && s < 1 { let v = y(s); lo = min(lo, v); hi = max(hi, v) }
        return lo...hi
    }

    /// The same curve with its first control point moved so that dy/dx at 0 equals `slope`.
    /// A curve already leaving at that slope, or a zero slope on a curve that starts flat, is kept.
    func matchingStartSlope(_ slope: Double) -> TimingCurve {
        guard slope.isFinite else { return self }
        if abs(self.slope(0) - slope) < 1e-9 { return self }
        let (x1, _, x2, y2) = controlPoints
        // With x1 = 0 the start tangent is vertical; a third of the way is the neutral choice.
        let handleX = x1 > 0 ? x1 : 1.0 / 3.0
        return .bezier(CubicBezier(unchecked: handleX, slope * handleX, x2, y2))
    }
}

/// The x in [0, 1] with curve.value(x) = y, by bisection; the curve's y need not be monotone, so
/// this returns the first crossing found from the left within the tolerance.
func inverseCurve(_ curve: TimingCurve, _ y: Double) -> Double {
    if y <= curve.value(0) { return 0 }
    if y >= curve.value(1) { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<50 {
        let mid = (lo + hi) / 2
        if curve.value(mid) < y { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
}
