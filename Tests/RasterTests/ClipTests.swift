import Geometry
@testable import Raster
import Testing

@Suite struct ClipTests {
    @Test func clipRectLimitsDrawingAndRestoresFromASavedState() {
        let canvas = Canvas(width: 10, height: 10)
        let saved = canvas.clip
        canvas.clip(to: Rect(2, 2, 3, 3))
        canvas.fill(rect: Rect(0, 0, 10, 10), color: .black)
        #expect(coveredArea(canvas.pixmap) == 9)
        #expect(canvas.pixmap[2, 2].a == 255 && canvas.pixmap[5, 5].a == 0)
        canvas.clip = saved
        canvas.fill(rect: Rect(8, 8, 2, 2), color: .black)
        #expect(canvas.pixmap[9, 9].a == 255)
    }

    @Test func fractionalClipRectIsAntiAliased() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.clip(to: Rect(2.5, 0, 5, 10))
        canvas.fill(rect: Rect(0, 0, 10, 10), color: .black)
        #expect(canvas.pixmap[2, 5].a == 128 && canvas.pixmap[7, 5].a == 128)
        #expect(canvas.pixmap[3, 5].a == 255 && canvas.pixmap[1, 5].a == 0)
    }

    @Test func clipToRoundedRectCutsTheCorners() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.clip(to: Path(roundedRect: Rect(0, 0, 40, 40), cornerRadius: 12))
        canvas.fill(rect: Rect(0, 0, 40, 40), color: .black)
        #expect(canvas.pixmap[0, 0].a == 0 && canvas.pixmap[39, 39].a == 0)
        #expect(canvas.pixmap[20, 0].a == 255 && canvas.pixmap[20, 20].a == 255)
        // Four square corners of 12 px lose their outside quarter discs: the area is a 16 × 40
        // cross plus one whole circle of radius 12.
        #expect(isCircleArea(coveredArea(canvas.pixmap) - (1600 - 4 * 144), radius: 12))
    }

    @Test func nestedClipPathsIntersect() {
        let canvas = Canvas(width: 30, height: 30)
        canvas.clip(to: Path(rect: Rect(0, 0, 20, 30)))
        canvas.clip(to: Path(rect: Rect(10, 0, 20, 30)), transform: .translation(0.5, 0))
        canvas.fill(rect: Rect(0, 0, 30, 30), color: .black)
        #expect(canvas.pixmap[10, 3].a == 128 && canvas.pixmap[15, 3].a == 255)
        #expect(canvas.pixmap[20, 3].a == 0 && canvas.pixmap[5, 3].a == 0)
    }

    @Test func clipAppliesToImagesLayersAndMasks() {
        let image = patternImage(width: 10, height: 10)
        let canvas = Canvas(width: 10, height: 10)
        canvas.clip(to: Rect(0, 0, 5, 10))
        canvas.draw(image, transform: .identity)
        canvas.composite(image, alpha: 0.5)
        canvas.draw(image, transform: .scale(1.5, 1.5))
        canvas.fill(CoverageMask(path: Path(rect: Rect(0, 0, 10, 10))), color: .black)
        for y in 0..<10 { for x in 5..<10 { #expect(canvas.pixmap[x, y].a == 0) } }
        #expect(canvas.pixmap[4, 4].a == 255)
    }

    @Test func clipMaskMultipliesPathCoverage() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.clip(to: Path(rect: Rect(0, 0, 10, 10)), transform: .translation(0, 0.5))
        canvas.fill(Path(rect: Rect(0, 0, 10, 10)), color: .black, transform: .translation(0.5, 0))
        #expect(canvas.pixmap[0, 0].a == Blend.div255(128 * 128))
        #expect(canvas.pixmap[5, 5].a == 255)
    }
}
