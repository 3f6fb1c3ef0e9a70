import Geometry

/// A curved segment of a path being stroked with its offsets as quadratics, as Chromium's Skia
/// strokes curves (SkPathStroker::quadTo, conicTo, cubicTo in SkStroke.cpp).
enum StrokeCurve {
    case quad(Point, Point, Point)
    /// A rational quadratic of a weight: how Skia holds circular arcs (see `Path.arcCubics`).
    case conic(Point, Point, Point, Double)
    case cubic(Point, Point, Point, Point)

    var start: Point {
        switch self {
        case let .quad(p, _, _), let .conic(p, _, _, _), let .cubic(p, _, _, _): return p
        }
    }

    var end: Point {
        switch self {
        case let .quad(_, _, p), let .conic(_, _, p, _), let .cubic(_, _, _, p): return p
        }
    }

    /// The curve run the other way.
    var reversed: StrokeCurve {
        switch self {
        case let .quad(a, b, c): return .quad(c, b, a)
        case let .conic(a, b, c, w): return .conic(c, b, a, w)
        case let .cubic(a, b, c, d): return .cubic(d, c, b, a)
        }
    }

    /// Whether Skia strokes it as offset quadratics: its control points neither collapse onto
    /// its ends nor lie on one line with them (SkPathStroker's CheckQuadLinear, CheckConicLinear,
    /// CheckCubicLinear). Other curves are stroked as the lines they are flattened into.
    var hasOffsetQuadratics: Bool {
        switch self {
        case let .quad(a, b, c), let .conic(a, b, c, _):
            return a != b && b != c && !inLine([a, b, c])
        case let .cubic(a, b, c, d):
            let degenerate = (a == b ? 1 : 0) + (b == c ? 1 : 0) + (c == d ? 1 : 0)
            return degenerate < 2 && !inLine([a, b, c, d])
        }
    }

    /// The unit direction the curve leaves its start in, as Skia joins it to the segment before
    /// (towards the first control point distinct from the start).
    var startDirection: Point {
        switch self {
        case let .quad(a, b, _), let .conic(a, b, _, _): return normalized(b - a)
        case let .cubic(a, b, c, _): return normalized(a == b ? c - a : b - a)
        }
    }

    /// The unit direction the curve arrives at its end in, as Skia joins it to the segment after
    /// (SkPathStroker::setQuadEndNormal, setCubicEndNormal).
    var endDirection: Point {
        switch self {
        case let .quad(_, b, c), let .conic(_, b, c, _): return normalized(c - b)
        case let .cubic(a, b, c, d):
            let arrival = c == d ? d - b : d - c
            return arrival == Point.zero || (a == b && c == a) ? startDirection : normalized(arrival)
        }
    }

    /// The point at `t` and the curve's derivative there (any length), with Skia's substitutes
    /// where the derivative vanishes at an end (SkEvalQuadTangentAt, SkConic::evalTangentAt,
    /// SkEvalCubicAt); nil for a cubic whose derivative vanishes inside (a cusp).
    func pointAndTangent(_ t: Double) -> (Point, Point)? {
        let u = 1 - t
        switch self {
        case let .quad(a, b, c):
            let p = a * (u * u) + b * (2 * t * u) + c * (t * t)
            var d = (t == 0 && a == b) || (t == 1 && b == c) ? c - a : (b - a) * u + (c - b) * t
            if d == Point.zero { d = c - a }
            return (p, d)
        case let .conic(a, b, c, w):
            let n = a * (u * u) + b * (2 * t * u * w) + c * (t * t)
            let p = n * (1 / (u * u + 2 * t * u * w + t * t))
            let p20 = c - a, p10 = b - a
            let cc = p10 * w, aa = p20 * w - p20, bb = p20 - cc - cc
            var d = (t == 0 && a == b) || (t == 1 && b == c) ? p20 : (aa * t + bb) * t + cc
            if d == Point.zero { d = p20 }
            return (p, d)
        case let .cubic(a, b, c, e):
            let p = a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + e * (t * t * t)
            var d: Point
            if (t == 0 && a == b) || (t == 1 && c == e) {
                d = t == 0 ? c - a : e - b
                if d == Point.zero { d = e - a }
            } else {
                let aa = e + (b - c) * 3 - a, bb = (c - b * 2 + a) * 2, cc = b - a
                d = (aa * t + bb) * t + cc
            }
            if d == Point.zero {
                if abs(t) <= 1.0 / 4096 {
                    d = c - a
                } else if abs(1 - t) <= 1.0 / 4096 {
                    d = e - b
                } else {
                    return nil
                }
                if d == Point.zero { d = e - a }
            }
            return (p, d)
        }
    }

