// A linear constraint system as data: what the app dumps of a launch screen's layout, and what
// scripts/kiwi/solve.py hands to kiwisolver to check this solver against kiwi's.
//
// Solved with the port of kiwi (https://github.com/nucleic/kiwi) in CassowarySolver.swift.
// Copyright (c) 2013-2017, Nucleic Development Team. Distributed under the Modified BSD License
// (BSD-3-Clause); the licence's full text is in CassowarySolver.swift.
import Foundation

/// Variables by name, constraints over them and edit variables with suggested values:
///
///     {"variables": ["a", "b"],
///      "constraints": [{"terms": [["a", 1.0], ["b", -1.0]], "constant": 10.0, "op": "==",
///                       "strength": 1001001000.0}],
///      "edits": [{"variable": "a", "strength": 1000000.0, "suggest": 5.0}]}
///
/// Each constraint reads `Σ coefficient × variable + constant op 0`. `strength` may be left out
/// (required), and so may `edits`.
public struct LinearSystemDescription: Codable, Equatable, Sendable {
    /// One term, written as `[name, coefficient]`.
    public struct Term: Codable, Equatable, Sendable {
        public var variable: String
        public var coefficient: Double

        public init(_ variable: String, _ coefficient: Double) {
            self.variable = variable
            self.coefficient = coefficient
        }

        public init(from decoder: Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            variable = try pair.decode(String.self)
            coefficient = try pair.decode(Double.self)
            guard pair.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a term is [name, coefficient]")
            }
        }

