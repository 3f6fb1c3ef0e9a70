import Geometry

/// An 8-bit coverage (alpha) mask placed at whole device pixels: what a path covers, ready to be
/// blended with any colour. Text caches glyphs as masks (rasterised once per sub-pixel offset,
/// then blended at integer positions), and clip-to-path keeps its clip as one.
public struct CoverageMask: Equatable, Sendable {
    /// Where the mask lies in device pixels.
    public internal(set) var bounds: PixelRect
    /// Coverage 0...255, row-major over `bounds`.
    public internal(set) var alphas: [UInt8]
    /// A region of the mask's grid (continuous coordinates, as `bounds`) that is painted over
    /// opaquely right after the mask, in the same layer: a shadow under its layer's opaque
    /// background. Filling the mask skips the device pixels lying wholly inside it, which gives
    /// the same bytes, since whatever is blended there is replaced. Nil for none.
    public var occluder: Rect?

    /// A mask of `bounds` with every pixel at `alpha`.
    init(bounds: PixelRect, alpha: UInt8) {
        self.bounds = bounds
        alphas = [UInt8](repeating: alpha, count: bounds.width * bounds.height)
    }

    /// The largest area a standalone mask covers: 8192 px square around the origin, so absurd
    /// geometry cannot allocate unbounded memory. Glyph masks sit near the origin.
    public static let extentLimit = PixelRect(x0: -4096, y0: -4096, x1: 4096, y1: 4096)

    /// Rasterises `path` mapped through `transform` (which carries any sub-pixel offset) with
    /// exact-area anti-aliasing. The mask's bounds are the pixels the path can touch (within
    /// `extentLimit`), so its integer origin is `bounds.x0, bounds.y0`.
    public init(path: Path, transform: AffineTransform = .identity, rule: FillRule = .nonZero) {
        self.init(path: path, transform: transform, rule: rule, within: CoverageMask.extentLimit, rasterizer: Rasterizer())
    }

    /// Rasterises `path` into a mask no larger than `limit`.
    init(path: Path, transform: AffineTransform, rule: FillRule, within limit: PixelRect, rasterizer: Rasterizer) {
        self.init(loaded: rasterizer, box: rasterizer.load(path, transform: transform, within: limit), rule: rule)
    }

    /// The coverage of the path `rasterizer` has loaded, over `box` (what its `load` returned).
    init(loaded rasterizer: Rasterizer, box: PixelRect, rule: FillRule) {
        self.init(bounds: box.isEmpty ? .empty : box, alpha: 0)
        guard !box.isEmpty else { return }
        alphas.withUnsafeMutableBufferPointer { buffer in
            var writer = MaskWriter(alphas: buffer.baseAddress!, bounds: box)
            rasterizer.fill(rule: rule, into: &writer)
        }
    }

    /// The coverage at device pixel (x, y); 0 outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x0, x < bounds.x1, y >= bounds.y0, y < bounds.y1 else { return 0 }
        return alphas[(y - bounds.y0) * bounds.width + x - bounds.x0]
    }

    /// This mask times `other` pixel by pixel, over the pixels both cover.
    func intersected(with other: CoverageMask) -> CoverageMask {
        let box = bounds.intersection(other.bounds)
        var result = CoverageMask(bounds: box, alpha: 0)
        for row in 0..<box.height {
            for column in 0..<box.width {
                let x = box.x0 + column, y = box.y0 + row
                result.alphas[row * box.width + column] = UInt8(Blend.div255(UInt32(self[x, y]) * UInt32(other[x, y])))
            }
        }
        return result
    }

    /// Calls `body` with the coverage of row `y` starting at column `x`, both inside the mask.
    @inline(__always)
    func withRow<R>(_ y: Int, from x: Int, _ body: (UnsafePointer<UInt8>) -> R) -> R {
        withRows { body($0.row(y, from: x)) }
    }

    /// Calls `body` with the mask's rows, borrowed while it runs.
    @inline(__always)
    func withRows<R>(_ body: (MaskRows) -> R) -> R {
        alphas.withUnsafeBufferPointer { body(MaskRows(alphas: $0.baseAddress!, bounds: bounds)) }
    }
}

/// A coverage mask's bytes borrowed for one draw: a plain value (a pointer and the bounds), so
/// the blitters holding one copy for free and the sweep can keep them in registers.
struct MaskRows {
    let alphas: UnsafePointer<UInt8>
    let bounds: PixelRect

    /// The coverage of row `y` starting at column `x`, both inside the mask.
    @inline(__always)
    func row(_ y: Int, from x: Int) -> UnsafePointer<UInt8> {
        alphas + (y - bounds.y0) * bounds.width + x - bounds.x0
    }
}

/// Writes coverage runs into a mask's bytes.
struct MaskWriter: SpanSink {
    let alphas: UnsafeMutablePointer<UInt8>
    let bounds: PixelRect

    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        (alphas + (y - bounds.y0) * bounds.width + x - bounds.x0).update(repeating: UInt8(alpha), count: count)
    }
}
