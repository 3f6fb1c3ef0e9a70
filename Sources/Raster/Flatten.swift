import Geometry

/// Receives a path flattened to polylines, one contour at a time.
protocol PolylineSink {
    /// Starts a contour at `p`.
    mutating func beginContour(at p: Point)
    /// A line to `p`. `smooth` marks a point inside a flattened curve, where the outline has
    /// no corner (strokers join there without a visible corner).
    mutating func line(to p: Point, smooth: Bool)
    /// Ends the contour; `closed` when the path closed it explicitly.
    mutating func endContour(closed: Bool)
}

/// Turns a path into polylines after mapping it through `transform`.
///
/// Curves become straight segments no farther than `tolerance` from the curve, counted with
/// Wang's formula on the transformed control points: n = ⌈√(k·M / tolerance)⌉, where M is the
/// largest second difference of the control points and k is 1/4 for quadratics and 3/4 for
/// cubics. Points are evaluated directly from the polynomial, not by forward differencing, so
/// no error accumulates; only `squareRoot` is used, which IEEE 754 makes exact everywhere.
func flatten<Sink: PolylineSink>(_ path: Path, transform t: AffineTransform, tolerance: Double,
                                 into sink: inout Sink) {
    var open = false
    var current = Point.zero
    var points = TransformedPoints(path, t)
    func next() -> Point { points.next() }
    for verb in path.verbs {
        switch verb {
        case .move:
            if open { sink.endContour(closed: false) }
            current = next()
            sink.beginContour(at: current)
            open = true
        case .line:
            current = next()
            sink.line(to: current, smooth: false)
        case .quad:
            let c = next(), end = next()
            flattenQuad(current, c, end, tolerance: tolerance, into: &sink)
            current = end
        case .cubic:
            let c1 = next(), c2 = next(), end = next()
            flattenCubic(current, c1, c2, end, tolerance: tolerance, into: &sink)
            current = end
        case .close:
            sink.endContour(closed: true)
            open = false
        }
    }
    if open { sink.endContour(closed: false) }
}

/// A path's points in order, each mapped through a transform as it is read.
struct TransformedPoints {
    private let points: [Point]
    private let transform: AffineTransform
    private var index = 0

    init(_ path: Path, _ transform: AffineTransform) {
        points = path.points
        self.transform = transform
    }

    /// The next point, mapped.
    mutating func next() -> Point {
        index += 1
        return transform.apply(points[index - 1])
    }
}

/// The number of segments Wang's formula asks for; at most 1024, so absurd coordinates cannot
/// stall the renderer.
@inline(__always)
private func segmentCount(secondDifference m: Double, factor: Double, tolerance: Double) -> Int {
    let n = (factor * m / tolerance).squareRoot()
    return n.isFinite ? min(max(n, 1), 1024).ceilToInt : 1
}

@inline(__always)
private func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

func flattenQuad<Sink: PolylineSink>(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double,
                                             into sink: inout Sink) {
    let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
    let n = segmentCount(secondDifference: length(ddx, ddy), factor: 0.25, tolerance: tolerance)
    let bx = 2 * (p1.x - p0.x), by = 2 * (p1.y - p0.y)
    for i in 1..<n {
        let u = Double(i) / Double(n)
        sink.line(to: Point((ddx * u + bx) * u + p0.x, (ddy * u + by) * u + p0.y), smooth: true)
    }
    sink.line(to: p2, smooth: false)
}

func flattenCubic<Sink: PolylineSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                              tolerance: Double, into sink: inout Sink) {
    let m = max(length(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                length(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
    let n = segmentCount(secondDifference: m, factor: 0.75, tolerance: tolerance)
    let ax = p3.x - 3 * p2.x + 3 * p1.x - p0.x, ay = p3.y - 3 * p2.y + 3 * p1.y - p0.y
    let bx = 3 * (p2.x - 2 * p1.x + p0.x), by = 3 * (p2.y - 2 * p1.y + p0.y)
    let cx = 3 * (p1.x - p0.x), cy = 3 * (p1.y - p0.y)
    for i in 1..<n {
        let u = Double(i) / Double(n)
        sink.line(to: Point(((ax * u + bx) * u + cx) * u + p0.x, ((ay * u + by) * u + cy) * u + p0.y), smooth: true)
    }
    sink.line(to: p3, smooth: false)
}
