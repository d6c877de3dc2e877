// The Cassowary solver's public vocabulary: variables, linear expressions, constraints, strengths
// and errors.
//
// Ported from kiwi (https://github.com/nucleic/kiwi), the C++ solver behind Python's kiwisolver:
// kiwi/variable.h (LayoutVariable), kiwi/term.h and kiwi/expression.h (LinearExpression),
// kiwi/symbolics.h (the operators), kiwi/constraint.h (LinearConstraint), kiwi/strength.h
// (ConstraintStrength) and kiwi/errors.h (CassowaryError).
// Copyright (c) 2013-2017, Nucleic Development Team. Distributed under the Modified BSD License
// (BSD-3-Clause); the licence's full text is in CassowarySolver.swift.
import Foundation

// MARK: - Variables (kiwi/variable.h)

/// A value the solver finds. Two variables are the same only if they are the same object, as in
/// kiwi, where a variable is a handle to shared data.
public final class LayoutVariable: Hashable, CustomStringConvertible {
    public let name: String
    /// The value from the last `CassowarySolver.updateVariables()`; 0 before any.
    public internal(set) var value: Double = 0
    /// The order variables were made in. kiwi sorts a constraint's terms by the address of each
    /// variable's shared data (constraint.h, `reduce`), and the order in which a constraint's new
    /// variables are met fixes their solver symbols, which break ties between equally good
    /// solutions. Creation order is one fixed order in the same role, and the same on every run.
    let serial: UInt64

    public init(_ name: String) {
        self.name = name
        serial = VariableSerials.shared.next()
    }

    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name }
}

/// Hands out `LayoutVariable.serial`s, from any thread.
private final class VariableSerials: @unchecked Sendable {
    static let shared = VariableSerials()
    private let lock = NSLock()
    private var last: UInt64 = 0

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}

// MARK: - Expressions (kiwi/term.h, kiwi/expression.h)

