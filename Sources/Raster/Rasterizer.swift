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
        edges.add(path, transform: transform, tolerance: tolerance)
        return measure(within: limit)
    }

    /// Flattens `path` mapped through `transform` and then `projection` (see
    /// `EdgeList.add(_:transform:projection:)`) and returns the device pixels it may touch.
    func load(_ path: Path, transform: AffineTransform, projection: ProjectiveTransform,
              within limit: PixelRect) -> PixelRect {
        edges.removeAll()
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
