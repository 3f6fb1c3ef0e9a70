import Testing
@testable import Text

/// Expected adjustments are HarfBuzz's (uharfbuzz 0.57, `kern` feature on) for the same fonts.
@Suite struct KerningTests {
    @Test func bundledFacesKernAVAndToThroughGPOS() throws {
        for (face, av, to) in [(FontLibrary.Face.light, -52, -76), (.regular, -55, -76), (.medium, -56, -77)] {
            let t = try face.typeface()
            #expect(t.kerning(t.glyph(for: "A"), t.glyph(for: "V")) == av, "\(face)")
            #expect(t.kerning(t.glyph(for: "T"), t.glyph(for: "o")) == to, "\(face)")
            #expect(t.kerning(t.glyph(for: "V"), t.glyph(for: "V")) == 0, "\(face)")
        }
    }

    @Test func gposPairFormat1InsideAnExtensionLookup() throws {
        let t = try Fixtures.typeface("GPOSFixture")
        #expect(t.kerning(Fixtures.Glyph.A, Fixtures.Glyph.V) == -80)
        #expect(t.kerning(Fixtures.Glyph.V, Fixtures.Glyph.A) == 0)
    }

    @Test func gposPairFormat2KernsByClass() throws {
        let t = try Fixtures.typeface("GPOSFixture")
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.o) == -60)
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.D) == -60)
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.A) == 0)
    }

    @Test func gposWinsOverTheKernTable() throws {
        // GPOSFixture's kern table says A–V is −10; GPOS says −80.
        #expect(try Fixtures.typeface("GPOSFixture").kerning(Fixtures.Glyph.A, Fixtures.Glyph.V) == -80)
    }

    @Test func kernTableFormat0PairsApplyWithoutGPOS() throws {
        let t = try Fixtures.typeface("KernFixture")
        #expect(t.kerning(Fixtures.Glyph.A, Fixtures.Glyph.V) == -70)
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.o) == -40)
        #expect(t.kerning(Fixtures.Glyph.T, Fixtures.Glyph.D) == 0)
    }
}
