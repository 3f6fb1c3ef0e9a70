import Geometry
import Raster
@testable import SVG
import Testing

/// feDiffuseLighting and feSpecularLighting (Filter Effects 1 §§ 9.7, 9.20) against values
/// worked out by hand from the spec's formulas: flat surfaces under distant, point and spot
/// lights, the Sobel normals of a step (the interior kernel, the subregion's edge pixels repeated
/// outside it as Chromium draws them), lighting-color, and the cases Chromium clamps or draws
/// transparent, each warned.
@Suite struct FilterLightingTests {
    /// `content` and a filter of `primitives` over the whole viewBox (`size` user units a side,
    /// drawn at `scale` pixels a unit) in `space`.
    private func lit(_ primitives: String, content: String = #"<rect width="100" height="100"/>"#, size: Int = 10,
                     scale: Int = 1, space: String = "sRGB") throws -> (Pixmap, [String]) {
        let image = try VectorImage.parse(text: #"<svg viewBox="0 0 \#(size) \#(size)">"#
            + #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="\#(size)" height="\#(size)" "#
            + #"color-interpolation-filters="\#(space)">"# + primitives + "</filter>"
            + #"<g filter="url(#f)">"# + content + "</g></svg>", name: "f.svg")
        return (image.rendered(width: size * scale, height: size * scale), image.warnings.map(\.description))
    }

    /// Whether each channel of `pixel` is within 1 of `expected`.
    private func near(_ pixel: (UInt8, UInt8, UInt8, UInt8), _ expected: (Int, Int, Int, Int)) -> Bool {
        let a = [pixel.0, pixel.1, pixel.2, pixel.3].map(Int.init), b = [expected.0, expected.1, expected.2, expected.3]
        return zip(a, b).allSatisfy { abs($0 - $1) <= 1 }
    }

    // MARK: - Flat surfaces

    @Test func flatSurfaceUnderALightOverheadIsTheDiffuseConstantTimesTheColour() throws {
        // N = L = (0, 0, 1): kd · N·L · colour = 0.5 · (200, 100, 40), opaque.
        let (p, warnings) = try lit(#"<feDiffuseLighting diffuseConstant="0.5" lighting-color="rgb(200,100,40)">"#
            + #"<feDistantLight elevation="90"/></feDiffuseLighting>"#)
        #expect(near(p[5, 5], (100, 50, 20, 255)) && near(p[0, 0], (100, 50, 20, 255)))
        #expect(warnings.isEmpty)
    }

    @Test func diffuseLightFollowsTheElevationAndWorksInLinearRGBByDefault() throws {
        // Elevation 30°: N·L = sin 30° = ½, white, in sRGB 128.
        let (srgb, _) = try lit(#"<feDiffuseLighting><feDistantLight azimuth="70" elevation="30"/></feDiffuseLighting>"#)
        #expect(near(srgb[4, 6], (128, 128, 128, 255)))
        // In linearRGB the ½ is linear light: sRGB 0.7354, 188.
        let (linear, _) = try lit(#"<feDiffuseLighting><feDistantLight azimuth="70" elevation="30"/></feDiffuseLighting>"#,
                                  space: "linearRGB")
        #expect(near(linear[4, 6], (188, 188, 188, 255)))
    }

    @Test func pointLightFallsOffWithTheAngleToEachPixelsCentre() throws {
        // Light at (5, 5, 3), surface at z = 0: N·L = 3 / distance to the pixel's centre.
        // Pixel (5, 5): centre (5.5, 5.5), √9.5 away: 0.9733 → 248. Pixel (9, 5): √29.5: 0.5524 → 141.
        let (p, _) = try lit(#"<feDiffuseLighting surfaceScale="0"><fePointLight x="5" y="5" z="3"/></feDiffuseLighting>"#)
        #expect(near(p[5, 5], (248, 248, 248, 255)) && near(p[9, 5], (141, 141, 141, 255)))
        #expect(p[4, 4] == p[5, 5] && p[0, 5] == p[9, 5])
    }

    @Test func lightsAndReliefScaleWithTheDrawing() throws {
        // At 2 pixels a unit the light is at (10, 10, 6) in pixels: pixel (18, 10), centre
        // (18.5, 10.5), is √108.5 away: 6 / 10.416 = 0.5760 → 147.
        let (p, _) = try lit(#"<feDiffuseLighting surfaceScale="0"><fePointLight x="5" y="5" z="3"/></feDiffuseLighting>"#,
                             scale: 2)
        #expect(near(p[18, 10], (147, 147, 147, 255)))
        // A step of height 1 (surfaceScale 1) drawn 2×: Nx = −2 · 1, so under a light along x
        // N·L = 2/√5 = 0.8944 → 228, where at 1× it is 1/√2 → 180.
        let step = #"<rect width="5" height="10"/>"#
        let light = #"<feDiffuseLighting><feDistantLight elevation="0"/></feDiffuseLighting>"#
        #expect(near(try lit(light, content: step).0[4, 5], (180, 180, 180, 255)))
        #expect(near(try lit(light, content: step, scale: 2).0[9, 10], (228, 228, 228, 255)))
    }

    @Test func objectBoundingBoxUnitsPlaceTheLightInTheBoxAndItsHeightByTheDiagonal() throws {
        // (0.5, 0.5, 0.3) on the 10 × 10 box: (5, 5, 0.3 · √((100 + 100) / 2)) = (5, 5, 3).
        let box = try VectorImage.parse(text: #"<svg viewBox="0 0 10 10"><filter id="f" x="0" y="0" width="1" height="1" "#
            + #"primitiveUnits="objectBoundingBox" color-interpolation-filters="sRGB"><feDiffuseLighting surfaceScale="0">"#
            + #"<fePointLight x="0.5" y="0.5" z="0.3"/></feDiffuseLighting></filter>"#
            + #"<rect width="10" height="10" filter="url(#f)"/></svg>"#, name: "f.svg").rendered(width: 10, height: 10)
        let (user, _) = try lit(#"<feDiffuseLighting surfaceScale="0"><fePointLight x="5" y="5" z="3"/></feDiffuseLighting>"#)
        #expect(box.data.hashValue == user.data.hashValue)
    }

    @Test func spotLightIsCutAtItsConeWithSkiasSoftEdge() throws {
        // At (20, 20, 10) pointing straight down, exponent 1, cone 45° (cosine 0.7071); the
        // light's scale is cos θ, N·L is cos θ too (the surface is flat).
        let spot = #"<feDiffuseLighting surfaceScale="0"><feSpotLight x="20" y="20" z="10" pointsAtX="20" pointsAtY="20" "#
            + #"limitingConeAngle="45"/></feDiffuseLighting>"#
        let (p, _) = try lit(spot, size: 40)
        // Pixel (20, 20): cos θ = 10/√100.5 = 0.99751; 0.99751² = 0.99503 → 254.
        #expect(near(p[20, 20], (254, 254, 254, 255)))
        // Pixel (29, 20): cos θ = 10/√190.5 = 0.72452, inside the cone and its soft edge: 0.52493 → 134.
        #expect(near(p[29, 20], (134, 134, 134, 255)))
        // Pixel (29, 22): cos θ = 10/√196.5 = 0.71338, within 0.016 of the cone's cosine:
        // scaled by (0.71338 − 0.70711) / 0.016 = 0.39196, so 0.71338² · 0.39196 = 0.19947 → 51.
        #expect(near(p[29, 22], (51, 51, 51, 255)))
        // Pixel (30, 20): cos θ = 10/√210.5 = 0.68925, outside: black.
        #expect(p[30, 20] == (0, 0, 0, 255))
    }

    @Test func specularAlphaIsTheLargestChannel() throws {
        // Light overhead: H = (0, 0, 1), N·H = 1: ks · colour = 0.5 · (200, 100, 40), alpha 100.
        let (p, _) = try lit(#"<feSpecularLighting specularConstant="0.5" specularExponent="7" lighting-color="rgb(200,100,40)">"#
            + #"<feDistantLight elevation="90"/></feSpecularLighting>"#)
        #expect(near(p[5, 5], (100, 50, 20, 100)))
        // Elevation 30°: N·H = √((1 + sin 30°) / 2) = 0.8660; to the 4th, 0.5625 → 143.
        let (q, _) = try lit(#"<feSpecularLighting specularExponent="4"><feDistantLight elevation="30"/></feSpecularLighting>"#)
        #expect(near(q[5, 5], (143, 143, 143, 143)))
    }

    // MARK: - Normals

    @Test func sobelNormalsUseTheInteriorKernelWithTheSubregionsEdgePixelsRepeated() throws {
        // Opaque left half: the light comes along +x at elevation 0, so N·L = −ss·Nx / |N|.
        let step = #"<rect width="5" height="10"/>"#
        let light = #"<feDiffuseLighting><feDistantLight elevation="0"/></feDiffuseLighting>"#
        // Interior: Nx = ¼ · (−1 − 2 − 1) = −1 either side of the step: 1/√2 → 180; flat: 0.
        let (p, _) = try lit(light, content: step)
        #expect(near(p[4, 5], (180, 180, 180, 255)) && near(p[5, 5], (180, 180, 180, 255)) && p[3, 5] == (0, 0, 0, 255))
        // The subregion starting at x = 4: column 3 reads as column 4 (Chromium's clamp), so
        // the same Nx = −1 → 180, where the spec's left-side kernel (½ · 4 · (0 − 1) = −2) gives 228.
        let (side, _) = try lit(#"<feDiffuseLighting x="4"><feDistantLight elevation="0"/></feDiffuseLighting>"#, content: step)
        #expect(near(side[4, 5], (180, 180, 180, 255)) && side[3, 5].a == 0)
        // An opaque 4 × 4 corner at the origin, the subregion from (3, 3): with row and column 2
        // repeated from 3, Nx = Ny = ¼ · (−1 − 2 + 0) = −¾; lit from 45°:
        // (1.5 · 0.7071) / √(1 + 2 · 9/16) = 0.7276 → 186 (the spec's corner kernel: 225).
        let (corner, _) = try lit(#"<feDiffuseLighting x="3" y="3" width="4" height="4"><feDistantLight azimuth="45" elevation="0"/>"#
            + "</feDiffuseLighting>", content: #"<rect width="4" height="4"/>"#)
        #expect(near(corner[3, 3], (186, 186, 186, 255)))
    }

    // MARK: - lighting-color

    @Test func lightingColorTakesCurrentColorAndIsNotInherited() throws {
        let overhead = #"<feDistantLight elevation="90"/>"#
        let (own, _) = try lit(#"<feDiffuseLighting color="blue" lighting-color="currentColor">\#(overhead)</feDiffuseLighting>"#)
        #expect(near(own[5, 5], (0, 0, 255, 255)))
        // Set on the <filter>, it does not reach the primitive (white), unless it inherits.
        let onFilter = { (primitive: String) in
            try VectorImage.parse(text: #"<svg viewBox="0 0 10 10"><filter id="f" lighting-color="red" "#
                + #"color-interpolation-filters="sRGB">\#(primitive)</filter>"#
                + #"<rect width="10" height="10" filter="url(#f)"/></svg>"#, name: "f.svg").rendered(width: 10, height: 10)
        }
        #expect(near(try onFilter("<feDiffuseLighting>\(overhead)</feDiffuseLighting>")[5, 5], (255, 255, 255, 255)))
        #expect(near(try onFilter(#"<feDiffuseLighting lighting-color="inherit">\#(overhead)</feDiffuseLighting>"#)[5, 5],
                     (255, 0, 0, 255)))
    }

    // MARK: - What Chromium clamps or refuses

    @Test func lightingWithoutALightIsTransparentWithAWarning() throws {
        let (p, warnings) = try lit(#"<feSpecularLighting><desc/></feSpecularLighting>"#)
        #expect(p[5, 5].a == 0)
        #expect(warnings == ["f.svg:1:140: warning: <feSpecularLighting>: no feDistantLight, fePointLight or feSpotLight; "
            + "the lighting is transparent, as Chromium draws it"])
    }

    @Test func outOfRangeConstantsAndExponentsAreClampedAsChromiumClampsThemWithAWarning() throws {
        let overhead = #"<feDistantLight elevation="90"/>"#
        // A negative diffuse constant is 0 (black), a specular constant of 0 draws opaque black.
        let (d, dw) = try lit(#"<feDiffuseLighting diffuseConstant="-2">\#(overhead)</feDiffuseLighting>"#)
        #expect(d[5, 5] == (0, 0, 0, 255) && dw.count == 1 && dw[0].contains("diffuseConstant: must not be negative"))
        let (s, sw) = try lit(#"<feSpecularLighting specularConstant="0">\#(overhead)</feSpecularLighting>"#)
        #expect(s[5, 5] == (0, 0, 0, 255) && sw.count == 1 && sw[0].contains("specularConstant: 0 draws opaque black"))
        // specularExponent 300 is 128: overhead, N·H = 1 either way, so white; warned.
        let (e, ew) = try lit(#"<feSpecularLighting specularExponent="300">\#(overhead)</feSpecularLighting>"#)
        #expect(near(e[5, 5], (255, 255, 255, 255)) && ew.count == 1 && ew[0].contains("specularExponent: outside 1 to 128; 128 is used"))
        // A spot light's exponent below 1 is 1: the same pixels as exponent 1.
        let spot = { (exponent: String) in
            #"<feDiffuseLighting surfaceScale="0"><feSpotLight x="5" y="5" z="4" pointsAtX="5" pointsAtY="5" "#
                + #"specularExponent="\#(exponent)"/></feDiffuseLighting>"#
        }
        let (low, lw) = try lit(spot("0.2"))
        #expect(try low.data.hashValue == lit(spot("1")).0.data.hashValue && lw.count == 1)
    }
}
