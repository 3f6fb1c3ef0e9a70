/// The font-wide numbers from `head`, `maxp` and `hhea`, in font units.
struct HeaderTables {
    /// Font units per em: the em square a point size scales to.
    let unitsPerEm: Int
    /// Whether `loca` stores 32-bit offsets (otherwise 16-bit offsets divided by two).
    let longLocaOffsets: Bool
    /// How many glyphs the font has.
    let numGlyphs: Int
    /// hhea ascender (positive, above the baseline).
    let ascender: Int
    /// hhea descender (negative, below the baseline).
    let descender: Int
    /// hhea line gap.
    let lineGap: Int
    /// How many glyphs have their own advance in `hmtx`.
    let numberOfHMetrics: Int

    init(_ tables: TableDirectory) throws {
        let head = try tables.required("head")
        try head.require(0, 54, "the head table")
        guard try head.u32(12) == 0x5F0F_3CF5 else { throw head.malformed("bad magic number (expected 0x5F0F3CF5)") }
        unitsPerEm = Int(try head.u16(18))
        guard (16...16384).contains(unitsPerEm) else {
            throw head.malformed("unitsPerEm is \(unitsPerEm); it must be 16...16384")
        }
        switch try head.i16(50) {
        case 0: longLocaOffsets = false
        case 1: longLocaOffsets = true
        case let f: throw head.malformed("indexToLocFormat is \(f); it must be 0 or 1")
        }

        let maxp = try tables.required("maxp")
        numGlyphs = Int(try maxp.u16(4))
        guard numGlyphs > 0 else { throw maxp.malformed("numGlyphs is 0; a font needs at least .notdef") }

        let hhea = try tables.required("hhea")
        try hhea.require(0, 36, "the hhea table")
        ascender = Int(try hhea.i16(4))
        descender = Int(try hhea.i16(6))
        lineGap = Int(try hhea.i16(8))
        numberOfHMetrics = Int(try hhea.u16(34))
        guard numberOfHMetrics > 0 else { throw hhea.malformed("numberOfHMetrics is 0") }
    }
}
