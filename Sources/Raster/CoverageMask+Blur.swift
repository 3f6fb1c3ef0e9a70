import Geometry

extension CoverageMask {
    /// A mask of `bounds` with the given coverage bytes, row-major; `alphas.count` must be
    /// `bounds.width * bounds.height`.
    public init(bounds: PixelRect, alphas: [UInt8]) {
        precondition(alphas.count == bounds.width * bounds.height, "mask data size does not match its bounds")
        self.init(bounds: bounds, alpha: 0)
        self.alphas = alphas
    }

    /// The alpha channel of `pixmap`, placed with its top-left pixel at (`x`, `y`).
    public init(alphaOf pixmap: Pixmap, x: Int, y: Int) {
        let count = pixmap.width * pixmap.height
        let alphas = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            pixmap.data.withUnsafeBufferPointer { bytes in
                for i in 0..<count { out[i] = bytes[4 * i + 3] }
            }
            initialized = count
        }
        self.init(bounds: PixelRect(x0: x, y0: y, x1: x + pixmap.width, y1: y + pixmap.height), alphas: alphas)
    }

    /// The mask blurred by a Gaussian of deviation `sigma` pixels (Kovesi's three centred boxes
    /// each way, in 16-bit precision), its bounds grown by as far as the blur spreads coverage:
    /// what Core Animation casts as a layer's shadow. No blur for a deviation of 0.
    public func blurred(sigma: Double) -> CoverageMask {
        let boxes = GaussianBlur.boxes(sigma: sigma)
        guard !boxes.isEmpty, !bounds.isEmpty else { return self }
        let r = GaussianBlur.reach(of: boxes)
        let grown = PixelRect(x0: bounds.x0 - r, y0: bounds.y0 - r, x1: bounds.x1 + r, y1: bounds.y1 + r)
        let width = grown.width, inner = bounds.width
        var data = [UInt16](repeating: 0, count: width * grown.height)
        alphas.withUnsafeBufferPointer { source in
            data.withUnsafeMutableBufferPointer { target in
                for y in 0..<bounds.height {
                    let row = (y + r) * width + r
                    for x in 0..<inner { target[row + x] = UInt16(source[y * inner + x]) &* 257 }
                }
            }
        }
        GaussianBlur.blur(&data, width: width, height: grown.height, channels: 1, horizontal: boxes, vertical: boxes)
        let bytes = [UInt8](unsafeUninitializedCapacity: data.count) { out, initialized in
            data.withUnsafeBufferPointer { d in
                for i in d.indices { out[i] = UInt8(truncatingIfNeeded: (UInt32(d[i]) &* 255 &+ 32767) / 65535) }
            }
            initialized = data.count
        }
        return CoverageMask(bounds: grown, alphas: bytes)
    }

    /// Where the mask's image (`pixmap(color:)`) lands: its grid moved to the mask's bounds, then `transform`.
    func placement(_ transform: AffineTransform) -> AffineTransform {
        AffineTransform.translation(Double(bounds.x0), Double(bounds.y0)).concatenating(transform)
    }

    /// The mask as a premultiplied image of `color`, its pixel (0, 0) being the mask's top-left.
    func pixmap(color: Color) -> Pixmap {
        let premultiplied = Blend.premultiplied(color, alpha: 1)
        var image = Pixmap(width: bounds.width, height: bounds.height)
        image.data.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { words in
                for i in alphas.indices where alphas[i] != 0 {
                    words[i] = alphas[i] == 255 ? premultiplied : Blend.scale(premultiplied, by: UInt32(alphas[i]))
                }
            }
        }
        return image
    }
}

