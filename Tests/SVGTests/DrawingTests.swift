import Geometry
import Raster
import SVG
import Testing

@Suite struct DrawingTests {
    private func image(_ body: String, viewBox: String = "0 0 10 10") throws -> VectorImage {
        try VectorImage.parse(text: "<svg viewBox=\"\(viewBox)\">\(body)</svg>", name: "t.svg")
    }

    @Test func viewBoxIsStretchedOntoTheDestinationRect() throws {
        // The viewBox's left half, filled, lands on the left half of a 4x2 rect placed at (2, 1).
        let half = try image(##"<rect x="-5" y="-5" width="5" height="10"/>"##, viewBox: "-5 -5 10 10")
        let canvas = Canvas(width: 8, height: 4)
        canvas.draw(half, in: Rect(2, 1, 4, 2))
        for y in 0..<4 {
            for x in 0..<8 {
                #expect(canvas.pixmap[x, y].a == (x >= 2 && x < 4 && y >= 1 && y < 3 ? 255 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func transformMapsTheRectToDevicePixels() throws {
        let square = try image(##"<rect width="10" height="10" fill="#fff"/>"##)
        let canvas = Canvas(width: 9, height: 9)
        canvas.draw(square, in: Rect(1, 1, 1, 1), transform: .scale(3, 3))
        #expect(canvas.pixmap[3, 3].a == 255 && canvas.pixmap[5, 5].a == 255)
        #expect(canvas.pixmap[2, 2].a == 0 && canvas.pixmap[6, 6].a == 0)
    }

    @Test func aFileRenderedOnItsOwnFlattensCurvesFinerThanAScene() throws {
        // A circle of radius 1 px: at the scene's 0.1 px each quarter is two chords (an octagon,
        // 2.83 px² of the exact 3.14); a file rendered alone flattens at 0.02 px (a 20-gon, 3.09).
        let dot = try image(##"<circle cx="2" cy="2" r="1"/>"##, viewBox: "0 0 4 4")
        func area(_ pixmap: Pixmap) -> Double {
            var sum = 0
            for y in 0..<4 { for x in 0..<4 { sum += Int(pixmap[x, y].a) } }
            return Double(sum) / 255
        }
        let alone = Canvas(width: 4, height: 4)
        alone.curveTolerance = VectorImage.fileCurveTolerance
        alone.draw(dot, in: Rect(0, 0, 4, 4))
        let scene = Canvas(width: 4, height: 4)
        scene.draw(dot, in: Rect(0, 0, 4, 4))
        #expect(abs(area(alone.pixmap) - 3.090) < 0.03, "area \(area(alone.pixmap))")
        #expect(abs(area(scene.pixmap) - 2 * 2.0.squareRoot()) < 0.03, "area \(area(scene.pixmap))")
    }

    @Test func aFileRenderedOnItsOwnPutsEdgesOnQuarterPixelRowsAsChromiumDoes() throws {
        // A band from y = 1 to 1.6 (a pentagon: one upright rectangle Skia fills exactly):
        // Chromium (Skia's analytic anti-aliasing) snaps 1.6 to 1.5 and covers the row half; a
        // scene covers it by its exact 60 %.
        let band = try image(##"<path d="M1 1 H3 V1.6 H1 L0.5 1.3 Z"/>"##, viewBox: "0 0 4 4")
        #expect(abs(Int(band.rendered(width: 4, height: 4)[1, 1].a) - 128) <= 1)
        let scene = Canvas(width: 4, height: 4)
        scene.draw(band, in: Rect(0, 0, 4, 4))
        #expect(abs(Int(scene.pixmap[1, 1].a) - 153) <= 1)
        // One upright rectangle stays exact, as Skia's SkScan::AntiFillRect draws it.
        let rect = try image(##"<rect x="1" y="1" width="2" height="0.6"/>"##, viewBox: "0 0 4 4")
        #expect(abs(Int(rect.rendered(width: 4, height: 4)[1, 1].a) - 153) <= 1)
    }

    @Test func aFileRenderedOnItsOwnDrawsCirclesAndArcsAsChromiumsConicsAndCurveSteps() throws {
        // Chromium holds a <circle> and a path's arcs as conics (SkPath::addOval, arcTo) and its
        // edge builder cuts them into quadratics walked in quarter-pixel-row steps; the values are
        // headless Chromium's, the exact areas (what a scene draws) in the comments.
        let circle = try image(##"<circle cx="10.3" cy="10.6" r="3.5"/>"##, viewBox: "0 0 20 20").rendered(width: 20, height: 20)
        #expect(abs(Int(circle[7, 8].a) - 168) <= 4) // exact: 118
        #expect(abs(Int(circle[12, 7].a) - 77) <= 5) // exact: 38
        let arc = try image(##"<path d="M5,30 A14,14 0 0 1 33,30 L27,30 A8,8 0 0 0 11,30 Z"/>"##, viewBox: "0 0 40 40")
            .rendered(width: 40, height: 40)
        #expect(abs(Int(arc[5, 25].a) - 97) <= 5) // exact: 63
        #expect(abs(Int(arc[20, 22].a) - 63) <= 4) // exact: 40
    }

    @Test func aFileRenderedOnItsOwnStrokesCurvesIntoQuadraticsAsChromiumDoes() throws {
        // Skia strokes a curve into quadratics fitted to its offsets within a quarter pixel
        // (SkStroke), whose edges are then placed as any curve's; the values are headless
        // Chromium's, the flattened outline's (drawn before) in the comments.
        let ring = try image(##"<circle cx="20.3" cy="20.2" r="12" fill="none" stroke="#036" stroke-width="2"/>"##,
                             viewBox: "0 0 40 40").rendered(width: 40, height: 40)
        #expect(abs(Int(ring[12, 12].a) - 144) <= 5) // before: 105
        #expect(abs(Int(ring[16, 7].a) - 27) <= 5) // before: 68
        #expect(abs(Int(ring[27, 28].a) - 126) <= 5) // before: 155
    }

    @Test func aStrokedHalfEllipseArcIsStrokedAlongItsQuartersAsChromiumDoes() throws {
        // Two 180° arcs of a flat ellipse under a non-uniform scale (tango-045's halo): Skia's
        // arcs put their quarter points exactly on the axes, so the outer side of each quarter
        // is one quadratic whose arms lie along them; ours are read a few 1e-7 off the axes,
        // which split each quarter in two and thinned the ring. Chromium's values; before in
        // the comments.
        let halo = try image(##"<path style="fill:none;stroke:#c3b400;stroke-width:2.32432675" d="M 40.204443 10.451922 A 15.076666 2.5127776 0 1 1 10.051111,10.451922 A 15.076666 2.5127776 0 1 1 40.204443 10.451922 z" transform="matrix(1.012503,0,0,1.645326,-1.176935,-5.3)"/>"##,
                             viewBox: "0 0 48 48").rendered(width: 48, height: 48)
        #expect(abs(Int(halo[33, 17].a) - 99) <= 5) // before: 25
        #expect(abs(Int(halo[15, 17].a) - 122) <= 5) // before: 48
        #expect(abs(Int(halo[34, 6].a) - 108) <= 5) // before: 38
    }

    @Test func zeroSizedFramesDrawNothing() throws {
        let owl = try OwlAssets.load("arm-up-left")
        let canvas = Canvas(width: 16, height: 16)
        for rect in [Rect(4, 4, 0, 0), Rect(4, 4, 0, 10), Rect(4, 4, 10, 0)] { canvas.draw(owl, in: rect) }
        canvas.draw(owl, in: Rect(0, 0, 16, 16), transform: .scale(0, 1))
        canvas.draw(owl, in: Rect(0, 0, 16, 16), alpha: 0)
        #expect(canvas.pixmap == Pixmap(width: 16, height: 16))
    }

    @Test func tinyFramesDrawALittleAndDoNotCrash() throws {
        let canvas = Canvas(width: 4, height: 4)
        canvas.draw(try OwlAssets.load("face"), in: Rect(1, 1, 0.01, 0.01))
        #expect(canvas.pixmap.data.allSatisfy { $0 < 16 })
    }

    @Test func translucentImagesFadeAsOneLayer() throws {
        // Two overlapping opaque squares at alpha 0.5 give 50% coverage in the overlap, not 75%.
        let overlapping = try image(##"<rect width="8" height="8" fill="#fff"/><rect x="2" width="8" height="8" fill="#fff"/>"##)
        let canvas = Canvas(width: 10, height: 10)
        canvas.draw(overlapping, in: Rect(0, 0, 10, 10), alpha: 0.5)
        #expect(canvas.pixmap[5, 5].a == 128)
        #expect(canvas.pixmap[9, 9].a == 0)
    }

    @Test func translucentShapeStrokesDoNotDoubleOverTheirFill() throws {
        let shape = try image(##"<rect x="2" y="2" width="6" height="6" fill="#fff" stroke="#fff" stroke-width="2" opacity="0.5"/>"##)
        let canvas = Canvas(width: 10, height: 10)
        canvas.draw(shape, in: Rect(0, 0, 10, 10))
        // The stroke straddles the edge at x = 2: inside it overlaps the fill, outside it does not.
        #expect(canvas.pixmap[2, 5].a == 128 && canvas.pixmap[1, 5].a == 128 && canvas.pixmap[5, 5].a == 128)
    }

    @Test func fillOpacityAndOpacityMultiply() throws {
        let shape = try image(##"<rect width="10" height="10" fill="#fff" fill-opacity="0.5" opacity="0.5"/>"##)
        let canvas = Canvas(width: 2, height: 2)
        canvas.draw(shape, in: Rect(0, 0, 2, 2))
        #expect(canvas.pixmap[0, 0].a == 64)
    }

    @Test func deeplyNestedLayersStayWithinTheirPixelBudget() throws {
        // 150 nested translucent groups: the outer ones get layers, the rest draw straight through.
        let depth = 150
        let body = String(repeating: #"<g opacity="0.99">"#, count: depth) + ##"<rect width="10" height="10" fill="#fff"/>"##
            + String(repeating: "</g>", count: depth)
        let canvas = Canvas(width: 10, height: 10)
        canvas.draw(try image(body), in: Rect(0, 0, 10, 10))
        #expect(canvas.pixmap[5, 5].a > 0 && canvas.pixmap[5, 5].a < 255)
    }

    @Test func layersNestAtMostSixtyFourDeepAndDeeperGroupsDrawStraightThrough() throws {
        // Nested groups at 0.99 (two shapes inside, so no group's opacity is folded into a
        // paint): each of the outer 64 fades what it holds; deeper ones are drawn straight
        // through (pixels are not what stops them: each layer is 16 pixels).
        func alpha(nested depth: Int) throws -> UInt8 {
            let body = String(repeating: #"<g opacity="0.99">"#, count: depth) + ##"<rect width="5" height="10" fill="#fff"/><rect x="5" width="5" height="10" fill="#fff"/>"##
                + String(repeating: "</g>", count: depth)
            let canvas = Canvas(width: 4, height: 4)
            canvas.draw(try image(body), in: Rect(0, 0, 4, 4))
            return canvas.pixmap[2, 2].a
        }
        #expect(try alpha(nested: 63) > alpha(nested: 64))
        #expect(try alpha(nested: 80) == alpha(nested: 64))
    }

    @Test func aChainOfFiveHundredMasksOnMasksDrawsWithoutExhaustingTheStack() throws {
        // Each mask is drawn in a layer that draws its own mask: the chain stops at the layer depth.
        var defs = ##"<mask id="m0"><rect width="9" height="9" fill="#fff"/></mask>"##
        for k in 1..<500 { defs += ##"<mask id="m\##(k)" mask="url(#m\##(k - 1))"><rect width="9" height="9" fill="#fff"/></mask>"## }
        let body = ##"<defs>\##(defs)</defs><rect width="9" height="9" fill="#fff" mask="url(#m499)"/>"##
        let canvas = Canvas(width: 10, height: 10)
        canvas.draw(try image(body), in: Rect(0, 0, 10, 10))
        #expect(canvas.pixmap[4, 4].a == 255)
    }
}