    /// Where a cubic turns from bending one way to the other (SkFindCubicInflections), inside
    /// (0, 1); none for the other curves.
    var inflections: [Double] {
        guard case let .cubic(p0, p1, p2, p3) = self else { return [] }
        let a = p1 - p0, b = p2 - p1 * 2 + p0, c = p3 + (p1 - p2) * 3 - p0
        return unitQuadRoots(b.x * c.y - b.y * c.x, a.x * c.y - a.y * c.x, a.x * b.y - a.y * b.x)
    }
}

/// Whether the points lie on the line through the two farthest apart (within Skia's slop of
/// 1e-5 of that distance squared: quad_in_line, cubic_in_line).
private func inLine(_ p: [Point]) -> Bool {
    var far = -1.0, outer = (0, 1)
    for i in 0..<p.count - 1 {
        for j in i + 1..<p.count {
            let d = max(abs(p[j].x - p[i].x), abs(p[j].y - p[i].y))
            if far < d { far = d; outer = (i, j) }
        }
    }
    let slop = far * far * 0.00001
    return p.indices.allSatisfy { i in i == outer.0 || i == outer.1 || squaredDistance(p[i], toLineThrough: p[outer.0], p[outer.1]) <= slop }
}

/// The squared distance from `p` to the line through `a` and `b` (SkStroke's pt_to_line).
private func squaredDistance(_ p: Point, toLineThrough a: Point, _ b: Point) -> Double {
    let d = b - a
    guard d != Point.zero else { return (p - a).lengthSquared }
    let t = (d.x * (p.x - a.x) + d.y * (p.y - a.y)) / (d.x * d.x + d.y * d.y)
    return (a * (1 - t) + b * t - p).lengthSquared
}

/// One piece of a curve's offset: a quadratic to `end` through `control`, or a line to `end`.
struct OffsetPiece {
    var control: Point?
    var end: Point
}

/// The offset of `curve` by `radius` on its left (`side` -1, x right and y down: Skia's inner
/// side) or right (`side` 1, Skia's outer), as the quadratics Skia's stroker fits to it: from
/// each end of a stretch of the curve, the offset point and the offset's tangent there; the
/// quadratic's control point where the two tangents meet; accepted when the offset of the
/// stretch's middle lies within `tolerance` of the quadratic (at its middle, or where the
/// curve's normal there crosses it, within less the farther that is from its middle), otherwise
/// the stretch is halved (SkPathStroker::quadStroke, conicStroke, cubicStroke and what they
/// call). Cubics are cut at their inflections first. `tolerance` is a quarter device pixel in
/// the path's units (SkPathStroker's fInvResScale). The pieces follow on from `start`, the
/// offset of the curve's start.
func offsetQuadratics(_ curve: StrokeCurve, radius: Double, side: Double,
                      tolerance: Double) -> (start: Point, pieces: [OffsetPiece]) {
    var builder = OffsetBuilder(curve: curve, radius: radius, side: side, tolerance: tolerance)
    let start = builder.perpendicular(0)?.offset ?? curve.start
    var previous = 0.0
    for t in curve.inflections + [1] {
        var stretch = Stretch(from: previous, to: t)
        builder.foundTangents = false
        builder.depth = 0
        _ = builder.stroke(&stretch)
        previous = t
    }
    return (start, builder.pieces)
}

/// A stretch of the curve being fitted (SkQuadConstruct): its parameter range, and once known
/// the offset quadratic's ends with a point along the offset's tangent at each.
private struct Stretch {
    var quad = [Point.zero, Point.zero, Point.zero]
    var tangentStart = Point.zero, tangentEnd = Point.zero
    var startT, midT, endT: Double
    var startSet = false, endSet = false

    init(from start: Double, to end: Double) {
        startT = start
        endT = end
        midT = (start + end) / 2
    }

    /// Whether the range has a middle distinct from its ends.
    var divisible: Bool { startT < midT && midT < endT }

