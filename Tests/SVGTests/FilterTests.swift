import Geometry
import Raster
@testable import SVG
import Testing

/// Filters (Filter Effects 1): primitives' arithmetic on known pixels, the order filter → clip
/// → opacity, the spec's blur approximation, warnings for filters in error, and hostile
/// filters that must stay bounded. The corpus's `filter-*` files check whole pictures.
@Suite struct FilterTests {
    /// `body` in a 10 × 10 viewBox rendered at `size` pixels a side.
    private func render(_ body: String, size: Int = 10) throws -> Pixmap {
        try VectorImage.parse(text: #"<svg viewBox="0 0 10 10">"# + body + "</svg>", name: "f.svg")
            .rendered(width: size, height: size)
    }

    private func warnings(_ body: String) throws -> [String] {
        try VectorImage.parse(text: #"<svg viewBox="0 0 10 10">"# + body + "</svg>", name: "f.svg")
            .warnings.map(\.description)
    }

    /// A filter in sRGB over the whole 10 × 10 viewport, applied to a rect covering it.
    private func filtered(_ primitives: String, fill: String = "#ff0000") throws -> Pixmap {
        try render(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10" "#
            + #"color-interpolation-filters="sRGB">"# + primitives + "</filter>"
            + #"<rect width="10" height="10" fill="\#(fill)" filter="url(#f)"/>"#)
    }

    @Test func floodFillsTheRegionWithColourAndOpacity() throws {
        let p = try filtered(#"<feFlood flood-color="blue" flood-opacity="0.5"/>"#)
        #expect(p[0, 0] == (0, 0, 128, 128) && p[9, 9] == (0, 0, 128, 128))
    }

    @Test func offsetMovesByDevicePixelsAtTheDrawingScale() throws {
        let body = #"<filter id="f" x="0" y="0" width="2" height="1"><feOffset dx="1"/></filter>"#
            + #"<rect width="2" height="10" filter="url(#f)"/>"#
        let p = try render(body, size: 20)
        // Drawn at 2×: the rect's 4 pixel columns move 2 to the right.
        #expect(p[1, 5].a == 0 && p[2, 5].a == 255 && p[5, 5].a == 255 && p[6, 5].a == 0)
    }

    @Test func theFilterRegionClipsTheResult() throws {
        let body = #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="5" height="10"><feOffset dx="3"/></filter>"#
            + #"<rect width="4" height="10" filter="url(#f)"/>"#
        let p = try render(body)
        // Moved to 3..7, cut at the region's edge at 5; what lay outside the region before the
        // offset (nothing here) and the rest of the source are not drawn.
        #expect(p[2, 5].a == 0 && p[3, 5].a == 255 && p[4, 5].a == 255 && p[5, 5].a == 0)
    }

    @Test func anUprightRegionIsRoundedOutToWholePixelsAndCutHardAsChromiumCutsIt() throws {
        // x 1.3...6.7, y 2.7...8.2: pixels 1 through 6 across and 2 through 8 down, each whole.
        let flood = #"<filter id="f" filterUnits="userSpaceOnUse" x="1.3" y="2.7" width="5.4" height="5.5">"#
            + #"<feFlood flood-color="blue"/></filter><rect width="10" height="10" filter="url(#f)"/>"#
        let p = try render(flood)
        #expect(p[1, 5] == (0, 0, 255, 255) && p[6, 5] == (0, 0, 255, 255) && p[0, 5].a == 0 && p[7, 5].a == 0)
        #expect(p[4, 2] == (0, 0, 255, 255) && p[4, 8] == (0, 0, 255, 255) && p[4, 1].a == 0 && p[4, 9].a == 0)
        // Rotated, the region is cut anti-aliased along its edges: a pixel it half covers is partly drawn.
        let turned = try render(#"<g transform="rotate(45 5 5)">"# + flood + "</g>")
        #expect(turned.data.contains { $0 > 0 && $0 < 255 })
    }

    @Test func sourceOutsideTheRegionIsCarriedInByAnOffset() throws {
        // As Chromium: the source graphic is not cut to the region before the primitives run.
        let body = #"<filter id="f" filterUnits="userSpaceOnUse" x="5" y="0" width="5" height="10"><feOffset dx="3"/></filter>"#
            + #"<rect width="4" height="10" filter="url(#f)"/>"#
        let p = try render(body)
        #expect(p[4, 5].a == 0 && p[5, 5].a == 255 && p[6, 5].a == 255 && p[7, 5].a == 0)
    }

    @Test func filterComesBeforeClipAndOpacity() throws {
        // The rect is moved into the clip path's half; clipping first would leave nothing.
        let body = #"<clipPath id="c"><rect x="5" width="5" height="10"/></clipPath>"#
            + #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feOffset dx="5"/></filter>"#
            + #"<rect width="5" height="10" fill="white" opacity="0.5" filter="url(#f)" clip-path="url(#c)"/>"#
        let p = try render(body)
        #expect(p[2, 5].a == 0 && p[7, 5] == (128, 128, 128, 128))
    }

    @Test(arguments: [
        ("over", (170, 0, 85, 255)), ("in", (170, 0, 0, 170)), ("out", (0, 0, 0, 0)),
        ("atop", (170, 0, 85, 255)), ("xor", (0, 0, 85, 85)),
    ])
    func compositeOperatorsFollowPorterDuff(op: String, expected: (UInt8, UInt8, UInt8, UInt8)) throws {
        // in: red at 2/3 opacity; in2: opaque blue.
        let p = try filtered(#"<feFlood flood-color="blue" result="b"/>"#
            + #"<feFlood flood-color="red" flood-opacity="0.6667"/><feComposite in2="b" operator="\#(op)"/>"#)
        #expect(p[5, 5] == expected)
    }

    @Test func arithmeticCompositeClampsColourToAlpha() throws {
        // k4 alone makes every channel 0.5; k2 = 1 adds the red source: red clamps to alpha.
        let p = try filtered(#"<feFlood flood-color="black" flood-opacity="0" result="t"/>"#
            + #"<feComposite in="SourceGraphic" in2="t" operator="arithmetic" k2="1" k4="0.5"/>"#)
        #expect(p[5, 5] == (255, 128, 128, 255))
        let q = try filtered(#"<feComposite in="SourceGraphic" in2="SourceGraphic" operator="arithmetic" k4="0.2" k1="0"/>"#)
        #expect(q[5, 5] == (51, 51, 51, 51))
    }

    @Test(arguments: [
        ("normal", (191, 64, 64)), ("multiply", (191, 0, 0)), ("screen", (255, 64, 64)),
        ("darken", (191, 0, 0)), ("lighten", (255, 64, 64)),
    ])
    func blendModesOnOpaqueBackdrop(mode: String, expected: (UInt8, UInt8, UInt8)) throws {
        // Source #808080 at 50 % over an opaque red backdrop.
        let p = try filtered(#"<feFlood flood-color="rgb(128,128,128)" flood-opacity="0.5"/>"#
            + #"<feBlend in2="SourceGraphic" mode="\#(mode)"/>"#)
        #expect(p[5, 5] == (expected.0, expected.1, expected.2, 255))
    }

    @Test func colorMatrixTypes() throws {
        // saturate 0 turns red into its luma (0.213); luminanceToAlpha makes black with that alpha.
        #expect(try filtered(#"<feColorMatrix type="saturate" values="0"/>"#)[5, 5] == (54, 54, 54, 255))
        #expect(try filtered(#"<feColorMatrix type="luminanceToAlpha"/>"#)[5, 5] == (0, 0, 0, 54))
        #expect(try filtered(#"<feColorMatrix type="hueRotate" values="0"/>"#)[5, 5] == (255, 0, 0, 255))
        #expect(try filtered(#"<feColorMatrix values="0 0 1 0 0 0 1 0 0 0 1 0 0 0 0 0 0 0 0.5 0.1"/>"#)[5, 5]
            == (0, 0, 153, 153))
    }

    @Test func linearRGBIsTheDefaultColourSpace() throws {
        // A quarter-opaque white flood merged over black: sRGB mixes to 64, linear light to 137.
        func mix(_ space: String) throws -> UInt8 {
            try render(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10" \#(space)>"#
                + #"<feFlood flood-color="white" flood-opacity="0.25" result="w"/>"#
                + #"<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="w"/></feMerge></filter>"#
                + #"<rect width="10" height="10" filter="url(#f)"/>"#)[5, 5].r
        }
        #expect(try mix("") == 137)
        #expect(try mix(#"color-interpolation-filters="linearRGB""#) == 137)
        #expect(try mix(#"color-interpolation-filters="sRGB""#) == 64)
    }

    @Test func boxSizesFollowTheSpec() {
        // d = ⌊σ · 3√(2π)/4 + ½⌋
        #expect([0, 0.2, 1, 2, 3, 10].map { FilterImage.specBoxes($0).first?.size ?? 0 } == [0, 0, 2, 4, 6, 19])
        // An even d: two boxes of d shifted half a pixel either way, then one of d + 1.
        #expect(FilterImage.specBoxes(2).map { [$0.size, $0.left] } == [[4, 2], [4, 1], [5, 2]])
    }

    @Test func blurKeepsTheInkAndIsSymmetric() throws {
        let body = #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="40" height="40">"#
            + #"<feGaussianBlur stdDeviation="3"/></filter><rect x="19" y="19" width="2" height="2" filter="url(#f)"/>"#
        let p = try VectorImage.parse(text: #"<svg viewBox="0 0 40 40">"# + body + "</svg>", name: "f.svg")
            .rendered(width: 40, height: 40)
        let total = (0..<40).reduce(0) { sum, y in (0..<40).reduce(sum) { $0 + Int(p[$1, y].a) } }
        #expect(abs(total - 4 * 255) < 40)
        // Rounding after each box may differ by one either side.
        for d in 1..<12 {
            #expect(abs(Int(p[19 - d, 20].a) - Int(p[20 + d, 20].a)) <= 1)
            #expect(abs(Int(p[20, 19 - d].a) - Int(p[20, 20 + d].a)) <= 1)
        }
    }

    @Test func aBlurredEdgeAtTheRegionFadesToAboutHalf() throws {
        // A rect filling a tight region: its blurred edge is ~½ (a blur of the whole plane, cut to
        // the region), not the third that blurring inside the region alone gives.
        let body = #"<filter id="f" x="0" y="0" width="1" height="1"><feGaussianBlur stdDeviation="8 0"/></filter>"#
            + #"<rect width="100" height="10" filter="url(#f)"/>"#
        let p = try VectorImage.parse(text: #"<svg viewBox="0 0 100 10">"# + body + "</svg>", name: "f.svg")
            .rendered(width: 100, height: 10)
        #expect((120...145).contains(p[0, 5].a))
        #expect(p[50, 5].a == 255)
    }

    @Test func dropShadowIsTheSpeltOutFilter() throws {
        let shadow = #"<feDropShadow dx="1" dy="2" stdDeviation="1" flood-color="navy" flood-opacity="0.5"/>"#
        let spelt = #"<feGaussianBlur in="SourceAlpha" stdDeviation="1"/><feOffset dx="1" dy="2" result="o"/>"#
            + #"<feFlood flood-color="navy" flood-opacity="0.5"/><feComposite in2="o" operator="in"/>"#
            + #"<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>"#
        func draw(_ primitives: String) throws -> Pixmap {
            try render(#"<filter id="f" x="-1" y="-1" width="3" height="3">\#(primitives)</filter>"#
                + #"<rect x="2" y="2" width="4" height="4" fill="gold" filter="url(#f)"/>"#, size: 30)
        }
        #expect(try draw(shadow) == draw(spelt))
    }

    @Test func morphologyErodesAndDilatesByWholePixels() throws {
        func columns(_ primitive: String) throws -> [UInt8] {
            let p = try render(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10">"#
                + primitive + #"</filter><rect x="3" y="2" width="4" height="6" filter="url(#f)"/>"#)
            return (0..<10).map { p[$0, 5].a }
        }
        #expect(try columns(#"<feMorphology operator="dilate" radius="1.6 0.4"/>"#) == [0, 255, 255, 255, 255, 255, 255, 255, 255, 0])
        #expect(try columns(#"<feMorphology radius="1"/>"#) == [0, 0, 0, 0, 255, 255, 0, 0, 0, 0])
        // Radius 0 (or negative, warned) disables the primitive; the input passes through.
        #expect(try columns(#"<feMorphology radius="0"/>"#) == [0, 0, 0, 255, 255, 255, 255, 0, 0, 0])
        #expect(try warnings(#"<filter id="f"><feMorphology radius="-1"/></filter><rect width="4" height="4" filter="url(#f)"/>"#)
            == ["f.svg:1:63: warning: radius: must not be negative; the morphology is disabled"])
    }

    @Test func componentTransferFunctions() throws {
        // On straight sRGB red (1, 0, 0, 1): table, discrete, linear and gamma per channel.
        let p = try filtered(#"<feComponentTransfer><feFuncR type="table" tableValues="0 0.5"/>"#
            + #"<feFuncG type="discrete" tableValues="0.2 1"/><feFuncB type="linear" slope="2" intercept="0.25"/>"#
            + #"<feFuncA type="gamma" amplitude="0.5" exponent="3" offset="0.1"/></feComponentTransfer>"#)
        // alpha 0.6 (153); red 0.5, green 0.2, blue 0.25, premultiplied.
        #expect(p[5, 5] == (77, 31, 38, 153))
        #expect(try warnings(#"<filter id="f"><feComponentTransfer><feFuncR type="sine"/></feComponentTransfer></filter>"#
            + #"<rect width="4" height="4" filter="url(#f)"/>"#)
            == ["f.svg:1:77: warning: type: invalid value 'sine' on <feFuncR>; the channel is left as it is"])
    }

    @Test func deterministicPowerMatchesKnownValues() {
        #expect(abs(DeterministicMath.power(0.5, 2.2) - 0.217_637_640_824_031) < 1e-14)
        #expect(abs(DeterministicMath.power(0.25, 0.5) - 0.5) < 1e-15)
        #expect(abs(DeterministicMath.power(1e-300, 0.01) - 0.000_999_999_999_999_999_4) < 1e-17)
        #expect(DeterministicMath.power(0, 2) == 0 && DeterministicMath.power(0, 0) == 1 && DeterministicMath.power(1, 1e300) == 1)
    }

    @Test func subregionsClipPrimitivesAndDefaultToTheirInputs() throws {
        let p = try filtered(#"<feFlood flood-color="blue" x="2" y="2" width="3" height="3" result="a"/>"#
            + #"<feOffset in="a" dx="4"/>"#)
        // The offset result's subregion defaults to its input's (2..5): the moved square is cut away.
        #expect((0..<10).allSatisfy { x in p[x, 3].a == 0 })
        let q = try filtered(#"<feFlood flood-color="blue" x="2" y="2" width="3" height="3"/>"#)
        #expect(q[1, 3].a == 0 && q[2, 3].a == 255 && q[4, 3].a == 255 && q[5, 3].a == 0)
    }

    @Test func filtersInsideClipPathsAreIgnored() throws {
        let body = #"<filter id="f"><feOffset dx="5"/></filter>"#
            + #"<clipPath id="c"><rect width="5" height="10" filter="url(#f)"/></clipPath>"#
            + #"<rect width="10" height="10" clip-path="url(#c)"/>"#
        let p = try render(body)
        #expect(p[2, 5].a == 255 && p[7, 5].a == 0)
    }

    @Test func filtersInErrorAreWarnedAndNotDrawn() throws {
        let rect = #"<rect width="4" height="4" filter="url(#f)"/>"#
        #expect(try warnings(#"<filter id="f"/>"# + rect)
            == ["f.svg:1:26: warning: filter: '#f' has no primitives; the element using it is not drawn"])
        #expect(try warnings(#"<filter id="f" width="0"><feOffset/></filter>"# + rect)
            == ["f.svg:1:71: warning: filter: '#f' has an empty region here; not drawn"])
        for primitives in ["", #"<feOffset dx="1"/><feImage/>"#] {
            let p = try render(#"<filter id="f">\#(primitives)</filter>"# + rect)
            #expect(p == Pixmap(width: 10, height: 10))
        }
    }

    @Test func anImagesRectangleIsItsObjectBoundingBox() throws {
        // A 2 × 2 PNG drawn over (2, 2)…(6, 6), through a filter whose region is the image's
        // box (objectBoundingBox units), flooded blue: Chromium draws it; with no box, nothing was.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8DwH4QZYAwAR8oH+WdZbrcAAAAASUVORK5CYII="
        let p = try render(#"<filter id="f" x="0" y="0" width="1" height="1"><feFlood flood-color="blue"/></filter>"#
            + #"<image href="data:image/png;base64,\#(png)" x="2" y="2" width="4" height="4" filter="url(#f)"/>"#)
        #expect(p[1, 4].a == 0 && p[2, 2] == (0, 0, 255, 255) && p[5, 5] == (0, 0, 255, 255) && p[6, 4].a == 0)
    }

    @Test func missingFiltersAndInvalidValuesAreIgnored() throws {
        let rect = #"<rect width="4" height="4" filter="url(#nope)"/>"#
        #expect(try warnings(rect) == ["f.svg:1:26: warning: filter: no <filter> '#nope' in this file, ignored"])
        #expect(try render(rect)[2, 2].a == 255)
        #expect(try warnings(#"<filter id="f"><feGaussianBlur stdDeviation="-1"/><feOffset in="x"/><feBlend mode="bogus"/>"#
            + #"<feComposite operator="plus"/><feColorMatrix type="sepia"/><feColorMatrix values="1 2"/></filter>"#
            + #"<rect width="4" height="4" filter="url(#f)"/>"#) == [
                "f.svg:1:71: warning: stdDeviation: must not be negative; the blur is disabled",
                "f.svg:1:90: warning: in: no result 'x' before this primitive; the previous result is used",
                "f.svg:1:109: warning: mode: invalid value 'bogus', ignored",
                "f.svg:1:140: warning: operator: invalid value 'plus', ignored",
                "f.svg:1:168: warning: type: invalid value 'sepia', ignored",
                "f.svg:1:199: warning: values: expected 20 numbers, ignored",
            ])
    }

    @Test func cssFilterFunctionsAreTheirPrimitives() throws {
        // grayscale(1) is the spec's matrix (0.2126 red luma), in sRGB.
        #expect(try render(#"<rect width="10" height="10" fill="red" filter="grayscale(1)"/>"#)[5, 5] == (54, 54, 54, 255))
        #expect(try render(#"<rect width="10" height="10" fill="red" style="filter: opacity(50%) invert(1)"/>"#)[5, 5]
            == (0, 128, 128, 128))
        // drop-shadow in currentColor, moved by whole pixels, no blur.
        let p = try render(#"<rect width="4" height="4" style="color: blue" filter="drop-shadow(2px 3px)"/>"#)
        #expect(p[1, 1] == (0, 0, 0, 255) && p[5, 6] == (0, 0, 255, 255) && p[5, 1].a == 0)
        #expect(try warnings(#"<rect width="4" height="4" filter="blur(2%)"/>"#)
            == ["f.svg:1:61: warning: filter: invalid value 'blur(2%)', ignored"])
        #expect(try warnings(#"<rect width="4" height="4" filter="sparkle(2)"/>"#)
            == ["f.svg:1:61: warning: filter: invalid value 'sparkle(2)', ignored"])
    }

    @Test func aFilterListAppliesInOrderAndAMissingReferenceIgnoresIt() throws {
        // An offset, then a shadow of the moved rect; a shadow, then both moved: the same pixels
        // here, each filter region placed around what it receives.
        let defs = #"<filter id="o" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feOffset dx="4"/></filter>"#
        let p = try render(defs + #"<rect width="2" height="10" fill="red" filter="url(#o) drop-shadow(2px 0 blue)"/>"#)
        #expect(p[1, 5].a == 0 && p[4, 5] == (255, 0, 0, 255) && p[6, 5] == (0, 0, 255, 255))
        let q = try render(defs + #"<rect width="2" height="10" fill="red" filter="drop-shadow(2px 0 blue) url(#o)"/>"#)
        #expect(q[4, 5] == (255, 0, 0, 255) && q[6, 5] == (0, 0, 255, 255))
        let ignored = try render(defs + #"<rect width="2" height="10" fill="red" filter="url(#o) url(#none)"/>"#)
        #expect(ignored[1, 5] == (255, 0, 0, 255) && ignored[4, 5].a == 0)
    }

    @Test func hostileFiltersStayBounded() throws {
        // Huge regions, deviations and offsets, nested: drawn at a bounded resolution.
        let body = #"<filter id="h" filterUnits="userSpaceOnUse" x="-1e9" y="-1e9" width="2e9" height="2e9">"#
            + #"<feGaussianBlur stdDeviation="1e9 3"/><feOffset dx="1e30" dy="-1e300"/>"#
            + #"<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode/></feMerge></filter>"#
            + String(repeating: #"<g filter="url(#h)">"#, count: 3) + #"<rect width="5" height="5"/>"#
            + String(repeating: "</g>", count: 3)
        let image = try VectorImage.parse(text: #"<svg viewBox="0 0 10 10">"# + body + "</svg>", name: "h.svg")
        let p = image.rendered(width: 32, height: 32)
        #expect(p[5, 5].a > 200 && p[25, 25].a == 0)
        // Too many primitives: the filter is in error.
        let many = #"<filter id="m">"# + String(repeating: "<feOffset/>", count: 101) + "</filter>"
            + #"<rect width="4" height="4" filter="url(#m)"/>"#
        #expect(try warnings(many).first?.hasSuffix("'#m' has more than 100 primitives; not drawn") == true)
    }

    @Test func aFilterOverItsBudgetRunsAtALowerResolution() throws {
        let image = try VectorImage.parse(text: #"<svg viewBox="0 0 40 40"><filter id="f" filterUnits="userSpaceOnUse" "#
            + #"x="0" y="0" width="40" height="40"><feFlood flood-color="white" x="10" width="20"/><feComposite in="SourceGraphic"/>"#
            + #"</filter><rect width="20" height="40" filter="url(#f)"/></svg>"#, name: "f.svg")
        guard case let .group(group)? = image.root.children.first, let filter = group.filter else {
            Issue.record("no filtered group")
            return
        }
        let full = Canvas(width: 40, height: 40), coarse = Canvas(width: 40, height: 40)
        full.drawFiltered(group, filter, transform: .identity, budget: LayerBudget(pixels: 1 << 20), hairlines: false)
        // 400 pixels for a 1600-pixel region: filtered at half resolution, then scaled up.
        coarse.drawFiltered(group, filter, transform: .identity, budget: LayerBudget(pixels: 400), hairlines: false)
        let columns: [(Int, (UInt8, UInt8, UInt8, UInt8))] = [(5, (0, 0, 0, 255)), (15, (0, 0, 0, 255)), (25, (255, 255, 255, 255)), (35, (0, 0, 0, 0))]
        for (x, expected) in columns {
            #expect(full.pixmap[x, 20] == expected && coarse.pixmap[x, 20] == expected, "\(x)")
        }
    }

    @Test func filterRegionReachIsCappedOnHugeValues() {
        let filter = VectorFilter(region: Rect(0, 0, 10, 10), transform: .identity, primitives: [
            FilterPrimitive(effect: .offset(dx: 1e300, dy: 0), inputs: [.sourceGraphic], subregion: Rect(0, 0, 10, 10)),
            FilterPrimitive(effect: .gaussianBlur(x: .infinity, y: 1), inputs: [.result(0)], subregion: Rect(0, 0, 10, 10)),
        ])
        #expect(filter.reach(.scale(2, 2)) == 1e6)
        #expect(filter.peakImages >= 2)
    }

    @Test func srgbTablesAreMonotoneAndRoundTrip() {
        #expect(SRGBTransfer.toLinear[0] == 0 && SRGBTransfer.toLinear[65535] == 65535)
        #expect(SRGBTransfer.toSRGB[0] == 0 && SRGBTransfer.toSRGB[65535] == 65535)
        // sRGB 0.5 is 0.214 linear light.
        #expect(abs(Int(SRGBTransfer.toLinear[32768]) - 14_027) <= 2)
        #expect(zip(SRGBTransfer.toLinear, SRGBTransfer.toLinear.dropFirst()).allSatisfy { $0 <= $1 })
        for v in stride(from: 0, through: 255, by: 1) {
            let back = Int(SRGBTransfer.toSRGB[Int(SRGBTransfer.toLinear[v * 257])])
            #expect(abs(back - v * 257) <= 257 / 2, "\(v)")
        }
    }

    /// `use` copies of one blurred rect run its filter once per distinct source layer: copies
    /// whole pixels apart share one (two reused after the first at x 10), as do the two copies at
    /// half pixels 40 apart (one reused); a red copy and a copy whose region the canvas cuts run
    /// their own. Every pixel is the one drawn with every filter run.
    @Test func aFilterRunAgainOnTheSameSourceLayerIsReusedAndDrawsTheSameBytes() throws {
        let image = try VectorImage.parse(text: ##"<svg viewBox="0 0 100 100"><defs><filter id="b">"##
            + ##"<feGaussianBlur stdDeviation="2"/><feOffset dx="1"/></filter>"##
            + ##"<rect id="r" width="10" height="10" filter="url(#b)"/></defs>"##
            + ##"<use href="#r" x="10" y="10"/><use href="#r" x="30" y="10"/><use href="#r" x="50" y="10"/>"##
            + ##"<use href="#r" x="10.5" y="40"/><use href="#r" x="50.5" y="40"/>"##
            + ##"<use href="#r" x="30" y="40" fill="red"/><use href="#r" x="95" y="70"/></svg>"##, name: "f.svg")
        let results = FilterResults()
        let reusing = image.rendered(width: 100, height: 100, background: Color.clear, hairlines: true, filterResults: results)
        let running = image.rendered(width: 100, height: 100, background: Color.clear, hairlines: true,
                                     filterResults: FilterResults?.none)
        #expect(results.reused == 3)
        #expect(reusing.data.count == running.data.count)
        #expect(reusing.data.indices.first { reusing.data[$0] != running.data[$0] } == nil)
        #expect(reusing[19, 15].a > 0 && reusing[99, 75].a > 0)
    }
}
