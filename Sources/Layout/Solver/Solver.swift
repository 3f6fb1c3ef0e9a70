/// An incremental Cassowary solver (after Badros, Borning & Stuckey, and Kiwi's structure):
/// constraints are added, removed, and have their constants changed one at a time, and each
/// operation re-optimises from the previous solution instead of starting over.
///
/// Differences from Kiwi, each fixing a documented Kiwi failure:
/// - Priorities are lexicographic (see `Objective`): a higher priority beats any number of lower.
/// - A constraint (or a new constant) that cannot be satisfied is reported and leaves the solver
///   as it was: the pivots of the attempt are journaled and undone, which restores the basis and
///   every value (to the last bit or two of rounding), and its row and symbols are dropped, so no
///   stale row survives (Kiwi issue 52).
/// - Changing a constant (edit variables included) runs the dual simplex; a row it cannot repair
///   means the required constraints conflict, which is reported, never "dual optimize failed".
/// - Speed, where Kiwi is slow (dense rows, no column index, degenerate pivots): rows are hash
///   tables, and a long row merges into a short one by copying; a symbol no row mentions yet is
///   not searched for; a row with constant 0 takes the newest slack as subject, so equal-size
///   chains need no degenerate pivots; the primal simplex uses Dantzig's rule (few pivots) and
///   falls back to Bland's after a run of degenerate pivots, so it cannot cycle.
public final class Solver {
    private var tableau = Tableau()
    private var tags: [ObjectIdentifier: Tag] = [:]
    private var edits: [Variable: LinearConstraint] = [:]
    /// The constraint each marker and second error symbol belongs to.
    private var owners: [Int: LinearConstraint] = [:]

    /// After `add` or `setConstant` threw `.unsatisfiableConstraint`: constraints already in
    /// the solver that, with the refused one, cannot all hold. They are read off the simplex's
    /// proof of infeasibility, so finding them costs nothing extra; they are a conflicting set,
    /// usually but not always a minimal one.
    public private(set) var lastConflict: [LinearConstraint] = []

    /// The symbols a constraint added to the tableau.
    private struct Tag {
        let constraint: LinearConstraint
        /// Identifies the constraint's row: a slack, a dummy, or the first error.
        let marker: Int
        /// The marker's coefficient in the constraint's original row.
        let markerCoefficient: Double
        /// The second error of an optional constraint.
        let other: Int?
    }

    /// An empty solver.
    public init() {}

    /// A new unknown; it reads 0 until constraints say otherwise.
    public func makeVariable() -> Variable { Variable(id: tableau.makeSymbol(.external)) }

    /// The current value of `variable`.
    public func value(of variable: Variable) -> Double { tableau.value(of: variable.id) }

