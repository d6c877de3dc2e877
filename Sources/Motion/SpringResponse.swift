import Foundation

// MARK: The three forms of a spring

extension SpringParameters {
    /// SwiftUI's damping fraction: the damping ratio ζ = c / (2√(km)).
    public var dampingFraction: Double { dampingRatio }

    /// SwiftUI's `Spring.duration`, the perceptual duration: the undamped period 2π√(m/k), which
    /// is `response`.
    public var duration: Double { response }

    /// SwiftUI's `Spring.bounce`, the inverse of `init(duration:bounce:)`: 1 − ζ when ζ ≤ 1 (0 is
    /// critically damped, 1 undamped), and 1/ζ − 1 when over-damped (negative).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// `init(response:dampingFraction:)` for a given mass. SwiftUI's form fixes mass at 1; scaling
    /// stiffness and damping with the mass (k = m(2π/response)², c = 4πζm/response) gives the same
    /// motion, so an editor can change the response without discarding a mass the user chose.
    public init(response: Double, dampingFraction: Double, mass: Double) throws {
        let unit = try SpringParameters(response: response, dampingFraction: dampingFraction)
        try requireFinite(mass, "mass")
        guard mass > 0 else { throw MotionError.outOfRange("mass", mass, "(0, ∞)") }
        try self.init(mass: mass, stiffness: unit.stiffness * mass, damping: unit.damping * mass)
    }

    /// `init(duration:bounce:)` for a given mass, as `init(response:dampingFraction:mass:)`.
    public init(duration: Double, bounce: Double, mass: Double) throws {
        let unit = try SpringParameters(duration: duration, bounce: bounce)
        try self.init(response: unit.response, dampingFraction: unit.dampingRatio, mass: mass)
    }
}

// MARK: Figures of a spring's step response

/// What a spring does moving progress from 0 to 1 from rest, in the figures an editor prints.
public struct SpringResponseFigures: Equatable, Sendable {
    /// `SpringMotion.settlingDuration` from rest: the smallest T with |1 − x(t)| ≤ 0.001 for all
    /// t ≥ T, the same definition `splashlab curve` prints. Infinite without damping.
    public let settlingTime: Double
    /// The largest excursion past the target as a fraction of the travel (0.05 is 5%); 0 when
    /// critically or over-damped, which never overshoot from rest.
    public let overshoot: Double
    /// The damped oscillation period 2π/ωd with ωd = ω0√(1 − ζ²), in seconds; nil unless
    /// under-damped.
    public let dampedPeriod: Double?

    public init(_ parameters: SpringParameters) {
        let zeta = parameters.dampingRatio
        settlingTime = (try? SpringMotion(parameters: parameters).settlingDuration) ?? .infinity
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            // Peak of the under-damped step response, at t = π/ωd: x − 1 = e^(−ζπ/√(1−ζ²)).
            overshoot = exp(-zeta * Double.pi / root)
            dampedPeriod = 2 * Double.pi / (parameters.naturalFrequency * root)
        } else {
            overshoot = 0
            dampedPeriod = nil
        }
    }
}
