import Foundation
import Geometry
import Raster
import Testing
@testable import Text

/// Expected values were read from the fonts with fontTools 4.68 (head, hhea, OS/2, hmtx, glyf).
@Suite struct TypefaceTests {
    @Test func bundledFacesHaveTheMetricsFontToolsReads() throws {
        for (face, xHeight) in [(FontLibrary.Face.light, 485), (.regular, 486), (.medium, 487)] {
            let t = try face.typeface()
            #expect(t.unitsPerEm == 1000)
            #expect((t.ascender, t.descender, t.lineGap) == (1011, -353, 0))
            #expect(t.xHeight == xHeight)
            #expect(t.capHeight == 705)
            #expect(t.glyphCount == 1104)
        }
    }

    @Test func declaredXHeightIsReadFromOS2WithoutParsingOutlines() throws {
        #expect(FontLibrary.Face.light.declaredXHeight == 0.485)
        #expect(FontLibrary.Face.regular.declaredXHeight == 0.486)
        #expect(FontLibrary.Face.medium.declaredXHeight == 0.487)
        var bytes = Fixtures.bytes("KernFixture")
        #expect(Typeface.declaredXHeight(fontBytes: bytes) == 0.5)
        let start = try #require(try TableDirectory(file: bytes)["OS/2"]).start
        (bytes[start + 86], bytes[start + 87]) = (0, 0)
        #expect(Typeface.declaredXHeight(fontBytes: bytes) == nil)
        #expect(Typeface.declaredXHeight(fontBytes: Array(bytes.prefix(40))) == nil)
    }

