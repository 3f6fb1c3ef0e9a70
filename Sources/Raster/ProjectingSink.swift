import Geometry

/// Passes flattened contours through a homography to another sink, point by point.
///
/// A homography maps straight segments to straight segments wherever W stays positive, so a
/// contour flattened before projection stays exact except for the flattening itself (which the
/// caller makes fine enough for the homography's largest stretch). Each contour is first clipped
/// to the half-plane W ≥ `nearW` (W is affine in the plane, so the clip is exact): what lies
/// behind the viewer is not drawn, and nothing is divided by a W near zero.
struct ProjectingSink<Inner: PolylineSink>: PolylineSink {
    /// The smallest W kept: points closer to the eye plane would land absurdly far off-screen.
    static var nearW: Double { 1.0 / 1024 }

    var inner: Inner
    let projection: ProjectiveTransform
    private var first = Point.zero, firstW = 0.0
    private var previous = Point.zero, previousW = 0.0
    /// Whether the clipped contour has started in `inner`.
    private var started = false

    init(inner: Inner, projection: ProjectiveTransform) {
        self.inner = inner
        self.projection = projection
    }

    mutating func beginContour(at p: Point) {
        first = p
        firstW = projection.w(p)
        previous = first
        previousW = firstW
        started = false
        if firstW >= Self.nearW { emit(p, smooth: false) }
    }

    mutating func line(to p: Point, smooth: Bool) {
        let w = projection.w(p)
        clipEdge(to: p, w: w, smooth: smooth, emittingEnd: true)
        previous = p
        previousW = w
    }

    mutating func endContour(closed: Bool) {
        // The closing edge back to the first point: its crossing of the near line, if any; the
        // first point itself already started the contour when it was kept.
        clipEdge(to: first, w: firstW, smooth: false, emittingEnd: false)
        if started { inner.endContour(closed: true) }
        started = false
    }

    /// The part of the edge from `previous` to `p` with W ≥ `nearW`: the crossing point where it
    /// enters or leaves, and `p` when it is kept and `emittingEnd`.
    private mutating func clipEdge(to p: Point, w: Double, smooth: Bool, emittingEnd: Bool) {
        let near = Self.nearW
        let wasIn = previousW >= near, isIn = w >= near
        if wasIn != isIn {
            let t = (near - previousW) / (w - previousW)
            emit(Point(previous.x + (p.x - previous.x) * t, previous.y + (p.y - previous.y) * t), smooth: false)
        }
        if isIn, emittingEnd { emit(p, smooth: smooth) }
    }

    private mutating func emit(_ p: Point, smooth: Bool) {
        let q = projection.apply(p)
        if started {
            inner.line(to: q, smooth: smooth)
        } else {
            inner.beginContour(at: q)
            started = true
        }
    }
}

extension EdgeList {
    /// Flattens `path` through `transform` into the plane that `projection` maps to device
    /// pixels, and adds it projected. The flattening tolerance is the device tolerance of 0.1 px
    /// divided by the projection's largest stretch over the path, so the projected polyline
    /// stays as close to the projected curve as an affine fill's does.
    mutating func add(_ path: Path, transform: AffineTransform, projection: ProjectiveTransform) {
        let r = transform.apply(path.bounds)
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)]
        let stretch = projection.largestStretch(over: corners, minimumW: ProjectingSink<EdgeList>.nearW)
        var sink = ProjectingSink(inner: EdgeList(), projection: projection)
        swap(&self, &sink.inner)
        flatten(path, transform: transform, tolerance: 0.1 / min(max(stretch, 1e-9), 1e9), into: &sink)
        swap(&self, &sink.inner)
    }
}
