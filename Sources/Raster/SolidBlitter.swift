import CRasterKernels

/// Blends one premultiplied colour through coverage runs, optionally multiplied by a clip mask.
struct SolidBlitter: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32
    let clip: MaskRows?

    /// The span kernel's SIMD width, read once per blitter rather than once per run.
    private let simdLevel = Blend.simdLevel

    /// Without a clip, the sweep blends the colour itself.
    var solidTarget: SolidTarget? {
        clip == nil ? SolidTarget(pixels: pixels, pixelsPerRow: pixelsPerRow, color: color) : nil
    }

    /// Inlined into the sweep: most runs are single pixels along an edge, and most of the others
    /// fully covered interiors, which go straight to the span kernel; the rest (short, partly
    /// covered or clipped runs) go to a function of their own.
    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        let row = pixels + y * pixelsPerRow + x
        if clip == nil && count == 1 {
            Blend.sourceOver(color, coverage: UInt32(alpha), onto: row)
        } else if clip == nil && alpha == 255 && count >= Blend.kernelMinimum {
            pr_source_over_span(row, count, color, simdLevel, 0)
        } else {
            blit(row, x: x, y: y, count: count, alpha: alpha)
        }
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
