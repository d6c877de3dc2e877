// The cases under "kiwi's published cases" are kiwi's own tests (py/tests/test_solver.py,
// tests/SolverTest.cpp, tests/SimplexTest.cpp in https://github.com/nucleic/kiwi), Copyright (c)
// 2013-2026, Nucleic Development Team, under the Modified BSD License (BSD-3-Clause), whose text
// is in Sources/LaunchImport/Cassowary/CassowarySolver.swift.
import Foundation
import XCTest
import Scenes
@testable import LaunchImport

/// The Cassowary solver: kiwi's own published cases, the errors, edits and removals, the
/// interchange format, and a thousand random layout-shaped systems solved by kiwisolver itself
/// (scripts/kiwi/solve.py), every value to 1e-6, including the degenerate systems whose optimum is
/// not unique, where only the same pivoting order gives the same answer.
final class CassowarySolverTests: XCTestCase {
    static let solveScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts/kiwi/solve.py").standardized.path
    static let python = "/usr/bin/python3"

    let required = ConstraintStrength.required
    let strong = ConstraintStrength.strong
    let medium = ConstraintStrength.medium
    let weak = ConstraintStrength.weak

    // MARK: kiwi's published cases (py/tests/test_solver.py, tests/SolverTest.cpp, tests/SimplexTest.cpp)

    func testManagingEditVariables() throws {
        let solver = CassowarySolver()
        let v1 = LayoutVariable("foo"), v2 = LayoutVariable("bar")
        XCTAssertFalse(solver.hasEditVariable(v1))
        try solver.addEditVariable(v1, strength: weak)
        XCTAssertTrue(solver.hasEditVariable(v1))
        XCTAssertThrowsError(try solver.addEditVariable(v1, strength: medium)) { error in
            guard case CassowaryError.duplicateEditVariable = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try solver.removeEditVariable(v2)) { error in
            guard case CassowaryError.unknownEditVariable = error else { return XCTFail("\(error)") }
        }
        try solver.removeEditVariable(v1)
        XCTAssertFalse(solver.hasEditVariable(v1))
        XCTAssertThrowsError(try solver.addEditVariable(v1, strength: required)) { error in
            guard case CassowaryError.badRequiredStrength = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try solver.addEditVariable(v1, strength: 2e9), "clips to required") { error in
            guard case CassowaryError.badRequiredStrength = error else { return XCTFail("\(error)") }
        }
        try solver.addEditVariable(v2, strength: strong)
        XCTAssertTrue(solver.hasEditVariable(v2))
        XCTAssertThrowsError(try solver.suggestValue(v1, 10)) { error in
            guard case CassowaryError.unknownEditVariable = error else { return XCTFail("\(error)") }
        }
        solver.reset()
        XCTAssertFalse(solver.hasEditVariable(v2))
    }

    func testSuggestingValuesForEditVariables() throws {
        // An edit variable entering a weak equality.
        let solver = CassowarySolver()
        let v1 = LayoutVariable("foo")
        try solver.addEditVariable(v1, strength: medium)
        try solver.addConstraint(v1.equal(to: 1, strength: weak))
        try solver.suggestValue(v1, 2)
        solver.updateVariables()
        XCTAssertEqual(v1.value, 2)

        // An edit variable entering several rows.
        solver.reset()
        let v2 = LayoutVariable("bar")
        try solver.addEditVariable(v2, strength: weak)
        try solver.addConstraint((v1 + v2).equal(to: 0))
        try solver.addConstraint(v2.lessOrEqual(to: -1))
        try solver.addConstraint(v2.greaterOrEqual(to: 0, strength: weak))
        try solver.suggestValue(v2, 0)
        solver.updateVariables()
        XCTAssertLessThanOrEqual(v2.value, -1)
    }

    func testManagingConstraints() throws {
        let solver = CassowarySolver()
        let v = LayoutVariable("foo")
        let c1 = v.greaterOrEqual(to: 1), c2 = v.lessOrEqual(to: 0)
        XCTAssertFalse(solver.hasConstraint(c1))
        try solver.addConstraint(c1)
        XCTAssertTrue(solver.hasConstraint(c1))
        XCTAssertThrowsError(try solver.addConstraint(c1)) { error in
            guard case CassowaryError.duplicateConstraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try solver.removeConstraint(c2)) { error in
            guard case CassowaryError.unknownConstraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try solver.addConstraint(c2)) { error in
            guard case CassowaryError.unsatisfiableConstraint(let refused) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(refused === c2)
        }
        XCTAssertFalse(solver.hasConstraint(c2), "a refused constraint is not added")
        try solver.removeConstraint(c1)
        XCTAssertFalse(solver.hasConstraint(c1))
        try solver.addConstraint(c2)
        XCTAssertTrue(solver.hasConstraint(c2))
        solver.reset()
        XCTAssertFalse(solver.hasConstraint(c2))
    }

