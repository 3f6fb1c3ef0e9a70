import Geometry

/// Flattens paths into fixed-point edges and turns them into coverage runs, reusing its
/// buffers from one fill to the next. Use it in two steps: `load` a path to learn which pixels
/// it touches (so the caller can size a mask or skip the draw), then `fill` to get coverage.
final class Rasterizer {
    private var edges = EdgeList()
    private let accumulator: CellAccumulator
    private var box = PixelRect.empty
    /// How far flattened curves may stray from the path, in device pixels (see
    /// `Canvas.curveTolerance`).
    var tolerance = Rasterizer.defaultTolerance
    /// Whether edges are placed as Skia places them (see `Canvas.snapsRowsToQuarterPixels`).
    var snapsRowsToQuarterPixels = false
    /// 0.1 px: what scenes and their goldens are drawn with.
    static let defaultTolerance = 0.1

    /// `bandCells` bounds the cells of one band of rows (see `CellAccumulator`) and `simdLevel`
    /// the instruction set of the solid-colour sweep; only tests change them, to check that
    /// neither changes a pixel.
    init(bandCells: Int = CellAccumulator.defaultBandCells, simdLevel: Int32 = Blend.simdLevel) {
        accumulator = CellAccumulator(bandCells: bandCells, simdLevel: simdLevel)
    }

    /// Flattens `path` mapped through `transform` and returns the device pixels it may touch
    /// inside `limit` (empty when there is nothing to draw, or a point is not finite).
    func load(_ path: Path, transform: AffineTransform, within limit: PixelRect) -> PixelRect {
        edges.removeAll()
        // Skia fills one upright rectangle exactly (SkScan::AntiFillRect), rows unsnapped.
        edges.snapsRowsToQuarterPixels = snapsRowsToQuarterPixels && !path.isUprightRectangle(through: transform)
        edges.add(path, transform: transform, tolerance: tolerance)
        return measure(within: limit)
    }

    /// Flattens `path` mapped through `transform` and then `projection` (see
    /// `EdgeList.add(_:transform:projection:)`) and returns the device pixels it may touch.
    func load(_ path: Path, transform: AffineTransform, projection: ProjectiveTransform,
              within limit: PixelRect) -> PixelRect {
        edges.removeAll()
        edges.snapsRowsToQuarterPixels = snapsRowsToQuarterPixels
        edges.add(path, transform: transform, projection: projection)
        return measure(within: limit)
    }

    /// Records and returns the pixels the loaded edges touch inside `limit`.
    private func measure(within limit: PixelRect) -> PixelRect {
        let drawable = !edges.isEmpty && edges.isFinite
        box = drawable ? edges.pixelBounds.intersection(limit) : .empty
        return box
    }

    /// Reports the coverage of the loaded path to `sink`.
    func fill<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        guard !box.isEmpty else { return }
        accumulator.fill(edges, in: box, rule: rule, into: &sink)
    }
}

extension Path {
    /// Whether this is one closed rectangle whose sides stay upright through `transform`: a
    /// move, three or four lines back to the start (each along one axis, turning at every
    /// point) and a close; coordinates and the transform's zeros are compared within a
    /// billionth (relative), so relative moves that add up with rounding errors still count.
    /// Skia draws such a rectangle with exact edges (SkScan::AntiFillRect, and a miter-joined
    /// stroke of one as a frame), even where it snaps the rows of paths.
    public func isUprightRectangle(through transform: AffineTransform) -> Bool {
        let t = transform, size = max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        func zero(_ v: Double) -> Bool { abs(v) <= 1e-9 * size }
        guard (zero(t.b) && zero(t.c)) || (zero(t.a) && zero(t.d)) else { return false }
        guard verbs.count == 5 || verbs.count == 6, verbs.first == .move, verbs.last == .close,
              verbs.dropFirst().dropLast().allSatisfy({ $0 == .line }) else { return false }
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        var p = points
        if p.count == 5 {
            guard same(p[4].x, p[0].x), same(p[4].y, p[0].y) else { return false }
            p.removeLast()
        }
        guard p.count == 4 else { return false }
        let horizontalFirst = same(p[0].y, p[1].y) && same(p[1].x, p[2].x) && same(p[2].y, p[3].y) && same(p[3].x, p[0].x)
        let verticalFirst = same(p[0].x, p[1].x) && same(p[1].y, p[2].y) && same(p[2].x, p[3].x) && same(p[3].y, p[0].y)
        return (horizontalFirst || verticalFirst) && !same(p[0].x, p[2].x) && !same(p[0].y, p[2].y)
    }
}
