/// How a mask image's pixels turn into coverage when it masks a layer.
public enum MaskMode: Sendable {
    /// The mask's alpha (what a clip path rendered as a layer gives).
    case alpha
    /// The mask's luminance times its alpha, with SVG's sRGB luminance coefficients
    /// (0.2125, 0.7154, 0.0721), as SVG's `mask` element (mask-type: luminance) specifies.
    case luminance
}

extension Pixmap {
    /// Multiplies every pixel by the coverage `mask` (same size) gives at that pixel: how an
    /// offscreen group is clipped by a rendered clip path or masked by a rendered mask before
    /// it is composited.
    public mutating func multiply(by mask: Pixmap, mode: MaskMode) {
        precondition(mask.width == width && mask.height == height, "mask size does not match the pixmap")
        mask.withWords { m in
            data.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: UInt32.self) { words in
                    for i in 0..<words.count where words[i] != 0 {
                        let p = m[i]
                        let coverage: UInt32
                        switch mode {
                        case .alpha:
                            coverage = p >> 24
                        case .luminance:
                            // Premultiplied channels already carry the alpha: luminance × alpha.
                            let r = p & 0xFF, g = (p >> 8) & 0xFF, b = (p >> 16) & 0xFF
                            coverage = (r * 13_933 + g * 46_884 + b * 4_725 + 32_768) >> 16
                        }
                        words[i] = coverage == 255 ? words[i] : Blend.scale(words[i], by: coverage)
                    }
                }
            }
        }
    }
}
