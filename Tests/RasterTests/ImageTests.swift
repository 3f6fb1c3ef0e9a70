import Geometry
@testable import Raster
import Testing

@Suite struct ImageTests {
    @Test func identityDrawReproducesTheImageBytes() {
        let image = patternImage(width: 13, height: 7)
        let canvas = Canvas(width: 13, height: 7)
        canvas.draw(image, transform: .identity)
        #expect(canvas.pixmap == image)
    }

    @Test func integerTranslationCopiesPixelsAndFractionalOneBlendsThem() {
        let image = patternImage(width: 6, height: 6)
        let moved = Canvas(width: 10, height: 10)
        moved.draw(image, transform: .translation(3, 2))
        #expect(moved.pixmap[3, 2] == image[0, 0] && moved.pixmap[8, 7] == image[5, 5])
        let half = Canvas(width: 10, height: 10)
        half.draw(Pixmap(width: 6, height: 6, premultiplied: [UInt8](repeating: 255, count: 144)),
                  transform: .translation(3.5, 2))
        #expect(half.pixmap[3, 4].a == 128 && half.pixmap[4, 4].a == 255 && half.pixmap[9, 4].a == 128)
    }

    @Test func scaleZeroAndSingularTransformsDrawNothing() {
        let image = patternImage(width: 8, height: 8)
        let canvas = Canvas(width: 16, height: 16)
        canvas.draw(image, transform: .scale(0, 0, about: Point(8, 8)))
        canvas.draw(image, transform: .scale(1, 0))
        canvas.draw(image, transform: AffineTransform(a: 1, b: 1, c: 2, d: 2, tx: 0, ty: 0))
        canvas.draw(Pixmap(width: 0, height: 0), transform: .identity)
        #expect(canvas.pixmap == Pixmap(width: 16, height: 16))
    }

    @Test func subPixelSizesCoverTheirAreaWithTheImagesAverageColour() {
        let red = Pixmap(width: 40, height: 40, premultiplied: [UInt8]((0..<1600).flatMap { _ in [255, 0, 0, 255] }))
        for scale in [0.001, 0.01, 0.02, 0.1, 0.3] {
            let canvas = Canvas(width: 20, height: 20)
            canvas.draw(red, transform: .scale(scale, scale, about: Point(20, 20)).concatenating(.translation(-10, -10)))
            let side = 40 * scale
            #expect(abs(coveredArea(canvas.pixmap) - side * side) < 0.02 + side * 0.05, "scale \(scale)")
            #expect(canvas.pixmap.data.enumerated().allSatisfy { $0.offset % 4 != 1 && $0.offset % 4 != 2 || $0.element == 0 })
        }
    }

    @Test func growingSpriteCoverageIncreasesSmoothly() {
        let image = patternImage(width: 32, height: 32)
        var previous = 0.0
        for step in 1...40 {
            let s = Double(step) / 40
            let canvas = Canvas(width: 40, height: 40)
            canvas.draw(image, transform: .scale(s, s, about: Point(16, 16)).concatenating(.translation(4, 4)))
            let area = coveredArea(canvas.pixmap)
            #expect(area > previous)
            previous = area
        }
    }

    @Test func minifiedImageAveragesInsteadOfPickingOnePixel() {
        var stripes = [UInt8]()
        for _ in 0..<64 { for x in 0..<64 { stripes += x % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
        let canvas = Canvas(width: 8, height: 8)
        canvas.draw(Pixmap(width: 64, height: 64, premultiplied: stripes), transform: .scale(0.125, 0.125))
        let (r, _, _, a) = canvas.pixmap[3, 3]
        #expect(a == 255 && (120...135).contains(r))
    }

    @Test func sharpnessIsContinuousAcrossDetailLevels() {
        let image = patternImage(width: 32, height: 32)
        for boundary in [1.0, 0.5, 0.25] {
            func draw(_ s: Double) -> Pixmap {
                let canvas = Canvas(width: 40, height: 40)
                canvas.draw(image, transform: .scale(s, s, about: Point(16, 16)).concatenating(.translation(4, 4)))
                return canvas.pixmap
            }
            let below = draw(boundary - 1e-7), above = draw(boundary + 1e-7)
            let largest = zip(below.data, above.data).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 2, "scale \(boundary): \(largest)")
        }
    }

    @Test func compositeAppliesGroupOpacity() {
        let layer = Canvas(width: 4, height: 4)
        layer.fill(rect: Rect(0, 0, 4, 4), color: Color(red: 1, green: 0, blue: 0))
        layer.fill(rect: Rect(1, 1, 2, 2), color: Color(red: 0, green: 0, blue: 1))
        let canvas = Canvas(width: 6, height: 6, background: .white)
        canvas.composite(layer.pixmap, x: 2, y: 2, alpha: 0.5)
        // Group opacity fades the layer as a whole: the blue square shows no red underneath.
        #expect(canvas.pixmap[3, 3].r == 127 && canvas.pixmap[3, 3].b == 255)
        #expect(canvas.pixmap[2, 2].r == 255 && canvas.pixmap[2, 2].g == 127)
        #expect(canvas.pixmap[0, 0].g == 255)
    }

    @Test func rotatedImageKeepsItsArea() {
        let image = Pixmap(width: 10, height: 10, premultiplied: [UInt8](repeating: 255, count: 400))
        let canvas = Canvas(width: 40, height: 40)
        canvas.draw(image, transform: AffineTransform.translation(-5, -5)
            .concatenating(.rotation(0.7)).concatenating(.scale(2, 2)).concatenating(.translation(20, 20)))
        #expect(abs(coveredArea(canvas.pixmap) - 400) < 0.5)
    }
}
