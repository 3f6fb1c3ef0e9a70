/// The simplex tableau and the two simplex methods Cassowary needs, as in Kiwi's `SolverImpl`:
/// each row expresses one basic symbol in terms of the parametric (non-basic) symbols, which all
/// sit at 0, so a basic symbol's value is its row's constant.
///
/// An operation that may turn out unsatisfiable runs with a journal of its pivots; if it fails,
/// the pivots are undone newest first, which restores the previous basis (and so every value)
/// exactly, at no cost to operations that succeed.
struct Tableau {
    /// Kind of every symbol, by id.
    private(set) var kinds: [SymbolKind] = []
    /// Whether the symbol may occur in a tableau row or the objective. One that cannot (a new
    /// constraint's marker, a variable's first use) needs no substitution pass over every row.
    private var used: [Bool] = []
    /// For every symbol id, the index of its row in `rows`, or −1 when the symbol is parametric.
    private var rowIndex: [Int32] = []
    /// `rows[i]` gives the value of the symbol `basic[i]`.
    private var basic: [Int] = []
    private var rows: [Row] = []
    private(set) var objective = Objective()
    /// The phase-one objective while a constraint is being added through an artificial variable.
    private var artificial: Objective?
    /// Basic restricted symbols whose constants went negative: the dual simplex's work list.
    private var infeasible: [Int] = []
    /// The pivots made since `beginJournal()`, while an operation that may fail is running.
    private var journal: [(leaving: Int, entering: Int)]?
    /// After an operation found the required constraints infeasible: the parametric symbols of
    /// the row that proves it (a Farkas certificate). Their constraints, with the one being
    /// added or changed, cannot all hold.
    private(set) var certificate: [Int] = []

