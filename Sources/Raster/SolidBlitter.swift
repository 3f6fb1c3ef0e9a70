/// Blends one premultiplied colour through coverage runs, optionally multiplied by a clip mask.
struct SolidBlitter: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32
    let clip: CoverageMask?

    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        let row = pixels + y * pixelsPerRow + x
        guard let clip else {
            Blend.sourceOver(alpha == 255 ? color : Blend.scale(color, by: UInt32(alpha)), onto: row, count: count)
            return
        }
        clip.withRow(y, from: x) { mask in
            for i in 0..<count where mask[i] != 0 {
                let a = Blend.div255(UInt32(alpha) * UInt32(mask[i]))
                row[i] = Blend.sourceOver(Blend.scale(color, by: a), row[i])
            }
        }
    }
}
