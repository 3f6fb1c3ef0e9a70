import Geometry
import Raster
import Testing

/// The sixteen blend modes of Compositing and Blending 1, on colours whose results the
/// specification's formulas give exactly, and a layer composited onto a canvas in one of them.
@Suite struct BlendModeTests {
    private let backdrop = SIMD3(0.8, 0.4, 0.2), source = SIMD3(0.2, 0.6, 0.5)

    private func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool { ((a - b) * (a - b)).sum() < 1e-20 }

    @Test func separableModesBlendEachChannelAlone() {
        #expect(close(BlendMode.multiply.blended(backdrop: backdrop, source: source), backdrop * source))
        #expect(close(BlendMode.screen.blended(backdrop: backdrop, source: source), backdrop + source - backdrop * source))
        #expect(close(BlendMode.difference.blended(backdrop: backdrop, source: source), SIMD3(0.6, 0.2, 0.3)))
        #expect(close(BlendMode.darken.blended(backdrop: backdrop, source: source), SIMD3(0.2, 0.4, 0.2)))
        #expect(close(BlendMode.normal.blended(backdrop: backdrop, source: source), source))
    }

    @Test func luminosityKeepsTheBackdropsHueAndTakesTheSourcesLuminosity() {
        // Lum = 0.3 R + 0.59 G + 0.11 B: the source's is 0.469, the backdrop's 0.498.
        let result = BlendMode.luminosity.blended(backdrop: backdrop, source: source)
        #expect(abs(0.3 * result.x + 0.59 * result.y + 0.11 * result.z - 0.469) < 1e-12)
        #expect(close(result, backdrop - 0.029))
        // color is luminosity with the roles swapped.
        #expect(close(BlendMode.color.blended(backdrop: source, source: backdrop), result))
    }

    @Test func hueAndSaturationMoveOnlyWhatTheyName() {
        // A grey backdrop has no saturation: hue and saturation leave a grey of its luminosity.
        let grey = SIMD3(0.5, 0.5, 0.5)
        #expect(close(BlendMode.hue.blended(backdrop: grey, source: source), grey))
        #expect(close(BlendMode.saturation.blended(backdrop: grey, source: source), grey))
        // Saturation from a grey source makes the backdrop grey at its own luminosity (0.498).
        #expect(close(BlendMode.saturation.blended(backdrop: backdrop, source: grey), SIMD3(repeating: 0.498)))
    }

    @Test func compositingIsSourceOverWhereEitherSideIsTransparent() {
        let s = SIMD4(0.1, 0.2, 0.3, 0.5), b = SIMD4(0.4, 0.2, 0.1, 0.8)
        for mode in BlendMode.allCases {
            #expect(mode.composite(source: s, backdrop: .zero) == s)
            #expect(mode.composite(source: .zero, backdrop: b) == b)
            #expect(abs(mode.composite(source: s, backdrop: b).w - 0.9) < 1e-12)
        }
    }

    @Test func aLayerMultipliesOntoTheCanvasInsideTheClip() {
        let canvas = Canvas(width: 2, height: 1, background: Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        let layer = Canvas(width: 2, height: 1, background: Color(red: 0.5, green: 0.5, blue: 1, alpha: 1))
        canvas.clip(to: Rect(0, 0, 1, 1))
        canvas.composite(layer.pixmap, mode: .multiply)
        #expect(Array(canvas.pixmap.data) == [128, 64, 0, 255, 255, 128, 0, 255])
    }
}
