import Foundation

/// Deceleration rates per millisecond, as `UIScrollView.DecelerationRate`.
public enum DecelerationRate {
    public static let normal = 0.998
    public static let fast = 0.99
}

/// Where a motion with velocity `velocity` (units per second) comes to rest under the given
/// deceleration rate, from WWDC 2018 "Designing Fluid Interfaces" (session 803):
/// distance = (v / 1000) × d / (1 − d). The same function is FloatingPanel's
/// `project(initialVelocity:decelerationRate:)`.
public func projectedDistance(initialVelocity velocity: Double, decelerationRate d: Double = DecelerationRate.normal) -> Double {
    (velocity / 1000) * d / (1 - d)
}

/// A scroll-view style exponential decay: velocity falls by the factor d every millisecond.
/// x(t) = x0 + v0 (d^(1000 t) − 1) / (1000 ln d), v(t) = v0 d^(1000 t). Units: seconds, points.
public struct DecayMotion: Equatable, Sendable {
    public let start: Double
    public let initialVelocity: Double
    public let rate: Double

    /// Below this speed (units/s) the motion counts as at rest: half a point per second.
    public static let restVelocity = 0.5

    public init(start: Double, initialVelocity: Double, rate: Double = DecelerationRate.normal) throws {
        try requireFinite(start, "start"); try requireFinite(initialVelocity, "initialVelocity"); try requireFinite(rate, "rate")
        guard rate > 0 && rate < 1 else { throw MotionError.outOfRange("decelerationRate", rate, "(0, 1)") }
        self.start = start; self.initialVelocity = initialVelocity; self.rate = rate
    }

    private var k: Double { 1000 * log(rate) }

    func value(_ t: Double) -> Double { start + initialVelocity * (exp(k * t) - 1) / k }
    func velocity(_ t: Double) -> Double { initialVelocity * exp(k * t) }
    /// The resting position: x0 − v0 / (1000 ln d).
    public var destination: Double { start - initialVelocity / k }
    /// Time at which the speed falls below `restVelocity`.
    public var duration: Double {
        let speed = abs(initialVelocity)
        if speed <= DecayMotion.restVelocity { return 0 }
        return log(DecayMotion.restVelocity / speed) / k
    }
    /// The first time the motion reaches `position`, if it ever does.
    public func time(toReach position: Double) -> Double? {
        // position − x0 = v0 (e^(kt) − 1)/k  →  e^(kt) = 1 + k (position − x0) / v0
        guard initialVelocity != 0 else { return position == start ? 0 : nil }
        let e = 1 + k * (position - start) / initialVelocity
        guard e > 0 && e <= 1 else { return nil }
        return log(e) / k
    }
}

/// UIScrollView's rubber band: an offset x past the edge of a dimension d shows as
/// (1 − 1 / (x c / d + 1)) d, with c = 0.55. It is odd in x, so it works on either side.
public func rubberBand(offset x: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
    guard d > 0 else { return 0 }
    let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
    return x < 0 ? -magnitude : magnitude
}

/// The constant UIScrollView uses for its rubber band.
public let rubberBandCoefficient = 0.55