extension Canvas {
    /// Blends `color` through `mask`, its pixel grid mapped through `transform`: at whole-pixel
    /// offsets straight through the coverage, otherwise as an image of the colour, filtered.
    public func fill(_ mask: CoverageMask, color: Color, transform: AffineTransform) {
        guard !mask.bounds.isEmpty else { return }
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1,
           transform.tx.isWholeNumber, transform.ty.isWholeNumber,
           abs(transform.tx) < 1e9, abs(transform.ty) < 1e9 {
            fill(mask, dx: Int(transform.tx), dy: Int(transform.ty), color: color)
        } else if transform.b == 0, transform.c == 0, transform.a > 0.25, transform.d > 0.25, transform.a < 64, transform.d < 64,
                  abs(transform.tx) < 1e6, abs(transform.ty) < 1e6 {
            fill(mask, color: color, scaleX: transform.a, scaleY: transform.d, tx: transform.tx, ty: transform.ty)
        } else {
            draw(mask.pixmap(color: color), transform: mask.placement(transform), alpha: 1)
        }
    }

    /// Blends `color` through `mask` in a plane that `projection` maps onto the canvas (a shadow
    /// in a 3-D layer): the tinted coverage drawn as an image through the homography.
    public func fill(_ mask: CoverageMask, color: Color, transform: AffineTransform, projection: ProjectiveTransform) {
        guard !mask.bounds.isEmpty else { return }
        draw(mask.pixmap(color: color), transform: mask.placement(transform), projection: projection, alpha: 1)
    }

