/// Advance widths from `hmtx`, in font units. Glyphs past `numberOfHMetrics` reuse the last advance.
struct HorizontalMetrics {
    private let advances: [UInt16]

    init(_ tables: TableDirectory, header: HeaderTables) throws {
        let hmtx = try tables.required("hmtx")
        let n = min(header.numberOfHMetrics, header.numGlyphs)
        try hmtx.require(0, 4 * n, "\(n) advance and side-bearing pairs")
        advances = try (0..<n).map { try hmtx.u16(4 * $0) }
    }

    /// The advance width of `glyph` in font units.
    func advance(_ glyph: Int) -> Int {
        Int(glyph < advances.count ? advances[glyph] : advances[advances.count - 1])
    }
}
