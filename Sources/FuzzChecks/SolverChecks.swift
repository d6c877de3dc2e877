import LaunchImport

// MARK: The Cassowary solver

/// A fuzz input read as a short program for `CassowarySolver`: constraints added and removed,
/// edit variables added and suggested.
///
/// Layout: byte 0 gives the number of variables, 1 + byte % 8. Then operations, at most
/// `maxOperations`, each an opcode byte and its operands; a program cut short ends at the cut.
/// - opcode % 8 in 0...4, add a constraint: a byte whose value % 3 is the relation (`==`, `<=`,
///   `>=`) and whose value / 3 % 8 picks the strength from `strengths`; a byte giving 1 + byte % 4
///   terms, each a variable byte (% the variable count) and a coefficient byte; then the
///   constant, a big-endian Int16 divided by 4 (Int16.min is NaN).
/// - 5, add an edit variable: a variable byte, a strength byte (from `strengths`).
/// - 6, suggest a value: a variable byte, then the value as the constant is read.
/// - 7, remove a constraint: a byte picking one of those added and not yet removed.
/// A coefficient byte of 255 is NaN, 254 infinity, and any other picks from `coefficients`:
/// 0, one below the solver's 1e-8 zero, inexact thirds, and magnitudes from 1/4 to 4. Not
/// larger: kiwi drops any coefficient under an absolute 1e-8, and chains of variables each 100
/// or 10 times the next reach that scale, where kiwi (and this port with it, to the same digits)
/// loses a row's dependency and leaves a required constraint broken without an error. Layouts
/// have multipliers near 1; within [1/4, 4] eight variables span at most 4⁷.
public struct FuzzSolverProgram: Equatable {
    public enum Operation: Equatable {
        case add(terms: [(variable: Int, coefficient: Double)], constant: Double, relation: ConstraintRelation, strength: Double)
        case addEdit(variable: Int, strength: Double)
        case suggest(variable: Int, value: Double)
        case remove(pick: Int)

        public static func == (lhs: Operation, rhs: Operation) -> Bool {
            switch (lhs, rhs) {
            case let (.add(t1, c1, r1, s1), .add(t2, c2, r2, s2)):
                return t1.count == t2.count && zip(t1, t2).allSatisfy { $0.variable == $1.variable && same($0.coefficient, $1.coefficient) }
                    && same(c1, c2) && r1 == r2 && s1 == s2
            case let (.addEdit(v1, s1), .addEdit(v2, s2)): return v1 == v2 && s1 == s2
            case let (.suggest(v1, x1), .suggest(v2, x2)): return v1 == v2 && same(x1, x2)
            case let (.remove(p1), .remove(p2)): return p1 == p2
            default: return false
            }
        }

        private static func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
    }

