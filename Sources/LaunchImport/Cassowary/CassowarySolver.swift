// The Cassowary incremental simplex solver, as kiwi implements it.
//
// Ported from kiwi (https://github.com/nucleic/kiwi), the C++ solver behind Python's kiwisolver,
// kiwi/solverimpl.h and kiwi/solver.h, as kiwisolver 1.4.4 ships them (kiwi 1.4.2; later sources
// keep the same algorithm): the same tableau (rows keyed by basic symbol, cells in symbol-id
// order), the same symbols per constraint, the same pivoting rules and the same order of every
// walk, so that where the optimum is not unique this solver picks the vertex kiwi picks. Each
// method below names the kiwi method it ports.
//
// What is not in kiwi is there for speed and changes no result: kiwi finds the rows a symbol is
// in by walking every row, which makes each pivot cost the whole tableau; here each symbol keeps
// a column, the rows it may be in, and where kiwi's walk order decides something (which row
// leaves on a tie, the order infeasible rows are listed in) the same choice is made from the
// symbols' ids. The objective is held densely (see ObjectiveRow), and rows are values in an
// array rather than objects. And two guards: non-finite input is refused, and a pivot count
// bounds each optimisation loop.
//
// kiwi's licence, which covers this port:
//
// Copyright (c) 2013, Nucleic Development Team
//
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// Redistributions of source code must retain the above copyright notice, this
// list of conditions and the following disclaimer.
//
// Redistributions in binary form must reproduce the above copyright notice, this
// list of conditions and the following disclaimer in the documentation and/or
// other materials provided with the distribution.
//
// Neither the name of the Nucleic Development Team nor the names of its
// contributors may be used to endorse or promote products derived from this
// software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

/// Finds values for `LayoutVariable`s that satisfy every required constraint and minimise the
/// strength-weighted error of the others. Constraints are added and removed one at a time, each
/// leaving the solution optimal; edit variables take suggested values cheaply (dual simplex).
///
/// As in kiwi, a failure can leave the solver unusable: after `unsatisfiableConstraint` the
/// failed attempt stays in the tableau and may break constraints added before; an internal
/// error ("The objective is unbounded.", which kiwi can reach with redundant required
/// constraints, or on removing a non-required equality) leaves the tableau where it stopped;
/// and removing one of two redundant required equalities can drop the other too. Rebuild from
/// the constraints that should hold instead. Not thread-safe.
public final class CassowarySolver {
    private var core = SolverCore()

    public init() {}

    /// Adds a constraint and re-optimises (kiwi's `addConstraint`).
    /// - Throws: `duplicateConstraint`; `unsatisfiableConstraint` if it is required and cannot
    ///   hold with the required constraints already added; `nonFiniteValue` for a NaN or infinite
    ///   number or a NaN strength; `internalSolverError` where kiwi would.
    public func addConstraint(_ constraint: LinearConstraint) throws { try core.addConstraint(constraint) }

    /// Removes a constraint and re-optimises (kiwi's `removeConstraint`).
    /// - Throws: `unknownConstraint`; `internalSolverError` where kiwi would.
    public func removeConstraint(_ constraint: LinearConstraint) throws { try core.removeConstraint(constraint) }

    public func hasConstraint(_ constraint: LinearConstraint) -> Bool { core.hasConstraint(constraint) }

    /// Makes `variable` one whose value `suggestValue` sets, as an equality at `strength`
    /// (kiwi's `addEditVariable`). Its suggested value starts at 0.
    /// - Throws: `duplicateEditVariable`; `badRequiredStrength` if the strength clips to
    ///   required; `nonFiniteValue` for a NaN strength.
    public func addEditVariable(_ variable: LayoutVariable, strength: Double) throws {
        try core.addEditVariable(variable, strength: strength)
    }

    /// kiwi's `removeEditVariable`.
    /// - Throws: `unknownEditVariable`.
    public func removeEditVariable(_ variable: LayoutVariable) throws { try core.removeEditVariable(variable) }

    public func hasEditVariable(_ variable: LayoutVariable) -> Bool { core.hasEditVariable(variable) }

    /// Suggests a value for an edit variable and restores feasibility by the dual simplex (kiwi's
    /// `suggestValue`).
    /// - Throws: `unknownEditVariable`; `nonFiniteValue` for a NaN or infinite value.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws { try core.suggestValue(variable, value) }

