import Foundation
import Geometry
@testable import Raster
import Testing

/// The separable box-blur Gaussian that shadows, materials and SVG filters share.
@Suite struct GaussianBlurTests {
    @Test func threeBoxesAddUpToTheDeviation() {
        for sigma in [0.6, 1, 2.5, 3, 7, 10, 24, 60] {
            let boxes = GaussianBlur.boxes(sigma: sigma)
            #expect(boxes.count == 3 && boxes.allSatisfy { $0.size % 2 == 1 && $0.left == $0.size / 2 })
            let variance = boxes.reduce(0.0) { $0 + Double($1.size * $1.size - 1) / 12 }
            // Odd sizes change the variance in steps of (w + 1)/3, so it lands within half a step.
            #expect(abs(variance - sigma * sigma) <= Double(boxes[2].size + 1) / 6, "σ = \(sigma)")
        }
        #expect(GaussianBlur.boxes(sigma: 0).isEmpty)
    }

    @Test func aBlurredMaskKeepsItsCoverageAndIsSymmetric() {
        let mask = CoverageMask(path: Path(rect: Rect(20, 20, 4, 4)))
        let blurred = mask.blurred(sigma: 3)
        #expect(blurred.bounds.x0 < 20 - 6 && blurred.bounds.x1 > 24 + 6)
        let total = blurred.alphas.reduce(0) { $0 + Int($1) }
        #expect(abs(total - 16 * 255) < 16 * 255 / 50)
        for d in 0..<10 {
            #expect(blurred[21 - d, 22] == blurred[22 + d, 22] && blurred[22, 21 - d] == blurred[22, 22 + d])
        }
    }

    @Test func anEdgeBlursIntoTheNormalDistribution() {
        // A half-plane's edge blurred by σ falls off as the normal CDF Φ(d / σ).
        let sigma = 8.0
        let blurred = CoverageMask(path: Path(rect: Rect(0, 0, 200, 40))).blurred(sigma: sigma)
        for d in stride(from: -20, through: 20, by: 4) {
            let x = 200 + d
            let expected = 255 * 0.5 * erfc((Double(x) + 0.5 - 200) / (sigma * 2.0.squareRoot()))
            #expect(abs(Double(blurred[x, 20]) - expected) <= 3, "\(d) px from the edge")
        }
    }

    @Test func aMaskDrawsAtWholeAndFractionalOffsetsAlike() {
        let mask = CoverageMask(path: Path(rect: Rect(2, 2, 6, 6))).blurred(sigma: 1)
        let whole = Canvas(width: 20, height: 20), moved = Canvas(width: 20, height: 20)
        whole.fill(mask, color: .black, transform: .translation(5, 5))
        moved.fill(mask, color: .black, transform: .translation(5.5, 5))
        #expect(whole.pixmap[10, 10].a > 200 && whole.pixmap[4, 10].a < 8)
        // Half a pixel to the right: the mean of the two neighbours at whole offsets.
        let left = Int(whole.pixmap[8, 10].a), right = Int(whole.pixmap[7, 10].a)
        #expect(abs(Int(moved.pixmap[8, 10].a) - (left + right) / 2) <= 2)
    }

    /// A growing layer's shadow is sampled straight from its blurred coverage: it matches the
    /// same mask drawn as a filtered image of its colour, and fills the scaled extent.
    @Test func aScaledMaskMatchesTheMaskDrawnAsAnImage() {
        let mask = CoverageMask(path: Path(rect: Rect(4, 4, 24, 12))).blurred(sigma: 3)
        let t = AffineTransform(a: 0.9, b: 0, c: 0, d: 0.9, tx: 6.3, ty: 4.7)
        let sampled = Canvas(width: 48, height: 32), image = Canvas(width: 48, height: 32)
        sampled.fill(mask, color: .black, transform: t)
        let placed = AffineTransform.translation(Double(mask.bounds.x0), Double(mask.bounds.y0)).concatenating(t)
        image.draw(mask.pixmap(color: .black), transform: placed, alpha: 1)
        var worst = 0
        for y in 0..<32 { for x in 0..<48 { worst = max(worst, abs(Int(sampled.pixmap[x, y].a) - Int(image.pixmap[x, y].a))) } }
        #expect(worst <= 6, "largest difference \(worst)")
        #expect(sampled.pixmap[20, 13].a > 200 && sampled.pixmap[1, 1].a < 20)
    }

    /// The coverage kernel (masks drawn without a clip) gives the bytes of the run-by-run blend
    /// used through a clip, here a clip that keeps everything, at whole and scaled placements.
    @Test(arguments: [Geometry.AffineTransform.translation(3, 2), Geometry.AffineTransform(a: 0.9, b: 0, c: 0, d: 1.1, tx: 6.3, ty: 4.7)])
    func aMaskBlendsTheSameWithAndWithoutAClip(transform: Geometry.AffineTransform) {
        let mask = CoverageMask(path: Path(roundedRect: Rect(4, 4, 30, 14), cornerRadius: 5)).blurred(sigma: 3)
        let color = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)
        let plain = Canvas(width: 56, height: 40, background: Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.8))
        let clipped = Canvas(pixmap: plain.pixmap)
        clipped.clip(to: Path(rect: Rect(0, 0, 56, 40)))
        plain.fill(mask, color: color, transform: transform)
        clipped.fill(mask, color: color, transform: transform)
        #expect(plain.pixmap == clipped.pixmap)
    }

    /// A shadow under its layer's opaque background is not blended where the background covers
    /// whole pixels (they are untouched until the background replaces them), and the frame is
    /// the same as with the shadow blended everywhere.
    @Test(arguments: [Geometry.AffineTransform.translation(3, 2), Geometry.AffineTransform(a: 0.9, b: 0, c: 0, d: 0.95, tx: 6.3, ty: 4.7)])
    func anOccludedMaskSkipsOnlyPixelsItsOccluderReplaces(transform: Geometry.AffineTransform) {
        var mask = CoverageMask(path: Path(rect: Rect(4, 4, 30, 14))).blurred(sigma: 2)
        let full = Canvas(width: 56, height: 40, background: .white)
        full.fill(mask, color: .black, transform: transform)
        mask.occluder = Rect(6, 6, 26, 10)
        let skipped = Canvas(width: 56, height: 40, background: .white)
        skipped.fill(mask, color: .black, transform: transform)
        // Inside the occluder's image the shadow was not drawn.
        let centre = transform.apply(Point(19, 11))
        let x = Int(centre.x), y = Int(centre.y)
        #expect(skipped.pixmap[x, y] == full.pixmap[0, 0] && full.pixmap[x, y] != full.pixmap[0, 0])
        for canvas in [full, skipped] {
            canvas.fill(Path(rect: Rect(6, 6, 26, 10)), color: Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 1), transform: transform)
        }
        #expect(full.pixmap == skipped.pixmap)
    }
}
