import Geometry

/// Gives the premultiplied colours an image contributes to a run of device pixels.
protocol PixelSource {
    /// Writes the colours of pixels (x, y) ..< (x + count, y) to `out`.
    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
}

/// Samples an image at device pixel centres mapped back into it, with bilinear filtering in
/// 8-bit fixed point. Samples outside the image repeat its edge pixels: the image's outline is
/// anti-aliased by the rasteriser, so the filter must not fade the edge a second time.
///
/// Image coordinates are 32.32 fixed point: each row's start is computed once in Double, and
/// each pixel adds a fixed step, so a pixel's sample is the same however its row is split
/// into runs, and no floating-point rounding happens per pixel.
struct BilinearSampler: PixelSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Device → image pixel coordinates.
    let inverse: AffineTransform
    /// The change of the image coordinates per device pixel along a row, in 32.32.
    private let du: Int, dv: Int

    init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, inverse: AffineTransform) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.inverse = inverse
        du = BilinearSampler.fixed(inverse.a)
        dv = BilinearSampler.fixed(inverse.b)
    }

    /// `v` in 32.32 fixed point, limited so later sums cannot overflow.
    @inline(__always)
    static func fixed(_ v: Double) -> Int {
        Int((v.isNaN ? 0 : min(max(v, -1e6), 1e6)) * 4_294_967_296) // bounded: clamped to ±1e6, times 2^32
    }

    /// The image coordinates (32.32, pixel centres at whole numbers) of device pixel (x, y).
    @inline(__always)
    func position(x: Int, y: Int) -> (u: Int, v: Int) {
        let cy = Double(y) + 0.5
        let u = BilinearSampler.fixed(inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5)
        let v = BilinearSampler.fixed(inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5)
        return (u &+ x &* du, v &+ x &* dv)
    }

    /// The step `position` takes from one pixel to the next along a row.
    var step: (u: Int, v: Int) { (du, dv) }

    /// The filtered colour at image coordinates (u, v) in 32.32, rounded to 1/256 pixel.
    @inline(__always)
    func sample(u: Int, v: Int) -> UInt32 {
        let fu = (min(max(u, -(1 << 32)), width << 32) + (1 << 23)) >> 24
        let fv = (min(max(v, -(1 << 32)), height << 32) + (1 << 23)) >> 24
        let x0 = fu >> 8, y0 = fv >> 8
        let cx0 = min(max(x0, 0), width - 1), cx1 = min(max(x0 + 1, 0), width - 1)
        let row0 = pixels + min(max(y0, 0), height - 1) * width
        let row1 = pixels + min(max(y0 + 1, 0), height - 1) * width
        let wx = UInt32(fu & 255), wy = UInt32(fv & 255)
        let top = BilinearSampler.mix(row0[cx0], row0[cx1], wx)
        let bottom = BilinearSampler.mix(row1[cx0], row1[cx1], wx)
        return BilinearSampler.mix(top, bottom, wy)
    }

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var (u, v) = position(x: x, y: y)
        for i in 0..<count {
            out[i] = sample(u: u, v: v)
            u &+= du
            v &+= dv
        }
    }

    /// a·(256 − w)/256 + b·w/256 per channel, rounded; w in 0...256.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        guard w != 0 else { return a }
        let lanes = Blend.lanes, v = 256 - w
        let rb = (((a & lanes) &* v &+ (b & lanes) &* w &+ 0x0080_0080) >> 8) & lanes
        let ga = ((((a >> 8) & lanes) &* v &+ ((b >> 8) & lanes) &* w &+ 0x0080_0080) >> 8) & lanes
        return rb | (ga << 8)
    }
}

/// Blends bilinear samples of two neighbouring detail levels (trilinear filtering), so an
/// image shrinking or growing across a level boundary changes sharpness gradually.
struct TrilinearSampler: PixelSource {
    let fine: BilinearSampler
    let coarse: BilinearSampler
    /// The coarse level's share, 0...256.
    let weight: UInt32

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var (fu, fv) = fine.position(x: x, y: y), (cu, cv) = coarse.position(x: x, y: y)
        let fineStep = fine.step, coarseStep = coarse.step
        for i in 0..<count {
            out[i] = BilinearSampler.mix(fine.sample(u: fu, v: fv), coarse.sample(u: cu, v: cv), weight)
            fu &+= fineStep.u; fv &+= fineStep.v
            cu &+= coarseStep.u; cv &+= coarseStep.v
        }
    }
}

/// Samples an image (and optionally blends in its next coarser level) at device pixel centres
/// mapped back through a homography. The map is not linear along a row, so each pixel's image
/// coordinates are computed from its centre in Double and divided by its own W; the filter is
/// `BilinearSampler`'s, at the same 1/256-pixel precision.
struct PerspectiveSampler: PixelSource {
    /// The fine level (its `inverse` is unused) and device → its pixel coordinates.
    let fine: BilinearSampler
    let fineInverse: ProjectiveTransform
    /// The coarse level, device → its pixel coordinates, and its share 0...256.
    let coarse: (sampler: BilinearSampler, inverse: ProjectiveTransform, weight: UInt32)?