    /// Writes each variable's value: its row's constant if it is basic, else 0 (kiwi's
    /// `updateVariables`).
    public func updateVariables() { core.updateVariables() }

    /// Forgets every constraint, edit and variable (kiwi's `reset`).
    public func reset() { core = SolverCore() }

    /// How many rows and how many cells the tableau has, and how many entries its columns use.
    var footprint: (rows: Int, cells: Int, columnEntries: Int) { core.footprint }
}

/// The solver's state and kiwi's algorithm over it (kiwi/solverimpl.h, `SolverImpl`). A
/// structure, so that its mutating methods touch its storage without the run-time exclusivity
/// checks a class's properties need.
struct SolverCore {
    /// The symbols that stand for a constraint in the tableau: `marker` finds its row when it is
    /// removed; `other` is its second error symbol (kiwi's `Tag`).
    struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
    }

    /// kiwi's `EditInfo`: the edit constraint and the value last suggested.
    struct EditInfo {
        var tag: Tag
        var constraint: LinearConstraint
        var constant: Double
    }

    /// kiwi's `m_cns`.
    private var constraints: [ObjectIdentifier: (constraint: LinearConstraint, tag: Tag)] = [:]
    /// kiwi's `m_rows`: the basic symbols' rows, in `rows` at the slot `slotByID` gives for the
    /// symbol's id (-1 where it is not basic). Slots of rows that left are reused.
    private var rows = ContiguousArray<Row>()
    /// The basic symbol whose row each slot holds, for rebuilding the columns.
    private var basisBySlot = ContiguousArray<Symbol>()
    private var slotByID = ContiguousArray<Int32>([-1])
    private var freeSlots = ContiguousArray<Int>()
    private var rowCount = 0
    /// Each symbol's column: the basic symbols whose rows may hold it. Every row that does is
    /// listed, possibly more than once, and so may rows that no longer do or are no longer
    /// basic; walks drop those (`collectRows`). A column is a list threaded through `entries`
    /// from `columnHeads[id]`, so that listing a row costs no allocation; dropped entries are
    /// reused, linked from `freeEntry`.
    private var columnHeads = ContiguousArray<Int32>([-1])
    private var entries = ContiguousArray<ColumnEntry>()
    private var freeEntry: Int32 = -1
    /// A column only sheds its stale entries when it is walked, and some never are; past this
    /// many entries the columns are rebuilt from the rows, so that a long run of edits cannot
    /// grow them without bound (`rebuildColumnsIfLarge`).
    private var entryLimit = 4096

    struct ColumnEntry {
        /// The `Symbol.raw` of the basic symbol whose row this is.
        var basis: Int
        /// The next entry of the column, or -1.
        var next: Int32
    }
    /// The restricted (non-external) basic symbols whose rows' constants are negative, in id
    /// order: the rows kiwi's `substitute` lists as infeasible each time it runs.
    private var negativeRows = ContiguousArray<Symbol>()
    /// kiwi's `m_vars`: each variable's external symbol, made when a constraint first names it.
    private var variables: [ObjectIdentifier: (variable: LayoutVariable, symbol: Symbol)] = [:]
    /// kiwi's `m_edits`.
    private var edits: [ObjectIdentifier: EditInfo] = [:]
    /// kiwi's `m_infeasible_rows`: basic symbols whose rows went negative, worked through last
    /// first by the dual optimisation. Rows that turn negative while constraints are added stay
    /// listed until the next suggested value, as in kiwi.
    private var infeasibleRows = ContiguousArray<Symbol>()
    private var objective = ObjectiveRow()
    /// The phase-one objective while a constraint is added through an artificial variable.
    private var artificial: Row?
    private var idTick = 1
    /// Buffers reused by every substitution: the merge target (see `Row.insert`), the symbols a
    /// merge added, and the rows a column walk found.
    private var scratch = ContiguousArray<Cell>()
    private var added = ContiguousArray<Symbol>()
    private var found = ContiguousArray<Symbol>()
    /// Counts column walks, to see each row once per walk (`Row.stamp`).
    private var walk = 0

    // MARK: kiwi/solverimpl.h, public section

    /// kiwi's `addConstraint`.
    mutating func addConstraint(_ constraint: LinearConstraint) throws {
        guard constraints[ObjectIdentifier(constraint)] == nil else { throw CassowaryError.duplicateConstraint }
        guard constraint.isFinite else { throw CassowaryError.nonFiniteValue("\(constraint)") }

        // Creating the row gives the constraint's new variables their symbols; they stay known
        // even if the constraint is refused, as in kiwi.
        var tag = Tag()
        var row = createRow(constraint, &tag)
        var subject = chooseSubject(row, tag)

        // A row of nothing but dummies is a required equality already implied by the others:
        // redundant if its constant is zero (the new dummy becomes basic), contradictory if not.
        if subject.isInvalid && allDummies(row) {
            guard nearZero(row.constant) else { throw CassowaryError.unsatisfiableConstraint(constraint) }
            subject = tag.marker
        }

        if subject.isInvalid {
            guard try addWithArtificialVariable(row) else { throw CassowaryError.unsatisfiableConstraint(constraint) }
        } else {
            row.solveFor(subject)
            substitute(subject, row)
            setRow(row, for: subject)
        }

        constraints[ObjectIdentifier(constraint)] = (constraint, tag)

        // Optimising after each constraint keeps the tableau small on average and always
        // consistent.
        try optimize()
    }

    /// kiwi's `removeConstraint`.
    mutating func removeConstraint(_ constraint: LinearConstraint) throws {
        guard let entry = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw CassowaryError.unknownConstraint
        }
        let tag = entry.tag

        // The error symbols leave the objective before any pivot; pivoting first would
        // substitute them into the objective and leave the wrong optimum.
        removeConstraintEffects(constraint, tag)

        // A basic marker's row is the constraint's row: drop it. Otherwise pivot the marker into
        // the basis, and drop the row it gets.
        if takeRow(for: tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker), var row = takeRow(for: leaving) else {
                throw CassowaryError.internalSolverError("failed to find leaving row")
            }
            row.solveFor(leaving, tag.marker)
            substitute(tag.marker, row)
        }

        try optimize()
    }

    func hasConstraint(_ constraint: LinearConstraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    /// kiwi's `addEditVariable`.
    mutating func addEditVariable(_ variable: LayoutVariable, strength: Double) throws {
        guard edits[ObjectIdentifier(variable)] == nil else { throw CassowaryError.duplicateEditVariable }
        guard !strength.isNaN else { throw CassowaryError.nonFiniteValue("edit strength of \(variable.name)") }
        let clipped = ConstraintStrength.clip(strength)
        guard clipped != ConstraintStrength.required else { throw CassowaryError.badRequiredStrength }
        let constraint = LinearConstraint(LinearExpression(variable), .equal, strength: clipped)
        try addConstraint(constraint)
        let tag = constraints[ObjectIdentifier(constraint)]!.tag
        edits[ObjectIdentifier(variable)] = EditInfo(tag: tag, constraint: constraint, constant: 0)
    }

    /// kiwi's `removeEditVariable`.
    mutating func removeEditVariable(_ variable: LayoutVariable) throws {
        guard let info = edits[ObjectIdentifier(variable)] else { throw CassowaryError.unknownEditVariable }
        try removeConstraint(info.constraint)
        edits[ObjectIdentifier(variable)] = nil
    }

    func hasEditVariable(_ variable: LayoutVariable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// kiwi's `suggestValue`: moves the edit constraint's constant by the change in the row of
    /// whichever error symbol is basic, or else in every row that has the marker, listing the
    /// restricted rows that go negative (in id order, as kiwi's walk lists them); then the dual
    /// simplex, which kiwi runs from a guard's destructor after whichever branch returned.
    mutating func suggestValue(_ variable: LayoutVariable, _ value: Double) throws {
        guard var info = edits[ObjectIdentifier(variable)] else { throw CassowaryError.unknownEditVariable }
        guard value.isFinite else { throw CassowaryError.nonFiniteValue("suggested value \(value) for \(variable.name)") }
        let delta = value - info.constant
        info.constant = value
        edits[ObjectIdentifier(variable)] = info
        let tag = info.tag

        if let slot = slot(of: tag.marker) {
            if rows[slot].add(-delta) < 0.0 { infeasibleRows.append(tag.marker) }
            noteSign(of: tag.marker, rows[slot].constant)
        } else if let slot = slot(of: tag.other) {
            if rows[slot].add(delta) < 0.0 { infeasibleRows.append(tag.other) }
            noteSign(of: tag.other, rows[slot].constant)
        } else {
            collectRows(with: tag.marker)
            var negative = ContiguousArray<Symbol>()
            for basis in found {
                let slot = Int(slotByID[basis.id])
                let coefficient = rows[slot].coefficient(for: tag.marker)
                if coefficient != 0.0 && rows[slot].add(delta * coefficient) < 0.0 && !basis.isExternal {
                    negative.append(basis)
                }
                noteSign(of: basis, rows[slot].constant)
            }
            negative.sort()
            infeasibleRows.append(contentsOf: negative)
        }

        try dualOptimize()
    }

    /// kiwi's `updateVariables`.
    func updateVariables() {
        for (variable, symbol) in variables.values {
            variable.value = slot(of: symbol).map { rows[$0].constant } ?? 0
        }
    }

    var footprint: (rows: Int, cells: Int, columnEntries: Int) {
        var cells = 0
        for slot in rows.indices where slotByID[basisBySlot[slot].id] == Int32(slot) { cells += rows[slot].cells.count }
        return (rowCount, cells, entries.count)
    }

    // MARK: The row map (kiwi's m_rows) and the columns

    @inline(__always) private func slot(of symbol: Symbol) -> Int? {
        let id = symbol.id
        guard id < slotByID.count else { return nil }
        let slot = slotByID[id]
        return slot < 0 ? nil : Int(slot)
    }

    /// kiwi's `m_rows[symbol] = row`; lists the row in the column of each symbol it holds. The
    /// symbol must not be basic already (kiwi never makes it replace a row).
    private mutating func setRow(_ row: consuming Row, for symbol: Symbol) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            rows[slot] = row
            basisBySlot[slot] = symbol
        } else {
            slot = rows.count
            rows.append(row)
            basisBySlot.append(symbol)
        }
        slotByID[symbol.id] = Int32(slot)
        rowCount += 1
        rows[slot].cells.withUnsafeBufferPointer { cells in
            for cell in cells { list(symbol, inColumnOf: cell.symbol) }
        }
        noteSign(of: symbol, rows[slot].constant)
        rebuildColumnsIfLarge()
    }

    /// Lists every basic row afresh in the columns of its symbols, dropping every stale entry,
    /// once the entries outgrow `entryLimit`; the next limit is four times what is left. Run
    /// where no walk is under way (after a row is set).
    private mutating func rebuildColumnsIfLarge() {
        guard entries.count > entryLimit else { return }
        entries.removeAll(keepingCapacity: true)
        freeEntry = -1
        for id in columnHeads.indices { columnHeads[id] = -1 }
        for slot in rows.indices where slotByID[basisBySlot[slot].id] == Int32(slot) {
            let basis = basisBySlot[slot]
            rows[slot].cells.withUnsafeBufferPointer { cells in
                for cell in cells { list(basis, inColumnOf: cell.symbol) }
            }
        }
        entryLimit = max(4096, 4 * entries.count)
    }

    /// kiwi's `m_rows.erase`: takes the symbol's row out of the tableau.
    private mutating func takeRow(for symbol: Symbol) -> Row? {
        guard let slot = slot(of: symbol) else { return nil }
        var row = Row()
        swap(&row, &rows[slot])
        slotByID[symbol.id] = -1
        freeSlots.append(slot)
        rowCount -= 1
        setNegative(symbol, false)
        return row
    }

    /// Keeps `negativeRows` right after a basic row's constant may have changed sign.
    @inline(__always) private mutating func noteSign(of symbol: Symbol, _ constant: Double) {
        if !symbol.isExternal { setNegative(symbol, constant < 0.0) }
    }

    private mutating func setNegative(_ symbol: Symbol, _ negative: Bool) {
        var low = 0, high = negativeRows.count
        while low < high {
            let middle = (low + high) &>> 1
            if negativeRows[middle].raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        let listed = low < negativeRows.count && negativeRows[low] == symbol
        if negative && !listed { negativeRows.insert(symbol, at: low) }
        if !negative && listed { negativeRows.remove(at: low) }
    }

    /// Lists the row of `basis` in the column of `symbol`.
    @inline(__always) private mutating func list(_ basis: Symbol, inColumnOf symbol: Symbol) {
        let head = columnHeads[symbol.id]
        if freeEntry >= 0 {
            let entry = Int(freeEntry)
            freeEntry = entries[entry].next
            entries[entry] = ColumnEntry(basis: basis.raw, next: head)
            columnHeads[symbol.id] = Int32(entry)
        } else {
            columnHeads[symbol.id] = Int32(entries.count)
            entries.append(ColumnEntry(basis: basis.raw, next: head))
        }
    }

    /// Leaves in `found` the basic symbols of the rows that hold `symbol`, each once, in no
    /// particular order, and drops from its column the entries that lead nowhere.
    private mutating func collectRows(with symbol: Symbol) {
        found.removeAll(keepingCapacity: true)
        walk += 1
        var previous: Int32 = -1
        var entry = columnHeads[symbol.id]
        while entry >= 0 {
            let next = entries[Int(entry)].next
            let basis = Symbol(raw: entries[Int(entry)].basis)
            if let slot = slot(of: basis), rows[slot].stamp != walk, rows[slot].contains(symbol) {
                rows[slot].stamp = walk
                found.append(basis)
                previous = entry
            } else {
                if previous < 0 { columnHeads[symbol.id] = next } else { entries[Int(previous)].next = next }
                entries[Int(entry)].next = freeEntry
                freeEntry = entry
            }
            entry = next
        }
    }

    /// Empties the column of `symbol`, which no row holds any more.
    private mutating func clearColumn(of symbol: Symbol) {
        var entry = columnHeads[symbol.id]
        while entry >= 0 {
            let next = entries[Int(entry)].next
            entries[Int(entry)].next = freeEntry
            freeEntry = entry
            entry = next
        }
        columnHeads[symbol.id] = -1
    }

    private mutating func makeSymbol(_ kind: Int) -> Symbol {
        let symbol = Symbol(kind: kind, id: idTick)
        idTick += 1
        slotByID.append(-1)
        columnHeads.append(-1)
        objective.grow(to: idTick)
        return symbol
    }

    // MARK: kiwi/solverimpl.h, private section

    /// kiwi's `getVarSymbol`.
    private mutating func symbol(for variable: LayoutVariable) -> Symbol {
        if let known = variables[ObjectIdentifier(variable)] { return known.symbol }
        let symbol = makeSymbol(Symbol.externalKind)
        variables[ObjectIdentifier(variable)] = (variable, symbol)
        return symbol
    }

    /// The constraint as a row with its basic variables substituted, plus its slack, error or
    /// dummy symbols, signed so the constant is not negative (kiwi's `createRow`). Terms with a
    /// near-zero coefficient are skipped and their variables get no symbol. Error symbols enter
    /// the objective at the constraint's strength.
    private mutating func createRow(_ constraint: LinearConstraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)

        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let slot = slot(of: symbol) {
                row.insert(rows[slot], term.coefficient, scratch: &scratch, added: &added)
                added.removeAll(keepingCapacity: true)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }

        let strength = constraint.strength
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let coefficient = constraint.relation == .lessOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(Symbol.slackKind)
            tag.marker = slack
            row.insert(slack, coefficient)
            if strength < ConstraintStrength.required {
                let error = makeSymbol(Symbol.errorKind)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, strength)
            }
        case .equal:
            if strength < ConstraintStrength.required {
                // expression = errorPlus - errorMinus
                let errorPlus = makeSymbol(Symbol.errorKind)
                let errorMinus = makeSymbol(Symbol.errorKind)
                tag.marker = errorPlus
                tag.other = errorMinus
                row.insert(errorPlus, -1.0)
                row.insert(errorMinus, 1.0)
                objective.insert(errorPlus, strength)
                objective.insert(errorMinus, strength)
            } else {
                let dummy = makeSymbol(Symbol.dummyKind)
                tag.marker = dummy
                row.insert(dummy)
            }
        }

        if row.constant < 0.0 { row.reverseSign() }
        return row
    }

    /// The symbol to solve a new row for (kiwi's `chooseSubject`): its first external symbol;
    /// else its marker, then its other symbol, if slack or error with a negative coefficient;
    /// else invalid.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.isExternal { return cell.symbol }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0.0 { return tag.marker }
        if tag.other.isPivotable && row.coefficient(for: tag.other) < 0.0 { return tag.other }
        return .invalid
    }

    /// Adds a row no symbol could be solved for, through an artificial variable whose phase-one
    /// objective is driven to zero; false if it cannot be, which makes the constraint
    /// unsatisfiable (kiwi's `addWithArtificialVariable`).
    private mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = makeSymbol(Symbol.slackKind)
        setRow(row, for: art)
        artificial = row

        try optimize(phaseOne: true)
        let success = nearZero(artificial!.constant)
        artificial = nil

        // If the artificial variable is still basic, pivot its row onto another symbol; a row
        // left with only a constant goes.
        if var artRow = takeRow(for: art) {
            if artRow.cells.isEmpty { return success }
            let entering = anyPivotableSymbol(artRow)
            if entering.isInvalid { return false }
            artRow.solveFor(art, entering)
            substitute(entering, artRow)
            setRow(artRow, for: entering)
        }

        // Take the artificial variable out of every row (kiwi walks them all; the others have no
        // cell for it).
        collectRows(with: art)
        for basis in found { rows[Int(slotByID[basis.id])].remove(art) }
        clearColumn(of: art)
        objective.remove(art)
        return success
    }

    /// Replaces a parametric symbol by its row everywhere: every row that has it, the objective
    /// and the phase-one objective (kiwi's `substitute`). Then, as kiwi's walk does, lists every
    /// restricted row left negative as infeasible, whether this substitution touched it or not,
    /// in id order.
    private mutating func substitute(_ symbol: Symbol, _ row: Row) {
        collectRows(with: symbol)
        var targets = ContiguousArray<Symbol>()
        swap(&targets, &found)
        for basis in targets {
            let slot = Int(slotByID[basis.id])
            rows[slot].substitute(symbol, row, scratch: &scratch, added: &added)
            for newSymbol in added { list(basis, inColumnOf: newSymbol) }
            added.removeAll(keepingCapacity: true)
            noteSign(of: basis, rows[slot].constant)
        }
        swap(&targets, &found)
        // The symbol is about to become basic: no row holds it any more.
        clearColumn(of: symbol)
        infeasibleRows.append(contentsOf: negativeRows)

        objective.substitute(symbol, row)
        if artificial != nil {
            artificial!.substitute(symbol, row, scratch: &scratch, added: &added)
            added.removeAll(keepingCapacity: true)
        }
    }

    /// Primal simplex (phase two) until no symbol can lower the objective, or the phase-one
    /// objective (kiwi's `optimize`).
    private mutating func optimize(phaseOne: Bool = false) throws {
        var pivots = 0
        let pivotLimit = pivotBudget()
        while true {
            let entering = phaseOne ? artificial!.firstNegative : objective.firstNegative
            if entering.isInvalid { return }
            guard let leaving = leavingRow(entering) else {
                throw CassowaryError.internalSolverError("The objective is unbounded.")
            }
            try count(&pivots, limit: pivotLimit)
            var row = takeRow(for: leaving)!
            row.solveFor(leaving, entering)
            substitute(entering, row)
            setRow(row, for: entering)
        }
    }

    /// Dual simplex over the listed infeasible rows, last listed first, until none is
    /// negative beyond the tolerance (kiwi's `dualOptimize`).
    private mutating func dualOptimize() throws {
        var pivots = 0
        let pivotLimit = pivotBudget()
        while let leaving = infeasibleRows.popLast() {
            guard let slot = slot(of: leaving), !nearZero(rows[slot].constant), rows[slot].constant < 0.0 else { continue }
            let entering = dualEnteringSymbol(rows[slot])
            if entering.isInvalid { throw CassowaryError.internalSolverError("Dual optimize failed.") }
            try count(&pivots, limit: pivotLimit)
            var row = takeRow(for: leaving)!
            row.solveFor(leaving, entering)
            substitute(entering, row)
            setRow(row, for: entering)
        }
    }

    /// kiwi loops until optimal. The pivoting rules (first improving symbol, first minimum
    /// ratio, both in id order) are Bland's, which cannot cycle in exact arithmetic; this bound,
    /// far above any count a layout needs, stops a cycle rounding errors might still cause.
    private func pivotBudget() -> Int { 10_000 + 100 * (rowCount + idTick) }

    private func count(_ pivots: inout Int, limit: Int) throws {
        pivots += 1
        if pivots > limit { throw CassowaryError.internalSolverError("No optimum after \(limit) pivots.") }
    }

    /// The symbol of an infeasible row with a positive coefficient whose objective coefficient
    /// divided by it is least, the first such in id order (kiwi's `getDualEnteringSymbol`).
    private func dualEnteringSymbol(_ row: Row) -> Symbol {
        var entering = Symbol.invalid
        var ratio = Double.greatestFiniteMagnitude
        for cell in row.cells where cell.coefficient > 0.0 && !cell.symbol.isDummy {
            let r = objective.coefficient(for: cell.symbol) / cell.coefficient
            if r < ratio {
                ratio = r
                entering = cell.symbol
            }
        }
        return entering
    }

    /// The row's first slack or error symbol (kiwi's `anyPivotableSymbol`).
    private func anyPivotableSymbol(_ row: Row) -> Symbol {
        for cell in row.cells where cell.symbol.isPivotable { return cell.symbol }
        return .invalid
    }

    /// Whether `ratio` for the row of `basis` beats the best so far as kiwi's walk in id order
    /// would have it: a smaller ratio, or the same one from a lower id, which the walk meets first.
    @inline(__always) private static func precedes(_ ratio: Double, _ basis: Symbol, _ best: Double, _ bestBasis: Symbol?) -> Bool {
        if ratio < best { return true }
        guard let bestBasis else { return false }
        return ratio == best && basis.raw < bestBasis.raw
    }

    /// The basic symbol of the restricted row that limits `entering` first: least -constant /
    /// coefficient over the rows where its coefficient is negative, the lowest id on a tie; nil
    /// when nothing limits it (kiwi's `getLeavingRow`).
    private mutating func leavingRow(_ entering: Symbol) -> Symbol? {
        collectRows(with: entering)
        var ratio = Double.greatestFiniteMagnitude
        var leaving: Symbol?
        for basis in found where !basis.isExternal {
            let slot = Int(slotByID[basis.id])
            let coefficient = rows[slot].coefficient(for: entering)
            if coefficient < 0.0 {
                let r = -rows[slot].constant / coefficient
                if Self.precedes(r, basis, ratio, leaving) {
                    ratio = r
                    leaving = basis
                }
            }
        }
        return leaving
    }

    /// The basic symbol of the row to pivot a non-basic marker into when its constraint is
    /// removed (kiwi's `getMarkerLeavingRow`): the restricted row with a negative coefficient and
    /// least -constant / coefficient; else the restricted row with least constant / coefficient;
    /// else the unrestricted row with the marker that kiwi's walk meets last, the highest id; nil
    /// if no row has it.
    private mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        collectRows(with: marker)
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Symbol?, second: Symbol?, third: Symbol?
        for basis in found {
            let slot = Int(slotByID[basis.id])
            let c = rows[slot].coefficient(for: marker)
            if c == 0.0 { continue }
            if basis.isExternal {
                if third.map({ basis.raw > $0.raw }) ?? true { third = basis }
            } else if c < 0.0 {
                let r = -rows[slot].constant / c
                if Self.precedes(r, basis, r1, first) {
                    r1 = r
                    first = basis
                }
            } else {
                let r = rows[slot].constant / c
                if Self.precedes(r, basis, r2, second) {
                    r2 = r
                    second = basis
                }
            }
        }
        return first ?? second ?? third
    }

    /// Takes a constraint's error symbols back out of the objective (kiwi's
    /// `removeConstraintEffects` and `removeMarkerEffects`).
    private mutating func removeConstraintEffects(_ constraint: LinearConstraint, _ tag: Tag) {
        if tag.marker.isError { removeMarkerEffects(tag.marker, constraint.strength) }
        if tag.other.isError { removeMarkerEffects(tag.other, constraint.strength) }
    }

    private mutating func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        if let slot = slot(of: marker) {
            objective.insert(rows[slot], -strength)
        } else {
            objective.insert(marker, -strength)
        }
    }

    /// kiwi's `allDummies`.
    private func allDummies(_ row: Row) -> Bool {
        row.cells.allSatisfy { $0.symbol.isDummy }
    }
}