    func testSolvingAnUnderConstrainedSystem() throws {
        let solver = CassowarySolver()
        let v = LayoutVariable("foo")
        let c = (2 * v + 1).greaterOrEqual(to: 0)
        try solver.addEditVariable(v, strength: weak)
        try solver.addConstraint(c)
        try solver.suggestValue(v, 10)
        solver.updateVariables()
        XCTAssertEqual(c.expression.value, 21, accuracy: 1e-6)
        XCTAssertEqual(c.expression.terms[0].coefficient * c.expression.terms[0].variable.value, 20, accuracy: 1e-6)
        XCTAssertEqual(v.value, 10, accuracy: 1e-6)
    }

    func testSolvingWithStrengths() throws {
        let v1 = LayoutVariable("foo"), v2 = LayoutVariable("bar")
        let solver = CassowarySolver()
        try solver.addConstraint((v1 + v2).equal(to: 0))
        try solver.addConstraint(v1.equal(to: 10))
        try solver.addConstraint(v2.greaterOrEqual(to: 0, strength: weak))
        solver.updateVariables()
        XCTAssertEqual(v1.value, 10, accuracy: 1e-6)
        XCTAssertEqual(v2.value, -10, accuracy: 1e-6)

        solver.reset()
        try solver.addConstraint((v1 + v2).equal(to: 0))
        try solver.addConstraint(v1.greaterOrEqual(to: 10, strength: medium))
        try solver.addConstraint(v2.equal(to: 2, strength: strong))
        solver.updateVariables()
        XCTAssertEqual(v1.value, -2, accuracy: 1e-6)
        XCTAssertEqual(v2.value, 2, accuracy: 1e-6)
    }

    func testHandlingInfeasibleConstraintsByDualOptimization() throws {
        let xm = LayoutVariable("xm"), xl = LayoutVariable("xl"), xr = LayoutVariable("xr")
        let solver = CassowarySolver()
        try solver.addEditVariable(xm, strength: strong)
        try solver.addEditVariable(xl, strength: weak)
        try solver.addEditVariable(xr, strength: weak)
        try solver.addConstraint((2 * xm).equal(to: xl + xr))
        try solver.addConstraint((xl + 20).lessOrEqual(to: xr))
        try solver.addConstraint(xl.greaterOrEqual(to: -10))
        try solver.addConstraint(xr.lessOrEqual(to: 100))
        try solver.suggestValue(xm, 40)
        try solver.suggestValue(xr, 50)
        try solver.suggestValue(xl, 30)
        // A normal update, then one that makes rows infeasible and needs the dual simplex.
        try solver.suggestValue(xm, 60)
        try solver.suggestValue(xm, 90)
        solver.updateVariables()
        XCTAssertEqual(xl.value + xr.value, 2 * xm.value, accuracy: 1e-6)
        XCTAssertEqual(xl.value, 80, accuracy: 1e-6)
        XCTAssertEqual(xr.value, 100, accuracy: 1e-6)
    }

    func testConstraintViolated() throws {
        let solver = CassowarySolver()
        let v = LayoutVariable("foo")
        let c1 = v.greaterOrEqual(to: 10), c2 = v.lessOrEqual(to: -5, strength: weak)
        try solver.addConstraint(c1)
        try solver.addConstraint(c2)
        solver.updateVariables()
        XCTAssertGreaterThanOrEqual(v.value, 10)
        XCTAssertFalse(c1.violated)
        XCTAssertTrue(c2.violated)
    }

    /// kiwi's SimplexTest: a maximisation posed as a weak edit towards a huge value.
    func testSimplexMaximization() throws {
        let x1 = LayoutVariable("x1"), x2 = LayoutVariable("x2"), x3 = LayoutVariable("x3"), z = LayoutVariable("z")
        let solver = CassowarySolver()
        try solver.addConstraint(x1.greaterOrEqual(to: 0))
        try solver.addConstraint(x2.greaterOrEqual(to: 0))
        try solver.addConstraint(x3.greaterOrEqual(to: 0))
        try solver.addConstraint((2 * x1 - 5 * x2).lessOrEqual(to: 11))
        try solver.addConstraint((-x1 + 3 * x2 + x3).equal(to: 7))
        try solver.addConstraint((x1 - 8 * x2 + 4 * x3).greaterOrEqual(to: 33))
        try solver.addConstraint(z.equal(to: -2 * x1 + 7 * x2 + 4 * x3))
        try solver.addEditVariable(z, strength: weak)
        try solver.suggestValue(z, 1e6)
        solver.updateVariables()
        XCTAssertEqual(x1.value, 13, accuracy: 1e-4)
        XCTAssertEqual(x2.value, 3, accuracy: 1e-4)
        XCTAssertEqual(x3.value, 11, accuracy: 1e-4)
        XCTAssertEqual(z.value, 39, accuracy: 1e-4)
    }

    // MARK: Strengths, expressions and constraints