/// `Σ coefficient × variable + constant`. Terms keep the order they were written in and may name
/// a variable more than once; a constraint merges them (see `LinearConstraint`).
public struct LinearExpression: CustomStringConvertible {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: LayoutVariable, coefficient: Double = 1) {
        self.init(terms: [(variable, coefficient)])
    }

    public init(constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// The expression at the variables' current values (kiwi's `Expression::value`).
    public var value: Double {
        var result = constant
        for term in terms { result += term.coefficient * term.variable.value }
        return result
    }

    public var description: String {
        var parts = terms.map { "\($0.coefficient) * \($0.variable.name)" }
        parts.append("\(constant)")
        return parts.joined(separator: " + ")
    }

    /// Every coefficient and the constant multiplied by `factor` (kiwi's `Expression * double`).
    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms: terms.map { ($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// The first expression's terms, then the second's (kiwi's `Expression + Expression`).
    func adding(_ other: LinearExpression) -> LinearExpression {
        LinearExpression(terms: terms + other.terms, constant: constant + other.constant)
    }
}

/// What can stand on either side of a constraint: a variable or an expression. (A number is
/// accepted separately by each builder, so that literals need no annotation.)
public protocol LinearExpressionConvertible {
    var linearExpression: LinearExpression { get }
}

extension LayoutVariable: LinearExpressionConvertible {
    public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension LinearExpression: LinearExpressionConvertible {
    public var linearExpression: LinearExpression { self }
}

// MARK: - Operators (kiwi/symbolics.h)

// As in kiwi: a difference is the sum with the negation of the right side, a quotient is the
// product with the reciprocal, and a negation multiplies by -1, so the coefficients come out as
// kiwi's do to the last bit.

public func * (variable: LayoutVariable, coefficient: Double) -> LinearExpression { LinearExpression(variable, coefficient: coefficient) }
public func * (coefficient: Double, variable: LayoutVariable) -> LinearExpression { variable * coefficient }
public func / (variable: LayoutVariable, denominator: Double) -> LinearExpression { variable * (1.0 / denominator) }
public prefix func - (variable: LayoutVariable) -> LinearExpression { variable * -1.0 }

public func * (expression: LinearExpression, coefficient: Double) -> LinearExpression { expression.scaled(by: coefficient) }
public func * (coefficient: Double, expression: LinearExpression) -> LinearExpression { expression.scaled(by: coefficient) }
public func / (expression: LinearExpression, denominator: Double) -> LinearExpression { expression.scaled(by: 1.0 / denominator) }
public prefix func - (expression: LinearExpression) -> LinearExpression { expression.scaled(by: -1.0) }

public func + (first: LinearExpression, second: LinearExpression) -> LinearExpression { first.adding(second) }
public func + (expression: LinearExpression, variable: LayoutVariable) -> LinearExpression { expression.adding(LinearExpression(variable)) }
public func + (variable: LayoutVariable, expression: LinearExpression) -> LinearExpression { expression.adding(LinearExpression(variable)) }
public func + (first: LayoutVariable, second: LayoutVariable) -> LinearExpression { LinearExpression(first).adding(LinearExpression(second)) }
public func + (expression: LinearExpression, constant: Double) -> LinearExpression { expression.adding(LinearExpression(constant: constant)) }
public func + (constant: Double, expression: LinearExpression) -> LinearExpression { expression.adding(LinearExpression(constant: constant)) }
public func + (variable: LayoutVariable, constant: Double) -> LinearExpression { LinearExpression(terms: [(variable, 1)], constant: constant) }
public func + (constant: Double, variable: LayoutVariable) -> LinearExpression { LinearExpression(terms: [(variable, 1)], constant: constant) }

public func - (first: LinearExpression, second: LinearExpression) -> LinearExpression { first.adding(-second) }
public func - (expression: LinearExpression, variable: LayoutVariable) -> LinearExpression { expression.adding(-variable) }
public func - (variable: LayoutVariable, expression: LinearExpression) -> LinearExpression { (-expression).adding(LinearExpression(variable)) }
public func - (first: LayoutVariable, second: LayoutVariable) -> LinearExpression { LinearExpression(first).adding(-second) }
public func - (expression: LinearExpression, constant: Double) -> LinearExpression { expression.adding(LinearExpression(constant: -constant)) }
public func - (constant: Double, expression: LinearExpression) -> LinearExpression { (-expression).adding(LinearExpression(constant: constant)) }
public func - (variable: LayoutVariable, constant: Double) -> LinearExpression { LinearExpression(terms: [(variable, 1)], constant: -constant) }
public func - (constant: Double, variable: LayoutVariable) -> LinearExpression { LinearExpression(terms: [(variable, -1)], constant: constant) }

// MARK: - Strengths (kiwi/strength.h)

/// How much a constraint matters: `required` must hold; anything less is weighed in the
/// objective the solver minimises, as strength × error.
public enum ConstraintStrength {
    /// kiwi's three-tier strength: `a` strong, `b` medium and `c` weak units, each clamped to
    /// [0, 1000] after weighting; 1 strong is 1000 medium is a million weak.
    public static func create(_ a: Double, _ b: Double, _ c: Double, weight: Double = 1) -> Double {
        var result = 0.0
        result += stdMax(0.0, stdMin(1000.0, a * weight)) * 1_000_000.0
        result += stdMax(0.0, stdMin(1000.0, b * weight)) * 1000.0
        result += stdMax(0.0, stdMin(1000.0, c * weight))
        return result
    }

    public static let required = create(1000, 1000, 1000)
    public static let strong = create(1, 0, 0)
    public static let medium = create(0, 1, 0)
    public static let weak = create(0, 0, 1)

    /// A strength within [0, required]. NaN clips to `required`, as kiwi's `std::min` and
    /// `std::max` make it; the solver refuses NaN before it gets here.
    public static func clip(_ value: Double) -> Double {
        stdMax(0.0, stdMin(required, value))
    }

    /// A UIKit layout priority as a strength. 1000 and above is required. Below it, every 250
    /// priority points weigh 1000 times more, so UIKit's named levels land on kiwi's own tiers
    /// (250 `defaultLow` = weak, 500 = medium, 750 `defaultHigh` = strong) and 999 just under
    /// required (9.7e8). One point of error at a named level outweighs 1000 points at the level
    /// below, so the higher level wins unless the lower one's errors add up to more than that,
    /// which on a screen's scale they rarely can. Neighbouring priorities (750 and 751) differ by
    /// 2.8 %: they weigh against each other rather than dominate. NaN stays NaN, which the solver
    /// refuses.
    public static func layoutPriority(_ priority: Double) -> Double {
        if priority >= 1000 { return required }
        return pow(10, 3 * (max(priority, 0) - 250) / 250)
    }

    // std::min and std::max, whose answers for NaN and signed zeros kiwi's numbers depend on.
    private static func stdMin(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
    private static func stdMax(_ a: Double, _ b: Double) -> Double { a < b ? b : a }
}

// MARK: - Constraints (kiwi/constraint.h)

/// How a constraint's expression compares with 0; the raw values are the interchange format's.
public enum ConstraintRelation: String, Codable, Sendable {
    case lessOrEqual = "<="
    case equal = "=="
    case greaterOrEqual = ">="
}

/// `expression relation 0`, at a strength. Like kiwi's, a constraint is a shared, immutable
/// object: a solver knows it by identity, so two constraints with the same terms are still two.
public final class LinearConstraint: Hashable, CustomStringConvertible {
    /// The expression with each variable's terms summed into one, ordered by variable creation.
    public let expression: LinearExpression
    public let relation: ConstraintRelation
    /// Clipped to [0, required].
    public let strength: Double

    public init(_ expression: LinearExpression, _ relation: ConstraintRelation, strength: Double = ConstraintStrength.required) {
        self.expression = LinearConstraint.reduce(expression)
        self.relation = relation
        self.strength = ConstraintStrength.clip(strength)
        // NaN would clip to required, silently; the solver refuses such a constraint instead.
        unclippedStrengthIsNaN = strength.isNaN
    }

    /// `lhs relation rhs`, as `lhs - rhs relation 0` (kiwi's `operator==`, `<=`, `>=`).
    public convenience init(_ lhs: LinearExpressionConvertible, _ relation: ConstraintRelation, _ rhs: LinearExpressionConvertible,
                            strength: Double = ConstraintStrength.required) {
        self.init(lhs.linearExpression - rhs.linearExpression, relation, strength: strength)
    }

    /// The same constraint at another strength: kiwi's `constraint | strength`, which shares the
    /// already reduced expression.
    public func withStrength(_ strength: Double) -> LinearConstraint {
        LinearConstraint(reduced: expression, relation, strength: strength)
    }

    private init(reduced: LinearExpression, _ relation: ConstraintRelation, strength: Double) {
        expression = reduced
        self.relation = relation
        self.strength = ConstraintStrength.clip(strength)
        unclippedStrengthIsNaN = strength.isNaN
    }

    let unclippedStrengthIsNaN: Bool

    /// Whether the variables' current values break the constraint (kiwi's `Constraint::violated`).
    public var violated: Bool {
        let value = expression.value
        switch relation {
        case .equal: return !nearZero(value)
        case .greaterOrEqual: return value < 0
        case .lessOrEqual: return value > 0
        }
    }

    public static func == (lhs: LinearConstraint, rhs: LinearConstraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "\(expression) \(relation.rawValue) 0 | strength = \(strength)"
    }

    /// Sums each variable's coefficients in the order they appear and orders the variables by
    /// creation (kiwi's `reduce`, ordered by `LayoutVariable.serial`; see there).
    static func reduce(_ expression: LinearExpression) -> LinearExpression {
        var merged: [(variable: LayoutVariable, coefficient: Double)] = []
        merged.reserveCapacity(expression.terms.count)
        if expression.terms.count <= 8 {
            for term in expression.terms {
                if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                    merged[i].coefficient += term.coefficient
                } else {
                    merged.append((term.variable, 0.0 + term.coefficient))
                }
            }
        } else {
            var slot: [ObjectIdentifier: Int] = [:]
            for term in expression.terms {
                if let i = slot[ObjectIdentifier(term.variable)] {
                    merged[i].coefficient += term.coefficient
                } else {
                    slot[ObjectIdentifier(term.variable)] = merged.count
                    merged.append((term.variable, 0.0 + term.coefficient))
                }
            }
        }
        merged.sort { $0.variable.serial < $1.variable.serial }
        return LinearExpression(terms: merged, constant: expression.constant)
    }

    /// Whether every number in the constraint is finite and its strength a number.
    var isFinite: Bool {
        !unclippedStrengthIsNaN && expression.constant.isFinite && expression.terms.allSatisfy { $0.coefficient.isFinite }
    }
}

// Builders for `lhs relation rhs`, named rather than spelled `==`, `<=` and `>=`, which
// `Equatable` and `Comparable` already own.
extension LinearExpressionConvertible {
    public func equal(to rhs: LinearExpressionConvertible, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .equal, rhs, strength: strength)
    }
    public func equal(to rhs: Double, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .equal, LinearExpression(constant: rhs), strength: strength)
    }
    public func lessOrEqual(to rhs: LinearExpressionConvertible, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .lessOrEqual, rhs, strength: strength)
    }
    public func lessOrEqual(to rhs: Double, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .lessOrEqual, LinearExpression(constant: rhs), strength: strength)
    }
    public func greaterOrEqual(to rhs: LinearExpressionConvertible, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .greaterOrEqual, rhs, strength: strength)
    }
    public func greaterOrEqual(to rhs: Double, strength: Double = ConstraintStrength.required) -> LinearConstraint {
        LinearConstraint(self, .greaterOrEqual, LinearExpression(constant: rhs), strength: strength)
    }
}

