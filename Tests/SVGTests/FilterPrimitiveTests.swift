import Foundation
import Geometry
import Raster
@testable import SVG
import Testing

/// The filter primitives that make or move pictures (Filter Effects 1): feTurbulence against
/// numbers from the spec's reference code, feTile's repetition, feImage's element and file
/// references and the references it refuses.
@Suite struct FilterPrimitiveTests {
    /// `body` in a 10 × 10 viewBox rendered at `size` pixels a side.
    private func render(_ body: String, size: Int = 10, name: String = "f.svg") throws -> VectorImage {
        try VectorImage.parse(text: #"<svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink">"# + body + "</svg>",
                              name: name)
    }

    /// A filter over the whole 10 × 10 viewport in `space`, applied to a rect covering it.
    private func filtered(_ primitives: String, space: String = "sRGB", size: Int = 10) throws -> Pixmap {
        try render(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10" "#
            + #"color-interpolation-filters="\#(space)">"# + primitives + "</filter>"
            + #"<rect width="10" height="10" filter="url(#f)"/>"#).rendered(width: size, height: size)
    }

    // MARK: - feTurbulence

    /// Sums printed by the reference code of Filter Effects 1 § 9.21 (compiled as published,
    /// with the lattice wrap compared before masking), for the point, frequency and seed given.
    @Test(arguments: [
        // seed, x, y, frequency x, y, octaves, fractalNoise, stitch, sums of R, G, B, A
        (3, 12.5, 7.25, 0.05, 0.05, 2, true, false, [-0.33383799204279219, -0.36652980286946496, -0.4914538642088021, -0.0093010079224871353]),
        (7, 12.5, 7.25, 0.03, 0.06, 3, false, false, [0.19731688398135572, 0.26794261903123551, 0.56543177518805565, 0.17527256475634082]),
        (7, 70.5, 7.25, 0.05, 0.05, 3, false, true, [0.32941878097079291, 0.30092756179284408, 0.5534570119987362, 0.10425102785828883]),
    ])
    func turbulenceEqualsTheSpecsReferenceCode(seed: Int, x: Double, y: Double, fx: Double, fy: Double, octaves: Int,
                                              fractal: Bool, stitch: Bool, sums: [Double]) {
        let parameters = FilterEffect.Turbulence(frequencyX: fx, frequencyY: fy, octaves: octaves, seed: seed,
                                                 fractalNoise: fractal, stitchTiles: stitch)
        let v = TurbulenceNoise(seed: seed).values(at: Point(x, y), parameters, tile: Rect(0, 0, 64, 64))
        for c in 0..<4 {
            let expected = min(max(fractal ? (sums[c] + 1) / 2 : sums[c], 0), 1)
            #expect(abs(v[c] - expected) < 1e-12)
        }
    }

    @Test func stitchedTurbulenceRepeatsEveryTile() {
        // 64 · 0.05 = 3.2 cycles a tile: stitching takes 3 (0.05 / (3/64) < (4/64) / 0.05).
        let parameters = FilterEffect.Turbulence(frequencyX: 0.05, frequencyY: 0.05, octaves: 3, seed: 7,
                                                 fractalNoise: false, stitchTiles: true)
        let noise = TurbulenceNoise(seed: 7), tile = Rect(0, 0, 64, 64)
        // The lattice wraps once at the tile's far edges: the right edge continues the left one,
        // and the next tile, short of its last lattice cell (past 42.7 here), repeats this one.
        for (x, y, dx, dy) in [(0.0, 10.0, 64.0, 0.0), (10.0, 0.0, 0.0, 64.0), (6.5, 7.25, 64.0, 64.0), (30.0, 20.0, 64.0, 64.0)] {
            let a = noise.values(at: Point(x, y), parameters, tile: tile)
            let b = noise.values(at: Point(x + dx, y + dy), parameters, tile: tile)
            #expect((0..<4).allSatisfy { abs(a[$0] - b[$0]) < 1e-9 })
        }
        var unstitched = parameters
        unstitched.stitchTiles = false
        let a = noise.values(at: Point(6.5, 7.25), unstitched, tile: tile)
        let b = noise.values(at: Point(70.5, 71.25), unstitched, tile: tile)
        #expect((0..<4).contains { abs(a[$0] - b[$0]) > 1e-3 })
    }

    @Test func fractalNoiseOfNoOctavesIsHalfGreyAtHalfAlphaInTheFiltersColourSpace() throws {
        // The sum is 0, so every channel is ½: in sRGB that is 128 straight; in linearRGB ½ is
        // sRGB 0.7354 (188) straight. Premultiplied by alpha ½.
        let srgb = try filtered(#"<feTurbulence type="fractalNoise" numOctaves="0"/>"#)
        #expect(srgb[3, 4] == (64, 64, 64, 128))
        let linear = try filtered(#"<feTurbulence type="fractalNoise" numOctaves="0"/>"#, space: "linearRGB")
        #expect(linear[3, 4] == (94, 94, 94, 128))
    }

    @Test func turbulenceOfZeroFrequencyIsTransparent() throws {
        // Every point sits on the lattice's origin, where gradient noise is 0.
        let p = try filtered(#"<feTurbulence baseFrequency="0" numOctaves="4"/>"#)
        #expect(p[2, 7].a == 0 && p[9, 0].a == 0)
    }

    @Test func turbulenceFillsOnlyItsSubregionAndIsTheSameBytesEachTime() throws {
        let body = #"<feTurbulence baseFrequency="0.3" numOctaves="3" seed="5" x="2" y="2" width="5" height="5"/>"#
        let p = try filtered(body, size: 40)
        #expect(p[4, 20].a == 0 && p[20, 4].a == 0 && p[30, 20].a == 0)
        #expect((8..<28).contains { p[$0, 20].a > 0 })
        #expect(try filtered(body, size: 40).data.hashValue == p.data.hashValue)
    }

    @Test func turbulenceSeedIsTruncatedTowardsZero() throws {
        let body = { (seed: String) in #"<feTurbulence baseFrequency="0.2" numOctaves="2" seed="\#(seed)"/>"# }
        #expect(try filtered(body("2.9")).data.hashValue == filtered(body("2")).data.hashValue)
        #expect(try filtered(body("3")).data.hashValue != filtered(body("2")).data.hashValue)
    }

    @Test func numOctavesNotWrittenAsAnIntegerIsOneWithAWarningAsInChromium() throws {
        // Blink reads numOctaves with ToIntStrict: 2.5, 2e0 and 2.0 are invalid, so the default 1.
        let body = { (n: String) in
            #"<filter id="f" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB">"#
                + #"<feTurbulence baseFrequency="0.2" numOctaves="\#(n)" seed="3"/></filter><rect width="10" height="10" filter="url(#f)"/>"#
        }
        let one = try render(body("1")).rendered(width: 10, height: 10).data.hashValue
        for n in ["2.5", "2e0", "2.0"] {
            let image = try render(body(n))
            #expect(image.rendered(width: 10, height: 10).data.hashValue == one)
            #expect(image.warnings.map(\.description) == ["f.svg:1:198: warning: numOctaves: expected a whole number; 1 is used, as Chromium uses it"])
        }
        #expect(try render(body(" +2 ")).rendered(width: 10, height: 10).data.hashValue != one)
    }

    @Test func negativeBaseFrequencyMakesTheTurbulenceTransparentWithAWarning() throws {
        let image = try render(#"<filter id="f"><feTurbulence baseFrequency="-0.1"/></filter><rect width="10" height="10" filter="url(#f)"/>"#)
        #expect(image.warnings.contains { $0.description.contains("baseFrequency: must not be negative") })
        #expect(image.rendered(width: 10, height: 10)[5, 5].a == 0)
    }

    // MARK: - feTile

    @Test func tileRepeatsTheInputsSubregionFromItsCorner() throws {
        // A 4 × 4 tile at (3, 3): blue in its left half, red in its right half.
        let p = try filtered(#"<feFlood flood-color="red" x="3" y="3" width="4" height="4" result="r"/>"#
            + #"<feFlood flood-color="blue" x="3" y="3" width="2" height="4" result="b"/>"#
            + #"<feMerge x="3" y="3" width="4" height="4"><feMergeNode in="r"/><feMergeNode in="b"/></feMerge>"#
            + #"<feTile x="0" y="0" width="10" height="10"/>"#)
        let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255), red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
        // Columns 3, 4 blue and 5, 6 red, repeating every 4 either way: 0 is 4's twin, 1 and 2 red.
        #expect(p[0, 0] == blue && p[1, 0] == red && p[2, 9] == red && p[3, 5] == blue && p[8, 1] == blue && p[9, 9] == red)
    }

    @Test func tileFillsTheFilterRegionByDefault() throws {
        let p = try filtered(#"<feFlood flood-color="red" x="0" y="0" width="2" height="2"/><feTile/>"#)
        #expect(p[9, 9] == (255, 0, 0, 255) && p[0, 5] == (255, 0, 0, 255))
    }

    @Test func tileCoversOnlyItsOwnSubregion() throws {
        let p = try filtered(#"<feFlood flood-color="red" x="0" y="0" width="2" height="2"/>"#
            + #"<feTile x="0" y="0" width="6" height="10"/>"#)
        #expect(p[5, 9].a == 255 && p[6, 0].a == 0)
    }

    // MARK: - feImage

    @Test func imageOfAnElementDrawsItInTheUserSpaceMovedToTheSubregion() throws {
        // As Chromium: the element is moved by the subregion's x and y (here 0, 0, then 5, 0).
        let dot = #"<rect id="d" width="2" height="2" fill="lime"/>"#
        let p = try render("<defs>\(dot)</defs>"
            + ##"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feImage xlink:href="#d"/></filter>"##
            + ##"<filter id="g" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feImage href="#d" x="5"/></filter>"##
            + #"<rect width="10" height="5" filter="url(#f)"/><rect y="5" width="10" height="5" filter="url(#g)"/>"#)
            .rendered(width: 10, height: 10)
        #expect(p[1, 1] == (0, 255, 0, 255) && p[2, 1].a == 0)
        #expect(p[4, 0].a == 0 && p[5, 0] == (0, 255, 0, 255) && p[6, 1] == (0, 255, 0, 255) && p[7, 1].a == 0)
    }

    @Test func imageOfTheFilteredElementItselfIsTransparentWithAWarning() throws {
        let image = try render(##"<filter id="f"><feImage href="#g"/></filter><g id="g" filter="url(#f)"><rect width="10" height="10"/></g>"##)
        #expect(image.warnings.contains { $0.description.contains("contains the element this filter applies to") })
        #expect(image.rendered(width: 10, height: 10)[5, 5].a == 0)
    }

    @Test func imageFileBesideTheSVGIsPlacedInTheSubregionAndOneOutsideIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feImage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 1 × 1 opaque blue PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/5ncLrgAAAABJRU5ErkJggg==")!
        try png.write(to: folder.appendingPathComponent("blue.png"))
        let name = folder.appendingPathComponent("f.svg").path
        let inside = try render(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10">"#
            + #"<feImage href="blue.png" x="2" y="2" width="4" height="4"/></filter><rect width="10" height="10" filter="url(#f)"/>"#,
            name: name).rendered(width: 10, height: 10)
        #expect(inside[1, 3].a == 0 && inside[2, 2].a == 255 && inside[5, 5].a == 255 && inside[6, 5].a == 0)
        let outside = try render(#"<filter id="f"><feImage href="../blue.png"/></filter><rect width="10" height="10" filter="url(#f)"/>"#,
                                 name: folder.appendingPathComponent("sub/f.svg").path)
        #expect(outside.warnings.contains { $0.description.contains("image:") })
        #expect(outside.rendered(width: 10, height: 10)[5, 5].a == 0)
    }

    // MARK: - feConvolveMatrix

    @Test func convolutionTurnsTheKernelAround() throws {
        // Only the kernel's top-left cell is 1: RESULT(x, y) = SOURCE(x + 1, y + 1); transparent
        // beyond the input's subregion (edgeMode none).
        let p = try filtered(#"<feFlood flood-color="blue" x="5" y="5" width="5" height="5"/>"#
            + #"<feConvolveMatrix kernelMatrix="1 0 0 0 0 0 0 0 0" edgeMode="none" x="0" y="0" width="10" height="10"/>"#)
        #expect(p[3, 4].a == 0 && p[4, 4] == (0, 0, 255, 255) && p[8, 8] == (0, 0, 255, 255) && p[9, 9].a == 0)
    }

    @Test func convolutionEdgeModesAtTheInputsEdge() throws {
        // A box of ones (divisor 9 by default) over an opaque input filling its subregion.
        let box = { (mode: String) in
            try self.filtered(#"<feFlood flood-color="white" x="2" y="2" width="6" height="6" result="w"/>"#
                + #"<feConvolveMatrix in="w" kernelMatrix="1 1 1 1 1 1 1 1 1" edgeMode="\#(mode)"/>"#)
        }
        let duplicate = try box("duplicate"), none = try box("none"), wrap = try box("wrap")
        #expect(duplicate[2, 2].a == 255 && duplicate[2, 5].a == 255)
        // Transparent beyond the edge: a side pixel sees 6 of 9, a corner 4 of 9.
        #expect(none[2, 5].a == 170 && none[2, 2].a == 113 && none[5, 5].a == 255)
        #expect(wrap[2, 2].a == 255 && wrap[7, 7].a == 255)
        // The result stays in its subregion (the input's).
        #expect(none[1, 5].a == 0 && duplicate[8, 5].a == 0)
    }

    @Test func convolutionBiasAndPreserveAlpha() throws {
        // Bias is added to every channel (Chromium): black + ½ is mid grey, alpha clamps at 1.
        let biased = try filtered(#"<feFlood flood-color="black"/><feConvolveMatrix kernelMatrix="0 0 0 0 1 0 0 0 0" bias="0.5"/>"#)
        #expect(biased[5, 5] == (128, 128, 128, 255))
        // Doubling half-transparent red: premultiplied, alpha doubles too; with preserveAlpha only
        // the straight colour doubles (and clamps), alpha stays ½.
        let flood = #"<feFlood flood-color="red" flood-opacity="0.5"/>"#
        let doubled = try filtered(flood + #"<feConvolveMatrix kernelMatrix="0 0 0 0 2 0 0 0 0" divisor="1"/>"#)
        #expect(doubled[5, 5] == (255, 0, 0, 255))
        let kept = try filtered(flood + #"<feConvolveMatrix kernelMatrix="0 0 0 0 2 0 0 0 0" divisor="1" preserveAlpha="true"/>"#)
        #expect(kept[5, 5] == (128, 0, 0, 128))
    }

    @Test(arguments: [
        (#"order="0""#, "order: expected whole numbers"), (#"order="2.5""#, "order: expected whole numbers"),
        (#"order="40""#, "order: more than 1024 kernel cells"), (#"divisor="0""#, "divisor: must not be 0"),
        (#"targetX="3""#, "targetX: must be a whole number below orderX"),
        (#"kernelMatrix="1 2 3""#, "kernelMatrix: expected 9 numbers, the convolution is transparent"),
    ])
    func invalidConvolutionsAreTransparentWithAWarning(attribute: String, message: String) throws {
        let kernel = attribute.hasPrefix("order") || attribute.hasPrefix("kernel") ? "" : #"kernelMatrix="0 0 0 0 1 0 0 0 0" "#
        let image = try render(#"<filter id="f"><feConvolveMatrix \#(kernel)\#(attribute)/></filter><rect width="10" height="10" filter="url(#f)"/>"#)
        #expect(image.warnings.contains { $0.description.contains(message) })
        #expect(image.rendered(width: 10, height: 10)[5, 5].a == 0)
    }

    // MARK: - feDisplacementMap

    @Test func displacementMovesByScaleTimesTheChannelLessAHalf() throws {
        // The map's red is 1 (x moves by 4 · ½ = 2 pixels towards the source's right), its
        // green ½ (about no move); the source is blue over x 5...10.
        let p = try filtered(#"<feFlood flood-color="blue" x="5" y="0" width="5" height="10" result="s"/>"#
            + #"<feFlood flood-color="rgb(255,128,128)" result="m"/>"#
            + #"<feDisplacementMap in="s" in2="m" scale="4" xChannelSelector="R" yChannelSelector="G"/>"#)
        #expect(p[2, 5].a == 0 && p[3, 5] == (0, 0, 255, 255) && p[7, 5] == (0, 0, 255, 255) && p[8, 5].a == 0)
    }

    @Test func displacementReadsAlphaByDefaultAndScalesWithTheDrawing() throws {
        // A transparent map: alpha 0, so every pixel reads scale · −½ = −1 user unit away, 2 px at 2×.
        let p = try filtered(#"<feFlood flood-color="blue" x="5" y="5" width="5" height="5" result="s"/>"#
            + #"<feFlood flood-opacity="0" result="m"/><feDisplacementMap in="s" in2="m" scale="2"/>"#, size: 20)
        #expect(p[11, 11].a == 0 && p[12, 12] == (0, 0, 255, 255) && p[19, 19] == (0, 0, 255, 255))
    }
}
