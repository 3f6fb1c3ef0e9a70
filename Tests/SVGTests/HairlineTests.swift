import Geometry
import Raster
import SVG
import Testing

/// Strokes at most one device pixel wide, drawn as Chromium (Skia) draws them when
/// `popping-render svg` asks for hairlines, and as filled outlines otherwise.
@Suite struct HairlineTests {
    private func render(_ body: String, size: Int = 20, hairlines: Bool = true) throws -> Pixmap {
        try VectorImage.parse(text: "<svg width=\"\(size)\" height=\"\(size)\" viewBox=\"0 0 \(size) \(size)\">\(body)</svg>",
                              name: "t.svg")
            .rendered(width: size, height: size, hairlines: hairlines)
    }

    /// The alphas of column `x` from row 0 down.
    private func column(_ pixmap: Pixmap, _ x: Int) -> [UInt8] { (0..<pixmap.height).map { pixmap[x, $0].a } }

    @Test func aSlopedOnePixelStrokeSharesEachColumnBetweenTheTwoNearestPixelCentres() throws {
        // Slope 0.625: at column 10's centre (x = 10.5) the line is at y = 2 + 0.625 × 8.5 = 7.3125,
        // 0.8125 of the way from row 6's centre (6.5) to row 7's (7.5).
        let pixmap = try render(##"<path d="M2 2 L18 12" stroke="#000" stroke-width="1"/>"##)
        var expected = [UInt8](repeating: 0, count: 20)
        expected[6] = 48
        expected[7] = 207
        #expect(column(pixmap, 10) == expected)
    }

    @Test func arcsAreSkiasConicsCutIntoQuadraticsThenLines() throws {
        // Skia draws a rounded corner or a circle as conics, each cut into quadratics within a
        // quarter pixel and each quadratic into lines; Chromium's values, those drawn before
        // (the arcs' cubics cut into lines) in the comments.
        let rect = try render(##"<rect x="2.5" y="2.5" width="15" height="12" rx="4" fill="none" stroke="#000" stroke-width="1"/>"##)
        #expect(abs(Int(rect[3, 3].a) - 190) <= 4) // before: 106
        #expect(abs(Int(rect[16, 13].a) - 190) <= 4) // before: 106
        let circle = try render(##"<circle cx="10.2" cy="10.3" r="7" fill="none" stroke="#000" stroke-width="1"/>"##)
        #expect(abs(Int(circle[4, 6].a) - 245) <= 4) // before: 169
        #expect(abs(Int(circle[6, 4].a) - 254) <= 4) // before: 182
    }

    @Test func aCubicBulgingPastItsEndsIsCutWhereItsCurvaturePeaksFirst() throws {
        // Its control points lie beyond a right angle at its ends: Skia cuts it where its
        // curvature peaks (t = 0.5 here, and near each end) before cutting each piece into lines.
        let bow = try render(##"<path d="M3 15 C-3 1 23 1 17 15" fill="none" stroke="#000" stroke-width="1"/>"##)
        #expect(abs(Int(bow[16, 7].a) - 207) <= 4) // Chromium's; before: 197
        #expect(abs(Int(bow[15, 6].a) - 172) <= 4) // before: 164
    }

    @Test func withoutHairlinesTheSameStrokeIsItsOutlineFilledByArea() throws {
        // Drawn as a scene draws it (exact edges; a file rendered alone puts the outline's
        // corners on quarter-pixel rows as Chromium would, which changes its slope).
        let image = try VectorImage.parse(text: ##"<svg width="20" height="20"><path d="M2 2 L18 12" stroke="#000" stroke-width="1"/></svg>"##,
                                          name: "t.svg")
        let canvas = Canvas(width: 20, height: 20)
        canvas.draw(image, transform: .identity, hairlines: false)
        let pixmap = canvas.pixmap
        // The outline is 1.18 px tall in a column: spread over three rows, with 1.18 pixels of ink.
        let touched = column(pixmap, 10).filter { $0 > 0 }
        #expect(touched.count == 3)
        #expect(abs(touched.reduce(0) { $0 + Int($1) } - 301) <= 3)
    }

    @Test func aThinnerStrokeIsAOnePixelLineWhoseAlphaIsItsWidth() throws {
        // Half a pixel wide at y = 5.25: the line sits 0.75 of the way from row 4's centre to row 5's.
        let pixmap = try render(##"<path d="M2 5.25 H18" stroke="#000" stroke-width="0.5"/>"##)
        var expected = [UInt8](repeating: 0, count: 20)
        expected[4] = 32
        expected[5] = 96
        #expect(column(pixmap, 9) == expected)
    }

    @Test func theWidthCountsInDevicePixels() throws {
        // 2 user units under a quarter-scale viewBox are half a device pixel: a hairline at half alpha.
        let pixmap = try VectorImage.parse(
            text: ##"<svg width="20" height="20" viewBox="0 0 80 80"><path d="M8 22 H72" stroke="#000" stroke-width="2"/></svg>"##,
            name: "t.svg").rendered(width: 20, height: 20, hairlines: true)
        #expect(pixmap[9, 5].a == 128 && pixmap[9, 4].a == 0 && pixmap[9, 6].a == 0)
    }

    @Test func strokesWiderThanAPixelAreOutlinedEitherWay() throws {
        let body = ##"<path d="M2 2 L18 12" stroke="#000" stroke-width="1.5"/>"##
        #expect(try render(body) == render(body, hairlines: false))
    }

    @Test func squareAndRoundCapsLengthenTheLineAsSkiaDoes() throws {
        // From x = 5 to 15 on row 5's centre line: butt ends at the end points, a square cap
        // reaches half a pixel further, a round cap π/8 of one.
        let line = ##"<path d="M5 5.5 H15" stroke="#000" stroke-width="1" stroke-linecap="CAP"/>"##
        let butt = try render(line.replacingOccurrences(of: "CAP", with: "butt"))
        let square = try render(line.replacingOccurrences(of: "CAP", with: "square"))
        let round = try render(line.replacingOccurrences(of: "CAP", with: "round"))
        #expect(butt[4, 5].a == 0 && butt[5, 5].a == 255 && butt[15, 5].a == 0)
        #expect(square[4, 5].a == 128 && square[15, 5].a == 128)
        #expect(round[4, 5].a == 100 && round[15, 5].a == 100)
    }

    @Test func dashesAreCutBeforeTheLineIsDrawn() throws {
        let pixmap = try render(##"<path d="M0 5.5 H20" stroke="#000" stroke-width="1" stroke-dasharray="2 2"/>"##)
        #expect((0..<8).map { pixmap[$0, 5].a } == [255, 255, 0, 0, 255, 255, 0, 0])
    }

    @Test func gradientPaintColoursTheHairlineAlongItsLength() throws {
        let pixmap = try render(##"""
            <linearGradient id="g" x1="0" x2="20" gradientUnits="userSpaceOnUse">
              <stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>
            </linearGradient>
            <path d="M0 5.5 H20" stroke="url(#g)" stroke-width="1"/>
            """##)
        let left = pixmap[1, 5], right = pixmap[18, 5]
        #expect(left.a == 255 && right.a == 255)
        #expect(left.r > 200 && left.b < 40 && right.b > 200 && right.r < 40)
        #expect(pixmap[1, 4].a == 0 && pixmap[1, 6].a == 0)
    }

    @Test func patternPaintFillsTheHairlineFromItsTile() throws {
        let pixmap = try render(##"""
            <pattern id="p" width="4" height="20" patternUnits="userSpaceOnUse">
              <rect width="2" height="20" fill="#0f0"/>
            </pattern>
            <path d="M0 5.5 H20" stroke="url(#p)" stroke-width="1"/>
            """##)
        #expect(pixmap[0, 5].g > 200 && pixmap[0, 5].a > 200)
        #expect(pixmap[2, 5].a < 60)
    }

    @Test func segmentsMeetingInAPixelBlendOverEachOther() throws {
        // A closed square's corners are drawn by both sides: over each other, not added.
        let pixmap = try render(##"<path d="M4.5 4.5 H14.5 V14.5 H4.5 Z" fill="none" stroke="#000" stroke-width="0.5"/>"##)
        // Each side gives half of the corner pixel's full length and the width halves it again:
        // 0.25 twice over, 1 − 0.75² = 0.4375.
        #expect(pixmap[4, 4].a == 112)
        #expect(pixmap[9, 4].a == 128)
    }

    @Test func aClosedOutlineGetsNoCapWhereItCloses() throws {
        // Square caps lengthen the first side backwards only; the side before the close and the
        // closing side keep their ends (Skia's hair_path), so the closing side stays at x = 4.5,
        // drawn as the right side at x = 14.5 is, and nothing reaches below the bottom side.
        let pixmap = try render(##"<path d="M4.5 4.5 H14.5 V14.5 H4.5 Z" fill="none" stroke="#000" stroke-width="1" stroke-linecap="square"/>"##)
        #expect(column(pixmap, 4)[6..<13] == column(pixmap, 14)[6..<13])
        #expect(pixmap[3, 9].a == 0 && pixmap[4, 9].a == 255)
        #expect(column(pixmap, 9)[15...].allSatisfy { $0 == 0 })
    }

    @Test func translucentStrokesBlendTheirSegmentsAtTheirOwnAlpha() throws {
        // A pixel-wide square at half stroke opacity, or at half opacity (one stroke-only
        // shape): each side gives the corner half its length at half alpha, 1 − 0.75² = 0.4375,
        // not half of the opaque corner's 1 − 0.5² (0.375).
        for paint in [##"stroke="#000" stroke-opacity="0.5""##, ##"stroke="#000" opacity="0.5""##] {
            let pixmap = try render(##"<path d="M4.5 4.5 H14.5 V14.5 H4.5 Z" fill="none" stroke-width="1" \##(paint)/>"##)
            #expect(pixmap[4, 4].a == 112, "\(paint)")
            #expect(pixmap[9, 4].a == 128, "\(paint)")
        }
    }
}
