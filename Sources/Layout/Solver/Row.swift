/// One row of the simplex tableau, `constant + Σ coefficient·symbol`.
///
/// Cells live in an open-addressing hash table (linear probing, backward-shift deletion), so
/// finding, adding or removing one cell costs O(1) however long the row is. Kiwi keeps cells in
/// a sorted vector, which makes every insertion into a long row O(length); chained layouts build
/// rows with hundreds of cells, and that is where most of Kiwi's time goes.
/// Iteration order depends only on the sequence of operations, so results are deterministic.
struct Row {
    /// The row's constant term: the basic symbol's value when this row is in the tableau.
    private(set) var constant: Double
    /// One cell: a symbol id (or `Row.empty`) and its coefficient, side by side so that a probe
    /// touches one cache line and a row is one allocation.
    private struct Slot {
        var key: Int32
        var value: Double
    }

    private var slots: [Slot]
    private var shift: UInt64
    /// The number of non-zero cells.
    private(set) var count = 0

    private static let empty: Int32 = -1

    init(constant: Double = 0) {
        self.constant = constant
        slots = [Slot](repeating: Slot(key: Row.empty, value: 0), count: 8)
        shift = 64 - 3
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always) private func home(_ key: Int32) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always) private func slot(of key: Int32) -> Int? {
        let mask = slots.count - 1
        var i = home(key)
        while true {
            let k = slots[i].key
            if k == key { return i }
            if k == Row.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// The coefficient of `symbol`, 0 when the row does not mention it.
    @inline(__always) func coefficient(for symbol: Int) -> Double {
        guard let i = slot(of: Int32(truncatingIfNeeded: symbol)) else { return 0 }
        return slots[i].value
    }

    /// Adds `coefficient·symbol`; a cell whose coefficient cancels to (near) zero is removed.
    mutating func insert(_ symbol: Int, _ coefficient: Double) {
        let key = Int32(truncatingIfNeeded: symbol)
        let mask = slots.count - 1
        var i = home(key)
        while true {
            let k = slots[i].key
            if k == key {
                let sum = slots[i].value + coefficient
                if isNearZero(sum) { removeSlot(i) } else { slots[i].value = sum }
                return
            }
            if k == Row.empty { break }
            i = (i + 1) & mask
        }
        if isNearZero(coefficient) { return }
        slots[i] = Slot(key: key, value: coefficient)
        count += 1
        if count * 4 > slots.count * 3 { grow() }
    }

    /// Adds `factor × other`, constant included.
    mutating func insert(_ other: Row, times factor: Double) {
        if count < other.count {
            // Substituting a longer row into a shorter one (what makes a tableau dense): copying
            // the longer table wholesale and adding this row's cells to it is cheaper than
            // hashing every cell of the longer one into this one.
            var merged = other
            merged.scale(by: factor)
            if abs(factor) < 1 { merged.removeNearZeroCells() }
            merged.constant += constant
            forEachCell { merged.insert($0, $1) }
            self = merged
            return
        }
        constant += other.constant * factor
        reserveCapacity(count + other.count)
        other.forEachCell { insert($0, $1 * factor) }
    }

    /// Grows the table once, up front, so that `cells` cells fit without rehashing.
    private mutating func reserveCapacity(_ cells: Int) {
        var capacity = slots.count
        while cells * 4 > capacity * 3 { capacity *= 2 }
        if capacity > slots.count { rehash(capacity) }
    }

    /// Removes the cell for `symbol` and returns its coefficient, or nil if there was none.
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double? {
        guard let i = slot(of: Int32(truncatingIfNeeded: symbol)) else { return nil }
        let value = slots[i].value
        removeSlot(i)
        return value
    }

    mutating func addConstant(_ delta: Double) { constant += delta }

    /// Multiplies the whole row, constant included, by −1.
    mutating func reverseSign() { scale(by: -1) }

    /// Rewrites `0 = row` as `symbol = …`: removes the symbol's cell and divides the rest by
    /// minus its coefficient.
    mutating func solve(for symbol: Int) {
        guard let c = remove(symbol) else { preconditionFailure("solving for a symbol not in the row") }
        scale(by: -1 / c)
    }

    /// Rewrites `lhs = row` (where the row mentions `rhs`) as `rhs = …`.
    mutating func solve(for lhs: Int, in rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row`, if the row mentions it; returns whether it did.
    @discardableResult
    mutating func substitute(_ symbol: Int, with row: Row) -> Bool {
        guard let c = remove(symbol) else { return false }
        insert(row, times: c)
        return true
    }

    /// Calls `body` with each (symbol, coefficient) cell.
    @inline(__always) func forEachCell(_ body: (Int, Double) throws -> Void) rethrows {
        for slot in slots where slot.key != Row.empty {
            try body(Int(slot.key), slot.value)
        }
    }

    private mutating func scale(by factor: Double) {
        constant *= factor
        for i in slots.indices where slots[i].key != Row.empty { slots[i].value *= factor }
    }

    /// Drops cells that scaling made (near) zero, as `insert` would have.
    private mutating func removeNearZeroCells() {
        var tiny: [Int] = []
        forEachCell { symbol, c in if isNearZero(c) { tiny.append(symbol) } }
        for symbol in tiny { remove(symbol) }
    }

    private mutating func removeSlot(_ slot: Int) {
        let mask = slots.count - 1
        var hole = slot
        var j = slot
        while true {
            j = (j + 1) & mask
            let k = slots[j].key
            if k == Row.empty { break }
            let h = home(k)
            // The entry at j may move into the hole only if its home is not cyclically in (hole, j].
            let staysPut = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if staysPut { continue }
            slots[hole] = slots[j]
            hole = j
        }
        slots[hole] = Slot(key: Row.empty, value: 0)
        count -= 1
    }

    private mutating func grow() { rehash(slots.count * 2) }

    private mutating func rehash(_ capacity: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(key: Row.empty, value: 0), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        let mask = capacity - 1
        for slot in old where slot.key != Row.empty {
            var j = home(slot.key)
            while slots[j].key != Row.empty { j = (j + 1) & mask }
            slots[j] = slot
        }
    }
}