        public func encode(to encoder: Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(variable)
            try pair.encode(coefficient)
        }
    }

    public struct Constraint: Codable, Equatable, Sendable {
        public var terms: [Term]
        public var constant: Double
        public var op: ConstraintRelation
        public var strength: Double

        public init(terms: [Term], constant: Double = 0, op: ConstraintRelation, strength: Double = ConstraintStrength.required) {
            self.terms = terms
            self.constant = constant
            self.op = op
            self.strength = strength
        }

        private enum CodingKeys: String, CodingKey { case terms, constant, op, strength }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            terms = try container.decode([Term].self, forKey: .terms)
            constant = try container.decodeIfPresent(Double.self, forKey: .constant) ?? 0
            op = try container.decode(ConstraintRelation.self, forKey: .op)
            strength = try container.decodeIfPresent(Double.self, forKey: .strength) ?? ConstraintStrength.required
        }

        /// `Σ coefficient × value + constant` at the given values (0 for a missing name): zero
        /// where an equality holds, of the sign an inequality allows where it holds.
        public func residual(_ values: [String: Double]) -> Double {
            var sum = constant
            for term in terms { sum += term.coefficient * (values[term.variable] ?? 0) }
            return sum
        }

        /// Whether the values satisfy the constraint, as the solver reads it, to within
        /// `relativeTolerance` of its size (1 plus the magnitudes of its constant and of each
        /// term at those values, since a solver's rounding grows with the numbers it adds) plus
        /// `absoluteTolerance` (for rounding left from larger numbers the solver met before).
        /// The solver reads each variable's coefficients summed, and a sum under 1e-8 as zero.
        public func holds(for values: [String: Double], relativeTolerance: Double = 1e-6, absoluteTolerance: Double = 0) -> Bool {
            var coefficients: [String: Double] = [:]
            for term in terms { coefficients[term.variable, default: 0] += term.coefficient }
            var residual = constant, magnitude = 1 + abs(constant)
            for (variable, coefficient) in coefficients where !nearZero(coefficient) {
                let product = coefficient * (values[variable] ?? 0)
                residual += product
                magnitude += abs(product)
            }
            let slack = relativeTolerance * magnitude + absoluteTolerance
            switch op {
            case .equal: return abs(residual) <= slack
            case .lessOrEqual: return residual <= slack
            case .greaterOrEqual: return residual >= -slack
            }
        }
    }

    public struct Edit: Codable, Equatable, Sendable {
        public var variable: String
        public var strength: Double
        public var suggest: Double

        public init(variable: String, strength: Double, suggest: Double) {
            self.variable = variable
            self.strength = strength
            self.suggest = suggest
        }
    }

    public var variables: [String]
    public var constraints: [Constraint]
    public var edits: [Edit]

    public init(variables: [String], constraints: [Constraint], edits: [Edit] = []) {
        self.variables = variables
        self.constraints = constraints
        self.edits = edits
    }

    private enum CodingKeys: String, CodingKey { case variables, constraints, edits }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        variables = try container.decode([String].self, forKey: .variables)
        constraints = try container.decode([Constraint].self, forKey: .constraints)
        edits = try container.decodeIfPresent([Edit].self, forKey: .edits) ?? []
    }

    /// Solves the system in a new solver: variables made in the order listed, constraints added
    /// in order, then every edit variable added, then each suggested, then the values read.
    /// Returns every listed variable's value (0 for one no constraint names).
    /// - Throws: `LinearSystemError`; `.unsatisfiable` names the first required constraint that
    ///   cannot hold with those before it.
    public func solve() throws -> [String: Double] {
        let (solver, named) = try solved()
        solver.updateVariables()
        var values: [String: Double] = [:]
        values.reserveCapacity(named.count)
        for (name, variable) in named { values[name] = variable.value }
        return values
    }

    /// The solver with this system added and suggested, and the variables by name.
    func solved() throws -> (CassowarySolver, [String: LayoutVariable]) {
        var named: [String: LayoutVariable] = [:]
        named.reserveCapacity(variables.count)
        for name in variables {
            guard named[name] == nil else { throw LinearSystemError.duplicateVariable(name) }
            named[name] = LayoutVariable(name)
        }
        func variable(_ name: String) throws -> LayoutVariable {
            guard let variable = named[name] else { throw LinearSystemError.unknownVariable(name) }
            return variable
        }

        let solver = CassowarySolver()
        for (index, description) in constraints.enumerated() {
            var expression = LinearExpression(terms: [], constant: description.constant)
            expression.terms.reserveCapacity(description.terms.count)
            for term in description.terms { expression.terms.append((try variable(term.variable), term.coefficient)) }
            let constraint = LinearConstraint(expression, description.op, strength: description.strength)
            do { try solver.addConstraint(constraint) } catch CassowaryError.unsatisfiableConstraint {
                throw LinearSystemError.unsatisfiable(constraintIndex: index)
            } catch let error as CassowaryError {
                throw LinearSystemError.constraintFailed(constraintIndex: index, error)
            }
        }
        for (index, edit) in edits.enumerated() {
            do { try solver.addEditVariable(try variable(edit.variable), strength: edit.strength) } catch let error as CassowaryError {
                throw LinearSystemError.editFailed(editIndex: index, error)
            }
        }
        for (index, edit) in edits.enumerated() {
            do { try solver.suggestValue(try variable(edit.variable), edit.suggest) } catch let error as CassowaryError {
                throw LinearSystemError.editFailed(editIndex: index, error)
            }
        }
        return (solver, named)
    }
}

public enum LinearSystemError: Error, CustomStringConvertible {
    case duplicateVariable(String)
    case unknownVariable(String)
    /// A required constraint that cannot hold together with the ones before it.
    case unsatisfiable(constraintIndex: Int)
    /// Any other refusal of a constraint: a non-finite number, or the solver's internal error.
    case constraintFailed(constraintIndex: Int, CassowaryError)
    /// An edit the solver refused: listed twice, a required strength, a non-finite number.
    case editFailed(editIndex: Int, CassowaryError)

    public var description: String {
        switch self {
        case .duplicateVariable(let name): return "variable \(name) is listed twice"
        case .unknownVariable(let name): return "variable \(name) is not listed"
        case .unsatisfiable(let index): return "constraints[\(index)] is required and cannot be satisfied"
        case .constraintFailed(let index, let error): return "constraints[\(index)]: \(error)"
        case .editFailed(let index, let error): return "edits[\(index)]: \(error)"
        }
    }
}
