import CRasterKernels

/// Blends one premultiplied colour through coverage runs, optionally multiplied by a clip mask.
struct SolidBlitter: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32
    let clip: MaskRows?

    /// Without a clip, the sweep blends the colour itself.
    var solidTarget: SolidTarget? {
        clip == nil ? SolidTarget(pixels: pixels, pixelsPerRow: pixelsPerRow, color: color) : nil
    }

    /// The runs of clipped fills, whole-pixel rects and coverage masks: without a clip, the run
    /// at one alpha (`Blend.sourceOver`, the span kernel for long runs); with one, a pixel at a
    /// time in a function of its own.
    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        let row = pixels + y * pixelsPerRow + x
        guard let clip else {
            Blend.sourceOver(alpha == 255 ? color : Blend.scale(color, by: UInt32(alpha)), onto: row, count: count)
            return
        }
        blit(row, through: clip, x: x, y: y, count: count, alpha: alpha)
    }

    /// Blits a row of coverage `alphas` starting at (`x`, `y`), one call per run of equal
    /// coverage, skipping zero runs: coverage masks through a clip.
    @inline(__always)
    private mutating func blitRuns(_ alphas: UnsafePointer<UInt8>, count: Int, x: Int, y: Int) {
        var i = 0
        while i < count {
            let a = alphas[i]
            var end = i + 1
            while end < count && alphas[end] == a { end += 1 }
            if a != 0 { blit(x: x + i, y: y, count: end - i, alpha: Int(a)) }
            i = end
        }
    }

    /// Blits a row of coverage `alphas` starting at (`x`, `y`): how coverage masks (glyphs,
    /// shadows) are drawn, straight or resampled. Without a clip in one pass of the coverage
    /// kernel (cheaper than finding runs when coverage changes from pixel to pixel, as in a
    /// blurred shadow), with one run by run.
    mutating func blitCoverage(_ alphas: UnsafePointer<UInt8>, count: Int, x: Int, y: Int) {
        guard clip == nil else { return blitRuns(alphas, count: count, x: x, y: y) }
        pr_source_over_coverage(pixels + y * pixelsPerRow + x, alphas, count, color, Blend.simdLevel)
    }

    @inline(never)
    private func blit(_ row: UnsafeMutablePointer<UInt32>, through clip: MaskRows, x: Int, y: Int, count: Int, alpha: Int) {
        let mask = clip.row(y, from: x)
        for i in 0..<count where mask[i] != 0 {
            let a = Blend.div255(UInt32(alpha) * UInt32(mask[i]))
            row[i] = Blend.sourceOver(Blend.scale(color, by: a), row[i])
        }
    }
}