    /// The first or the second half, sharing this stretch's start or end.
    func half(second: Bool) -> Stretch {
        var half = second ? Stretch(from: midT, to: endT) : Stretch(from: startT, to: midT)
        if second {
            (half.quad[2], half.tangentEnd, half.endSet) = (quad[2], tangentEnd, true)
        } else {
            (half.quad[0], half.tangentStart, half.startSet) = (quad[0], tangentStart, true)
        }
        return half
    }
}

/// SkPathStroker's quad-stroking state for one side of one curve.
private struct OffsetBuilder {
    enum Result { case split, degenerate, quad, normalError }

    let curve: StrokeCurve
    let radius, side, tolerance: Double
    var pieces: [OffsetPiece] = []
    var foundTangents = false
    var depth = 0

    init(curve: StrokeCurve, radius: Double, side: Double, tolerance: Double) {
        self.curve = curve
        self.radius = radius
        self.side = side
        self.tolerance = tolerance
    }

    /// The curve's point at `t`, the offset point beside it and a point along the offset's
    /// tangent (SkPathStroker::setRayPts); nil at a cusp.
    func perpendicular(_ t: Double) -> (onCurve: Point, offset: Point, tangent: Point)? {
        guard let (p, d) = curve.pointAndTangent(t) else { return nil }
        let length = d.length
        let v = d * (radius / length)
        let offset = Point(p.x + side * v.y, p.y - side * v.x)
        return (p, offset, offset + v)
    }

    /// Finds the stretch's offset ends not yet known; false at a cusp.
    func setEnds(_ s: inout Stretch) -> Bool {
        if !s.startSet {
            guard let r = perpendicular(s.startT) else { return false }
            s.quad[0] = r.offset
            s.tangentStart = r.tangent
            s.startSet = true
        }
        if !s.endSet {
            guard let r = perpendicular(s.endT) else { return false }
            s.quad[2] = r.offset
            s.tangentEnd = r.tangent
            s.endSet = true
        }
        return true
    }

    /// Where the tangents at the stretch's offset ends meet (SkPathStroker::intersectRay): a
    /// quadratic (its control point set when `setControl`), a line when they are parallel or
    /// meet behind an end close to the other's tangent, otherwise split.
    func intersect(_ s: inout Stretch, setControl: Bool) -> Result {
        let start = s.quad[0], end = s.quad[2]
        let a = s.tangentStart - start, b = s.tangentEnd - end
        let denominator = a.cross(b)
        guard denominator != 0, denominator.isFinite else { return .degenerate }
        let ab0 = start - end
        var numeratorA = b.cross(ab0)
        let numeratorB = a.cross(ab0)
        if (numeratorA >= 0) == (numeratorB >= 0) {
            let d1 = squaredDistance(start, toLineThrough: end, s.tangentEnd)
            let d2 = squaredDistance(end, toLineThrough: start, s.tangentStart)
            return max(d1, d2) <= tolerance * tolerance ? .degenerate : .split
        }
        guard abs(numeratorA) / 4096 < abs(denominator) else { return .degenerate }
        if setControl {
            numeratorA /= denominator
            s.quad[1] = start * (1 - numeratorA) + s.tangentStart * numeratorA
        }
        return .quad
    }

    /// Whether the offset quadratic `q` is within the tolerance of `onOffset`, the offset of the
    /// curve's point `onCurve` at the stretch's middle (SkPathStroker::strokeCloseEnough).
    func closeEnough(_ q: [Point], onOffset: Point, onCurve: Point) -> Result {
        let mid = (q[0] + q[1] * 2 + q[2]) * 0.25
        if (onOffset - mid).lengthSquared <= tolerance * tolerance { return sharpAngle(q) ? .split : .quad }
        let xs = [q[0].x, q[1].x, q[2].x], ys = [q[0].y, q[1].y, q[2].y]
        if onOffset.x + tolerance < xs.min()! || onOffset.x - tolerance > xs.max()!
            || onOffset.y + tolerance < ys.min()! || onOffset.y - tolerance > ys.max()! { return .split }
        // Where the line from the offset point through the curve's point crosses the quadratic.
        let v = onCurve - onOffset
        let r = q.map { ($0.y - onOffset.y) * v.x - ($0.x - onOffset.x) * v.y }
        let roots = unitQuadRoots(r[2] + r[0] - 2 * r[1], 2 * (r[1] - r[0]), r[0])
        guard roots.count == 1 else { return .split }
        let t = roots[0], u = 1 - t
        let crossing = q[0] * (u * u) + q[1] * (2 * t * u) + q[2] * (t * t)
        let error = tolerance * (1 - abs(t - 0.5) * 2)
        if (onOffset - crossing).lengthSquared <= error * error { return sharpAngle(q) ? .split : .quad }
        return .split
    }