    func testStrengthsAreKiwis() {
        XCTAssertEqual(required, 1_001_001_000)
        XCTAssertEqual(strong, 1_000_000)
        XCTAssertEqual(medium, 1000)
        XCTAssertEqual(weak, 1)
        XCTAssertEqual(ConstraintStrength.create(1, 2, 3), 1_002_003)
        XCTAssertEqual(ConstraintStrength.create(1, 2, 3, weight: 2), 2_004_006)
        XCTAssertEqual(ConstraintStrength.create(5000, -1, 0.5), 1_000_000_000.5, "each tier clamps to [0, 1000]")
        XCTAssertEqual(ConstraintStrength.clip(-3), 0)
        XCTAssertEqual(ConstraintStrength.clip(5e9), required)
        XCTAssertEqual(ConstraintStrength.clip(.nan), required, "as std::min and std::max make it")
        XCTAssertEqual(ConstraintStrength.clip(123), 123)
        XCTAssertEqual(LinearConstraint(LinearExpression(constant: 1), .equal, strength: 2e9).strength, required)
    }

    func testLayoutPrioritiesLandOnKiwisTiersAndOrder() {
        XCTAssertEqual(ConstraintStrength.layoutPriority(1000), required)
        XCTAssertEqual(ConstraintStrength.layoutPriority(750), strong, accuracy: 1e-6)
        XCTAssertEqual(ConstraintStrength.layoutPriority(500), medium, accuracy: 1e-9)
        XCTAssertEqual(ConstraintStrength.layoutPriority(250), weak)
        XCTAssertLessThan(ConstraintStrength.layoutPriority(999), required)
        XCTAssertGreaterThan(ConstraintStrength.layoutPriority(1), 1e-4, "well above the solver's 1e-8 zero")
        XCTAssertTrue(ConstraintStrength.layoutPriority(.nan).isNaN, "for the solver to refuse")
        var previous = 0.0
        for p in stride(from: 1.0, through: 999, by: 1) {
            XCTAssertGreaterThan(ConstraintStrength.layoutPriority(p), previous, "\(p)")
            previous = ConstraintStrength.layoutPriority(p)
        }
    }

    func testOperatorsBuildKiwisExpressions() {
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        func shape(_ e: LinearExpression) -> [String] { e.terms.map { "\($0.coefficient)\($0.variable.name)" } + ["\(e.constant)"] }
        XCTAssertEqual(shape(x + 10), ["1.0x", "10.0"])
        XCTAssertEqual(shape(10 - x), ["-1.0x", "10.0"])
        XCTAssertEqual(shape(x - y), ["1.0x", "-1.0y", "0.0"])
        XCTAssertEqual(shape(2 * x + y / 4 - 3), ["2.0x", "0.25y", "-3.0"])
        XCTAssertEqual(shape(-(x + 2 * y - 1)), ["-2.0y", "-1.0x", "1.0"], "variable + expression is expression + variable, as in kiwi")
        XCTAssertEqual(shape((x + y) * 2 - (x - 1)), ["2.0x", "2.0y", "-1.0x", "1.0"])
        // A constraint sums each variable's terms, orders variables by creation, and keeps a
        // zero sum (which the solver then skips).
        let c = (y + x + 2 * y - x).equal(to: 5)
        XCTAssertEqual(shape(c.expression), ["0.0x", "3.0y", "-5.0"])
        XCTAssertEqual(c.relation, .equal)
        XCTAssertEqual(c.strength, required)
        XCTAssertEqual(x.lessOrEqual(to: y, strength: weak).withStrength(strong).strength, strong)
        XCTAssertTrue(x.equal(to: 1) != x.equal(to: 1), "constraints are known by identity, as in kiwi")
    }

    // MARK: Errors

