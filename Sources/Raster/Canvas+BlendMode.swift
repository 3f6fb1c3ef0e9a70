extension Canvas {
    /// Blends a layer with its top-left corner at pixel (x, y), opacity `alpha`, onto what is
    /// drawn in `mode` (CSS `mix-blend-mode`: the layer is the source, the canvas the
    /// backdrop), inside the clip; `.normal` is `composite(_:x:y:alpha:)`.
    public func composite(_ layer: Pixmap, x: Int = 0, y: Int = 0, alpha opacity: Double = 1, mode: BlendMode) {
        guard mode != .normal else {
            composite(layer, x: x, y: y, alpha: opacity)
            return
        }
        let box = PixelRect(x0: x, y0: y, x1: x + layer.width, y1: y + layer.height).intersection(clip.bounds)
        let scale = min(max(opacity * alpha, 0), 1) / 255
        guard !box.isEmpty, scale > 0 else { return }
        let mask = clip.mask
        let width = pixmap.width
        func channels(_ word: UInt32) -> SIMD4<Double> {
            SIMD4(Double(word & 0xFF), Double(word >> 8 & 0xFF), Double(word >> 16 & 0xFF), Double(word >> 24))
        }
        layer.withWords { source in
            withPixels { target in
                for row in box.y0..<box.y1 {
                    func blendRow(_ coverage: UnsafePointer<UInt8>?) {
                        for column in box.x0..<box.x1 {
                            let s = source[(row - y) * layer.width + column - x]
                            guard s >> 24 != 0 else { continue }
                            let k = scale * (coverage.map { Double($0[column - box.x0]) / 255 } ?? 1)
                            guard k > 0 else { continue }
                            let t = row * width + column
                            let out = mode.composite(source: channels(s) * k, backdrop: channels(target[t]) / 255) * 255
                            var word: UInt32 = 0
                            for c in 0..<4 { word |= UInt32((min(max(out[c], 0), 255)).rounded()) << (8 * UInt32(c)) } // bounded: clamped to 0...255
                            target[t] = word
                        }
                    }
                    if let mask { mask.withRow(row, from: box.x0) { blendRow($0) } } else { blendRow(nil) }
                }
            }
        }
    }
}
