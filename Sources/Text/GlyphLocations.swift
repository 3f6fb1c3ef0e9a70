/// Where each glyph's data lies in `glyf`, from `loca` (short offsets are stored halved).
struct GlyphLocations {
    private let offsets: [Int]

    init(_ tables: TableDirectory, header: HeaderTables, glyfLength: Int) throws {
        let loca = try tables.required("loca")
        let n = header.numGlyphs + 1
        if header.longLocaOffsets {
            try loca.require(0, 4 * n, "\(n) long offsets")
            offsets = try (0..<n).map { Int(try loca.u32(4 * $0)) }
        } else {
            offsets = try loca.u16Array(0, n, "\(n) short offsets").map { Int($0) * 2 }
        }
        for g in 0..<header.numGlyphs where offsets[g] > offsets[g + 1] || offsets[g + 1] > glyfLength {
            throw loca.malformed("glyph \(g) spans \(offsets[g])..<\(offsets[g + 1]), "
                + "which is backwards or past the end of 'glyf' (\(glyfLength) bytes)")
        }
    }

    /// The byte range of `glyph` in `glyf`; empty for glyphs without an outline (space).
    func range(of glyph: Int) -> Range<Int> { offsets[glyph]..<offsets[glyph + 1] }
}
