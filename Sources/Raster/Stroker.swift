import Geometry

/// Builds the fillable outline of a stroke from the flattened path, one contour at a time.
///
/// An open contour becomes one loop: along its left side, around the end cap, back along the
/// right side and around the start cap. A closed contour becomes two loops, one per side,
/// running in opposite directions so the non-zero rule leaves the inside hollow. At each
/// corner the outer side gets the join; the inner side meets at the intersection of the two
/// offset lines when the segments are long enough for it (after what the neighbouring corners
/// take of them), and otherwise passes through the corner point, which only adds overlap
/// inside the stroke. The second case also covers curves tighter than half the width, whose
/// inner offset would turn inside out and punch a hole where the stroke should be solid.
/// Corners inside a flattened curve (`smooth`) follow the offset curve on their outer side:
/// a miter point while it stays within the tolerance, an arc for tight turns of wide strokes.
/// A curve given whole (`curve(_:)`) is a segment whose sides are its offsets as the quadratics
/// Skia's stroker fits to them (see `offsetQuadratics`), joined to its neighbours along its end
/// tangents.
struct Stroker: PolylineSink {
    let style: StrokeStyle
    private let half: Double
    private(set) var outline = Path()
    private var points: [Point] = []
    private var smooth: [Bool] = []
    /// The curve of the segment ending at each point (nil for a line; the first entry is the
    /// closing segment's once a closed contour's repeated start is dropped).
    private var curves: [StrokeCurve?] = []
    private var started = false

    /// How far the outline may stray from the exact offset of the path's flattened curves.
    private let tolerance: Double
    /// How far the quadratics along a whole curve's offsets may stray from them.
    private let quadraticTolerance: Double

    init(style: StrokeStyle, tolerance: Double, quadraticTolerance: Double = 0) {
        self.style = style
        self.tolerance = tolerance
        self.quadraticTolerance = quadraticTolerance
        half = style.width / 2
    }

    mutating func beginContour(at p: Point) {
        points = [p]
        smooth = [false]
        curves = [nil]
    }

    /// A curve from the last point, its end distinct from it, stroked with its offsets as
    /// quadratics (see `StrokeCurve.hasOffsetQuadratics` for which curves can be).
    mutating func curve(_ c: StrokeCurve) {
        points.append(c.end)
        smooth.append(false)
        curves.append(c)
    }

    mutating func line(to p: Point, smooth s: Bool) {
        guard let last = points.last else { return }
        let dx = p.x - last.x, dy = p.y - last.y
        if dx * dx + dy * dy <= 1e-24 {
            if !s { smooth[smooth.count - 1] = false }
            return
        }
        points.append(p)
        smooth.append(s)
        curves.append(nil)
    }

    mutating func endContour(closed: Bool) {
        if closed, points.count > 2, points.last == points.first {
            points.removeLast()
            smooth.removeLast()
            curves[0] = curves.removeLast()
        }
        let curved = curves.contains { $0 != nil }
        if points.count == 1 {
            dot(points[0])
        } else if closed, points.count == 2, !curved {
            // There and back (`M a L b Z`, how Inkscape draws text placeholders as lines): both
            // sides are the same rectangle, and two loops over it would count every edge pixel
            // twice (exact-area coverage adds them). One loop instead, as an open line whose
            // ends are its two half-turn joins, as Chromium draws it.
            openOutline(endCap: halfTurnEnd, startCap: halfTurnEnd)
        } else if !closed, points.count == 3, points[2] == points[0], !curved {
            // There and back left open (`M a L b L a`): the same, b's end its half-turn join.
            points.removeLast()
            smooth.removeLast()
            curves.removeLast()
            openOutline(endCap: halfTurnEnd, startCap: style.cap)
        } else if closed {
            loop(points, smooth, forwardCurves(closed: true))
            loop(points.reversed(), smooth.reversed(), backwardCurves)
        } else {
            openOutline(endCap: style.cap, startCap: style.cap)
        }
        points = []
        smooth = []
        curves = []
    }

    /// The curve of each segment from `points[i]` on, run forwards.
    private func forwardCurves(closed: Bool) -> [SideCurve?] {
        (0..<(closed ? points.count : points.count - 1)).map { i in
            curves[(i + 1) % points.count].map { SideCurve(curve: $0, backwards: false) }
        }
    }

    /// The curve of each segment from `points.reversed()[j]` on, run backwards.
    private var backwardCurves: [SideCurve?] {
        (0..<points.count).map { j in curves[points.count - 1 - j].map { SideCurve(curve: $0, backwards: true) } }
    }