    /// Whether the quadratic turns by more than a right angle at its control point (Skia's
    /// sharp_angle), which a fit of an offset must not. An arm within 1/4096 of its length of an
    /// axis counts as on it: Skia's arcs put their quarter points exactly on the axes
    /// (SkScalarSinSnapToZero, SkScalarCosSnapToZero: sines and cosines within 1/4096 of 0 are
    /// 0), so the quadratic fitted to a whole quarter of an upright circle's or ellipse's offset
    /// has arms exactly along the axes and is not sharp, where an arc read from a file here
    /// lands a few 1e-7 off them and rounding would decide either way.
    func sharpAngle(_ q: [Point]) -> Bool {
        func snapped(_ p: Point) -> Point {
            let near = p.length / 4096
            return Point(abs(p.x) <= near ? 0 : p.x, abs(p.y) <= near ? 0 : p.y)
        }
        let a = snapped(q[1] - q[0]), b = snapped(q[1] - q[2])
        guard a != Point.zero, b != Point.zero else { return false }
        return a.x * b.x + a.y * b.y > 0
    }

    /// The quadratic for the stretch checked against the curve (compareQuadQuad / Conic / Cubic).
    func compare(_ s: inout Stretch) -> Result {
        guard setEnds(&s) else { return .normalError }
        let result = intersect(&s, setControl: true)
        guard result == .quad else { return result }
        guard let middle = perpendicular(s.midT) else { return .normalError }
        return closeEnough(s.quad, onOffset: middle.offset, onCurve: middle.onCurve)
    }

    mutating func line(_ s: Stretch) { pieces.append(OffsetPiece(control: nil, end: s.quad[2])) }

    /// Fits the stretch, halving it as needed; false when Skia gives up on the curve (too deep,
    /// a cusp, coordinates out of range).
    mutating func stroke(_ s: inout Stretch) -> Bool {
        guard case .cubic = curve else { return strokeQuadOrConic(&s) }
        if !foundTangents {
            let result: Result = setEnds(&s) ? intersect(&s, setControl: false) : .normalError
            if result != .quad {
                if result == .normalError { return false }
                if result == .degenerate || (s.quad[0] - s.quad[2]).lengthSquared <= tolerance * tolerance,
                   let middle = perpendicular(s.midT),
                   squaredDistance(middle.offset, toLineThrough: s.quad[0], s.quad[2]) < tolerance * tolerance {
                    line(s)
                    return true
                }
            } else {
                foundTangents = true
            }
        }
        if foundTangents, let done = accept(compare(&s), s) { return done }
        guard s.quad[2].x.isFinite, s.quad[2].y.isFinite else { return false }
        return halve(s, limit: foundTangents ? 78 : 15)
    }

    private mutating func strokeQuadOrConic(_ s: inout Stretch) -> Bool {
        if let done = accept(compare(&s), s) { return done }
        return halve(s, limit: 33)
    }

    /// Adds the stretch's quadratic or line when `result` gives one (true), gives up at a cusp
    /// (false); nil when the stretch is to be split.
    private mutating func accept(_ result: Result, _ s: Stretch) -> Bool? {
        switch result {
        case .quad:
            pieces.append(OffsetPiece(control: s.quad[1], end: s.quad[2]))
            return true
        case .degenerate:
            line(s)
            return true
        case .normalError: return false
        case .split: return nil
        }
    }

    /// Strokes the stretch's two halves, at most `limit` halvings deep (Skia's recursion limits,
    /// three times the deepest it has seen), a stretch too short to halve as a line.
    private mutating func halve(_ s: Stretch, limit: Int) -> Bool {
        depth += 1
        if depth > limit { return false }
        for var half in [s.half(second: false), s.half(second: true)] {
            guard half.divisible else {
                line(s)
                return true
            }
            guard stroke(&half) else { return false }
        }
        depth -= 1
        return true
    }
}

private extension Point {
    var lengthSquared: Double { x * x + y * y }
    var length: Double { lengthSquared.squareRoot() }
    func cross(_ o: Point) -> Double { x * o.y - y * o.x }
}