// MARK: - Errors (kiwi/errors.h)

public enum CassowaryError: Error, CustomStringConvertible {
    case duplicateConstraint
    case unsatisfiableConstraint(LinearConstraint)
    case unknownConstraint
    case duplicateEditVariable
    case unknownEditVariable
    case badRequiredStrength
    case internalSolverError(String)
    /// A NaN or infinite coefficient, constant or suggested value, or a NaN strength: refused
    /// before it reaches the tableau, where it would poison every row it touched.
    case nonFiniteValue(String)

    public var description: String {
        switch self {
        case .duplicateConstraint: return "The constraint has already been added to the solver."
        case .unsatisfiableConstraint(let constraint): return "The constraint can not be satisfied: \(constraint)"
        case .unknownConstraint: return "The constraint has not been added to the solver."
        case .duplicateEditVariable: return "The edit variable has already been added to the solver."
        case .unknownEditVariable: return "The edit variable has not been added to the solver."
        case .badRequiredStrength: return "A required strength cannot be used in this context."
        case .internalSolverError(let message): return message
        case .nonFiniteValue(let what): return "Not a finite number: \(what)"
        }
    }
}

/// kiwi/util.h: the tolerance under which a coefficient or constant counts as zero.
@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < 0.0 ? -value < 1.0e-8 : value < 1.0e-8
}
