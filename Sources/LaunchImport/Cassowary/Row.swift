// The simplex tableau's parts: symbols, rows and the objective.
//
// Ported from kiwi (https://github.com/nucleic/kiwi): kiwi/symbol.h (Symbol), kiwi/row.h (Row,
// and ObjectiveRow, the same operations on a dense row) and kiwi/maptype.h with
// kiwi/AssocVector.h (a row's cells are a vector kept sorted by symbol id, and every walk over
// them goes in that order, which is what decides kiwi's ties).
// Copyright (c) 2013-2017, Nucleic Development Team. Distributed under the Modified BSD License
// (BSD-3-Clause); the licence's full text is in CassowarySolver.swift.

/// A column of the tableau: a variable the user made (external) or one the solver made for a
/// constraint (slack, error, dummy). Ordered by id alone, as kiwi orders them. The kind rides in
/// the low three bits so that a symbol is one word and sorting compares one integer.
struct Symbol: Hashable, Comparable {
    static let invalidKind = 0, externalKind = 1, slackKind = 2, errorKind = 3, dummyKind = 4

    let raw: Int

    init(kind: Int, id: Int) { raw = id << 3 | kind }

    init(raw: Int) { self.raw = raw }

    static let invalid = Symbol(kind: invalidKind, id: 0)

    var id: Int { raw >> 3 }
    var kind: Int { raw & 7 }
    var isInvalid: Bool { raw & 7 == Symbol.invalidKind }
    var isExternal: Bool { raw & 7 == Symbol.externalKind }
    var isSlack: Bool { raw & 7 == Symbol.slackKind }
    var isError: Bool { raw & 7 == Symbol.errorKind }
    var isDummy: Bool { raw & 7 == Symbol.dummyKind }
    /// Slack or error: the symbols a row may be solved for when it has no external one.
    var isPivotable: Bool { isSlack || isError }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// `constant + Σ coefficient × symbol`: a basic symbol's value in terms of parametric ones, a
/// constraint's row before it enters the tableau, or the phase-one objective. The cells are
/// sorted by symbol id (kiwi's AssocVector), and no cell's coefficient is near zero. A value:
/// the solver keeps its rows in an array, so that working on them costs no reference counting
/// and no run-time exclusivity checks.
struct Row {
    var cells: ContiguousArray<Cell>
    var constant: Double
    /// Marks the row as seen by the solver's current walk of a column, which may list it twice.
    var stamp = 0

    init(constant: Double = 0) {
        cells = []
        self.constant = constant
    }

    /// The index of `symbol`'s cell, or where it would go.
    @inline(__always) private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        cells.withUnsafeBufferPointer { cells in
            var low = 0, high = cells.count
            while low < high {
                let middle = (low + high) &>> 1
                if cells[middle].symbol.raw < symbol.raw { low = middle + 1 } else { high = middle }
            }
            return (low, low < cells.count && cells[low].symbol.raw == symbol.raw)
        }
    }

    func contains(_ symbol: Symbol) -> Bool { position(of: symbol).found }

