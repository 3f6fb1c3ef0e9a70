/// Crafted font tables for tests that a font's cost stays proportional to its size.
public enum HostileFonts {
    private static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }

    /// `font` (a TrueType file) with its `tag` table replaced by `table`: the new table is
    /// appended and the table record repointed. Returns nil when the font has no such table.
    public static func replacing(_ tag: String, with table: [UInt8], in font: [UInt8]) -> [UInt8]? {
        var file = font
        guard file.count >= 12 else { return nil }
        let count = Int(file[4]) << 8 | Int(file[5])
        guard let record = (0..<count).map({ 12 + 16 * $0 }).first(where: {
            $0 + 16 <= file.count && Array(file[$0..<$0 + 4]) == Array(tag.utf8)
        }) else { return nil }
        let offset = file.count
        file += table
        file.replaceSubrange(record + 8..<record + 16, with: be32(offset) + be32(table.count))
        return file
    }

    /// A GPOS whose `kern` feature is named by `features` records, all pointing to one feature
    /// table listing `lookups` lookups, all of them one lookup table of `subtables` copies of one
    /// PairPos format 1 subtable whose `firstGlyphs` covered glyphs (ids 1, 2, …) share one pair
    /// set of `pairs` records (second glyph 3 kerns by −50, later ones by −1).
    public static func sharedGPOS(features: Int, lookups: Int, subtables: Int, firstGlyphs: Int, pairs: Int) -> [UInt8] {
        let scriptList = be16(0)
        let featureTable = be16(0) + be16(lookups) + (0..<lookups).flatMap(be16)
        let featureListHead = 2 + 6 * features
        let featureList = be16(features) + (0..<features).flatMap { _ in Array("kern".utf8) + be16(featureListHead) } + featureTable
        let lookupHead = 2 + 2 * lookups
        let subtableOffset = 6 + 2 * subtables
        let lookupTable = be16(2) + be16(0) + be16(subtables) + (0..<subtables).flatMap { _ in be16(subtableOffset) }
        let coverage = be16(1) + be16(firstGlyphs) + (0..<firstGlyphs).flatMap { be16($0 + 1) }
        let subtableHead = 10 + 2 * firstGlyphs
        let pairSetOffset = subtableHead + coverage.count
        let pairSet = be16(pairs) + (0..<pairs).flatMap { i in be16(3 + i) + be16(i == 0 ? -50 : -1) }
        let subtable = be16(1) + be16(subtableHead) + be16(4) + be16(0) + be16(firstGlyphs)
            + (0..<firstGlyphs).flatMap { _ in be16(pairSetOffset) } + coverage + pairSet
        let lookupList = be16(lookups) + (0..<lookups).flatMap { _ in be16(lookupHead) } + lookupTable + subtable
        let header = 10
        return be32(0x0001_0000) + be16(header) + be16(header + scriptList.count)
            + be16(header + scriptList.count + featureList.count) + scriptList + featureList + lookupList
    }
}
