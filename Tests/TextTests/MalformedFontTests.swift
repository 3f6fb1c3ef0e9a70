import Testing
@testable import Text

/// Hand-made damage to the fixture fonts: each must throw a `FontError` whose message says what is wrong.
@Suite struct MalformedFontTests {
    /// A copy of a fixture with `bytes` written at `offset` inside `table` (or the file when `table` is nil).
    private func patched(_ name: String, table: String? = nil, at offset: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        var data = Fixtures.bytes(name)
        let base = try table.map { try #require(TableDirectory(file: data)[$0]).start } ?? 0
        data.replaceSubrange(base + offset..<base + offset + bytes.count, with: bytes)
        return data
    }

    /// Where glyph `g`'s data starts inside `glyf`.
    private func glyphOffset(_ name: String, _ g: Int) throws -> Int {
        let data = Fixtures.bytes(name)
        let tables = try TableDirectory(file: data)
        let header = try HeaderTables(tables)
        let glyf = try tables.required("glyf")
        return try GlyphLocations(tables, header: header, glyfLength: glyf.count).range(of: g).lowerBound
    }

    private func expectError(_ bytes: [UInt8], _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Typeface(bytes: bytes, name: "damaged")
            Issue.record("a damaged font loaded", sourceLocation: sourceLocation)
        } catch let error as FontError {
            for f in fragments {
                #expect(error.description.contains(f), "\(error.description)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("not a FontError: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func truncatedFileNamesTheTableThatRunsPastTheEnd() {
        expectError(Array(Fixtures.bytes("KernFixture").prefix(300)), "runs past the end")
        expectError(Array(Fixtures.bytes("KernFixture").prefix(5)), "sfnt header", "runs past the end")
        expectError([], "sfnt header")
    }

    @Test func cffAndCollectionsAreRejectedAsUnsupported() throws {
        expectError(try patched("KernFixture", at: 0, Array("OTTO".utf8)), "unsupported font", "CFF")
        expectError(try patched("KernFixture", at: 0, Array("ttcf".utf8)), "collection")
        expectError(try patched("KernFixture", at: 0, [0xDE, 0xAD, 0xBE, 0xEF]), "not a TrueType font")
    }

    @Test func missingRequiredTableIsNamed() throws {
        let data = Fixtures.bytes("KernFixture")
        let records = 12..<(12 + 16 * Int(data[5]))
        let glyf = try #require(stride(from: records.lowerBound, to: records.upperBound, by: 16)
            .first { Array(data[$0..<$0 + 4]) == Array("glyf".utf8) })
        expectError(try patched("KernFixture", at: glyf, Array("gly_".utf8)), "the required 'glyf' table is missing")
    }

    @Test func badHeadMagicAndAbsurdUnitsPerEm() throws {
        expectError(try patched("KernFixture", table: "head", at: 12, [0, 0, 0, 0]), "'head'", "magic")
        expectError(try patched("KernFixture", table: "head", at: 18, [0, 0]), "unitsPerEm is 0")
    }

    @Test func locaPointingPastGlyfIsRejected() throws {
        // KernFixture has long offsets; the last of its 17 entries is the end of glyf.
        expectError(try patched("KernFixture", table: "loca", at: 16 * 4, [0, 1, 0, 0]), "'loca'", "past the end of 'glyf'")
    }

    @Test func compositeThatContainsItselfIsALoop() throws {
        let nested = try glyphOffset("KernFixture", Fixtures.Glyph.nested)
        let bytes = try patched("KernFixture", table: "glyf", at: nested + 12, [0, UInt8(Fixtures.Glyph.nested)])
        expectError(bytes, "glyph 15: the composite contains itself")
    }

    @Test func compositeUsingAMissingGlyph() throws {
        let nested = try glyphOffset("KernFixture", Fixtures.Glyph.nested)
        expectError(try patched("KernFixture", table: "glyf", at: nested + 12, [0x7F, 0]), "glyph 15: the composite uses glyph 32512, but the font has 16")
    }

    @Test func pointMatchingPastTheGlyphsPoints() throws {
        // matched = A at (0,0) with byte arguments (6 bytes), then dot matched by point numbers 1 and 0.
        let matched = try glyphOffset("KernFixture", Fixtures.Glyph.matched)
        expectError(try patched("KernFixture", table: "glyf", at: matched + 20, [40]), "glyph 14: a component matches point 40 to point 0")
    }

    @Test func flagRepeatingPastThePoints() throws {
        // A: 1 contour, end point 2, no instructions, then the flags at offset 14.
        let a = try glyphOffset("KernFixture", Fixtures.Glyph.A)
        expectError(try patched("KernFixture", table: "glyf", at: a + 14, [0x09, 200]), "glyph 2: a flag repeats past its 3 points")
    }

    @Test func absurdCountsRunPastTheTable() throws {
        let bytes = Fixtures.bytes("KernFixture")
        let cmap = try #require(TableDirectory(file: bytes)["cmap"])
        // The third encoding record is (3,10) format 12; its group count is at +12.
        let format12 = Int(try cmap.u32(4 + 2 * 8 + 4))
        expectError(try patched("KernFixture", table: "cmap", at: format12 + 12, [0xFF, 0xFF, 0xFF, 0xFF]),
                    "'cmap'", "format 12 groups", "runs past the end")
        expectError(try patched("KernFixture", table: "maxp", at: 4, [0, 0]), "numGlyphs is 0")
    }

    @Test func oddSegmentCountInCmapFormat4() throws {
        let bytes = Fixtures.bytes("GPOSFixture")
        let cmap = try #require(TableDirectory(file: bytes)["cmap"])
        let format4 = Int(try cmap.u32(4 + 4))
        expectError(try patched("GPOSFixture", table: "cmap", at: format4 + 6, [0, 3]), "segCountX2 is 3")
    }

    @Test func unknownCoverageFormatInGPOS() throws {
        let bytes = Fixtures.bytes("GPOSFixture")
        let gpos = try #require(TableDirectory(file: bytes)["GPOS"])
        let lookupList = Int(try gpos.u16(8))
        // The second lookup is a plain pair adjustment; its first subtable's coverage offset is at +2.
        let lookup = lookupList + Int(try gpos.u16(lookupList + 4))
        let subtable = lookup + Int(try gpos.u16(lookup + 6))
        let coverage = subtable + Int(try gpos.u16(subtable + 2))
        expectError(try patched("GPOSFixture", table: "GPOS", at: coverage, [0, 7]), "'GPOS'", "coverage format 7")
    }
}