    /// Blends `color` through `mask` scaled by (`scaleX`, `scaleY`) and moved by (`tx`, `ty`)
    /// (a sliding, growing layer's shadow), sampling the coverage bilinearly at each pixel's
    /// centre. Written by hand rather than drawn as a filtered image: a blurred mask holds no
    /// detail a mip level would keep from aliasing, so one bilinear tap per pixel is exact enough
    /// and skips building a tinted image and its halvings on every frame. The filter is applied
    /// as its two passes (each output row's two mask rows mixed once, then the columns), which
    /// gives the same integers as the four-tap sum at half the work.
    private func fill(_ mask: CoverageMask, color: Color, scaleX: Double, scaleY: Double, tx: Double, ty: Double) {
        let m = mask.bounds
        // Device x = scaleX · (mask column + x0) + tx; likewise for y.
        let left = scaleX * Double(m.x0) + tx, top = scaleY * Double(m.y0) + ty
        // bounded: |tx|, |ty| < 1e6, scale < 64 and the mask within its extent limit keep these far inside Int.
        let box = PixelRect(x0: Int(left.rounded(.down)), y0: Int(top.rounded(.down)), // bounded: as above
                            x1: Int((left + scaleX * Double(m.width)).rounded(.up)), // bounded: as above
                            y1: Int((top + scaleY * Double(m.height)).rounded(.up))).intersection(clip.bounds) // bounded: as above
        guard !box.isEmpty else { return }
        let width = m.width, height = m.height
        // Each column's first source column, shifted by one into the padded row below (so the
        // column left of the mask is index 0), and the second column's weight (0...256).
        var columns = [Int](repeating: 0, count: box.width), weights = [UInt32](repeating: 0, count: box.width)
        for x in box.x0..<box.x1 {
            let u = (Double(x) + 0.5 - left) / scaleX - 0.5
            let base = u.rounded(.down)
            // bounded: x is on the canvas and scale > 0.25, so u lies within a few mask widths; clamped to the padding.
            let first = Int(base)
            // Columns wholly left or right of the mask read two zeros of the padding.
            columns[x - box.x0] = min(width + 1, max(0, first + 1))
            weights[x - box.x0] = first < -1 || first >= width ? 0 : UInt32(((u - base) * 256).rounded()) // bounded: as above
        }
        let hidden = mask.hiddenPixels(scaleX: scaleX, scaleY: scaleY, tx: tx, ty: ty, within: box)
        // One output row's two mask rows mixed by its weight, with a zero column left of them and
        // two right.
        var mixed = [UInt32](repeating: 0, count: width + 3)
        var row = [UInt8](repeating: 0, count: box.width)
        paint(color) { blitter in
            mask.alphas.withUnsafeBufferPointer { alphas in
                mixed.withUnsafeMutableBufferPointer { mixed in
                    row.withUnsafeMutableBufferPointer { row in
                        columns.withUnsafeBufferPointer { columns in
                            weights.withUnsafeBufferPointer { weights in
                                guard let source = alphas.baseAddress, let mix = mixed.baseAddress.map({ $0 + 1 }),
                                      let out = row.baseAddress else { return }
                                for y in box.y0..<box.y1 {
                                    let v = (Double(y) + 0.5 - top) / scaleY - 0.5
                                    let base = v.rounded(.down)
                                    let line = Int(base), wy = UInt32(((v - base) * 256).rounded()) // bounded: y is on the canvas, scale > 0.25
                                    let upper = line >= 0 && line < height ? source + line * width : nil
                                    let lower = line + 1 >= 0 && line + 1 < height ? source + (line + 1) * width : nil
                                    if upper == nil && lower == nil { continue }
                                    let wu = upper == nil ? 0 : 256 - wy, wl = lower == nil ? 0 : wy
                                    let a = upper ?? lower!, b = lower ?? upper!
                                    hidden.forEachVisibleRun(y: y, in: box) { run in
                                        let i0 = run.lowerBound - box.x0, i1 = run.upperBound - box.x0
                                        // The mask columns the run's taps read (columns only grow along a row).
                                        let c0 = max(0, columns[i0] - 1), c1 = min(width, columns[i1 - 1] + 1)
                                        if c0 < c1 { for c in c0..<c1 { mix[c] = UInt32(a[c]) &* wu &+ UInt32(b[c]) &* wl } }
                                        for i in i0..<i1 {
                                            let c = columns[i] - 1, w = weights[i]
                                            let sum = mix[c] &* (256 &- w) &+ mix[c + 1] &* w
                                            out[i] = UInt8(truncatingIfNeeded: (sum &+ 32768) >> 16)
                                        }
                                        blitter.blitCoverage(UnsafePointer(out + (run.lowerBound - box.x0)), count: run.count,
                                                             x: run.lowerBound, y: y)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The device pixels a mask's occluder covers wholly, which filling the mask skips.
struct HiddenPixels {
    /// Columns x0..<x1 of rows y0..<y1; empty when nothing is hidden.
    var rect: PixelRect

    /// Calls `body` with the runs of columns of row `y` within `box` left to draw: the whole
    /// row, or the parts either side of the hidden columns.
    @inline(__always)
    func forEachVisibleRun(y: Int, in box: PixelRect, _ body: (Range<Int>) -> Void) {
        guard !rect.isEmpty, y >= rect.y0, y < rect.y1 else { return body(box.x0..<box.x1) }
        if rect.x0 > box.x0 { body(box.x0..<rect.x0) }
        if box.x1 > rect.x1 { body(rect.x1..<box.x1) }
    }
}

extension CoverageMask {
    /// The pixels of `box` wholly inside the occluder when the mask's grid maps to the canvas
    /// as device = scale · grid + t. A thousandth of a pixel is given up on each side, so a
    /// pixel the occluder's own fill covers only up to rounding is still drawn.
    func hiddenPixels(scaleX: Double, scaleY: Double, tx: Double, ty: Double, within box: PixelRect) -> HiddenPixels {
        guard let o = occluder, !box.isEmpty else { return HiddenPixels(rect: .empty) }
        func inner(_ low: Double, _ high: Double, _ first: Int, _ end: Int) -> (Int, Int) {
            let lo = (low + 1e-3).rounded(.up), hi = (high - 1e-3).rounded(.down)
            guard lo.isFinite, hi.isFinite, lo < hi else { return (first, first) }
            let from = max(Double(first), min(Double(end), lo)), to = max(Double(first), min(Double(end), hi))
            return (Int(from), Int(to)) // bounded: clamped to the box's columns or rows
        }
        let (x0, x1) = inner(scaleX * o.minX + tx, scaleX * o.maxX + tx, box.x0, box.x1)
        let (y0, y1) = inner(scaleY * o.minY + ty, scaleY * o.maxY + ty, box.y0, box.y1)
        let rect = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        return HiddenPixels(rect: rect.isEmpty ? .empty : rect)
    }
}
