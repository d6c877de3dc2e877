/// A curve or spring as a user writes it: a curve name, `cubic-bezier(x1, y1, x2, y2)`,
/// `spring(mass: 1, stiffness: 100, damping: 10)`, `spring(response: 0.5, dampingFraction: 0.825)`
/// or `spring(duration: 0.5, bounce: 0.3)`; each spring form takes an optional `initialVelocity: v`.
public enum MotionSpec: Equatable, Sendable {
    case curve(TimingCurve)
    case spring(SpringMotion)

    public init(parsing text: String) throws {
        let spec = text.trimmingCharacters(in: .whitespaces)
        guard spec.hasPrefix("spring") else {
            self = .curve(try TimingCurve(parsing: spec))
            return
        }
        let arguments = try parseCallArguments(spec, function: "spring")
        var named = [String: Double]()
        for a in arguments {
            guard let label = a.label else {
                throw MotionError.malformedSpec(abbreviatedForMessage(spec, quoted: false), "spring arguments need labels, e.g. spring(response: 0.5, dampingFraction: 0.825)")
            }
            guard named[label] == nil else { throw MotionError.malformedSpec(abbreviatedForMessage(spec, quoted: false), "'\(label)' is given twice") }
            named[label] = a.value
        }
        let velocity = named.removeValue(forKey: "initialVelocity") ?? 0
        let forms: [(Set<String>, ([String: Double]) throws -> SpringParameters)] = [
            (["mass", "stiffness", "damping"], { try SpringParameters(mass: $0["mass"]!, stiffness: $0["stiffness"]!, damping: $0["damping"]!) }),
            (["response", "dampingFraction"], { try SpringParameters(response: $0["response"]!, dampingFraction: $0["dampingFraction"]!) }),
            (["duration", "bounce"], { try SpringParameters(duration: $0["duration"]!, bounce: $0["bounce"]!) }),
        ]
        guard let form = forms.first(where: { $0.0 == Set(named.keys) }) else {
            throw MotionError.malformedSpec(abbreviatedForMessage(spec, quoted: false), "a spring takes (mass:, stiffness:, damping:), (response:, dampingFraction:) or (duration:, bounce:), each with an optional initialVelocity:")
        }
        let parameters = try form.1(named)
        try MotionSpec.requireUsable(parameters, initialVelocity: velocity)
        self = .spring(try SpringMotion(parameters: parameters, initialVelocity: velocity))
    }

    /// The motion over time: a curve as eased progress over one second, a spring as itself
    /// (progress from 0 toward 1, for as long as it takes to settle).
    public var simulation: any Simulation {
        switch self {
        case let .curve(curve): return ProgressSimulation(curve: curve, duration: 1)
        case let .spring(motion): return motion
        }
    }

    /// True for a spring: its time is in seconds; a curve's is progress.
    public var isSpring: Bool { if case .spring = self { return true } else { return false } }

    // MARK: Limits of a written spring

    /// The undamped period (SwiftUI's response) accepted, in seconds. Below a millisecond a spring
    /// is a jump at any frame rate (and `spring(mass: 1, stiffness: 1e30, damping: 10)` took
    /// hours to measure when the settling time was found by a scan).
    public static let responseRange: ClosedRange<Double> = 0.001...1000
    /// The damping ratio accepted, unless it is exactly 0 (undamped, which never settles and
    /// says so). Settling takes about 1 / ratio oscillations; above 1000 the slow root takes
    /// longer than any preview.
    public static let dampingRatioRange: ClosedRange<Double> = 0.001...1000
    /// The largest |initialVelocity|, in progress units per second: a million is a flick across
    /// a screen in a microsecond, and keeps velocities far from overflow.
    public static let initialVelocityLimit = 1e6

    static func requireUsable(_ p: SpringParameters, initialVelocity: Double) throws {
        guard responseRange.contains(p.response) else {
            throw MotionError.outOfRange("the response 2π√(mass / stiffness)", p.response, "[0.001, 1000] s")
        }
        guard p.damping == 0 || dampingRatioRange.contains(p.dampingRatio) else {
            throw MotionError.outOfRange("the damping ratio damping / (2√(stiffness × mass))", p.dampingRatio, "0 or [0.001, 1000]")
        }
        guard abs(initialVelocity) <= initialVelocityLimit else {
            throw MotionError.outOfRange("initialVelocity", initialVelocity, "[-1e6, 1e6]")
        }
    }
}

import Foundation