    /// 0 where the symbol has no cell.
    @inline(__always) func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds to the constant and returns the new constant.
    @discardableResult mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient` to the symbol's cell, making it if need be, and drops the cell if the
    /// sum is near zero.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1.0) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `other × coefficient`: its constant and each of its cells, dropping any cell whose sum
    /// is near zero, and appends to `added` the symbols that got a cell. Each sum is the one kiwi
    /// forms, `mine + theirs × coefficient`. The cell at `excluded`, if any, is left out (it is
    /// the one `substitute` replaces). The two sorted lists are merged into `scratch`, which only
    /// ever grows, and copied back into this row's own storage.
    mutating func insert(_ other: Row, _ coefficient: Double, excluding excluded: Int = -1,
                         scratch: inout ContiguousArray<Cell>, added: inout ContiguousArray<Symbol>) {
        constant += other.constant * coefficient
        let capacity = cells.count + other.cells.count
        if scratch.count < capacity {
            scratch.append(contentsOf: repeatElement(Cell(symbol: .invalid, coefficient: 0), count: capacity - scratch.count))
        }
        let count = scratch.withUnsafeMutableBufferPointer { merged in
            cells.withUnsafeBufferPointer { mine in
                other.cells.withUnsafeBufferPointer { theirs in
                    var i = 0, j = 0, k = 0
                    while i < mine.count && j < theirs.count {
                        if i == excluded {
                            i += 1
                            continue
                        }
                        let a = mine[i], b = theirs[j]
                        if a.symbol.raw < b.symbol.raw {
                            merged[k] = a
                            k += 1
                            i += 1
                        } else if a.symbol.raw > b.symbol.raw {
                            let value = b.coefficient * coefficient
                            if !nearZero(value) {
                                merged[k] = Cell(symbol: b.symbol, coefficient: value)
                                k += 1
                                added.append(b.symbol)
                            }
                            j += 1
                        } else {
                            let value = a.coefficient + b.coefficient * coefficient
                            if !nearZero(value) {
                                merged[k] = Cell(symbol: a.symbol, coefficient: value)
                                k += 1
                            }
                            i += 1
                            j += 1
                        }
                    }
                    while i < mine.count {
                        if i != excluded {
                            merged[k] = mine[i]
                            k += 1
                        }
                        i += 1
                    }
                    while j < theirs.count {
                        let b = theirs[j]
                        let value = b.coefficient * coefficient
                        if !nearZero(value) {
                            merged[k] = Cell(symbol: b.symbol, coefficient: value)
                            k += 1
                            added.append(b.symbol)
                        }
                        j += 1
                    }
                    return k
                }
            }
        }
        cells.removeAll(keepingCapacity: true)
        scratch.withUnsafeBufferPointer { cells.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    mutating func remove(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        if found { cells.remove(at: index) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Solves `0 = constant + a × symbol + Σ…` for `symbol`: drops its cell and multiplies the
    /// rest by -1/a (kiwi multiplies by the reciprocal rather than dividing, and so does this).
    /// The symbol must have a cell; without one, a is taken as 0, as kiwi's map would.
    mutating func solveFor(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        let coefficient: Double
        if found {
            coefficient = -1.0 / cells[index].coefficient
            cells.remove(at: index)
        } else {
            coefficient = -1.0 / 0.0
        }
        constant *= coefficient
        for i in cells.indices { cells[i].coefficient *= coefficient }
    }

    /// Turns the row for `lhs` (`lhs = constant + b × rhs + …`) into the row for `rhs`.
    mutating func solveFor(_ lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1.0)
        solveFor(rhs)
    }

    /// Replaces `symbol`, if the row has it, by `row` (the symbol's own row) scaled by its
    /// coefficient (kiwi's `Row::substitute`); `added` gets the symbols that got a cell.
    mutating func substitute(_ symbol: Symbol, _ row: Row, scratch: inout ContiguousArray<Cell>, added: inout ContiguousArray<Symbol>) {
        let (index, found) = position(of: symbol)
        guard found else { return }
        insert(row, cells[index].coefficient, excluding: index, scratch: &scratch, added: &added)
    }

    /// The first non-dummy symbol with a negative coefficient, or invalid (kiwi's
    /// `getEnteringSymbol`, for the phase-one objective).
    var firstNegative: Symbol {
        for cell in cells where !cell.symbol.isDummy && cell.coefficient < 0.0 { return cell.symbol }
        return .invalid
    }
}

/// The objective, kiwi's `m_objective` row, held densely: a coefficient per symbol id (0 where
/// kiwi's row has no cell), plus the non-dummy symbols whose coefficient is negative, in id
/// order. The first of those is the symbol kiwi's `getEnteringSymbol` finds by walking the row,
/// and every coefficient is the sum kiwi's row forms, so the two agree; but a substitution costs
/// the substituted row's length rather than the objective's, which grows with every non-required
/// constraint.
struct ObjectiveRow {
    private(set) var coefficients = ContiguousArray<Double>()
    var constant = 0.0
    private(set) var negatives = ContiguousArray<Symbol>()

    /// Makes room for symbol ids below `count`.
    mutating func grow(to count: Int) {
        while coefficients.count < count { coefficients.append(0) }
    }

    @inline(__always) func coefficient(for symbol: Symbol) -> Double {
        let id = symbol.id
        return id < coefficients.count ? coefficients[id] : 0
    }

    /// The first non-dummy symbol with a negative coefficient, or invalid.
    var firstNegative: Symbol { negatives.first ?? .invalid }

    /// kiwi's `m_cells[symbol] += value`, erasing a near-zero sum.
    @inline(__always) private mutating func accumulate(_ symbol: Symbol, _ value: Double) {
        let id = symbol.id
        let old = coefficients[id]
        var new = old + value
        if nearZero(new) { new = 0 }
        coefficients[id] = new
        if !symbol.isDummy && (old < 0) != (new < 0) { noteSign(of: symbol, negative: new < 0) }
    }

    private mutating func noteSign(of symbol: Symbol, negative: Bool) {
        var low = 0, high = negatives.count
        while low < high {
            let middle = (low + high) &>> 1
            if negatives[middle].raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        if negative { negatives.insert(symbol, at: low) } else { negatives.remove(at: low) }
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1.0) {
        accumulate(symbol, coefficient)
    }

    mutating func insert(_ row: Row, _ coefficient: Double) {
        constant += row.constant * coefficient
        for cell in row.cells { accumulate(cell.symbol, cell.coefficient * coefficient) }
    }

    mutating func remove(_ symbol: Symbol) {
        let id = symbol.id
        guard id < coefficients.count, coefficients[id] != 0 else { return }
        let old = coefficients[id]
        coefficients[id] = 0
        if !symbol.isDummy && old < 0 { noteSign(of: symbol, negative: false) }
    }

    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let coefficient = self.coefficient(for: symbol)
        guard coefficient != 0 else { return }
        remove(symbol)
        insert(row, coefficient)
    }
}
