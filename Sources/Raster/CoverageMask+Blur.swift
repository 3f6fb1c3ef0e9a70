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

    /// The mask as a premultiplied image of `color`, its pixel (0, 0) being the mask's top-left.
    public func pixmap(color: Color) -> Pixmap {
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
        } else {
            let placed = AffineTransform.translation(Double(mask.bounds.x0), Double(mask.bounds.y0)).concatenating(transform)
            draw(mask.pixmap(color: color), transform: placed, alpha: 1)
        }
    }
}
