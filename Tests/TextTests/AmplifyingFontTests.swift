import Testing
@testable import Text

/// Fonts whose kerning tables reference the same bytes over and over (overlapping subtables,
/// shared pair sets and lookups): reading them costs in proportion to the font's size.
@Suite struct AmplifyingFontTests {
    private func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }

    /// The GPOS fixture with its `tag` table replaced by `table` (appended, the record repointed).
    private func replacing(_ tag: String, with table: [UInt8], in name: String = "GPOSFixture") throws -> [UInt8] {
        var file = Fixtures.bytes(name)
        let count = Int(file[4]) << 8 | Int(file[5])
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { Array(file[$0..<$0 + 4]) == Array(tag.utf8) })
        let offset = file.count
        file += table
        file.replaceSubrange(record + 8..<record + 16, with: be32(offset) + be32(table.count))
        return file
    }

    /// A GPOS whose `kern` feature is named by `features` records, all pointing to one feature
    /// table listing `lookups` lookups, all of them one lookup table of `subtables` copies of one
    /// PairPos format 1 subtable whose `firstGlyphs` covered glyphs share one pair set of
    /// `pairs` records (second glyph V = 3 kerns by −50).
    private func sharedGPOS(features: Int, lookups: Int, subtables: Int, firstGlyphs: Int, pairs: Int) -> [UInt8] {
        let scriptList = be16(0)
        let featureTable = be16(0) + be16(lookups) + (0..<lookups).flatMap(be16)
        let featureListHead = 2 + 6 * features
        let featureList = be16(features) + (0..<features).flatMap { _ in Array("kern".utf8) + be16(featureListHead) } + featureTable
        let lookupHead = 2 + 2 * lookups
        let lookupTableSize = 6 + 2 * subtables
        let subtableOffset = lookupTableSize
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

    @Test func sharedPairSetsAreReadOnceAndKernEveryGlyphThatSharesThem() throws {
        let font = try replacing("GPOS", with: sharedGPOS(features: 3, lookups: 1, subtables: 2, firstGlyphs: 6, pairs: 40))
        let t = try Typeface(bytes: font, name: "shared")
        #expect(t.kerning(Fixtures.Glyph.A, Fixtures.Glyph.V) == -50)
        #expect(t.kerning(Fixtures.Glyph.D, Fixtures.Glyph.V) == -50)
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.o) == -1)
        #expect(t.kerning(Fixtures.Glyph.colon, Fixtures.Glyph.V) == 0)
    }

    /// Read naively, this 140 KB table holds 2,000 × 3,000 × 2,000 × 10,000 pair records.
    @Test func overlappingLookupsAndSubtablesAreRefusedInsteadOfRead() throws {
        let gpos = sharedGPOS(features: 2000, lookups: 3000, subtables: 2000, firstGlyphs: 2000, pairs: 10000)
        #expect(gpos.count < 200_000)
        do {
            _ = try Typeface(bytes: try replacing("GPOS", with: gpos), name: "amplifier")
            Issue.record("the amplifying font loaded")
        } catch let error as FontError {
            #expect(error.description.contains("GPOS"), "\(error)")
            #expect(error.description.contains("overlap or repeat") || error.description.contains("pair subtables"), "\(error)")
        }
    }

    @Test func moreSubtableReferencesThanAPairMayCostAreRefused() throws {
        // 5,000 lookups, each naming the one subtable: every pair query would probe 5,000 times.
        let gpos = sharedGPOS(features: 1, lookups: GPOSKerning.maxSubtableReferences + 904, subtables: 1, firstGlyphs: 2, pairs: 2)
        #expect {
            _ = try Typeface(bytes: try replacing("GPOS", with: gpos), name: "many lookups")
        } throws: { error in
            "\(error)".contains("the kern lookups name 5000 pair subtables")
        }
    }

    /// A legacy `kern` table of 2,000 subtables whose lengths say 6 bytes but whose pair counts
    /// reach far past the next one: read naively, 10 million pairs from 42 KB.
    @Test func kernSubtablesThatOverlapAreNotReadTwice() throws {
        let pairs = 5000
        var kern = be16(0) + be16(2000)
        // Each 6-byte header's first field is the pair count the subtable before it reads.
        for _ in 0..<2000 { kern += be16(pairs) + be16(6) + be16(0x0001) }
        kern += be16(pairs) + be16(0) + be16(0) + be16(0)
        kern += (0..<pairs).flatMap { be16(2) + be16(3 + $0) + be16(-5) }
        let font = try replacing("kern", with: kern, in: "KernFixture")
        #expect(throws: FontError.self) { _ = try Typeface(bytes: font, name: "overlapping kern") }
    }
}