    /// The 32.32 image coordinates (pixel centres at whole numbers) of device point (cx, cy).
    @inline(__always)
    private static func position(_ inverse: ProjectiveTransform, _ cx: Double, _ cy: Double) -> (u: Int, v: Int) {
        let w = inverse.m13 * cx + inverse.m23 * cy + inverse.m33
        return (BilinearSampler.fixed((inverse.m11 * cx + inverse.m21 * cy + inverse.m31) / w - 0.5),
                BilinearSampler.fixed((inverse.m12 * cx + inverse.m22 * cy + inverse.m32) / w - 0.5))
    }

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let cy = Double(y) + 0.5
        for i in 0..<count {
            let cx = Double(x + i) + 0.5
            let (u, v) = Self.position(fineInverse, cx, cy)
            let colour = fine.sample(u: u, v: v)
            if let coarse {
                let (cu, cv) = Self.position(coarse.inverse, cx, cy)
                out[i] = BilinearSampler.mix(colour, coarse.sampler.sample(u: cu, v: cv), coarse.weight)
            } else {
                out[i] = colour
            }
        }
    }
}

/// An image placed at a whole-pixel offset: device pixel (x, y) shows image pixel
/// (x − originX, y − originY), which the caller keeps inside the image.
struct OffsetSource: PixelSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let originX: Int
    let originY: Int

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        out.update(from: pixels + (y - originY) * width + x - originX, count: count)
    }
}

/// Blends pixels from a source through coverage runs, times a global alpha and a clip mask.
/// `scratch` holds one run of source pixels (as many as the canvas is wide).
struct ImageBlitter<Source: PixelSource>: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let source: Source
    /// 0...255, applied to every pixel.
    let alpha: UInt32
    let clip: MaskRows?
    let scratch: UnsafeMutablePointer<UInt32>

    mutating func blit(x: Int, y: Int, count: Int, alpha coverage: Int) {
        let row = pixels + y * pixelsPerRow + x
        let runAlpha = Blend.div255(UInt32(coverage) * alpha)
        source.load(x: x, y: y, count: count, into: scratch)
        guard let clip else {
            if runAlpha == 255 {
                for i in 0..<count { row[i] = Blend.sourceOver(scratch[i], row[i]) }
            } else {
                for i in 0..<count { row[i] = Blend.sourceOver(Blend.scale(scratch[i], by: runAlpha), row[i]) }
            }
            return
        }
        let mask = clip.row(y, from: x)
        for i in 0..<count where mask[i] != 0 {
            let s = Blend.scale(scratch[i], by: Blend.div255(runAlpha * UInt32(mask[i])))
            row[i] = Blend.sourceOver(s, row[i])
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

    /// The detail levels to sample when drawing through `transform`. Below full size the
    /// image is halved until one pixel of it spans half a device pixel or more along its
    /// shorter axis (the fine level, at scale `s` in 0.5..<1), and blended with the next
    /// halving with weight 2·(1 − s): pure fine level at full size, pure coarse level where the
    /// next halving takes over, so the blend is continuous at every scale.
    func detailLevels(for transform: AffineTransform) -> DetailLevels {
        var scale = min(transform.axisScales.x, transform.axisScales.y)
        guard scale < 1 else { return DetailLevels(fine: (self, transform), coarse: nil) }
        var fine = self
        while scale < 0.5 && (fine.width > 1 || fine.height > 1) {
            fine = fine.halved()
            scale *= 2
        }
        let fineLevel = (fine, placing(fine, by: transform))
        guard fine.width > 1 || fine.height > 1 else { return DetailLevels(fine: fineLevel, coarse: nil) }
        let coarse = fine.halved()
        let weight = UInt32((min(max(2 * (1 - scale), 0), 1) * 256).roundToInt) // bounded: a weight in 0...256
        return DetailLevels(fine: fineLevel, coarse: (coarse, placing(coarse, by: transform), weight))
    }

    /// The transform that draws `level`, a reduction of this image, where `transform` draws this image.
    private func placing(_ level: Pixmap, by transform: AffineTransform) -> AffineTransform {
        AffineTransform.scale(Double(width) / Double(level.width), Double(height) / Double(level.height))
            .concatenating(transform)
    }
}

/// What to sample for one image draw: one level, or two blended (see `Pixmap.detailLevels`).
struct DetailLevels {
    /// The sharper level and the transform that draws it.
    let fine: (image: Pixmap, transform: AffineTransform)
    /// The next coarser level, its transform and its share 0...256 of the blend.
    let coarse: (image: Pixmap, transform: AffineTransform, weight: UInt32)?
}