    // MARK: Contours

    /// The end a half-turn join gives: a bevel, or a miter (never within its limit at a half
    /// turn), is a butt end, a round join a round end.
    private var halfTurnEnd: StrokeStyle.Cap { style.join == .round ? .round : .butt }

    private mutating func openOutline(endCap: StrokeStyle.Cap, startCap: StrokeStyle.Cap) {
        let reversed = Array(points.reversed())
        let forward = forwardCurves(closed: false), backward = Array(backwardCurves.dropLast())
        started = false
        side(points, smooth, forward, closed: false)
        cap(at: reversed[0], arrival(points, forward, points.count - 2), endCap)
        side(reversed, smooth.reversed(), backward, closed: false)
        cap(at: points[0], arrival(reversed, backward, points.count - 2), startCap)
        outline.close()
    }

    private mutating func loop(_ q: [Point], _ s: [Bool], _ c: [SideCurve?]) {
        started = false
        side(q, s, c, closed: true)
        outline.close()
    }

    /// The direction segment `i` of `q` leaves its start in.
    private func departure(_ q: [Point], _ c: [SideCurve?], _ i: Int) -> Point {
        c[i].map { $0.backwards ? Point(-$0.curve.endDirection.x, -$0.curve.endDirection.y) : $0.curve.startDirection }
            ?? direction(q[i], q[(i + 1) % q.count])
    }

    /// The direction segment `i` of `q` arrives at its end in.
    private func arrival(_ q: [Point], _ c: [SideCurve?], _ i: Int) -> Point {
        c[i].map { $0.backwards ? Point(-$0.curve.startDirection.x, -$0.curve.startDirection.y) : $0.curve.endDirection }
            ?? direction(q[i], q[(i + 1) % q.count])
    }

    /// The left offset of a curved segment, from its start's offset to its end's.
    private mutating func offsetCurve(_ c: SideCurve) {
        // Skia fits both sides of a curve run forwards; the left of the curve run backwards is
        // the right of the curve run forwards, its pieces taken in reverse.
        let (start, pieces) = offsetQuadratics(c.curve, radius: half, side: c.backwards ? 1 : -1,
                                               tolerance: quadraticTolerance)
        guard c.backwards else {
            emit(start)
            for piece in pieces { emit(piece) }
            return
        }
        emit(pieces.last?.end ?? start)
        for i in pieces.indices.reversed() {
            emit(OffsetPiece(control: pieces[i].control, end: i > 0 ? pieces[i - 1].end : start))
        }
    }

    /// Emits the offset line on the left of the polyline `q`, with a join at every corner: from
    /// the first to the last point of an open polyline, or all the way round a closed one.
    private mutating func side(_ q: [Point], _ s: [Bool], _ c: [SideCurve?], closed: Bool) {
        let n = q.count, segments = closed ? n : n - 1
        let leaving = (0..<segments).map { departure(q, c, $0) }, arriving = (0..<segments).map { arrival(q, c, $0) }
        // A curve leaves no room for an inner corner's miter point, which lies on the tangent
        // the offset curve leaves: the inner side passes through the corner point, as Skia's
        // inner joins all do (HandleInnerJoin).
        let lengths = (0..<segments).map { c[$0] == nil ? distance(q[$0], q[($0 + 1) % n]) : 0 }
        let corners = closed ? Array(0..<n) : Array(1..<n - 1)
        // How far back along each segment an inner corner's offset lines meet (0 elsewhere).
        var reach = [Double](repeating: 0, count: n)
        for i in corners { reach[i] = innerReach(arriving[(i + segments - 1) % segments], leaving[i % segments]) }
        if !closed {
            emit(offset(q[0], leaving[0]))
            if let curve = c[0] { offsetCurve(curve) }
        }
        for i in corners {
            let before = (i + segments - 1) % segments, after = i % segments
            join(at: q[i], arriving[before], leaving[after], smooth: s[i], reach: reach[i],
                 room: min(lengths[before] - reach[(i + n - 1) % n], lengths[after] - reach[(i + 1) % n]))
            if let curve = c[after] { offsetCurve(curve) }
        }
        if !closed { emit(offset(q[n - 1], arriving[n - 2])) }
    }

    /// How far back along both segments the left offset lines meet at a corner that turns to
    /// the left (infinite for a full reversal), or 0 for a corner turning right.
    private func innerReach(_ din: Point, _ dout: Point) -> Double {
        let cross = din.x * dout.y - din.y * dout.x
        let cosine = din.x * dout.x + din.y * dout.y
        guard cross > 0 else { return 0 }
        return cosine > -1 ? half * cross / (1 + cosine) : .infinity
    }

