/// What the simplex minimises: the errors of the optional constraints, one row per priority,
/// compared lexicographically from the highest priority down.
///
/// This is how Auto Layout's documented rule — a higher priority always wins over any number of
/// lower ones — holds exactly. Kiwi instead adds `strength × error` into one sum of doubles, so
/// 1001 weak constraints outvote one medium one. Here a symbol's reduced cost is a vector (one
/// entry per level), a pivot is taken only when that vector is lexicographically negative, and no
/// level's weight ever mixes with another's, so no precision is lost to huge weight ratios.
struct Objective {
    /// Priorities in use, highest first, with the row for each and how many constraints use it.
    private var priorities: [Double] = []
    private var rows: [Row] = []
    private var users: [Int] = []

    /// The value of the highest level (the only one of the artificial objective).
    var topConstant: Double { rows.first?.constant ?? 0 }

    /// Registers one more constraint at `priority`, creating the level if needed.
    mutating func retainLevel(_ priority: Double) {
        if let k = priorities.firstIndex(of: priority) { users[k] += 1; return }
        let k = priorities.firstIndex { $0 < priority } ?? priorities.count
        priorities.insert(priority, at: k)
        rows.insert(Row(), at: k)
        users.insert(1, at: k)
    }

    /// Forgets one constraint at `priority`, dropping the level when it was the last.
    mutating func releaseLevel(_ priority: Double) {
        guard let k = priorities.firstIndex(of: priority) else { return }
        users[k] -= 1
        if users[k] == 0 {
            priorities.remove(at: k)
            rows.remove(at: k)
            users.remove(at: k)
        }
    }

    /// Adds `coefficient × symbol` to the level for `priority` (which must be retained).
    mutating func insert(_ symbol: Int, _ coefficient: Double, at priority: Double) {
        guard let k = priorities.firstIndex(of: priority) else { return }
        rows[k].insert(symbol, coefficient)
    }

    /// Adds `factor × row` to the level for `priority` (which must be retained).
    mutating func insert(_ row: Row, times factor: Double, at priority: Double) {
        guard let k = priorities.firstIndex(of: priority) else { return }
        rows[k].insert(row, times: factor)
    }

    /// Replaces `symbol` by `row` in every level.
    mutating func substitute(_ symbol: Int, with row: Row) {
        for k in rows.indices { rows[k].substitute(symbol, with: row) }
    }

    /// Every symbol with a non-zero coefficient at some level.
    var symbols: [Int] {
        var out: [Int] = []
        for row in rows { row.forEachCell { symbol, _ in out.append(symbol) } }
        return out
    }

    /// Deletes `symbol`'s column from every level.
    mutating func removeColumn(_ symbol: Int) {
        for k in rows.indices { rows[k].remove(symbol) }
    }

    /// −1, 0 or +1: the sign of the first level where `symbol` has a non-zero coefficient.
    func lexicographicSign(of symbol: Int) -> Int {
        for row in rows {
            let c = row.coefficient(for: symbol)
            if c < -nearZeroTolerance { return -1 }
            if c > nearZeroTolerance { return 1 }
        }
        return 0
    }

    /// A symbol allowed to enter whose reduced cost is lexicographically negative, or nil at the
    /// optimum. `steepest` picks the most negative coefficient at the highest level that has
    /// one (Dantzig's rule: few pivots); otherwise the lowest id (Bland's rule: cannot cycle).
    func enteringSymbol(steepest: Bool, _ canEnter: (Int) -> Bool) -> Int? {
        var best: Int?
        var bestCoefficient = 0.0
        for row in rows {
            row.forEachCell { symbol, c in
                guard c < -nearZeroTolerance, canEnter(symbol), lexicographicSign(of: symbol) < 0 else { return }
                let better = steepest
                    ? (c < bestCoefficient || (c == bestCoefficient && symbol < best ?? .max))
                    : symbol < best ?? .max
                if better { best = symbol; bestCoefficient = c }
            }
            if steepest && best != nil { return best }
        }
        return best
    }

    /// Whether `a / da` is lexicographically smaller than `b / db` (reduced-cost ratios of the
    /// dual simplex); ties go to the lower id.
    func ratio(of a: Int, over da: Double, isLessThan b: Int, over db: Double) -> Bool {
        for row in rows {
            let x = row.coefficient(for: a) / da, y = row.coefficient(for: b) / db
            if x < y - nearZeroTolerance { return true }
            if x > y + nearZeroTolerance { return false }
        }
        return a < b
    }
}