    /// Adds `constraint` and re-optimises.
    /// - Throws: `.duplicateConstraint`, or `.unsatisfiableConstraint` (the solver is unchanged).
    public func add(_ constraint: LinearConstraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard tags[key] == nil else { throw .duplicateConstraint }
        let symbolCount = tableau.kinds.count
        var (row, tag) = makeRow(for: constraint)
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            tableau.enter(subject, with: row)
        } else if isAllDummies(row) {
            guard isNearZero(row.constant) else {
                var symbols: [Int] = []
                row.forEachCell { symbol, _ in symbols.append(symbol) }
                recordConflict(symbols, refused: constraint)
                tableau.truncateSymbols(to: symbolCount)
                throw .unsatisfiableConstraint
            }
            // A redundant required equality: its dummy marker is the subject and stays 0.
            row.solve(for: tag.marker)
            tableau.insertRow(row, for: tag.marker)
        } else {
            guard tableau.addWithArtificialVariable(row) else {
                recordConflict(tableau.certificate, refused: constraint)
                tableau.truncateSymbols(to: symbolCount)
                throw .unsatisfiableConstraint
            }
        }
        tags[key] = tag
        owners[tag.marker] = constraint
        if let other = tag.other { owners[other] = constraint }
        tableau.optimize()
    }

    /// Removes `constraint` and re-optimises.
    /// - Throws: `.unknownConstraint`.
    public func remove(_ constraint: LinearConstraint) throws(SolverError) {
        guard let tag = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknownConstraint }
        owners[tag.marker] = nil
        if let other = tag.other { owners[other] = nil }
        let priority = constraint.priority
        if !priority.isRequired {
            for e in [tag.marker, tag.other].compactMap({ $0 }) where tableau.kinds[e] == .error {
                if let row = tableau.row(of: e) {
                    tableau.addToObjective(row, times: -1, at: priority.rawValue)
                } else {
                    tableau.addToObjective(e, -1, at: priority.rawValue)
                }
            }
        }
        if tableau.row(of: tag.marker) != nil {
            tableau.removeRow(of: tag.marker)
        } else if let leaving = tableau.markerLeavingSymbol(tag.marker) {
            tableau.pivotOut(tag.marker, replacing: leaving)
        }
        if let other = tag.other { tableau.removeColumn(other) }
        if !priority.isRequired { tableau.releaseObjectiveLevel(priority.rawValue) }
        tableau.optimize()
    }

    /// Sets the constant term of `constraint`'s expression and re-solves incrementally (dual
    /// simplex), without rebuilding anything.
    /// - Throws: `.unknownConstraint`, or `.unsatisfiableConstraint` when the new constant makes
    ///   the required constraints conflict (the solver and the constraint are then unchanged).
    public func setConstant(_ constant: Double, of constraint: LinearConstraint) throws(SolverError) {
        guard let tag = tags[ObjectIdentifier(constraint)] else { throw .unknownConstraint }
        let old = constraint.expression.constant
        guard constant != old else { return }
        tableau.beginJournal()
        tableau.shiftParameter(tag.marker, by: (constant - old) / tag.markerCoefficient)
        if tableau.dualOptimize() {
            tableau.commitJournal()
            constraint.replaceConstant(constant)
            return
        }
        recordConflict(tableau.certificate, refused: constraint)
        tableau.rollBack()
        tableau.shiftParameter(tag.marker, by: (old - constant) / tag.markerCoefficient)
        throw .unsatisfiableConstraint
    }

    /// Sets `lastConflict` from the symbols of an infeasibility proof.
    private func recordConflict(_ symbols: [Int], refused: LinearConstraint) {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(refused)]
        lastConflict = []
        for symbol in symbols.sorted() {
            guard let owner = owners[symbol], seen.insert(ObjectIdentifier(owner)).inserted else { continue }
            lastConflict.append(owner)
        }
    }

    // MARK: edit variables

    /// Makes `variable` suggestible at `priority` (an optional `variable == value` constraint).
    /// - Throws: `.duplicateEditVariable`, `.requiredEditVariable`.
    public func addEditVariable(_ variable: Variable, priority: LayoutPriority) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable }
        guard !priority.isRequired else { throw .requiredEditVariable }
        let constraint = LinearConstraint(LinearExpression(variable), .equal, priority: priority)
        try add(constraint)
        edits[variable] = constraint
    }

    /// Removes an edit variable and its constraint.
    /// - Throws: `.unknownEditVariable`.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let constraint = edits.removeValue(forKey: variable) else { throw .unknownEditVariable }
        try remove(constraint)
    }

    /// Asks for `variable == value` at the edit variable's priority and re-solves incrementally.
    /// - Throws: `.unknownEditVariable`.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let constraint = edits[variable] else { throw .unknownEditVariable }
        try setConstant(-value, of: constraint)
    }

    // MARK: building rows

    /// The tableau row for `constraint` with its slack, error or dummy symbols, every basic
    /// variable substituted, and the constant made non-negative.
    private func makeRow(for constraint: LinearConstraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms {
            precondition(term.variable.id < tableau.kinds.count, "variable from another solver")
            if let basicRow = tableau.row(of: term.variable.id) {
                row.insert(basicRow, times: term.coefficient)
            } else {
                row.insert(term.variable.id, term.coefficient)
            }
        }
        let priority = constraint.priority
        let tag: Tag
        switch (constraint.relation, priority.isRequired) {
        case (.equal, true):
            let dummy = tableau.makeSymbol(.dummy)
            row.insert(dummy, 1)
            tag = Tag(constraint: constraint, marker: dummy, markerCoefficient: 1, other: nil)
        case (.equal, false):
            let plus = tableau.makeSymbol(.error), minus = tableau.makeSymbol(.error)
            row.insert(plus, -1)
            row.insert(minus, 1)
            tableau.retainObjectiveLevel(priority.rawValue)
            tableau.addToObjective(plus, 1, at: priority.rawValue)
            tableau.addToObjective(minus, 1, at: priority.rawValue)
            tag = Tag(constraint: constraint, marker: plus, markerCoefficient: -1, other: minus)
        case (let relation, let required):
            // expr ≤ 0 becomes expr + slack = 0; expr ≥ 0 becomes expr − slack = 0.
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = tableau.makeSymbol(.slack)
            row.insert(slack, sign)
            var other: Int?
            if !required {
                let error = tableau.makeSymbol(.error)
                row.insert(error, -sign)
                tableau.retainObjectiveLevel(priority.rawValue)
                tableau.addToObjective(error, 1, at: priority.rawValue)
                other = error
            }
            tag = Tag(constraint: constraint, marker: slack, markerCoefficient: sign, other: other)
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row, in this order:
    /// 1. the first parametric user variable in the order the constraint names them (so
    ///    `b.top == a.bottom + 8` defines b.top, and an ambiguous layout leaves the earlier views'
    ///    sizes at 0 rather than negative), else any user variable in the row;
    /// 2. when the row's constant is 0, the newest slack: solving for it gives it the value 0,
    ///    substituting a 0 changes no other row's constant (so feasibility holds), and the errors
    ///    stay parametric, so the objective needs no pivot. The newest symbol tends to occur in
    ///    the fewest rows, so the substitution touches the least of the tableau. (Kiwi sends
    ///    rows like `a.width == b.width` between two basic widths through degenerate pivots or
    ///    the artificial-variable phase.)
    /// 3. the marker or the other error when its coefficient is negative (it comes out ≥ 0);
    /// 4. when the constant is 0, the newest error; else nil (the artificial-variable phase).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int? {
        for term in tag.constraint.expression.terms where row.coefficient(for: term.variable.id) != 0 {
            return term.variable.id
        }
        if let external = newestSymbol(in: row, where: { $0 == .external }) { return external }
        let zero = isNearZero(row.constant)
        if zero, let slack = newestSymbol(in: row, where: { $0 == .slack }) { return slack }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) {
            let kind = tableau.kinds[candidate]
            if kind == .slack || kind == .error, row.coefficient(for: candidate) < 0 { return candidate }
        }
        return zero ? newestSymbol(in: row, where: { $0 == .error }) : nil
    }

    private func newestSymbol(in row: Row, where accept: (SymbolKind) -> Bool) -> Int? {
        var best: Int?
        row.forEachCell { symbol, _ in
            if accept(tableau.kinds[symbol]), symbol > best ?? .min { best = symbol }
        }
        return best
    }

    private func isAllDummies(_ row: Row) -> Bool {
        var all = true
        row.forEachCell { symbol, _ in if tableau.kinds[symbol] != .dummy { all = false } }
        return all
    }
}
