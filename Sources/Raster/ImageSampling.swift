import Geometry

/// Gives the premultiplied colour an image contributes to one device pixel.
protocol PixelSource {
    func pixel(x: Int, y: Int) -> UInt32
}

/// Samples an image at device pixel centres mapped back into it, with bilinear filtering in
/// 8-bit fixed point. Samples outside the image repeat its edge pixels: the image's outline is
/// anti-aliased by the rasteriser, so the filter must not fade the edge a second time.
struct BilinearSampler: PixelSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Device → image pixel coordinates.
    let inverse: AffineTransform

    func pixel(x: Int, y: Int) -> UInt32 {
        let dx = Double(x) + 0.5, dy = Double(y) + 0.5
        let u = inverse.a * dx + inverse.c * dy + inverse.tx - 0.5
        let v = inverse.b * dx + inverse.d * dy + inverse.ty - 0.5
        let fu = Int((min(max(u, -1), Double(width)) * 256 + 0.5).rounded(.down))
        let fv = Int((min(max(v, -1), Double(height)) * 256 + 0.5).rounded(.down))
        let x0 = fu >> 8, y0 = fv >> 8
        let cx0 = min(max(x0, 0), width - 1), cx1 = min(max(x0 + 1, 0), width - 1)
        let row0 = pixels + min(max(y0, 0), height - 1) * width
        let row1 = pixels + min(max(y0 + 1, 0), height - 1) * width
        let wx = UInt32(fu & 255), wy = UInt32(fv & 255)
        let top = BilinearSampler.mix(row0[cx0], row0[cx1], wx)
        let bottom = BilinearSampler.mix(row1[cx0], row1[cx1], wx)
        return BilinearSampler.mix(top, bottom, wy)
    }

    /// a·(256 − w)/256 + b·w/256 per channel, rounded; w in 0...255.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        guard w != 0 else { return a }
        let lanes = Blend.lanes, v = 256 - w
        let rb = (((a & lanes) &* v &+ (b & lanes) &* w &+ 0x0080_0080) >> 8) & lanes
        let ga = ((((a >> 8) & lanes) &* v &+ ((b >> 8) & lanes) &* w &+ 0x0080_0080) >> 8) & lanes
        return rb | (ga << 8)
    }
}

/// An image placed at a whole-pixel offset: device pixel (x, y) shows image pixel
/// (x − originX, y − originY), which the caller keeps inside the image.
struct OffsetSource: PixelSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let originX: Int
    let originY: Int

    @inline(__always)
    func pixel(x: Int, y: Int) -> UInt32 { pixels[(y - originY) * width + x - originX] }
}

/// Blends pixels from a source through coverage runs, times a global alpha and a clip mask.
struct ImageBlitter<Source: PixelSource>: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let source: Source
    /// 0...255, applied to every pixel.
    let alpha: UInt32
    let clip: CoverageMask?

    mutating func blit(x: Int, y: Int, count: Int, alpha coverage: Int) {
        let row = pixels + y * pixelsPerRow + x
        let runAlpha = Blend.div255(UInt32(coverage) * alpha)
        guard let clip else {
            for i in 0..<count {
                let s = source.pixel(x: x + i, y: y)
                row[i] = Blend.sourceOver(runAlpha == 255 ? s : Blend.scale(s, by: runAlpha), row[i])
            }
            return
        }
        clip.withRow(y, from: x) { mask in
            for i in 0..<count where mask[i] != 0 {
                let s = Blend.scale(source.pixel(x: x + i, y: y), by: Blend.div255(runAlpha * UInt32(mask[i])))
                row[i] = Blend.sourceOver(s, row[i])
            }
        }
    }
}

extension Pixmap {
    /// The image at half size (rounded up), each pixel the rounded mean of a 2×2 block (edge
    /// pixels repeat at odd sizes). Drawing a much smaller image from successive halvings keeps
    /// every source pixel in the average, so a sprite shrinking towards nothing fades smoothly
    /// instead of sparkling.
    func halved() -> Pixmap {
        let w = (width + 1) / 2, h = (height + 1) / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let ya = 2 * y, yb = min(2 * y + 1, height - 1)
            for x in 0..<w {
                let xa = 2 * x, xb = min(2 * x + 1, width - 1)
                for c in 0..<4 {
                    let sum = Int(data[(ya * width + xa) * 4 + c]) + Int(data[(ya * width + xb) * 4 + c])
                        + Int(data[(yb * width + xa) * 4 + c]) + Int(data[(yb * width + xb) * 4 + c])
                    out[(y * w + x) * 4 + c] = UInt8((sum + 2) >> 2)
                }
            }
        }
        return Pixmap(width: w, height: h, premultiplied: out)
    }

    /// The level of detail to sample when drawing through `transform`: halvings of the image
    /// until one image pixel spans at least half a device pixel along its shorter axis, and the
    /// transform mapping that level onto the same device area.
    func levelOfDetail(for transform: AffineTransform) -> (Pixmap, AffineTransform) {
        let sx = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let sy = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        var scale = min(sx, sy)
        var level = self
        while scale < 0.5 && (level.width > 1 || level.height > 1) {
            level = level.halved()
            scale *= 2
        }
        guard level.width != width || level.height != height else { return (self, transform) }
        let toOriginal = AffineTransform.scale(Double(width) / Double(level.width), Double(height) / Double(level.height))
        return (level, toOriginal.concatenating(transform))
    }
}
