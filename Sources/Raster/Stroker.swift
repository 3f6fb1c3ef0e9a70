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
struct Stroker: PolylineSink {
    let style: StrokeStyle
    private let half: Double
    private(set) var outline = Path()
    private var points: [Point] = []
    private var smooth: [Bool] = []
    private var started = false

    /// How far the outline may stray from the exact offset of the path's curves.
    private let tolerance: Double

    init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.tolerance = tolerance
        half = style.width / 2
    }

    mutating func beginContour(at p: Point) {
        points = [p]
        smooth = [false]
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
    }

    mutating func endContour(closed: Bool) {
        if closed, points.count > 2, points.last == points.first {
            points.removeLast()
            smooth.removeLast()
        }
        if points.count == 1 {
            dot(points[0])
        } else if closed, points.count == 2 {
            // There and back (`M a L b Z`, how Inkscape draws text placeholders as lines): both
            // sides are the same rectangle, and two loops over it would count every edge pixel
            // twice (exact-area coverage adds them). One loop instead, as an open line whose
            // ends are its two half-turn joins, as Chromium draws it.
            openOutline(endCap: halfTurnEnd, startCap: halfTurnEnd)
        } else if !closed, points.count == 3, points[2] == points[0] {
            // There and back left open (`M a L b L a`): the same, b's end its half-turn join.
            points.removeLast()
            smooth.removeLast()
            openOutline(endCap: halfTurnEnd, startCap: style.cap)
        } else if closed {
            loop(points, smooth)
            loop(points.reversed(), smooth.reversed())
        } else {
            openOutline(endCap: style.cap, startCap: style.cap)
        }
        points = []
        smooth = []
    }

    // MARK: Contours

    /// The end a half-turn join gives: a bevel, or a miter (never within its limit at a half
    /// turn), is a butt end, a round join a round end.
    private var halfTurnEnd: StrokeStyle.Cap { style.join == .round ? .round : .butt }

    private mutating func openOutline(endCap: StrokeStyle.Cap, startCap: StrokeStyle.Cap) {
        let reversed = Array(points.reversed())
        started = false
        side(points, smooth, closed: false)
        cap(at: reversed[0], direction(reversed[1], reversed[0]), endCap)
        side(reversed, smooth.reversed(), closed: false)
        cap(at: points[0], direction(points[1], points[0]), startCap)
        outline.close()
    }

    private mutating func loop(_ q: [Point], _ s: [Bool]) {
        started = false
        side(q, s, closed: true)
        outline.close()
    }

    /// Emits the offset line on the left of the polyline `q`, with a join at every corner: from
    /// the first to the last point of an open polyline, or all the way round a closed one.
    private mutating func side(_ q: [Point], _ s: [Bool], closed: Bool) {
        let n = q.count, segments = closed ? n : n - 1
        let d = (0..<segments).map { direction(q[$0], q[($0 + 1) % n]) }
        let lengths = (0..<segments).map { distance(q[$0], q[($0 + 1) % n]) }
        let corners = closed ? Array(0..<n) : Array(1..<n - 1)
        // How far back along each segment an inner corner's offset lines meet (0 elsewhere).
        var reach = [Double](repeating: 0, count: n)
        for i in corners { reach[i] = innerReach(d[(i + segments - 1) % segments], d[i % segments]) }
        if !closed { emit(offset(q[0], d[0])) }
        for i in corners {
            let before = (i + segments - 1) % segments, after = i % segments
            join(at: q[i], d[before], d[after], smooth: s[i], reach: reach[i],
                 room: min(lengths[before] - reach[(i + n - 1) % n], lengths[after] - reach[(i + 1) % n]))
        }
        if !closed { emit(offset(q[n - 1], d[n - 2])) }
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
}

private func direction(_ a: Point, _ b: Point) -> Point { normalized(Point(b.x - a.x, b.y - a.y)) }

private func distance(_ a: Point, _ b: Point) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
}
