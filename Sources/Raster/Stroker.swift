import Geometry

/// Builds the fillable outline of a stroke from the flattened path, one contour at a time.
///
/// An open contour becomes one loop: along its left side, around the end cap, back along the
/// right side and around the start cap. A closed contour becomes two loops, one per side,
/// running in opposite directions so the non-zero rule leaves the inside hollow. At each
/// corner the outer side gets the join; the inner side meets at the intersection of the two
/// offset lines when the segments are long enough for it, and otherwise passes through the
/// corner point, which only adds overlap inside the stroke. Corners inside a flattened curve
/// (`smooth`) are mitred on their outer side, which is what the offset curve looks like there.
struct Stroker: PolylineSink {
    let style: StrokeStyle
    private let half: Double
    private(set) var outline = Path()
    private var points: [Point] = []
    private var smooth: [Bool] = []
    private var started = false

    init(style: StrokeStyle) {
        self.style = style
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
        } else if closed {
            loop(points, smooth)
            loop(points.reversed(), smooth.reversed())
        } else {
            openOutline()
        }
        points = []
        smooth = []
    }

    // MARK: Contours

    private mutating func openOutline() {
        let q = points, n = q.count
        let d = (0..<n - 1).map { direction(q[$0], q[$0 + 1]) }
        let lengths = (0..<n - 1).map { distance(q[$0], q[$0 + 1]) }
        started = false
        emit(offset(q[0], d[0]))
        for i in 1..<n - 1 {
            join(at: q[i], d[i - 1], d[i], smooth: smooth[i], lengths[i - 1], lengths[i])
        }
        emit(offset(q[n - 1], d[n - 2]))
        cap(at: q[n - 1], d[n - 2])
        for i in stride(from: n - 2, through: 1, by: -1) {
            let back = Point(-d[i].x, -d[i].y), backIn = Point(-d[i - 1].x, -d[i - 1].y)
            join(at: q[i], back, backIn, smooth: smooth[i], lengths[i], lengths[i - 1])
        }
        emit(offset(q[0], Point(-d[0].x, -d[0].y)))
        cap(at: q[0], Point(-d[0].x, -d[0].y))
        outline.close()
    }

    private mutating func loop(_ q: [Point], _ s: [Bool]) {
        let n = q.count
        let d = (0..<n).map { direction(q[$0], q[($0 + 1) % n]) }
        let lengths = (0..<n).map { distance(q[$0], q[($0 + 1) % n]) }
        started = false
        for i in 0..<n {
            let before = (i + n - 1) % n
            join(at: q[i], d[before], d[i], smooth: s[i], lengths[before], lengths[i])
        }
        outline.close()
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
    /// of the incoming offset line to the start of the outgoing one.
    private mutating func join(at v: Point, _ din: Point, _ dout: Point, smooth: Bool,
                               _ lengthIn: Double, _ lengthOut: Double) {
        let a = offset(v, din), b = offset(v, dout)
        let cross = din.x * dout.y - din.y * dout.x
        let cosine = din.x * dout.x + din.y * dout.y
        // Offset lines meet at v + (na + nb) / (1 + cos), na and nb the two offsets.
        let miter = Point(v.x + (a.x - v.x + b.x - v.x) / (1 + cosine), v.y + (a.y - v.y + b.y - v.y) / (1 + cosine))
        if cross > 0 {
            let reach = half * cross / (1 + cosine)
            if cosine > -1, reach <= min(lengthIn, lengthOut) {
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
        if smooth && cosine > 0 {
            emit(miter)
            return
        }
        switch style.join {
        case .miter:
            emit(a)
            if (1 + cosine) / 2 * style.miterLimit * style.miterLimit >= 1 { emit(miter) }
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

    /// The cap at end point `v` reached along direction `d`, from its left offset to its right.
    private mutating func cap(at v: Point, _ d: Point) {
        let left = offset(v, d), right = Point(2 * v.x - left.x, 2 * v.y - left.y)
        switch style.cap {
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
