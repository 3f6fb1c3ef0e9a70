/// Pair kerning from the legacy `kern` table (version 0, horizontal format 0 subtables), in font units.
struct KernTable {
    /// `left << 16 | right` keys, sorted, and their values.
    private let keys: [UInt32]
    private let values: [Int16]

    /// Reads the table; `nil` when the font has none or only kinds this reader does not use
    /// (Apple's version 1 table, vertical, cross-stream or minimum subtables).
    init?(_ tables: TableDirectory) throws {
        guard let kern = tables["kern"], try kern.u16(0) == 0 else { return nil }
        let subtables = Int(try kern.u16(2))
        var pairs: [(UInt32, Int16)] = []
        var pos = 4
        for i in 0..<subtables {
            let length = Int(try kern.u16(pos + 2))
            let coverage = try kern.u16(pos + 4)
            guard length >= 6 else { throw kern.malformed("subtable \(i) has length \(length)") }
            if coverage & 0xFF07 == 0x0001 {
                let sub = try kern.suffix(from: pos, "subtable \(i)")
                let n = Int(try sub.u16(6))
                try sub.require(14, n * 6, "subtable \(i)'s \(n) pairs")
                for k in 0..<n {
                    pairs.append((try sub.u32(14 + 6 * k), try sub.i16(18 + 6 * k)))
                }
                // The next subtable starts after these pairs even when the 16-bit length is
                // shorter (it wraps in fonts with over 10,920 pairs), so subtables never overlap
                // and each byte is read once: the cost is proportional to the table's size.
                pos += max(length, 14 + 6 * n)
            } else {
                pos += length
            }
        }
        guard !pairs.isEmpty else { return nil }
        pairs.sort { $0.0 < $1.0 }
        keys = pairs.map(\.0)
        values = pairs.map(\.1)
    }

    /// The adjustment between `left` and `right`, 0 when the pair is not listed.
    func adjustment(_ left: Int, _ right: Int) -> Int {
        let key = UInt32(truncatingIfNeeded: left) << 16 | UInt32(truncatingIfNeeded: right)
        let lo = keys.partitionPoint { $0 < key }
        return lo < keys.count && keys[lo] == key ? Int(values[lo]) : 0
    }
}
