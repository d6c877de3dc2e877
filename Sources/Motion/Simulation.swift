import Foundation

/// How close to rest a motion must be to count as settled: within `distance` of where it ends,
/// moving slower than `velocity` (units and units per second of the motion itself).
public struct Tolerance: Equatable, Sendable {
    public var distance: Double
    public var velocity: Double
    public init(distance: Double, velocity: Double) { self.distance = distance; self.velocity = velocity }
    /// A thousandth of a unit: the springs' settling definition (`SpringMotion.settlingTolerance`).
    public static let standard = Tolerance(distance: 1e-3, velocity: 1e-3)
}

/// One motion of one value over time, the shape Flutter's `Simulation` gives its physics: value
/// `x(t)` and velocity `dx(t)` at a time since the motion began, whether it has settled, and how
/// long it lasts where that is finite. Curves, keyframes, springs, decay and their composites all
/// answer it, so a track can hold any of them, and an interruption can start a new motion from
/// the old one's value and velocity.
public protocol Simulation: Sendable {
    func x(_ t: Double) -> Double
    func dx(_ t: Double) -> Double
    func isDone(_ t: Double, tolerance: Tolerance) -> Bool
    /// When the motion is over, or nil if it only approaches its end (a spring left undamped).
    var totalDuration: Double? { get }
}

// MARK: - A timing curve between two values

/// Eased progress from 0 to 1 along a timing curve over `duration` seconds, held at the ends
/// outside it: what a Core Animation basic animation hands its property, which maps it to its
/// own values. With no duration it is a step at 0, exactly 0 before and 1 from then on. Its
/// velocity is the curve's slope over the closed interval (the launch velocity at the start, the
/// arrival velocity at the end) and 0 outside it.
public struct ProgressSimulation: Simulation, Equatable {
    public let curve: TimingCurve
    public let seconds: Double
    public init(curve: TimingCurve, duration: Double) { self.curve = curve; seconds = max(duration, 0) }
    public func x(_ t: Double) -> Double {
        if seconds <= 0 { return t >= 0 ? 1 : 0 }
        return curve.value(min(max(t / seconds, 0), 1))
    }
    public func dx(_ t: Double) -> Double {
        guard seconds > 0, t >= 0, t <= seconds else { return 0 }
        return curve.slope(t / seconds) / seconds
    }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { t >= seconds }
    public var totalDuration: Double? { seconds }
}

// MARK: - A keyframe track

/// A keyframe track (values at key times, a curve per segment) played over `duration` seconds.
public struct KeyframeSimulation: Simulation, Equatable {
    public let track: KeyframeTrack
    public let seconds: Double
    public init(track: KeyframeTrack, duration: Double) { self.track = track; seconds = max(duration, 0) }
    func progress(_ t: Double) -> Double { seconds > 0 ? min(max(t / seconds, 0), 1) : (t >= 0 ? 1 : 0) }
    public func x(_ t: Double) -> Double { track.sample(progress(t)).value }
    public func dx(_ t: Double) -> Double {
        guard seconds > 0, t > 0, t < seconds else { return 0 }
        return track.sample(t / seconds).velocity / seconds
    }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { t >= seconds }
    public var totalDuration: Double? { seconds }
}

// MARK: - Springs and decay

extension SpringMotion: Simulation {
    public func x(_ t: Double) -> Double { value(t) }
    public func dx(_ t: Double) -> Double { velocity(t) }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool {
        abs(displacement(t)) < tolerance.distance && abs(velocity(t)) < tolerance.velocity || t >= settlingDuration
    }
    public var totalDuration: Double? { settlingDuration.isFinite ? settlingDuration : nil }
}

extension DecayMotion: Simulation {
    public func x(_ t: Double) -> Double { t >= duration ? value(duration) : value(max(t, 0)) }
    public func dx(_ t: Double) -> Double { t >= duration ? 0 : velocity(max(t, 0)) }
    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool { t >= duration || abs(velocity(t)) < tolerance.velocity }
    public var totalDuration: Double? { duration }
}

/// Momentum that hands off to a spring where it crosses an edge, as a scroll view's fling ends
/// in a bounce (Framer Motion's inertia does the same at its boundary): the decay until it reaches
/// `edge`, then a spring at the edge that starts with the decay's velocity there. A decay that
/// stops short of the edge is a decay alone.
public struct BoundedDecaySimulation: Simulation, Equatable {
    public let decay: DecayMotion
    public let edge: Double
    /// Time since the start at which the decay reaches the edge, if it does before coming to rest.
    public let handoffTime: Double?
    /// The bounce, in the value's units around the edge, from the hand-off on.
    let bounce: SpringMotion?

    public init(decay: DecayMotion, edge: Double, bounce: SpringParameters) {
        self.decay = decay
        self.edge = edge
        if let reach = decay.time(toReach: edge), reach < decay.duration,
           let spring = try? SpringMotion(parameters: bounce, initialDisplacement: 0, initialVelocity: decay.velocity(reach)) {
            handoffTime = reach
            self.bounce = spring
        } else {
            handoffTime = nil
            self.bounce = nil
        }
    }

    public func x(_ t: Double) -> Double {
        if let handoffTime, let bounce, t >= handoffTime {
            let local = t - handoffTime
            return local >= bounce.settlingDuration ? edge : edge + bounce.displacement(local)
        }
        return decay.x(t)
    }

    public func dx(_ t: Double) -> Double {
        if let handoffTime, let bounce, t >= handoffTime {
            let local = t - handoffTime
            return local >= bounce.settlingDuration ? 0 : bounce.velocity(local)
        }
        return decay.dx(t)
    }

    public func isDone(_ t: Double, tolerance: Tolerance) -> Bool {
        if let handoffTime, let bounce { return t >= handoffTime && bounce.isDone(t - handoffTime, tolerance: tolerance) }
        return decay.isDone(t, tolerance: tolerance)
    }

    public var totalDuration: Double? {
        if let handoffTime, let bounce { return handoffTime + bounce.settlingDuration }
        return decay.duration
    }
}
