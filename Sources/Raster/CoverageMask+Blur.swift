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
    /// and skips building a tinted image and its halvings on every frame.
    private func fill(_ mask: CoverageMask, color: Color, scaleX: Double, scaleY: Double, tx: Double, ty: Double) {
        let m = mask.bounds
        // Device x = scaleX · (mask column + x0) + tx; likewise for y.
        let left = scaleX * Double(m.x0) + tx, top = scaleY * Double(m.y0) + ty
        // bounded: |tx|, |ty| < 1e6, scale < 64 and the mask within its extent limit keep these far inside Int.
        let box = PixelRect(x0: Int(left.rounded(.down)), y0: Int(top.rounded(.down)), // bounded: as above
                            x1: Int((left + scaleX * Double(m.width)).rounded(.up)), // bounded: as above
                            y1: Int((top + scaleY * Double(m.height)).rounded(.up))).intersection(clip.bounds) // bounded: as above
        guard !box.isEmpty else { return }
        // Each column's two source columns and the second one's weight (0...256), found once.
        let taps = (box.x0..<box.x1).map { x -> (Int, Int) in
            let u = (Double(x) + 0.5 - left) / scaleX - 0.5
            let base = u.rounded(.down)
            return (Int(base), Int(((u - base) * 256).rounded())) // bounded: x is on the canvas, scale > 0.25
        }
        let width = m.width, height = m.height
        // Each mask row's run of full coverage (a shadow's inside), so the samples there are
        // known without reading four taps: the first and one past the last full column.
        let full: [(Int, Int)] = mask.alphas.withUnsafeBufferPointer { alphas in
            (0..<height).map { line in
                let row = alphas.baseAddress! + line * width
                var first = 0
                while first < width && row[first] != 255 { first += 1 }
                var end = first
                while end < width && row[end] == 255 { end += 1 }
                return (first, end)
            }
        }
        var row = [UInt8](repeating: 0, count: box.width)
        paint(color) { blitter in
            mask.alphas.withUnsafeBufferPointer { alphas in
                func at(_ column: Int, _ line: Int) -> Int {
                    column >= 0 && column < width && line >= 0 && line < height ? Int(alphas[line * width + column]) : 0
                }
                for y in box.y0..<box.y1 {
                    let v = (Double(y) + 0.5 - top) / scaleY - 0.5
                    let base = v.rounded(.down)
                    let line = Int(base), wy = Int(((v - base) * 256).rounded()) // bounded: y is on the canvas, scale > 0.25
                    // Columns whose four taps all lie in both lines' full runs are 255.
                    var inside = (0, -1)
                    if line >= 0 && line + 1 < height {
                        inside = (max(full[line].0, full[line + 1].0), min(full[line].1, full[line + 1].1) - 1)
                    }
                    for (i, (column, wx)) in taps.enumerated() {
                        if column >= inside.0 && column < inside.1 { row[i] = 255; continue }
                        let upper = at(column, line) * (256 - wx) + at(column + 1, line) * wx
                        let lower = at(column, line + 1) * (256 - wx) + at(column + 1, line + 1) * wx
                        row[i] = UInt8(truncatingIfNeeded: (upper * (256 - wy) + lower * wy + 32768) >> 16)
                    }
                    row.withUnsafeBufferPointer { blitter.blitRuns($0.baseAddress!, count: box.width, x: box.x0, y: y) }
                }
            }
        }
    }
}
