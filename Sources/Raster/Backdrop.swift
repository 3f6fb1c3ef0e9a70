import Geometry

/// What a material does to the pixels behind it, in the order it does it: a Gaussian blur,
/// a saturation boost, a tint laid over normally, then a grey layer blended over that (colour
/// dodge brightens, overlay deepens contrast). How UIVisualEffectView's backdrop renders a
/// UIBlurEffect; the numbers of each material are in Scene's `BlurEffectStyle`.
public struct BackdropFilter: Hashable, Sendable {
    /// How the last layer blends with what lies under it (the separable modes of Compositing
    /// and Blending Level 1, §9.1).
    public enum BlendMode: Hashable, Sendable {
        case colorDodge, overlay
    }

    /// The blur's standard deviation, in the units of the path the backdrop is drawn under.
    public var radius: Double
    /// 1 leaves colours as they are; above 1 they grow more vivid (`feColorMatrix` saturate).
    public var saturation: Double
    /// Laid over the blurred pixels with its alpha.
    public var tint: Color
    /// An opaque grey blended over the tinted pixels with `blendMode`.
    public var blend: Color
    public var blendMode: BlendMode

    public init(radius: Double, saturation: Double, tint: Color, blend: Color, blendMode: BlendMode) {
        self.radius = radius
        self.saturation = saturation
        self.tint = tint
        self.blend = blend
        self.blendMode = blendMode
    }

    /// `colour`'s channels (straight, 0…1) after the blend layer.
    func blended(_ c: Double, _ s: Double) -> Double {
        switch blendMode {
        case .colorDodge: return c <= 0 ? 0 : s >= 1 ? 1 : min(1, c / (1 - s))
        case .overlay: return c <= 0.5 ? 2 * c * s : 1 - 2 * (1 - c) * (1 - s)
        }
    }
}

extension Canvas {
    /// Replaces what lies under `path` (mapped through `transform`) with it seen through
    /// `filter`: the pixels of `behind` (the canvas itself when nil) under the path's bounds
    /// and as far around them as the blur reaches are blurred (beyond the canvas the edge
    /// pixels repeat, as a backdrop extends its edges), saturated and tinted, then drawn
    /// clipped to the path. Only pixels inside the path and the canvas's clip change.
    public func drawBackdrop(under path: Path, transform: AffineTransform, filter: BackdropFilter, behind: Pixmap? = nil) {
        let source = behind ?? pixmap
        guard source.width == pixmap.width, source.height == pixmap.height, let first = path.points.first else { return }
        let outline = path.points.reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
        let device = transform.apply(outline)
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return }
        let screen = PixelRect(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height).intersection(clip.bounds)
        let box = PixelRect(x0: Int(max(-1, min(Double(screen.x1), device.minX)).rounded(.down)),
                            y0: Int(max(-1, min(Double(screen.y1), device.minY)).rounded(.down)),
                            x1: Int(max(-1, min(Double(screen.x1), device.maxX)).rounded(.up)),
                            y1: Int(max(-1, min(Double(screen.y1), device.maxY)).rounded(.up))).intersection(screen)
        guard !box.isEmpty else { return }
        // The deviation in device pixels: the radius scaled as the transform scales areas.
        let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        let boxes = GaussianBlur.boxes(sigma: filter.radius * scale)
        let margin = GaussianBlur.reach(of: boxes)
        let width = box.width + 2 * margin, height = box.height + 2 * margin
        var data = [UInt16](repeating: 0, count: width * height * 4)
        source.data.withUnsafeBufferPointer { bytes in
            data.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let sy = min(source.height - 1, max(0, box.y0 - margin + y)) * source.width
                    for x in 0..<width {
                        let sx = min(source.width - 1, max(0, box.x0 - margin + x))
                        let from = (sy + sx) * 4, to = (y * width + x) * 4
                        for c in 0..<4 { out[to + c] = UInt16(bytes[from + c]) &* 257 }
                    }
                }
            }
        }
        GaussianBlur.blur(&data, width: width, height: height, channels: 4, horizontal: boxes, vertical: boxes)
        var image = Pixmap(width: box.width, height: box.height)
        let m = Self.saturationMatrix(filter.saturation)
        let tintAlpha = min(1, max(0, filter.tint.alpha))
        let tint = SIMD3(filter.tint.red, filter.tint.green, filter.tint.blue) * tintAlpha
        let grey = SIMD3(filter.blend.red, filter.blend.green, filter.blend.blue)
        image.data.withUnsafeMutableBufferPointer { out in
            for y in 0..<box.height {
                for x in 0..<box.width {
                    let from = ((y + margin) * width + x + margin) * 4, to = (y * box.width + x) * 4
                    let a = Double(data[from + 3]) / 65535
                    let rgb = SIMD3(Double(data[from]), Double(data[from + 1]), Double(data[from + 2])) / 65535
                    // Saturation on premultiplied colour (each row of the matrix sums to 1), then the tint.
                    var colour = SIMD3((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum())
                        .clamped(lowerBound: .zero, upperBound: SIMD3(repeating: a))
                    colour = tint + colour * (1 - tintAlpha)
                    let alpha = tintAlpha + a * (1 - tintAlpha)
                    if alpha > 0 {
                        for i in 0..<3 { colour[i] = filter.blended(min(1, colour[i] / alpha), grey[i]) * alpha }
                    }
                    for i in 0..<3 { out[to + i] = Self.byte(colour[i]) }
                    out[to + 3] = Self.byte(alpha)
                }
            }
        }
        let saved = clip
        clip(to: path, transform: transform)
        composite(image, x: box.x0, y: box.y0)
        clip = saved
    }

    /// `feColorMatrix type="saturate"`'s 3 × 3 part, with Rec. 709 luma weights (as the
    /// saturation matrix of Apple's UIImage+ImageEffects sample).
    private static func saturationMatrix(_ s: Double) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (lr, lg, lb) = (0.2126, 0.7152, 0.0722)
        return (SIMD3(lr + (1 - lr) * s, lg - lg * s, lb - lb * s),
                SIMD3(lr - lr * s, lg + (1 - lg) * s, lb - lb * s),
                SIMD3(lr - lr * s, lg - lg * s, lb + (1 - lb) * s))
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) }
}
