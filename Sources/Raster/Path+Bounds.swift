import Geometry

extension Path {
    /// The bounds of the outline itself (curves flattened within `tolerance`), not of its
    /// control points: SVG's object bounding box, which gradients and clip paths in
    /// `objectBoundingBox` units are laid out on. `nil` for an empty path.
    public func tightBounds(tolerance: Double = 0.01) -> Rect? {
        guard !isEmpty, tolerance > 0 else { return nil }
        var sink = BoundsSink()
        flatten(self, transform: .identity, tolerance: tolerance, into: &sink)
        guard let box = sink.box else { return nil }
        return Rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
    }
}

/// Collects the extremes of flattened contours.
private struct BoundsSink: PolylineSink {
    var box: (x0: Double, y0: Double, x1: Double, y1: Double)?

    mutating func add(_ p: Point) {
        guard let b = box else { box = (p.x, p.y, p.x, p.y); return }
        box = (min(b.x0, p.x), min(b.y0, p.y), max(b.x1, p.x), max(b.y1, p.y))
    }

    mutating func beginContour(at p: Point) { add(p) }
    mutating func line(to p: Point, smooth: Bool) { add(p) }
    mutating func endContour(closed: Bool) {}
}