    @Test func fontMetricsScaleFontUnitsToPointsAsUIFontDoes() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        #expect(font.ascender == 18.198)
        #expect(font.descender == -6.354)
        #expect(font.leading == 0)
        #expect(font.lineHeight == 24.552)
        #expect(font.capHeight == 12.69)
        #expect(font.xHeight == 8.73)
    }

    @Test func advancesComeFromHmtx() throws {
        let t = try FontLibrary.Face.regular.typeface()
        #expect(t.advance(of: t.glyph(for: "A")) == 729)
        #expect(t.advance(of: t.glyph(for: "V")) == 689)
        #expect(t.advance(of: t.glyph(for: " ")) == 257)
        #expect(t.advance(of: t.glyph(for: "…")) == 686)
    }

    @Test func cmapFormat4MapsSegmentsByDeltaAndThroughTheGlyphArray() throws {
        let t = try Fixtures.typeface("GPOSFixture")
        #expect(t.glyph(for: "A") == Fixtures.Glyph.A)
        #expect(t.glyph(for: ":") == Fixtures.Glyph.colon)
        // a–d map to glyphs out of order, which format 4 stores through idRangeOffset.
        #expect(["a", "b", "c", "d"].map { t.glyph(for: $0) } == [4, 2, 5, 3])
        #expect(t.glyph(for: "\u{1F600}") == 0)
    }

    @Test func cmapFormat12IsPreferredAndReachesBeyondTheBMP() throws {
        let t = try Fixtures.typeface("KernFixture")
        #expect(t.glyph(for: "\u{1F600}") == Fixtures.Glyph.o)
        #expect(["a", "b", "c", "d"].map { t.glyph(for: $0) } == [4, 2, 5, 3])
    }

    @Test func unmappedCharactersFallBackToNotdef() throws {
        let t = try FontLibrary.Face.regular.typeface()
        #expect(t.glyph(for: "\u{E000}") == 0)
        #expect(!t.outline(of: 0).isEmpty, ".notdef draws a box, not nothing")
    }

    @Test func longAndShortLocaOffsetsGiveTheSameGlyphs() throws {
        let long = try Fixtures.typeface("KernFixture"), short = try Fixtures.typeface("GPOSFixture")
        for g in 0..<16 { #expect(long.outline(of: g) == short.outline(of: g), "glyph \(g)") }
    }

    @Test func allOffCurveContourImpliesItsOnCurvePoints() throws {
        var expected = Path()
        expected.move(to: Point(275, 0))
        expected.quad(to: Point(50, 250), control: Point(50, 0))
        expected.quad(to: Point(275, 500), control: Point(50, 500))
        expected.quad(to: Point(500, 250), control: Point(500, 500))
        expected.quad(to: Point(275, 0), control: Point(500, 0))
        expected.close()
        #expect(try Fixtures.typeface("KernFixture").outline(of: Fixtures.Glyph.o) == expected)
    }

    @Test func contourStartingOffCurveStartsAtItsLastOnCurvePointOrAMidpoint() throws {
        let t = try Fixtures.typeface("KernFixture")
        // Last point off-curve too: start at the midpoint of the last and first points.
        var d = Path()
        d.move(to: Point(500, 350))
        d.quad(to: Point(100, 0), control: Point(500, 0))
        d.line(to: Point(100, 700))
        d.quad(to: Point(500, 350), control: Point(500, 700))
        d.close()
        #expect(t.outline(of: Fixtures.Glyph.D) == d)
        // Last point on-curve: start there.
        var e = Path()
        e.move(to: Point(100, 700))
        e.quad(to: Point(500, 350), control: Point(500, 700))
        e.quad(to: Point(100, 0), control: Point(500, 0))
        e.close()
        #expect(t.outline(of: Fixtures.Glyph.E) == e)
    }

    /// The points of each contour of a glyph made of straight lines only.
    private func polygons(_ outline: Path) -> [[Point]] {
        var result: [[Point]] = []
        var points = outline.points.makeIterator()
        for verb in outline.verbs {
            switch verb {
            case .move: result.append([points.next()!])
            case .line: result[result.count - 1].append(points.next()!)
            default: break
            }
        }
        #expect(!outline.verbs.contains(.quad), "only straight glyphs are compared as polygons")
        return result
    }

    @Test func compositeComponentsArePlacedByOffset() throws {
        let t = try Fixtures.typeface("KernFixture")
        let square = { (dy: Double) in [Point(50, dy), Point(50, 100 + dy), Point(150, 100 + dy), Point(150, dy)] }
        #expect(polygons(t.outline(of: Fixtures.Glyph.colon)) == [square(0), square(400)])
        let shifted = square(0).map { Point($0.x + 100, $0.y) }
        #expect(polygons(t.outline(of: Fixtures.Glyph.nested)) == [shifted, square(400).map { Point($0.x + 100, $0.y) }])
    }

    @Test func compositeScaleLeavesTheOffsetUnscaledUnlessTheFlagSaysSo() throws {
        let t = try Fixtures.typeface("KernFixture")
        #expect(polygons(t.outline(of: Fixtures.Glyph.scaled)) == [[Point(100, 50), Point(250, 400), Point(400, 50)]])
        #expect(polygons(t.outline(of: Fixtures.Glyph.scaledOffset)) == [[Point(50, 25), Point(200, 375), Point(350, 25)]])
    }

    @Test func compositeXYScaleAndTwoByTwoMatricesTransformThePoints() throws {
        let t = try Fixtures.typeface("KernFixture")
        #expect(polygons(t.outline(of: Fixtures.Glyph.xyscale)) == [
            [Point(0, 300), Point(0, 350), Point(825, 350), Point(825, 300)],
            [Point(337.5, 0), Point(337.5, 300), Point(487.5, 300), Point(487.5, 0)],
        ])
        #expect(polygons(t.outline(of: Fixtures.Glyph.twobytwo)) == [[Point(0, 0), Point(0, 600), Point(700, 300)]])
    }

    @Test func compositePointMatchingMovesTheChildPointOntoTheParentPoint() throws {
        let t = try Fixtures.typeface("KernFixture")
        #expect(polygons(t.outline(of: Fixtures.Glyph.matched)) == [
            [Point(0, 0), Point(300, 700), Point(600, 0)],
            [Point(300, 700), Point(300, 800), Point(400, 800), Point(400, 700)],
        ])
    }

    @Test func bundledCompositesMatchFontToolsBounds() throws {
        let t = try FontLibrary.Face.regular.typeface()
        // ellipsis: three periods at x offsets 229, 458 and 0; Aacute: A plus acutecomb.case at 366.
        #expect(t.outline(of: 866).bounds == Rect(63, 0, 560, 102))
        #expect(t.outline(of: 866).verbs.filter { $0 == .close }.count == 3)
        #expect(t.outline(of: 2).bounds == Rect(19, 0, 692, 937))
    }

    @Test func missingBulletIsDrawnAsARoundDot() throws {
        let t = try Fixtures.typeface("KernFixture")
        let dot = t.glyph(for: "•")
        #expect(dot == 16)
        #expect(t.advance(of: dot) == 540)
        let box = t.outline(of: dot).bounds
        #expect(abs(box.midX - 270) < 1e-9 && abs(box.midY - 275) < 1e-9)
        let bundled = try FontLibrary.Face.regular.typeface()
        #expect(bundled.glyph(for: "•") == 872, "a font with U+2022 uses its own bullet")
    }

    @Test func bundledDataMatchesTheFontFilesInAssets() throws {
        for face in FontLibrary.Face.allCases {
            let file = try #require(FileManager.default.contents(atPath: "\(Fixtures.fontsFolder)/\(face.rawValue).ttf"))
            let fromFile = try Typeface(bytes: [UInt8](file), name: face.rawValue)
            let embedded = try face.typeface()
            #expect((0..<fromFile.glyphCount).allSatisfy { fromFile.outline(of: $0) == embedded.outline(of: $0) },
                    "\(face.rawValue): rerun Assets/Fonts/make-fonts.sh")
            #expect(fromFile.colorBitmaps?.glyphs.count == embedded.colorBitmaps?.glyphs.count
                    && fromFile.colorBitmaps?.file.hashValue == embedded.colorBitmaps?.file.hashValue,
                    "\(face.rawValue): rerun Assets/Fonts/make-fonts.sh")
        }
    }

    @Test func fontNamesFromIOSCodeMapToTheBundledFaces() throws {
        #expect(FontLibrary.face(named: "Avenir-Light") == .light)
        #expect(FontLibrary.face(named: "avenir-medium") == .medium)
        #expect(FontLibrary.face(named: "Avenir-Book") == .regular)
        #expect(FontLibrary.face(named: "Avenir-Roman") == .regular)
        #expect(FontLibrary.face(named: "HelveticaNeue") == .regular)
        #expect(FontLibrary.face(named: "Comic Sans") == nil)
        #expect { try FontLibrary.font(named: "Comic Sans", size: 12) } throws: {
            "\($0)".contains("no font named 'Comic Sans'") && "\($0)".contains("Avenir-Light")
        }
    }
}
