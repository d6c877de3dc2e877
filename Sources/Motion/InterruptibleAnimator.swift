import Foundation

/// How an animator moves toward its target.
public enum AnimationTiming: Equatable, Sendable {
    /// A timing curve over a fixed duration in seconds, like `UIViewPropertyAnimator(duration:curve:)`.
    case curve(TimingCurve, duration: Double)
    /// A spring, like `UISpringTimingParameters`; it takes as long as it needs to settle.
    case spring(SpringParameters)
}

/// Animates one value with value and velocity at every instant, and can be retargeted without a
/// jump. Pausing and scrubbing are the preview clock's job (`Playback`), not the animator's. It plays the role of `UIViewPropertyAnimator`, as a
/// value: every method takes the time of the one preview clock.
///
/// Continuity is the point: a retarget starts from the current presentation value and the current
/// velocity. A spring takes that velocity directly; a bezier curve takes it by setting its first
/// control point so the curve's start slope matches.
public struct InterruptibleAnimator: Equatable, Sendable {
    private enum Segment: Equatable, Sendable {
        case rest(Double)
        /// value = origin + span × curve(u), u running u0 → u1 over `duration` seconds.
        case curve(origin: Double, span: Double, curve: TimingCurve, duration: Double, u0: Double, u1: Double)
        /// value = target + the spring's displacement, in the value's own units. The settling time
        /// is found once, at launch: it is a search, and every frame asks for it.
        case spring(target: Double, motion: SpringMotion, settles: Double)
    }

    private var segment: Segment
    private var startTime: Double
    /// The value this animation was launched from, and its target.
    public private(set) var from: Double
    public private(set) var target: Double

    public init(value: Double) {
        segment = .rest(value)
        startTime = 0
        from = value
        target = value
    }

    // MARK: Reading

    public func sample(at time: Double) -> (value: Double, velocity: Double) {
        let (value, velocity) = sampleSegment(elapsed: time - startTime)
        return (value, velocity)
    }

    public func value(at time: Double) -> Double { sample(at: time).value }

    /// When the current motion began (preview time).
    public var motionStart: Double { startTime }
    /// How long the current motion lasts: a curve's duration, a spring's settling time, 0 at rest.
    public var motionDuration: Double {
        switch segment {
        case .rest: return 0
        case let .curve(_, _, _, duration, _, _): return duration
        case let .spring(_, _, settles): return settles
        }
    }

    /// True once the motion has come to rest at its target.
    public func isFinished(at time: Double) -> Bool {
        let elapsed = time - startTime
        switch segment {
        case .rest: return true
        case let .curve(_, _, _, duration, _, _): return elapsed >= duration
        case let .spring(_, _, settles): return elapsed >= settles
        }
    }

    private func sampleSegment(elapsed: Double) -> (Double, Double) {
        switch segment {
        case let .rest(v):
            return (v, 0)
        case let .curve(origin, span, curve, duration, u0, u1):
            if duration <= 0 { return (origin + span * curve.value(u1), 0) }
            let f = min(max(elapsed / duration, 0), 1)
            let u = u0 + (u1 - u0) * f
            let velocity = f >= 1 ? 0 : span * curve.slope(u) * (u1 - u0) / duration
            return (origin + span * curve.value(u), velocity)
        case let .spring(target, motion, settles):
            let t = max(elapsed, 0)
            if t >= settles { return (target, 0) }
            return (target + motion.displacement(t), motion.velocity(t))
        }
    }

    // MARK: Driving

    /// Holds a value still, as under a finger.
    public mutating func set(value: Double, at time: Double) {
        segment = .rest(value)
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
        segment = .curve(origin: origin, span: span, curve: curve, duration: duration * max(1 - u0, 0), u0: u0, u1: 1)
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
                  let motion = try? SpringMotion(parameters: parameters, initialDisplacement: value - newTarget, initialVelocity: velocity) else {
                segment = .rest(newTarget); return
            }
            segment = .spring(target: newTarget, motion: motion, settles: motion.settlingDuration)
        case let .curve(curve, duration):
            guard span != 0 else { segment = .rest(newTarget); return }
            guard duration > 0 else { segment = .rest(newTarget); return }
            // From rest the user's curve stands as given; in flight its start bends to the velocity.
            var (duration, velocity) = (duration, velocity)
            if let bounds, velocity != 0 {
                (duration, velocity) = InterruptibleAnimator.boundedStart(curve: curve, from: value, span: span, velocity: velocity,
                                                                          duration: duration, within: bounds)
            }
            let shaped = velocity == 0 ? curve : curve.matchingStartSlope(velocity * duration / span)
            segment = .curve(origin: value, span: span, curve: shaped, duration: duration, u0: 0, u1: 1)
        }
    }
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
