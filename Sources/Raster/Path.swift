import Geometry

/// A vector outline made of subpaths of lines, quadratic and cubic Béziers, in user space
/// (Double). Paths are values: builders append, `transformed(by:)` returns a copy. A `Canvas`
/// fills them (implicitly closing open subpaths) or strokes them through `stroked(…)`.
public struct Path: Equatable, Sendable {
    /// One drawing command; the points it consumes follow in `points`.
    public enum Verb: UInt8, Sendable {
        /// Starts a subpath at one point.
        case move
        /// A straight line to one point.
        case line
        /// A quadratic Bézier: control point, end point.
        case quad
        /// A cubic Bézier: two control points, end point.
        case cubic
        /// Closes the subpath with a line back to its start.
        case close
    }

    /// The commands in order.
    public private(set) var verbs: [Verb] = []
    /// The points the verbs consume, in order.
    public private(set) var points: [Point] = []
    /// Where the current subpath started, for `close` and for drawing after a `close`.
    private var subpathStart: Point?
    /// The indices in `verbs` of the cubics that stand for circular arcs (or their images under
    /// an affine map) of at most 120°, control arms 4/3·tan(θ/4) of the radius long, as
    /// `Path(ellipseIn:)`, `Path(roundedRect:)` and SVG's arc commands build them. Skia holds
    /// such an arc as a conic of weight cos(θ/2) (SkPath::addOval, addRRect, arcTo), which is
    /// how Chromium draws `<circle>`, `<ellipse>`, rounded `<rect>` and arcs; edges placed as
    /// Skia places them (`Canvas.snapsRowsToQuarterPixels`) follow that conic, other fills the
    /// cubic. Ascending.
    public private(set) var arcCubics: [Int] = []
    /// The indices in `verbs` of arc cubics (see `arcCubics`) continuing the arc of the cubic
    /// before them: SVG's arc commands are cut into cubics of at most 90°, where Skia cuts the
    /// arc (SkPath::arcTo) into equal conics of at most 120°. Ascending.
    public private(set) var continuedArcCubics: [Int] = []

    /// An empty path.
    public init() {}

    /// True when the path has no drawing commands.
    public var isEmpty: Bool { verbs.isEmpty }

    /// The last point, where the next segment starts.
    public var currentPoint: Point? { verbs.last == .close ? subpathStart : points.last }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        verbs.append(.move)
        points.append(p)
        subpathStart = p
    }

    /// A straight line from the current point to `p`; starts a subpath at `p` when there is none.
    public mutating func line(to p: Point) {
        beginSegment(at: p)
        verbs.append(.line)
        points.append(p)
    }

    /// A quadratic Bézier to `p` with control point `c`.
    public mutating func quad(to p: Point, control c: Point) {
        beginSegment(at: c)
        verbs.append(.quad)
        points += [c, p]
    }

    /// A cubic Bézier to `p` with control points `c1` and `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        beginSegment(at: c1)
        verbs.append(.cubic)
        points += [c1, c2, p]
    }

    /// A cubic standing for a circular arc (see `arcCubics`) to `p` with control points `c1`
    /// and `c2`; `continuing` when it goes on with the arc of the cubic before it (see
    /// `continuedArcCubics`).
    public mutating func arcCubic(to p: Point, control1 c1: Point, control2 c2: Point, continuing: Bool = false) {
        let continues = continuing && verbs.last == .cubic && arcCubics.last == verbs.count - 1
        cubic(to: p, control1: c1, control2: c2)
        arcCubics.append(verbs.count - 1)
        if continues { continuedArcCubics.append(verbs.count - 1) }
    }

    /// Closes the current subpath; the next segment starts where it began.
    public mutating func close() {
        guard let last = verbs.last, last != .close else { return }
        verbs.append(.close)
    }

    /// Appends every subpath of `other`.
    public mutating func append(_ other: Path) {
        arcCubics += other.arcCubics.map { $0 + verbs.count }
        continuedArcCubics += other.continuedArcCubics.map { $0 + verbs.count }
        verbs += other.verbs
        points += other.points
        subpathStart = other.subpathStart ?? subpathStart
    }

    /// Makes sure a segment has a start point: after a `close` it continues from the closed
    /// subpath's start, and with no current point at all it starts at the segment's first point.
    private mutating func beginSegment(at first: Point) {
        if verbs.last == .close, let start = subpathStart {
            move(to: start)
        } else if verbs.isEmpty {
            move(to: first)
        }
    }

    /// The path with every point mapped through `t`.
    public func transformed(by t: AffineTransform) -> Path {
        var copy = self
        copy.points = points.map(t.apply)
        copy.subpathStart = subpathStart.map(t.apply)
        return copy
    }

    /// The rect this path outlines when it is one contour of four axis-aligned edges (as
    /// `Path(rect:)` builds), so fills can take the rect fast path; nil for any other path.
    var axisAlignedRect: Rect? {
        guard verbs.count >= 5, verbs.count <= 6, verbs[0] == .move, verbs[1...4].allSatisfy({ $0 == .line }),
              verbs.count == 5 || verbs[5] == .close, points.count == 5, points[4] == points[0] else { return nil }
        let p = points
        let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(min(p[0].x, p[2].x), min(p[0].y, p[2].y), abs(p[2].x - p[0].x), abs(p[2].y - p[0].y))
    }

    /// The smallest rect containing every point, control points included, so it contains the
    /// whole outline (each Bézier lies inside its control polygon); `.zero` for an empty path.
    public var bounds: Rect {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return .zero }
        var x1 = x0, y1 = y0
        for p in points {
            x0 = min(x0, p.x); x1 = max(x1, p.x)
            y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

/// Which points a filled path covers: non-zero winding (what UIKit and SVG use by default) or
/// even-odd (a point is inside when a ray from it crosses the outline an odd number of times).
public enum FillRule: Sendable {
    /// Inside where the outline winds around the point a non-zero number of times.
    case nonZero
    /// Inside where the outline winds around the point an odd number of times.
    case evenOdd
}
