import Foundation
import Geometry

/// A path measured along its length, to place things on it (SVG's `textPath`): its subpaths in
/// order, flattened within a tolerance, the moves between them not counted, as Skia's
/// `SkContourMeasureIter` (non-forced-closed) measures a path for Chromium's text on a path.
public struct PathMeasure: Sendable {
    /// The flattened points of every contour in order, with no step of zero length.
    private let points: [Point]
    /// Whether each point is inside a flattened curve (the path has no corner there).
    private let smooth: [Bool]
    /// The distance along the path at each point; a contour's first point has the distance its
    /// predecessor ended at (the move is not counted).
    private let distances: [Double]
    /// The whole length; 0 for a path that has none (or overflows).
    public let length: Double

    /// Measures `path` flattened within `tolerance` (in its own units).
    public init(_ path: Path, tolerance: Double = Path.strokeTolerance) {
        var collector = ContourCollector()
        if tolerance > 0, tolerance.isFinite { flatten(path, transform: .identity, tolerance: tolerance, into: &collector) }
        var points: [Point] = [], smooth: [Bool] = [], distances: [Double] = []
        var travelled = 0.0
        for contour in collector.contours {
            let start = travelled
            var last = contour.points[0]
            var steps: [(Point, Bool, Double)] = []
            for (p, isSmooth) in zip(contour.points.dropFirst(), contour.smooth.dropFirst()) {
                let d = MeasuredContour.distance(last, p)
                guard d > 0 else { continue }
                travelled += d
                steps.append((p, isSmooth, travelled))
                last = p
            }
            guard !steps.isEmpty else { continue }
            points.append(contour.points[0])
            smooth.append(false)
            distances.append(start)
            for (p, isSmooth, d) in steps {
                points.append(p)
                smooth.append(isSmooth)
                distances.append(d)
            }
            smooth[smooth.count - 1] = false
        }
        guard travelled.isFinite else {
            (self.points, self.smooth, self.distances, length) = ([], [], [], 0)
            return
        }
        (self.points, self.smooth, self.distances, length) = (points, smooth, distances, travelled)
    }

    /// The unit vector from `a` to `b` (distinct points).
    private static func direction(_ a: Point, _ b: Point) -> Point {
        let d = MeasuredContour.distance(a, b)
        return Point((b.x - a.x) / d, (b.y - a.y) / d)
    }

    /// The point `distance` along the path and the direction of the path there, in radians
    /// from the x axis towards the y axis; `nil` before its start, past its end, or on a path
    /// with no length. At a corner it is the direction of the segment that ends there; inside a
    /// flattened curve the direction turns smoothly from vertex to vertex (each vertex taking
    /// the mean of its two segments' directions, the middle of a segment its own), so what is
    /// placed along a curve does not turn in steps of the flattening.
    public func position(at distance: Double) -> (point: Point, angle: Double)? {
        guard length > 0, distance >= 0, distance <= length else { return nil }
        var low = 0, high = distances.count - 1
        while low < high {
            let mid = (low + high) / 2
            if distances[mid] < distance { low = mid + 1 } else { high = mid }
        }
        // The first point at or past the distance ends the segment (never a contour's first
        // point: the one before it has the same distance).
        let k = max(low, 1)
        let a = points[k - 1], b = points[k]
        let f = min(1, max(0, (distance - distances[k - 1]) / (distances[k] - distances[k - 1])))
        var tangent = Self.direction(a, b)
        if f < 0.5, smooth[k - 1] {
            let before = Self.direction(points[k - 2], a), w = 2 * f
            let vertex = Point((before.x + tangent.x) / 2, (before.y + tangent.y) / 2)
            tangent = Point(vertex.x * (1 - w) + tangent.x * w, vertex.y * (1 - w) + tangent.y * w)
        } else if f > 0.5, smooth[k] {
            let after = Self.direction(b, points[k + 1]), w = 2 * f - 1
            let vertex = Point((after.x + tangent.x) / 2, (after.y + tangent.y) / 2)
            tangent = Point(tangent.x * (1 - w) + vertex.x * w, tangent.y * (1 - w) + vertex.y * w)
        }
        return (Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f), atan2(tangent.y, tangent.x))
    }

    /// Where the path ends: the last point of its last contour with a length.
    public var end: Point? { points.last }
}

/// One flattened contour with its length (a closed one ends back at its start).
struct MeasuredContour {
    var points: [Point]
    /// Whether each point is inside a flattened curve (no corner there).
    var smooth: [Bool]
    var closed: Bool
    var length: Double

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    init(points: [Point], smooth: [Bool], closed: Bool) {
        var pts = points, flags = smooth
        if closed, let first = pts.first, pts.last != first {
            pts.append(first)
            flags.append(false)
        }
        self.points = pts
        self.smooth = flags
        self.closed = closed
        length = zip(pts, pts.dropFirst()).reduce(0) { $0 + Self.distance($1.0, $1.1) }
    }

    /// Appends the stretch between the distances `lo` and `hi` along the contour as an open subpath.
    func append(from lo: Double, to hi: Double, into path: inout Path) {
        var at = 0.0
        var started = false
        for (p, q) in zip(points, points.dropFirst()) {
            let d = Self.distance(p, q)
            defer { at += d }
            guard d > 0, at + d >= lo else { continue }
            if !started {
                let f = (lo - at) / d
                path.move(to: Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f))
                started = true
            }
            if at + d >= hi {
                let f = (hi - at) / d
                path.line(to: Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f))
                return
            }
            path.line(to: q)
        }
    }
}

/// Collects a path's flattened contours.
struct ContourCollector: PolylineSink {
    var contours: [MeasuredContour] = []
    private var current: [Point] = []
    private var smooth: [Bool] = []

    mutating func beginContour(at p: Point) {
        current = [p]
        smooth = [false]
    }
    mutating func line(to p: Point, smooth isSmooth: Bool) {
        current.append(p)
        smooth.append(isSmooth)
    }
    mutating func endContour(closed: Bool) {
        if current.count > 1 { contours.append(MeasuredContour(points: current, smooth: smooth, closed: closed)) }
        current = []
        smooth = []
    }
}