    func testNonFiniteNumbersAreRefusedNotTrapped() throws {
        let solver = CassowarySolver()
        let x = LayoutVariable("x")
        for constraint in [(Double.nan * x).equal(to: 1), x.equal(to: .infinity), (x + -Double.infinity).lessOrEqual(to: 0),
                           x.equal(to: 1, strength: .nan)] {
            XCTAssertThrowsError(try solver.addConstraint(constraint), "\(constraint)") { error in
                guard case CassowaryError.nonFiniteValue = error else { return XCTFail("\(error)") }
            }
            XCTAssertFalse(solver.hasConstraint(constraint))
        }
        XCTAssertThrowsError(try solver.addEditVariable(x, strength: .nan)) { error in
            guard case CassowaryError.nonFiniteValue = error else { return XCTFail("\(error)") }
        }
        try solver.addEditVariable(x, strength: strong)
        try solver.suggestValue(x, 3)
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try solver.suggestValue(x, value)) { error in
                guard case CassowaryError.nonFiniteValue = error else { return XCTFail("\(error)") }
            }
        }
        solver.updateVariables()
        XCTAssertEqual(x.value, 3, "a refused suggestion changes nothing")
        // An infinite strength is a number: it clips to required, as in kiwi.
        XCTAssertEqual(x.equal(to: 1, strength: .infinity).strength, required)
    }

    func testErrorsSayWhatHappened() {
        let x = LayoutVariable("x")
        let messages = [CassowaryError.duplicateConstraint, .unsatisfiableConstraint(x.equal(to: 1)), .unknownConstraint,
                        .duplicateEditVariable, .unknownEditVariable, .badRequiredStrength, .internalSolverError("Dual optimize failed."),
                        .nonFiniteValue("suggested value nan for x")].map(\.description)
        XCTAssertEqual(messages[0], "The constraint has already been added to the solver.")
        XCTAssertTrue(messages[1].hasPrefix("The constraint can not be satisfied: 1.0 * x + -1.0 == 0"), messages[1])
        XCTAssertEqual(messages[2], "The constraint has not been added to the solver.")
        XCTAssertEqual(messages[3], "The edit variable has already been added to the solver.")
        XCTAssertEqual(messages[4], "The edit variable has not been added to the solver.")
        XCTAssertEqual(messages[5], "A required strength cannot be used in this context.")
        XCTAssertEqual(messages[6], "Dual optimize failed.")
        XCTAssertEqual(messages[7], "Not a finite number: suggested value nan for x")
        XCTAssertEqual(LinearSystemError.unsatisfiable(constraintIndex: 3).description, "constraints[3] is required and cannot be satisfied")
    }

    // MARK: Edits and removals

    func testEditVariablesFollowSuggestionsWithinRequiredBounds() throws {
        let solver = CassowarySolver()
        let left = LayoutVariable("left"), width = LayoutVariable("width"), right = LayoutVariable("right")
        try solver.addConstraint(right.equal(to: left + width))
        try solver.addConstraint(left.greaterOrEqual(to: 0))
        try solver.addConstraint(right.lessOrEqual(to: 320))
        try solver.addConstraint(width.greaterOrEqual(to: 44))
        try solver.addConstraint(width.equal(to: 100, strength: medium))
        try solver.addEditVariable(left, strength: strong)
        for (suggested, expectedLeft, expectedWidth) in [(10.0, 10.0, 100.0), (200, 200, 100), (250, 250, 70), (300, 276, 44), (-50, 0, 100), (20, 20, 100)] {
            try solver.suggestValue(left, suggested)
            solver.updateVariables()
            XCTAssertEqual(left.value, expectedLeft, accuracy: 1e-9, "left for \(suggested)")
            XCTAssertEqual(width.value, expectedWidth, accuracy: 1e-9, "width for \(suggested)")
            XCTAssertEqual(right.value, left.value + width.value, accuracy: 1e-9)
        }
        try solver.removeEditVariable(left)
        XCTAssertFalse(solver.hasEditVariable(left))
        try solver.addEditVariable(left, strength: weak)
        try solver.suggestValue(left, 5)
        solver.updateVariables()
        XCTAssertEqual(left.value, 5, accuracy: 1e-9)
    }

    func testRemovingConstraintsRestoresWhatTheOthersGive() throws {
        let solver = CassowarySolver()
        let x = LayoutVariable("x"), w = LayoutVariable("w")
        let base = [x.greaterOrEqual(to: 0), w.greaterOrEqual(to: 0), (x + w).lessOrEqual(to: 375), w.equal(to: 200, strength: weak)]
        for c in base { try solver.addConstraint(c) }
        let centre = (x + 0.5 * w).equal(to: 187.5, strength: medium)
        let pin = x.equal(to: 300, strength: strong)
        let tooWide = w.greaterOrEqual(to: 400, strength: strong)
        try solver.addConstraint(centre)
        solver.updateVariables()
        XCTAssertEqual([x.value, w.value], [87.5, 200])
        try solver.addConstraint(pin)
        solver.updateVariables()
        XCTAssertEqual([x.value, w.value], [300, 0], "the strong pin wins; the width gives up the weak 200 to come closest to the medium centring")
        try solver.addConstraint(tooWide)
        solver.updateVariables()
        // Two strong wishes share the 375: every split of it costs them the same, and the medium
        // centring picks the one it can satisfy.
        XCTAssertEqual(x.value, 0, accuracy: 1e-9)
        XCTAssertEqual(w.value, 375, accuracy: 1e-9)
        try solver.removeConstraint(pin)
        try solver.removeConstraint(tooWide)
        solver.updateVariables()
        XCTAssertEqual(x.value, 87.5, accuracy: 1e-9)
        XCTAssertEqual(w.value, 200, accuracy: 1e-9)
        try solver.removeConstraint(centre)
        for c in base { try solver.removeConstraint(c) }
        XCTAssertThrowsError(try solver.removeConstraint(centre))
        solver.updateVariables()
        XCTAssertEqual([x.value, w.value], [0, 0], "with no constraints left, no variable is basic")
    }

    /// Removing required constraints from a layout one at a time leaves an optimum of the rest:
    /// required constraints hold, and the weighted error is a fresh solver's (the error of an
    /// optimum is unique even where the optimum is not). Only required ones: removing a
    /// non-required equality can leave its second error symbol in the tableau with nothing to
    /// bound it, and kiwi then throws "The objective is unbounded" (kiwisolver 1.4.4 aborts the
    /// process on the same sequence); so does this port, faithfully.
    func testRemovalsLeaveAnOptimumOfTheRest() throws {
        let description = LinearSystemDescription.launchScreenLike(constraintCount: 150, seed: 7)
        var named: [String: LayoutVariable] = [:]
        for name in description.variables { named[name] = LayoutVariable(name) }
        let constraints = try description.constraints.map { try LinearConstraint(describing: $0, named) }
        let solver = CassowarySolver()
        for c in constraints { try solver.addConstraint(c) }
        var rng = SeededGenerator(seed: 3)
        var remaining = Array(description.constraints.indices)
        for round in 0..<5 {
            for _ in 0..<12 {
                let candidates = remaining.indices.filter { description.constraints[remaining[$0]].strength >= required }
                let pick = candidates[Int(rng.next() % UInt64(candidates.count))]
                try solver.removeConstraint(constraints[remaining.remove(at: pick)])
            }
            solver.updateVariables()
            var values: [String: Double] = [:]
            for (name, variable) in named { values[name] = variable.value }
            let rest = LinearSystemDescription(variables: description.variables, constraints: remaining.map { description.constraints[$0] })
            let fresh = try rest.solve()
            for c in rest.constraints where c.strength >= required {
                XCTAssertTrue(c.holds(for: values), "round \(round): \(c) after removals")
            }
            XCTAssertEqual(rest.weightedError(values), rest.weightedError(fresh), accuracy: 1e-9 * max(1, rest.weightedError(fresh)), "round \(round)")
        }
    }

    /// A long drag: thousands of suggestions to a layout's edit variables. The values follow, and
    /// the solver's storage stays in proportion to its tableau.
    func testALongRunOfSuggestionsStaysBounded() throws {
        let description = LinearSystemDescription.launchScreenLike(constraintCount: 300, seed: 4, screenAsEdits: true)
        let (solver, named) = try description.solved()
        let width = named["root.w"]!, height = named["root.h"]!
        var rng = SeededGenerator(seed: 9)
        var largest = 0
        for step in 0..<4000 {
            let w = 320 + Double(rng.next() % 200), h = 568 + Double(rng.next() % 400)
            try solver.suggestValue(width, w)
            try solver.suggestValue(height, h)
            largest = max(largest, solver.footprint.columnEntries)
            if step % 500 == 0 {
                solver.updateVariables()
                var values: [String: Double] = [:]
                for (name, variable) in named { values[name] = variable.value }
                for c in description.constraints where c.strength >= required {
                    XCTAssertTrue(c.holds(for: values), "step \(step): \(c)")
                }
            }
        }
        let footprint = solver.footprint
        XCTAssertLessThanOrEqual(largest, max(4096, 8 * footprint.cells) + footprint.cells, "\(footprint)")
    }

    // MARK: Size

    func testTenThousandConstraintsSolveAndHold() throws {
        let description = LinearSystemDescription.launchScreenLike(constraintCount: 10_000, seed: 2)
        XCTAssertEqual(description.constraints.count, 10_000)
        let start = Date()
        let values = try description.solve()
        let seconds = Date().timeIntervalSince(start)
        XCTAssertLessThan(seconds, 20, "a pathological slowdown, not a timing target")
        XCTAssertTrue(values.values.allSatisfy(\.isFinite))
        for (index, constraint) in description.constraints.enumerated() where constraint.strength >= required {
            XCTAssertTrue(constraint.holds(for: values), "constraints[\(index)]: residual \(constraint.residual(values))")
        }
        XCTAssertEqual(values["root.w"], 375)
        XCTAssertEqual(values["safe.y"], 47)
    }

    func testRequiredConstraintsHoldInRandomSystems() throws {
        var generator = RandomLayoutSystems(seed: 11)
        var solved = 0
        for _ in 0..<300 {
            let system = generator.next()
            guard let values = try? system.solve() else { continue }
            solved += 1
            for (index, constraint) in system.constraints.enumerated() where constraint.strength >= required {
                XCTAssertTrue(constraint.holds(for: values), "constraints[\(index)] of \(system)")
            }
        }
        XCTAssertGreaterThan(solved, 200)
    }

    // MARK: The interchange format

    func testTheDocumentedFormatDecodesAndSolves() throws {
        let json = """
        {"variables": ["a", "b"],
         "constraints": [{"terms": [["a", 1.0], ["b", -1.0]], "constant": 10.0, "op": "==", "strength": 1001001000.0},
                         {"terms": [["b", 1]], "op": ">="}],
         "edits": [{"variable": "a", "strength": 1000000.0, "suggest": 5.0}]}
        """
        let system = try JSONDecoder().decode(LinearSystemDescription.self, from: Data(json.utf8))
        XCTAssertEqual(system.constraints[1].constant, 0, "constant defaults to 0")
        XCTAssertEqual(system.constraints[1].strength, required, "strength defaults to required")
        let values = try system.solve()
        XCTAssertEqual(values["a"] ?? .nan, 5, accuracy: 1e-9)
        XCTAssertEqual(values["b"] ?? .nan, 15, accuracy: 1e-9)
        let back = try JSONDecoder().decode(LinearSystemDescription.self, from: JSONEncoder().encode(system))
        XCTAssertEqual(back, system)
        let encoded = String(decoding: try JSONEncoder().encode(LinearSystemDescription.Term("a", 2)), as: UTF8.self)
        XCTAssertEqual(encoded, #"["a",2]"#)
        XCTAssertEqual(try JSONDecoder().decode(LinearSystemDescription.self, from: Data(#"{"variables": [], "constraints": []}"#.utf8)).edits, [])
        XCTAssertThrowsError(try JSONDecoder().decode(LinearSystemDescription.Term.self, from: Data(#"["a", 1, 2]"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(LinearSystemDescription.Constraint.self, from: Data(#"{"terms": [], "op": "<"}"#.utf8)))
    }

    func testSolveReportsWhichConstraintFailed() {
        let c = LinearSystemDescription.Constraint.self, t = LinearSystemDescription.Term.self
        let system = LinearSystemDescription(variables: ["x"], constraints: [
            c.init(terms: [t.init("x", 1)], constant: -10, op: .greaterOrEqual),
            c.init(terms: [t.init("x", 1)], constant: -20, op: .lessOrEqual),
            c.init(terms: [t.init("x", 1)], constant: -5, op: .lessOrEqual),
        ])
        XCTAssertThrowsError(try system.solve()) { error in
            guard case LinearSystemError.unsatisfiable(constraintIndex: 2) = error else { return XCTFail("\(error)") }
        }
        var unknown = system
        unknown.constraints[1].terms.append(t.init("y", 1))
        XCTAssertThrowsError(try unknown.solve()) { error in
            guard case LinearSystemError.unknownVariable("y") = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try LinearSystemDescription(variables: ["x", "x"], constraints: []).solve()) { error in
            guard case LinearSystemError.duplicateVariable("x") = error else { return XCTFail("\(error)") }
        }
        var nonFinite = system
        nonFinite.constraints[0].constant = .nan
        XCTAssertThrowsError(try nonFinite.solve()) { error in
            guard case LinearSystemError.constraintFailed(constraintIndex: 0, .nonFiniteValue) = error else { return XCTFail("\(error)") }
        }
        var badEdit = LinearSystemDescription(variables: ["x"], constraints: [])
        badEdit.edits = [.init(variable: "x", strength: required, suggest: 1)]
        XCTAssertThrowsError(try badEdit.solve()) { error in
            guard case LinearSystemError.editFailed(editIndex: 0, .badRequiredStrength) = error else { return XCTFail("\(error)") }
        }
    }

    func testTheSyntheticLayoutIsTheSameForASeedAndSatisfiable() throws {
        let a = LinearSystemDescription.launchScreenLike(constraintCount: 1000, seed: 1)
        XCTAssertEqual(a, LinearSystemDescription.launchScreenLike(constraintCount: 1000, seed: 1))
        XCTAssertNotEqual(a, LinearSystemDescription.launchScreenLike(constraintCount: 1000, seed: 2))
        XCTAssertEqual(a.constraints.count, 1000)
        XCTAssertEqual(LinearSystemDescription.launchScreenLike(constraintCount: 0, seed: 1).constraints, [])
        let strengths = Set(a.constraints.map(\.strength))
        XCTAssertTrue([required, strong, medium, weak, ConstraintStrength.layoutPriority(999)].allSatisfy(strengths.contains), "mixed priorities")
        let values = try a.solve()
        XCTAssertEqual(values["root.h"], 812)
        let edited = LinearSystemDescription.launchScreenLike(constraintCount: 300, seed: 1, screenAsEdits: true)
        XCTAssertEqual(edited.edits.map(\.variable), ["root.w", "root.h"])
        // A strong edit is a wish like the others: several of them can pull the screen wider.
        let editedValues = try edited.solve()
        for c in edited.constraints where c.strength >= required { XCTAssertTrue(c.holds(for: editedValues), "\(c)") }
    }

    // MARK: Against kiwisolver

    /// One thousand random layout-shaped systems, plus the synthetic screens, solved here and by
    /// kiwisolver (one run of scripts/kiwi/solve.py): every variable to 1e-6, and the same first
    /// unsatisfiable constraint where there is one.
    func testAgreesWithKiwisolver() throws {
        var generator = RandomLayoutSystems(seed: 20_240_601)
        var systems = (0..<1000).map { _ in generator.next() }
        systems += [LinearSystemDescription.launchScreenLike(constraintCount: 1000, seed: 1),
                    LinearSystemDescription.launchScreenLike(constraintCount: 400, seed: 5, screenAsEdits: true)]
        systems += (0..<20).map { LinearSystemDescription.launchScreenLike(constraintCount: 30 + 10 * $0, seed: UInt64(100 + $0), screenAsEdits: $0 % 2 == 1) }

        let kiwi = try Self.solveWithKiwisolver(systems)
        XCTAssertEqual(kiwi.count, systems.count)
        var solved = 0, unsatisfiable = 0, tied = 0, internalErrors = 0
        for (index, (system, reference)) in zip(systems, kiwi).enumerated() {
            let ours: Result<[String: Double], Error> = Result { try system.solve() }
            switch (ours, reference.error) {
            case (.success(let values), nil):
                guard let expected = reference.values else { XCTFail("system \(index): kiwisolver returned nothing"); continue }
                XCTAssertEqual(Set(values.keys), Set(expected.keys), "system \(index)")
                for (name, value) in expected {
                    let mine = values[name] ?? .nan
                    if !(abs(mine - value) <= 1e-6) {
                        XCTFail("system \(index): \(name) = \(mine), kiwisolver \(value)\n\(Self.json(system))")
                        break
                    }
                }
                solved += 1
                if system.hasTies { tied += 1 }
            case (.failure(LinearSystemError.unsatisfiable(let i)), "unsatisfiable"):
                XCTAssertEqual(i, reference.index, "system \(index): first unsatisfiable constraint")
                unsatisfiable += 1
            case (.failure(LinearSystemError.editFailed), "other"):
                break
            case (.failure(LinearSystemError.constraintFailed(let i, .internalSolverError(let message))), "internal"):
                // kiwi's own failures, which a faithful port shares: about one system in a
                // hundred, with redundant required constraints, ends in "The objective is
                // unbounded." in kiwi.
                XCTAssertEqual("constraints[\(i)]", reference.stage, "system \(index)")
                XCTAssertEqual(message, reference.message, "system \(index)")
                internalErrors += 1
            case (.failure(LinearSystemError.editFailed(_, .internalSolverError(let message))), "internal"):
                XCTAssertEqual("edits", reference.stage, "system \(index)")
                XCTAssertEqual(message, reference.message, "system \(index)")
                internalErrors += 1
            case (.success, let error?):
                XCTFail("system \(index): solved here, kiwisolver says \(error) \(reference.index.map(String.init) ?? reference.message ?? "")\n\(Self.json(system))")
            case (.failure(let error), let kiwiError):
                XCTFail("system \(index): \(error) here, kiwisolver \(kiwiError ?? "solved it")\n\(Self.json(system))")
            }
        }
        // The sample exercises what it is meant to.
        XCTAssertGreaterThan(unsatisfiable, 30, "unsatisfiable systems")
        XCTAssertGreaterThan(tied, 100, "systems with competing constraints of equal strength")
        XCTAssertGreaterThan(solved, 600, "systems solved by both")
        XCTAssertLessThan(internalErrors, 30, "systems kiwi itself fails on")
    }

    struct KiwiResult: Decodable {
        var values: [String: Double]?
        var error: String?
        var index: Int?
        var message: String?
        var stage: String?
    }

    static func json(_ system: LinearSystemDescription) -> String {
        (try? String(decoding: JSONEncoder().encode(system), as: UTF8.self)) ?? "?"
    }

    /// Runs scripts/kiwi/solve.py once over all the systems. Fails, never skips, without
    /// kiwisolver: the comparison is the point.
    static func solveWithKiwisolver(_ systems: [LinearSystemDescription]) throws -> [KiwiResult] {
        let install = "kiwisolver is needed for this test: apt-get install python3-kiwisolver (for \(python))"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Failure("\(python) is missing; \(install)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("systems.json"), output = folder.appendingPathComponent("results.json")
        try JSONEncoder().encode(systems).write(to: input)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [solveScript, input.path]
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else { throw Failure("cannot write \(output.path)") }
        let outputHandle = try FileHandle(forWritingTo: output)
        let errors = Pipe()
        process.standardOutput = outputHandle
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try outputHandle.close()
        let message = String(decoding: stderr, as: UTF8.self)
        if process.terminationStatus == 3 || message.contains("No module named") {
            // solve.py says which interpreter lacks kiwisolver and how to install it.
            throw Failure(message.contains("apt-get install") ? message.trimmingCharacters(in: .whitespacesAndNewlines) : "\(message); \(install)")
        }
        guard process.terminationStatus == 0 else { throw Failure("solve.py exited \(process.terminationStatus): \(message)") }
        return try JSONDecoder().decode([KiwiResult].self, from: Data(contentsOf: output))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension LinearConstraint {
    /// The description's constraint over the given variables.
    convenience init(describing description: LinearSystemDescription.Constraint, _ named: [String: LayoutVariable]) throws {
        let terms = description.terms.map { (named[$0.variable]!, $0.coefficient) }
        self.init(LinearExpression(terms: terms, constant: description.constant), description.op, strength: description.strength)
    }
}

extension LinearSystemDescription {
    /// Σ strength × error over the non-required constraints: what the solver minimises.
    func weightedError(_ values: [String: Double]) -> Double {
        constraints.filter { $0.strength < ConstraintStrength.required }.reduce(0) { sum, c in
            let r = c.residual(values)
            switch c.op {
            case .equal: return sum + c.strength * abs(r)
            case .lessOrEqual: return sum + c.strength * max(0, r)
            case .greaterOrEqual: return sum + c.strength * max(0, -r)
            }
        }
    }

    /// Whether two non-required constraints of the same strength name a common variable: the
    /// systems where the optimum may not be unique, so only kiwi's pivoting order gives kiwi's
    /// answer.
    var hasTies: Bool {
        var seen: [Double: Set<String>] = [:]
        for c in constraints where c.strength < ConstraintStrength.required {
            let names = Set(c.terms.map(\.variable))
            if let earlier = seen[c.strength], !earlier.isDisjoint(with: names) { return true }
            seen[c.strength, default: []].formUnion(names)
        }
        return false
    }
}

/// Small random systems shaped like Auto Layout's: views as frames (x, y, w, h) or as edges,
/// tied to a parent, a sibling or constants by equalities and inequalities at required,
/// UIKit-priority and kiwi strengths; and, often, what makes a solver's choices visible: equal
/// strengths pulling apart, duplicated constraints, redundant required equalities, contradictory
/// required ones, variables only bounded on one side, zero and repeated terms, edit variables.
struct RandomLayoutSystems {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(choices.count)] }

    mutating func strength() -> Double {
        switch int(10) {
        case 0..<3: return ConstraintStrength.required
        case 3..<7: return ConstraintStrength.layoutPriority(pick([999, 750, 500, 250, 1]))
        case 7..<9: return pick([ConstraintStrength.strong, ConstraintStrength.medium, ConstraintStrength.weak])
        default: return ConstraintStrength.create(Double(int(3)), Double(int(5)), Double(int(9)), weight: pick([1, 0.5, 2]))
        }
    }

    mutating func next() -> LinearSystemDescription {
        typealias Term = LinearSystemDescription.Term
        var variables: [String] = []
        var constraints: [LinearSystemDescription.Constraint] = []
        var attributes: [[[Term]]] = []  // per view: left, right, top, bottom, centreX, centreY, width, height
        let viewCount = 1 + int(6)
        for v in 0..<viewCount {
            let names = ["x", "y", "w", "h"].map { "v\(v).\($0)" }
            variables += names
            if chance(50) {
                // A frame: edges are sums.
                let (x, y, w, h) = (names[0], names[1], names[2], names[3])
                attributes.append([[Term(x, 1)], [Term(x, 1), Term(w, 1)], [Term(y, 1)], [Term(y, 1), Term(h, 1)],
                                   [Term(x, 1), Term(w, 0.5)], [Term(y, 1), Term(h, 0.5)], [Term(w, 1)], [Term(h, 1)]])
            } else {
                // Edges: sizes are differences (names read left, top, right, bottom).
                let (l, t, r, b) = (names[0], names[1], names[2], names[3])
                attributes.append([[Term(l, 1)], [Term(r, 1)], [Term(t, 1)], [Term(b, 1)],
                                   [Term(l, 0.5), Term(r, 0.5)], [Term(t, 0.5), Term(b, 0.5)],
                                   [Term(r, 1), Term(l, -1)], [Term(b, 1), Term(t, -1)]])
            }
        }
        if chance(20) { variables.append("unused") }
        let ties = chance(40)
        let tieStrength = ConstraintStrength.layoutPriority(pick([750, 500, 250]))

        let count = viewCount * (2 + int(5))
        for _ in 0..<count {
            let v = int(viewCount)
            let a = int(8)
            var terms = attributes[v][a]
            var constant = Double(int(100) * 4 - 100)
            if chance(10) { constant += pick([0.5, 1.0 / 3, 0.25]) }
            if chance(70) && viewCount > 1 {
                var other = int(viewCount)
                if other == v { other = (v + 1) % viewCount }
                let multiplier = chance(75) ? 1 : pick([0.5, 2, -1, 0.75, 1.0 / 3])
                terms += attributes[other][chance(60) ? a : int(8)].map { Term($0.variable, -$0.coefficient * multiplier) }
            }
            if chance(5) { terms.append(Term(terms[0].variable, 0)) }
            if chance(5) { terms += [Term(terms[0].variable, 1), Term(terms[0].variable, -1)] }
            let op: ConstraintRelation = pick([.equal, .equal, .lessOrEqual, .greaterOrEqual])
            var strength = strength()
            if ties && strength < ConstraintStrength.required && chance(60) { strength = tieStrength }
            if chance(5) { constant = -constant }
            constraints.append(.init(terms: terms, constant: constant, op: op, strength: strength))
            // Degenerate company.
            if chance(6) { constraints.append(constraints[int(constraints.count)]) }
            if int(1000) < 15 {
                var contradiction = constraints[constraints.count - 1]
                contradiction.constant += pick([4.0, -8, 1e-3])
                contradiction.strength = ConstraintStrength.required
                constraints.append(contradiction)
            }
        }
        // Sizes are not negative, mostly.
        for v in 0..<viewCount where chance(70) {
            constraints.append(.init(terms: attributes[v][6], op: .greaterOrEqual))
            constraints.append(.init(terms: attributes[v][7], op: .greaterOrEqual))
        }
        var edits: [LinearSystemDescription.Edit] = []
        if chance(30) {
            for name in Set((0..<(1 + int(3))).map { _ in pick(variables) }).sorted() {
                edits.append(.init(variable: name, strength: pick([ConstraintStrength.strong, ConstraintStrength.medium,
                                                                   ConstraintStrength.weak, ConstraintStrength.layoutPriority(999)]),
                                   suggest: Double(int(600)) - 100))
            }
        }
        return LinearSystemDescription(variables: variables, constraints: constraints, edits: edits)
    }
}
