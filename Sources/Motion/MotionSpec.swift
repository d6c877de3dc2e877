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
        self = .spring(try SpringMotion(parameters: try form.1(named), initialVelocity: velocity))
    }
}

import Foundation
