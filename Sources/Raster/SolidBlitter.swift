import CRasterKernels

/// Blends one premultiplied colour through coverage runs, optionally multiplied by a clip mask.
struct SolidBlitter: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32
    let clip: MaskRows?

    /// The span kernel's SIMD width, read once per blitter rather than once per run.
    private let simdLevel = Blend.simdLevel

    /// Inlined into the sweep: most runs are the single pixels along an edge, blended here in
    /// one SIMD register, and most of the others are fully covered interiors, which go straight
    /// to the span kernel; the rest (short, partly covered or clipped runs) go to a function
    /// of their own.
    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        let row = pixels + y * pixelsPerRow + x
        if clip == nil && count == 1 {
            Blend.sourceOver(color, coverage: UInt32(alpha), onto: row)
        } else if clip == nil && alpha == 255 && count >= Blend.kernelMinimum {
            pr_source_over_span(row, count, color, simdLevel, CellAccumulator.prefetchRows * pixelsPerRow)
        } else {
            blit(row, x: x, y: y, count: count, alpha: alpha)
        }
    }

    /// Two pixels along an edge in one SIMD register.
    @inline(__always)
    mutating func blit2(x: Int, y: Int, alphas: Int) {
        if clip == nil {
            pr_source_over_coverage2(pixels + y * pixelsPerRow + x, color, UInt32(alphas))
        } else {
            blitEach(x: x, y: y, alphas: alphas)
        }
    }

    /// Starts loading the cache lines of the run. Without a clip, interiors go to the span
    /// kernel, which prefetches the same columns `CellAccumulator.prefetchRows` down as it blends
    /// them: only the first and last lines, where the edge pixels lie, are left to load here.
    @inline(__always)
    func prefetch(x: Int, y: Int, count: Int) {
        let start = pixels + y * pixelsPerRow + x
        guard clip != nil else {
            pr_prefetch(start)
            pr_prefetch(start + count - 1)
            return
        }
        var i = 0
        repeat {
            pr_prefetch(start + i)
            i += 16
        } while i < count
    }

    @inline(never)
    private func blit(_ row: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int, alpha: Int) {
        guard let clip else {
            Blend.sourceOver(alpha == 255 ? color : Blend.scale(color, by: UInt32(alpha)), onto: row, count: count)
            return
        }
        let mask = clip.row(y, from: x)
        for i in 0..<count where mask[i] != 0 {
            let a = Blend.div255(UInt32(alpha) * UInt32(mask[i]))
            row[i] = Blend.sourceOver(Blend.scale(color, by: a), row[i])
        }
    }
}