    /// A zero-length subpath: a dot with round caps, a square with square caps, nothing with butt.
    private mutating func dot(_ p: Point) {
        switch style.cap {
        case .butt: return
        case .round: outline.append(Path(circleCenter: p, radius: half))
        case .square: outline.append(Path(rect: Rect(p.x - half, p.y - half, style.width, style.width)))
        }
    }

    // MARK: Corners and ends

    /// The left side's corner at `v` between directions `din` and `dout`, emitted from the end
    /// of the incoming offset line to the start of the outgoing one. `reach` is the corner's
    /// `innerReach`, and `room` how much of the shorter adjacent segment its neighbouring corners
    /// leave for this one.
    private mutating func join(at v: Point, _ din: Point, _ dout: Point, smooth: Bool, reach: Double, room: Double) {
        let a = offset(v, din), b = offset(v, dout)
        let cross = din.x * dout.y - din.y * dout.x
        let cosine = din.x * dout.x + din.y * dout.y
        // Offset lines meet at v + (na + nb) / (1 + cos), na and nb the two offsets.
        let miter = Point(v.x + (a.x - v.x + b.x - v.x) / (1 + cosine), v.y + (a.y - v.y + b.y - v.y) / (1 + cosine))
        if cross > 0 {
            if reach <= room {
                emit(miter)
            } else {
                emit(a); emit(v); emit(b)
            }
            return
        }
        if cross == 0 && cosine > 0 {
            emit(b)
            return
        }
        // Inside a curve the outline follows the offset curve: the miter point where it strays
        // at most half the tolerance from it, otherwise the arc around the corner point.
        let join: StrokeStyle.Join
        let allowsMiter: Bool
        if smooth {
            let overshoot = half * ((2 / (1 + cosine)).squareRoot() - 1)
            allowsMiter = cosine > 0 && overshoot <= tolerance / 2
            join = allowsMiter ? .miter : .round
        } else {
            allowsMiter = (1 + cosine) / 2 * style.miterLimit * style.miterLimit >= 1
            join = style.join
        }
        switch join {
        case .miter:
            emit(a)
            if allowsMiter { emit(miter) }
            emit(b)
        case .bevel:
            emit(a); emit(b)
        case .round:
            emit(a)
            let u = Point((a.x - v.x) / half, (a.y - v.y) / half), w = Point((b.x - v.x) / half, (b.y - v.y) / half)
            if cosine < 0 {
                let mid = normalized(Point(din.x - dout.x, din.y - dout.y))
                outline.appendArc(center: v, radius: half, from: u, to: mid)
                outline.appendArc(center: v, radius: half, from: mid, to: w)
            } else {
                outline.appendArc(center: v, radius: half, from: u, to: w)
            }
        }
    }

    /// The cap `kind` at end point `v` reached along direction `d`, from its left offset to its right.
    private mutating func cap(at v: Point, _ d: Point, _ kind: StrokeStyle.Cap) {
        let left = offset(v, d), right = Point(2 * v.x - left.x, 2 * v.y - left.y)
        switch kind {
        case .butt:
            emit(right)
        case .square:
            emit(Point(left.x + d.x * half, left.y + d.y * half))
            emit(Point(right.x + d.x * half, right.y + d.y * half))
            emit(right)
        case .round:
            let n = Point(-d.y, d.x)
            outline.appendArc(center: v, radius: half, from: n, to: d)
            outline.appendArc(center: v, radius: half, from: d, to: Point(-n.x, -n.y))
        }
    }

    // MARK: Helpers

    /// `p` moved half the width to the left of direction `d` (left in x-right, y-up terms).
    private func offset(_ p: Point, _ d: Point) -> Point { Point(p.x - d.y * half, p.y + d.x * half) }

    private mutating func emit(_ p: Point) {
        if started { outline.line(to: p) } else { outline.move(to: p); started = true }
    }

    private mutating func emit(_ piece: OffsetPiece) {
        if let control = piece.control { outline.quad(to: piece.end, control: control) } else { outline.line(to: piece.end) }
    }
}

/// A curved segment as one side of a stroke runs along it.
private struct SideCurve {
    var curve: StrokeCurve
    var backwards: Bool
}

private func direction(_ a: Point, _ b: Point) -> Point { normalized(Point(b.x - a.x, b.y - a.y)) }

private func distance(_ a: Point, _ b: Point) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
}
