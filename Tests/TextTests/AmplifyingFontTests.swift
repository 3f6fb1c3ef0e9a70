import GoldenTesting
import Testing
@testable import Text

/// Fonts whose kerning tables reference the same bytes over and over (overlapping subtables,
/// shared pair sets and lookups): reading them costs in proportion to the font's size.
@Suite struct AmplifyingFontTests {
    private func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    /// The fixture `name` with its `tag` table replaced by `table`.
    private func replacing(_ tag: String, with table: [UInt8], in name: String = "GPOSFixture") throws -> [UInt8] {
        try #require(HostileFonts.replacing(tag, with: table, in: Fixtures.bytes(name)))
    }

    private func sharedGPOS(features: Int, lookups: Int, subtables: Int, firstGlyphs: Int, pairs: Int) -> [UInt8] {
        HostileFonts.sharedGPOS(features: features, lookups: lookups, subtables: subtables, firstGlyphs: firstGlyphs, pairs: pairs)
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