    public static let maxVariables = 8
    public static let maxOperations = 64
    public static let coefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 0, 3, -3, 0.25, -0.25, 4, 1.0 / 3, -1.0 / 3, 0.75, 1e-9]
    public static let strengths: [Double] = [ConstraintStrength.required, ConstraintStrength.required, ConstraintStrength.required,
                                             ConstraintStrength.strong, ConstraintStrength.medium, ConstraintStrength.weak,
                                             ConstraintStrength.layoutPriority(999), ConstraintStrength.layoutPriority(250)]

    public let variableCount: Int
    public let operations: [Operation]

    public init(_ bytes: [UInt8]) {
        var reader = bytes.makeIterator()
        variableCount = 1 + Int(reader.next() ?? 0) % FuzzSolverProgram.maxVariables
        let n = variableCount
        func constant(_ reader: inout IndexingIterator<[UInt8]>) -> Double? {
            guard let high = reader.next(), let low = reader.next() else { return nil }
            let value = Int16(bitPattern: UInt16(high) << 8 | UInt16(low))
            return value == .min ? .nan : Double(value) / 4
        }
        var operations: [Operation] = []
        decoding: while operations.count < FuzzSolverProgram.maxOperations, let opcode = reader.next() {
            switch opcode % 8 {
            case 0...4:
                guard let kind = reader.next(), let count = reader.next() else { break decoding }
                var terms: [(variable: Int, coefficient: Double)] = []
                for _ in 0...(Int(count) % 4) {
                    guard let variable = reader.next(), let coefficient = reader.next() else { break decoding }
                    let value = coefficient == 255 ? .nan : coefficient == 254 ? .infinity
                        : FuzzSolverProgram.coefficients[Int(coefficient) % FuzzSolverProgram.coefficients.count]
                    terms.append((Int(variable) % n, value))
                }
                guard let c = constant(&reader) else { break decoding }
                let relations: [ConstraintRelation] = [.equal, .lessOrEqual, .greaterOrEqual]
                operations.append(.add(terms: terms, constant: c, relation: relations[Int(kind) % 3],
                                       strength: FuzzSolverProgram.strengths[Int(kind) / 3 % 8]))
            case 5:
                guard let variable = reader.next(), let strength = reader.next() else { break decoding }
                operations.append(.addEdit(variable: Int(variable) % n, strength: FuzzSolverProgram.strengths[Int(strength) % 8]))
            case 6:
                guard let variable = reader.next(), let value = constant(&reader) else { break decoding }
                operations.append(.suggest(variable: Int(variable) % n, value: value))
            default:
                guard let pick = reader.next() else { break decoding }
                operations.append(.remove(pick: Int(pick)))
            }
        }
        self.operations = operations
    }

    /// What running the program left: the variables' values after each operation (as bits, so
    /// that two runs compare exactly, NaN included), and the failures that ended the checking.
    struct Run: Equatable {
        var values: [[UInt64]] = []
        var failures: [String] = []
    }

    /// Runs the program on a new solver, checking after every operation that each error is the
    /// one the input calls for, every value is finite, and every required constraint in the
    /// solver holds within 1e-6 of its size (`LinearSystemDescription.Constraint.holds`), give
    /// or take 1e-12 of the largest term it can have had: a value's rounding error is relative to
    /// the largest numbers the tableau has held, which earlier steps may have made much larger
    /// than the values now (kiwisolver 1.4.4 leaves the same residues).
    /// Checking ends, and the program only runs on, for traps and the time it takes, where kiwi's
    /// own tableau stops keeping required constraints (kiwisolver 1.4.4 does the same on each):
    /// after a refused required constraint, whose failed phase one stays in the tableau; after an
    /// internal error; and after a removal, since removing one of two redundant required
    /// equalities, which share dummy symbols, can drop the other's row too.
    func run() throws -> Run {
        let solver = CassowarySolver()
        let variables = (0..<variableCount).map { LayoutVariable("x\($0)") }
        var added: [(constraint: LinearConstraint, description: LinearSystemDescription.Constraint)] = []
        var run = Run()
        var peak = 0.0
        for (step, operation) in operations.enumerated() {
            do {
                switch operation {
                case let .add(terms, constant, relation, strength):
                    let expression = LinearExpression(terms: terms.map { (variables[$0.variable], $0.coefficient) }, constant: constant)
                    let constraint = LinearConstraint(expression, relation, strength: strength)
                    let finite = constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
                    do {
                        try solver.addConstraint(constraint)
                        guard finite else { throw FuzzViolation("step \(step): a non-finite constraint was accepted: \(constraint)") }
                        let description = LinearSystemDescription.Constraint(
                            terms: terms.map { .init("x\($0.variable)", $0.coefficient) }, constant: constant, op: relation, strength: strength)
                        added.append((constraint, description))
                    } catch CassowaryError.nonFiniteValue {
                        guard !finite else { throw FuzzViolation("step \(step): a finite constraint was refused as non-finite: \(constraint)") }
                    } catch CassowaryError.unsatisfiableConstraint {
                        guard strength >= ConstraintStrength.required else {
                            throw FuzzViolation("step \(step): a non-required constraint was unsatisfiable: \(constraint)")
                        }
                        guard finite else { throw FuzzViolation("step \(step): a non-finite constraint reached the tableau") }
                        run.failures.append("step \(step): unsatisfiable")
                    }
                case let .addEdit(variable, strength):
                    if solver.hasEditVariable(variables[variable]) {
                        guard case .some(CassowaryError.duplicateEditVariable) = solverError({ try solver.addEditVariable(variables[variable], strength: strength) }) else {
                            throw FuzzViolation("step \(step): a second edit of x\(variable) was not refused as a duplicate")
                        }
                    } else if strength >= ConstraintStrength.required {
                        guard case .some(CassowaryError.badRequiredStrength) = solverError({ try solver.addEditVariable(variables[variable], strength: strength) }) else {
                            throw FuzzViolation("step \(step): a required edit of x\(variable) was not refused")
                        }
                    } else {
                        try solver.addEditVariable(variables[variable], strength: strength)
                    }
                case let .suggest(variable, value):
                    let error = solverError { try solver.suggestValue(variables[variable], value) }
                    switch error {
                    case nil:
                        guard solver.hasEditVariable(variables[variable]), value.isFinite else {
                            throw FuzzViolation("step \(step): suggesting \(value) for x\(variable) was accepted")
                        }
                    case .some(CassowaryError.unknownEditVariable):
                        guard !solver.hasEditVariable(variables[variable]) else { throw FuzzViolation("step \(step): x\(variable)'s edit is unknown") }
                    case .some(CassowaryError.nonFiniteValue):
                        guard !value.isFinite else { throw FuzzViolation("step \(step): \(value) was refused as non-finite") }
                    case .some(let other):
                        throw other
                    }
                case let .remove(pick):
                    guard !added.isEmpty else { continue }
                    let (constraint, _) = added.remove(at: pick % added.count)
                    try solver.removeConstraint(constraint)
                    guard !solver.hasConstraint(constraint) else { throw FuzzViolation("step \(step): a removed constraint is still there") }
                    run.failures.append("step \(step): removed a constraint")
                }
            } catch CassowaryError.internalSolverError(let message) {
                // kiwi's own failures (an objective it finds unbounded after redundant or removed
                // constraints), which a faithful port shares.
                run.failures.append("step \(step): \(message)")
            } catch let error as CassowaryError {
                throw FuzzViolation("step \(step): \(error)")
            }

            solver.updateVariables()
            let values = variables.map(\.value)
            run.values.append(values.map(\.bitPattern))
            guard run.failures.isEmpty else { continue }
            guard values.allSatisfy(\.isFinite) else { throw FuzzViolation("step \(step): values \(values)") }
            var named: [String: Double] = [:]
            for (i, value) in values.enumerated() { named["x\(i)"] = value }
            peak = values.reduce(peak) { max($0, abs($1)) }
            for (_, description) in added where description.strength >= ConstraintStrength.required {
                let largestTerm = peak * description.terms.reduce(0) { $0 + abs($1.coefficient) }
                guard !description.holds(for: named, absoluteTolerance: 1e-12 * largestTerm) else { continue }
                throw FuzzViolation("step \(step): required \(description) is off by \(description.residual(named)) at \(values)")
            }
        }
        return run
    }

    private func solverError(_ body: () throws -> Void) -> Error? {
        do { try body() } catch { return error }
        return nil
    }
}

extension FuzzTarget {
    func checkSolver(_ bytes: [UInt8]) throws {
        let program = FuzzSolverProgram(bytes)
        let first = try program.run()
        // Nothing may depend on where objects happen to live or on hashing: a second run, with
        // new variables and constraints, gives the same values to the bit.
        let second = try program.run()
        guard first == second else { throw FuzzViolation("two runs of the same program differ: \(first) versus \(second)") }
    }
}
