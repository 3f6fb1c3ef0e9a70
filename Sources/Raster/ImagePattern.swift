import Geometry

/// An image repeated over the whole plane as a paint: SVG's `pattern`, or any tiled texture.
public struct ImagePattern: Equatable, Sendable {
    /// One tile, premultiplied.
    public var tile: Pixmap
    /// The tile's pixel space (pixel (i, j) spans [i, i+1) × [j, j+1)) to the space of the path
    /// being filled.
    public var transform: AffineTransform
    /// Opacity multiplied into every pixel.
    public var opacity: Double

    /// A pattern of `tile` placed by `transform`.
    public init(tile: Pixmap, transform: AffineTransform, opacity: Double = 1) {
        self.tile = tile
        self.transform = transform
        self.opacity = opacity
    }
}

/// Samples a tile repeated in both directions, bilinearly filtered across tile edges, at
/// device pixel centres mapped back into tile pixels.
struct TiledSampler: PixelSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Device pixels → tile pixels (with perspective when the pattern is drawn through one;
    /// W is exactly 1 otherwise).
    let inverse: ProjectiveTransform

    /// `v` wrapped into 0..<`n`.
    @inline(__always)
    private static func wrap(_ v: Int, _ n: Int) -> Int {
        let m = v % n
        return m < 0 ? m + n : m
    }

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let cy = Double(y) + 0.5
        for i in 0..<count {
            let cx = Double(x + i) + 0.5
            let w = inverse.m13 * cx + inverse.m23 * cy + inverse.m33
            let u = (inverse.m11 * cx + inverse.m21 * cy + inverse.m31) / w - 0.5
            let v = (inverse.m12 * cx + inverse.m22 * cy + inverse.m32) / w - 0.5
            guard u.isFinite, v.isFinite, abs(u) < 1e15, abs(v) < 1e15 else { out[i] = 0; continue }
            let fu = u.rounded(.down), fv = v.rounded(.down)
            let wx = UInt32(((u - fu) * 256).roundToInt), wy = UInt32(((v - fv) * 256).roundToInt)
            let x0 = Self.wrap(Int(fu), width), y0 = Self.wrap(Int(fv), height)
            let x1 = x0 + 1 == width ? 0 : x0 + 1, y1 = y0 + 1 == height ? 0 : y0 + 1
            let top = BilinearSampler.mix(pixels[y0 * width + x0], pixels[y0 * width + x1], wx)
            let bottom = BilinearSampler.mix(pixels[y1 * width + x0], pixels[y1 * width + x1], wx)
            out[i] = BilinearSampler.mix(top, bottom, wy)
        }
    }
}

extension Canvas {
    /// Fills `path` mapped through `transform` with `pattern` repeated under it.
    func fill(_ path: Path, pattern: ImagePattern, rule: FillRule, transform: AffineTransform) {
        guard pattern.tile.width > 0, pattern.tile.height > 0,
              let inverse = pattern.transform.concatenating(transform).inverted,
              !rasterizer.load(path, transform: transform, within: clip.bounds).isEmpty else { return }
        fillLoaded(pattern, inverse: ProjectiveTransform(inverse), rule: rule)
    }

    /// Fills `path` mapped through `transform` and then `projection` with `pattern` repeated under it.
    func fill(_ path: Path, pattern: ImagePattern, rule: FillRule, transform: AffineTransform,
              projection: ProjectiveTransform) {
        guard pattern.tile.width > 0, pattern.tile.height > 0,
              let inverse = ProjectiveTransform(pattern.transform.concatenating(transform)).concatenating(projection).inverted,
              !rasterizer.load(path, transform: transform, projection: projection, within: clip.bounds).isEmpty
        else { return }
        fillLoaded(pattern, inverse: inverse, rule: rule)
    }

    /// Blends the pattern, sampled through `inverse` (device pixels → tile pixels), through the
    /// coverage of the loaded path.
    private func fillLoaded(_ pattern: ImagePattern, inverse: ProjectiveTransform, rule: FillRule) {
        pattern.tile.withWords { words in
            fillLoaded(from: TiledSampler(pixels: words, width: pattern.tile.width, height: pattern.tile.height,
                                          inverse: inverse),
                       opacity: pattern.opacity, rule: rule)
        }
    }
}