    mutating func makeSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rowIndex.append(-1)
        used.append(false)
        return kinds.count - 1
    }

    /// Forgets the symbols made after the first `count` (which must all be parametric and unused).
    mutating func truncateSymbols(to count: Int) {
        kinds.removeSubrange(count...)
        rowIndex.removeSubrange(count...)
        used.removeSubrange(count...)
    }

    /// Adds `coefficient × symbol` to the objective's level for `priority`.
    mutating func addToObjective(_ symbol: Int, _ coefficient: Double, at priority: Double) {
        used[symbol] = true
        objective.insert(symbol, coefficient, at: priority)
    }

    /// Adds `factor × row` (a row of this tableau) to the objective's level for `priority`.
    mutating func addToObjective(_ row: Row, times factor: Double, at priority: Double) {
        objective.insert(row, times: factor, at: priority)
    }

    mutating func retainObjectiveLevel(_ priority: Double) { objective.retainLevel(priority) }
    mutating func releaseObjectiveLevel(_ priority: Double) { objective.releaseLevel(priority) }

    /// The row of `symbol` when it is basic.
    func row(of symbol: Int) -> Row? {
        let i = rowIndex[symbol]
        return i < 0 ? nil : rows[Int(i)]
    }

    /// The value of `symbol`: its row's constant when basic, otherwise 0.
    func value(of symbol: Int) -> Double {
        let i = rowIndex[symbol]
        return i < 0 ? 0 : rows[Int(i)].constant
    }

    mutating func insertRow(_ row: Row, for symbol: Int) {
        markUsed(row)
        rowIndex[symbol] = Int32(rows.count)
        basic.append(symbol)
        rows.append(row)
    }

    @discardableResult
    mutating func removeRow(of symbol: Int) -> Row {
        let i = Int(rowIndex[symbol])
        let row = rows[i]
        let last = rows.count - 1
        if i != last {
            rows[i] = rows[last]
            basic[i] = basic[last]
            rowIndex[basic[i]] = Int32(i)
        }
        rows.removeLast()
        basic.removeLast()
        rowIndex[symbol] = -1
        return row
    }

    /// Whether a basic symbol's value breaks its kind's restriction.
    private func isInfeasible(_ symbol: Int, _ constant: Double) -> Bool {
        switch kinds[symbol] {
        case .external: return false
        case .dummy: return !isNearZero(constant)
        case .slack, .error: return constant < -nearZeroTolerance
        }
    }

    private mutating func markUsed(_ row: Row) {
        row.forEachCell { symbol, _ in used[symbol] = true }
    }

    /// Replaces `symbol` by `row` everywhere, noting rows that became infeasible.
    mutating func substitute(_ symbol: Int, with row: Row) {
        guard used[symbol] else { return }
        markUsed(row)
        for i in rows.indices where rows[i].substitute(symbol, with: row) {
            if isInfeasible(basic[i], rows[i].constant) { infeasible.append(basic[i]) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Deletes `symbol`'s column from every row and objective (the symbol is fixed at 0 for good).
    mutating func removeColumn(_ symbol: Int) {
        for i in rows.indices { rows[i].remove(symbol) }
        objective.removeColumn(symbol)
    }

    /// Starts recording pivots so that `rollBack()` can undo them.
    mutating func beginJournal() { journal = [] }

    /// Keeps what the journaled operation did.
    mutating func commitJournal() { journal = nil }

    /// Undoes the journaled pivots, newest first: each pivot is inverted by pivoting back, which
    /// restores the basis, and with it every row, from before `beginJournal()`.
    mutating func rollBack() {
        let pivots = journal ?? []
        journal = nil
        for (leaving, entering) in pivots.reversed() { pivot(leaving: entering, entering: leaving) }
        infeasible.removeAll()
    }

    /// Swaps `entering` into the basis in place of `leaving`.
    private mutating func pivot(leaving: Int, entering: Int) {
        journal?.append((leaving, entering))
        var row = removeRow(of: leaving)
        row.solve(for: leaving, in: entering)
        substitute(entering, with: row)
        insertRow(row, for: entering)
    }

    /// Makes `symbol` basic with `row` (already solved for it) and substitutes it everywhere.
    mutating func enter(_ symbol: Int, with row: Row) {
        substitute(symbol, with: row)
        insertRow(row, for: symbol)
    }

    // MARK: primal simplex

    /// Minimises the objective (or the artificial one) by primal simplex. Entering symbols follow
    /// Dantzig's rule, which needs far fewer pivots on chained layouts than Kiwi's lowest-id
    /// rule, until a run of degenerate pivots shows a risk of cycling; from then on Bland's rule.
    mutating func optimize(artificialObjective: Bool = false) {
        var degenerateRun = 0
        while true {
            let canEnter = { (symbol: Int) in self.kinds[symbol].canEnter }
            let steepest = degenerateRun < Tableau.degeneratePivotLimit
            let choice = artificialObjective
                ? artificial?.enteringSymbol(steepest: steepest, canEnter)
                : objective.enteringSymbol(steepest: steepest, canEnter)
            guard let entering = choice, let (leaving, ratio) = leavingSymbol(for: entering) else { return }
            degenerateRun = ratio == 0 ? degenerateRun + 1 : 0
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Consecutive degenerate pivots after which the primal simplex switches to Bland's rule.
    private static let degeneratePivotLimit = 50

    /// The restricted basic symbol that first hits 0 as `entering` grows (minimum ratio test,
    /// ties to the lowest id). Nil would mean an unbounded objective, which errors ≥ 0 rule out.
    private func leavingSymbol(for entering: Int) -> (symbol: Int, ratio: Double)? {
        var best: Int?
        var bestRatio = Double.infinity
        for i in rows.indices where kinds[basic[i]].isRestricted {
            let c = rows[i].coefficient(for: entering)
            guard c < 0 else { continue }
            let ratio = -rows[i].constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic[i] < best ?? .max) {
                bestRatio = ratio
                best = basic[i]
            }
        }
        return best.map { ($0, bestRatio) }
    }

    // MARK: dual simplex

    /// Restores feasibility after constants changed, keeping optimality (dual simplex).
    /// Returns false when a row cannot be repaired: the required constraints have no solution.
    mutating func dualOptimize() -> Bool {
        while let leaving = infeasible.popLast() {
            let i = rowIndex[leaving]
            guard i >= 0, isInfeasible(leaving, rows[Int(i)].constant) else { continue }
            var entering: Int?
            var enteringCoefficient = 0.0
            rows[Int(i)].forEachCell { symbol, a in
                guard a > 0, kinds[symbol].canEnter else { return }
                if let e = entering,
                   !objective.ratio(of: symbol, over: a, isLessThan: e, over: enteringCoefficient) { return }
                entering = symbol
                enteringCoefficient = a
            }
            guard let entering, kinds[leaving] != .dummy else {
                // The row reads leaving = constant < 0 + Σ aᵢ·sᵢ with no aᵢ > 0 that may grow:
                // its symbols' constraints force the negative value.
                certificate = [leaving]
                rows[Int(i)].forEachCell { symbol, _ in certificate.append(symbol) }
                infeasible.removeAll()
                return false
            }
            pivot(leaving: leaving, entering: entering)
        }
        return true
    }

    /// Moves every row's constant as if `symbol` were replaced by `symbol + shift`, queueing the
    /// rows this makes infeasible. This is how a constraint's constant changes in place.
    mutating func shiftParameter(_ symbol: Int, by shift: Double) {
        let i = rowIndex[symbol]
        if i >= 0 {
            rows[Int(i)].addConstant(-shift)
            if isInfeasible(symbol, rows[Int(i)].constant) { infeasible.append(symbol) }
            return
        }
        for r in rows.indices {
            let k = rows[r].coefficient(for: symbol)
            guard k != 0 else { continue }
            rows[r].addConstant(k * shift)
            if isInfeasible(basic[r], rows[r].constant) { infeasible.append(basic[r]) }
        }
    }

    // MARK: phase one

    /// Adds `row` (constant ≥ 0, no usable subject) by minimising an artificial variable equal
    /// to it. Returns false when the row cannot reach 0: the constraint is unsatisfiable, and the
    /// tableau is back as it was (only the new symbols remain, unused, for the caller to drop).
    mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        beginJournal()
        insertRow(row, for: art)
        var goal = Objective()
        goal.retainLevel(1)
        goal.insert(row, times: 1, at: 1)
        artificial = goal
        optimize(artificialObjective: true)
        let success = isNearZero(artificial?.topConstant ?? 0)
        // At a positive optimum the objective row's symbols are the constraints that keep the
        // artificial variable above 0 (their reduced costs are the certificate's multipliers).
        if !success { certificate = artificial?.symbols ?? [] }
        artificial = nil
        // On failure the artificial variable is still basic (it is > 0): dropping its row
        // removes the constraint, and undoing the pivots restores the old basis.
        if rowIndex[art] >= 0 {
            var artRow = removeRow(of: art)
            var entering: Int?
            artRow.forEachCell { symbol, _ in
                if kinds[symbol] == .slack || kinds[symbol] == .error, symbol < entering ?? .max { entering = symbol }
            }
            if success, let entering {
                artRow.solve(for: art, in: entering)
                enter(entering, with: artRow)
            } else if !success || !artRow.isEmpty {
                rollBack()
                return false
            }
        }
        commitJournal()
        removeColumn(art)
        return true
    }

    /// The row to pivot a parametric `marker` into before its constraint's row is dropped
    /// (Kiwi's rule: restricted rows with a negative coefficient by ratio, then restricted rows
    /// with a positive one, then any unrestricted row).
    func markerLeavingSymbol(_ marker: Int) -> Int? {
        var first: Int?, second: Int?, third: Int?
        var r1 = Double.infinity, r2 = Double.infinity
        for i in rows.indices {
            let c = rows[i].coefficient(for: marker)
            guard c != 0 else { continue }
            let b = basic[i]
            if !kinds[b].isRestricted {
                if b < third ?? .max { third = b }
            } else if c < 0 {
                let r = -rows[i].constant / c
                if r < r1 || (r == r1 && b < first ?? .max) { r1 = r; first = b }
            } else {
                let r = rows[i].constant / c
                if r < r2 || (r == r2 && b < second ?? .max) { r2 = r; second = b }
            }
        }
        return first ?? second ?? third
    }

    /// Pivots `marker` into the basis in place of `leaving` and drops the resulting row.
    mutating func pivotOut(_ marker: Int, replacing leaving: Int) {
        var row = removeRow(of: leaving)
        row.solve(for: leaving, in: marker)
        substitute(marker, with: row)
    }
}
