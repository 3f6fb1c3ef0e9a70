import Geometry

extension CoverageMask {
    /// The coverage of `path` mapped through `transform` drawn as a hairline, the way Skia
    /// (and so Chromium) draws any anti-aliased stroke no wider than one device pixel: each
    /// segment of the path, curves cut into as few lines as Skia cuts them (see
    /// `hairlineSegments`), is a line one pixel thick. Along its major axis a column (or row)
    /// counts for the length of the segment inside it; across, the line's position at the
    /// column's centre is shared between the two nearest pixel centres in proportion to how
    /// close it is to each. Every pixel is weighted by `coverage` (Skia's stroke width in device
    /// pixels, which it folds into the paint's alpha), and segments meeting in a pixel are
    /// blended over each other as Skia blits them one by one.
    ///
    /// Subpaths are lengthened at both ends for `cap` as Skia lengthens hairlines (see
    /// `hairlineSegments`). The mask covers at most `limit`.
    public init(hairline path: Path, transform: AffineTransform, coverage: Double, cap: StrokeStyle.Cap,
                within limit: PixelRect = CoverageMask.extentLimit) {
        var segments: [(Point, Point)] = []
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (a, b) in path.hairlineSegments(transform, cap: cap) where a != b {
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
            segments.append((a, b))
            minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
        }
        let weight = min(max(coverage, 0), 1)
        guard !segments.isEmpty, weight > 0, minX > -1e9, minY > -1e9, maxX < 1e9, maxY < 1e9 else {
            self.init(bounds: .empty, alpha: 0)
            return
        }
        let box = PixelRect(x0: Int(minX.rounded(.down)) - 1, y0: Int(minY.rounded(.down)) - 1, // bounded: within ±1e9
                            x1: Int(maxX.rounded(.up)) + 2, y1: Int(maxY.rounded(.up)) + 2).intersection(limit) // bounded: within ±1e9
        guard !box.isEmpty else {
            self.init(bounds: .empty, alpha: 0)
            return
        }
        self.init(bounds: box, alpha: 0)
        let width = box.width
        alphas.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            // Blends `alpha` (0...1, before the weight) over pixel (x, y) when it lies in the box.
            func blend(_ x: Int, _ y: Int, _ alpha: Double) {
                guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return }
                let s = UInt32((alpha * weight * 255).rounded()) // bounded: alpha and weight lie in 0...1
                guard s > 0 else { return }
                let p = base + (y - box.y0) * width + x - box.x0
                let m = UInt32(p.pointee)
                p.pointee = UInt8(m + s - Blend.div255(m * s))
            }
            for (a, b) in segments {
                Self.walk(a, b, box: box, blend)
            }
        }
    }

    /// Calls `blend` for every pixel the one-pixel line from `a` to `b` touches inside `box`,
    /// with its coverage (see `init(hairline:…)`).
    private static func walk(_ a: Point, _ b: Point, box: PixelRect, _ blend: (Int, Int, Double) -> Void) {
        // Mostly horizontal lines step through columns, others through rows (Skia's split);
        // `major` and `minor` name the coordinates along and across the step.
        let horizontal = abs(b.x - a.x) > abs(b.y - a.y)
        var (m0, n0, m1, n1) = horizontal ? (a.x, a.y, b.x, b.y) : (a.y, a.x, b.y, b.x)
        if m0 > m1 { swap(&m0, &m1); swap(&n0, &n1) }
        let slope = (n1 - n0) / (m1 - m0)
        let (lower, upper) = horizontal ? (box.x0, box.x1) : (box.y0, box.y1)
        let first = max(Int(m0.rounded(.down)), lower), last = min(Int(m1.rounded(.up)), upper) // bounded: the box lies within ±1e9
        guard first < last else { return }
        for i in first..<last {
            let span = min(m1, Double(i + 1)) - max(m0, Double(i))
            guard span > 0 else { continue }
            // Across: the line at the pixel's centre, shared between the two nearest centres.
            let n = n0 + slope * (Double(i) + 0.5 - m0) + 0.5
            let cell = n.rounded(.down)
            let near = n - cell
            let j = Int(cell) // bounded: n lies within the box's rows plus one
            if horizontal {
                blend(i, j, span * near)
                blend(i, j - 1, span * (1 - near))
            } else {
                blend(j, i, span * near)
                blend(j - 1, i, span * (1 - near))
            }
        }
    }
}

extension Path {
    /// Skia's stroke width in device pixels under `transform`, when a stroke `width` user units
    /// wide is drawn as a hairline there (both axes map it to at most one pixel): the mean of
    /// the two mapped unit vectors' lengths, each measured as Skia's fast estimate (the longer
    /// side plus half the shorter). `nil` when the stroke is wider than that and is outlined.
    public static func hairlineCoverage(width: Double, transform: AffineTransform) -> Double? {
        func fastLength(_ x: Double, _ y: Double) -> Double {
            let (u, v) = (abs(x), abs(y))
            return max(u, v) + min(u, v) / 2
        }
        let along = fastLength(transform.a * width, transform.b * width)
        let across = fastLength(transform.c * width, transform.d * width)
        guard along.isFinite, across.isFinite, along <= 1, across <= 1, width > 0 else { return nil }
        return (along + across) / 2
    }

    /// The path mapped through `transform` as the line segments Skia draws for a hairline with
    /// `cap`. Curves are cut coarsely, as Skia cuts them: a quadratic into 2^level lines at even
    /// steps of t, the level being half the bit length (rounded up) of how far the control point
    /// lies from the chord's middle, in whole pixels (at most 5); a cubic into 2^level lines, the
    /// level the first at which its control points' largest distance along x or y from the
    /// chord's thirds is under 1/8 × 4^level pixel (at most 9). Circular arcs (see `arcCubics`)
    /// are the conics Skia holds them as (cut as `skiaArcConics` cuts them), each cut into
    /// quadratics within a quarter pixel (`conicQuads`), each quadratic then cut as above.
    ///
    /// Round and square caps lengthen the first piece of a subpath at its start and the last
    /// (the one before a move or the end, not a close) at its end, by π/8 pixel (a half disc's
    /// area over a pixel's width) or half a pixel, before the curve is cut; a `close` runs from
    /// where the last piece ended to the subpath's start as given, so a closed outline gets no
    /// cap at its end and its closing side stays in place (Skia's `hair_path` and `extend_pts`).
    func hairlineSegments(_ transform: AffineTransform, cap: StrokeStyle.Cap) -> [(Point, Point)] {
        let outset: Double = switch cap {
        case .butt: 0
        case .square: 0.5
        case .round: Double.pi / 8
        }
        var segments: [(Point, Point)] = []
        var index = 0
        func next() -> Point {
            index += 1
            return transform.apply(points[index - 1])
        }
        // The pen as the path gives it, the subpath's start as given, and where the last piece
        // ended as drawn.
        var pen = Point.zero, start = Point.zero, lastDrawn = Point.zero
        var previous: Verb? = nil
        let arcs = Set(arcCubics), continued = Set(continuedArcCubics)
        // The conics of the arc being read, drawn once it ends.
        var arc: [Conic] = []
        func drawArc(endsSubpath: Bool) {
            let conics = skiaArcConics(arc)
            arc.removeAll()
            for (k, c) in conics.enumerated() {
                var q = [c.start, c.control, c.end]
                if outset > 0 {
                    Self.lengthen(&q, start: k == 0 && previous == .move, end: k == conics.count - 1 && endsSubpath, by: outset)
                }
                conicQuads(q[0], q[1], q[2], weight: c.weight) { a, b, c in
                    let line = Self.cut([a, b, c])
                    for (a, b) in zip(line, line.dropFirst()) { segments.append((a, b)) }
                }
                lastDrawn = q[2]
            }
            previous = .cubic
        }
        for (i, verb) in verbs.enumerated() {
            let following: Verb? = i + 1 < verbs.count ? verbs[i + 1] : nil
            let endsSubpath = following == nil || following == .move
            var pts: [Point]
            if verb == .cubic, arcs.contains(i) {
                let p = [pen, next(), next(), next()]
                if let conic = arcConic(p[0], p[1], p[2], p[3]) {
                    arc.append(Conic(start: p[0], control: conic.control, end: p[3], weight: conic.weight))
                    pen = p[3]
                    if following != .cubic || !continued.contains(i + 1) { drawArc(endsSubpath: endsSubpath) }
                    continue
                }
                index -= 3
            }
            if !arc.isEmpty { drawArc(endsSubpath: false) }
            switch verb {
            case .move:
                pen = next()
                (start, lastDrawn) = (pen, pen)
                previous = .move
                continue
            case .line: pts = [pen, next()]
            case .quad: pts = [pen, next(), next()]
            case .cubic: pts = [pen, next(), next(), next()]
            case .close:
                var closing = [lastDrawn, start]
                if outset > 0, previous == .move { Self.lengthen(&closing, start: true, end: true, by: outset) }
                segments.append((closing[0], closing[1]))
                // Drawing after a close starts again from the subpath's start.
                pen = start
                lastDrawn = start
                previous = .move
                continue
            }
            pen = pts[pts.count - 1]
            if outset > 0 { Self.lengthen(&pts, start: previous == .move, end: endsSubpath, by: outset) }
            let line = Self.cut(pts)
            for (a, b) in zip(line, line.dropFirst()) { segments.append((a, b)) }
            lastDrawn = pts[pts.count - 1]
            previous = verb
        }
        return segments
    }

    /// A line, quadratic or cubic (its points) as the polyline Skia draws for a hairline. A
    /// cubic with a control point beyond a right angle at either end is first cut where its
    /// curvature peaks (haircubic's quick_cubic_niceness_check, SkChopCubicAtMaxCurvature),
    /// unless `chopped` says it is such a piece already.
    private static func cut(_ pts: [Point], chopped: Bool = false) -> [Point] {
        let lines: Int
        if pts.count == 3 {
            let (p0, c, p1) = (pts[0], pts[1], pts[2])
            let dx = abs((p0.x + p1.x) / 2 - c.x).rounded(.up), dy = abs((p0.y + p1.y) / 2 - c.y).rounded(.up)
            let distance = max(dx, dy) + (min(dx, dy) / 2).rounded(.down)
            let bits = distance.isFinite && distance >= 1 ? Int(min(distance, 0x1p30).exponent) + 1 : 0 // bounded: the exponent of a value in 1...2^30
            lines = 1 << min((bits + 1) >> 1, 5)
        } else if pts.count == 4 {
            let (p0, c1, c2, p1) = (pts[0], pts[1], pts[2], pts[3])
            /// Whether `a` and `b` lie at most a right angle apart seen from `pivot`.
            func within90(_ a: Point, _ pivot: Point, _ b: Point) -> Bool {
                (a.x - pivot.x) * (b.x - pivot.x) + (a.y - pivot.y) * (b.y - pivot.y) >= 0
            }
            if !chopped, !(within90(c1, p0, p1) && within90(c2, p0, p1) && within90(c1, p1, p0) && within90(c2, p1, p0)) {
                let pieces = cubicChopped(p0, c1, c2, p1, at: cubicMaxCurvatures(p0, c1, c2, p1))
                if pieces.count > 1 {
                    return pieces.reduce([p0]) { $0 + cut([$1.0, $1.1, $1.2, $1.3], chopped: true).dropFirst() }
                }
            }
            let diff = max(abs(c1.x - (2 * p0.x + p1.x) / 3), abs(c1.y - (2 * p0.y + p1.y) / 3),
                           abs(c2.x - (p0.x + 2 * p1.x) / 3), abs(c2.y - (p0.y + 2 * p1.y) / 3))
            var level = 0, tolerance = 0.125
            while level < 9, !(diff < tolerance) {
                level += 1
                tolerance *= 4
            }
            lines = 1 << level
        } else {
            return pts
        }
        var line = [pts[0]]
        for i in 1..<lines {
            let t = Double(i) / Double(lines), u = 1 - t
            if pts.count == 3 {
                line.append(Point(u * u * pts[0].x + 2 * u * t * pts[1].x + t * t * pts[2].x,
                                  u * u * pts[0].y + 2 * u * t * pts[1].y + t * t * pts[2].y))
            } else {
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                line.append(Point(a * pts[0].x + b * pts[1].x + c * pts[2].x + d * pts[3].x,
                                  a * pts[0].y + b * pts[1].y + c * pts[2].y + d * pts[3].y))
            }
        }
        line.append(pts[pts.count - 1])
        return line
    }

    /// Moves a piece's first point (with any control points on it) back along its starting
    /// direction by `outset`, and its last point forwards, as Skia lengthens a capped hairline;
    /// a piece whose points all coincide has its start moved right and its end left.
    private static func lengthen(_ pts: inout [Point], start: Bool, end: Bool, by outset: Double) {
        func move(_ indices: [Int], fallback: (Double, Double)) {
            let end = pts[indices[0]]
            guard let other = indices.dropFirst().first(where: { pts[$0] != end }) else {
                pts[indices[0]] = Point(end.x + fallback.0 * outset, end.y + fallback.1 * outset)
                return
            }
            let dx = end.x - pts[other].x, dy = end.y - pts[other].y
            let length = (dx * dx + dy * dy).squareRoot()
            for i in indices.prefix(while: { $0 != other }) {
                pts[i] = Point(pts[i].x + dx / length * outset, pts[i].y + dy / length * outset)
            }
        }
        if start { move(Array(pts.indices), fallback: (1, 0)) }
        if end { move(Array(pts.indices.reversed()), fallback: (-1, 0)) }
    }
}

extension Canvas {
    /// Strokes `path` mapped through `transform` as a hairline (see `CoverageMask(hairline:…)`)
    /// painted with `paint`, whose space `transform` maps to device pixels as it maps the path.
    /// A solid colour's alpha and the canvas alpha weight each segment as it is blended, as
    /// Skia folds them into the paint: where segments meet, a translucent hairline darkens less
    /// than an opaque one faded afterwards.
    public func strokeHairline(_ path: Path, coverage: Double, cap: StrokeStyle.Cap, paint: Paint,
                               transform: AffineTransform) {
        guard case var .solid(color) = paint else {
            let mask = CoverageMask(hairline: path, transform: transform, coverage: coverage, cap: cap, within: clip.bounds)
            return fill(mask, paint: paint, transform: transform)
        }
        let weight = coverage * color.alpha * alpha
        color.alpha = 1
        let mask = CoverageMask(hairline: path, transform: transform, coverage: weight, cap: cap, within: clip.bounds)
        let saved = alpha
        alpha = 1
        fill(mask, color: color)
        alpha = saved
    }

    /// Blends `paint` through `mask` (device pixels); `transform` maps the paint's space (a
    /// gradient's or pattern's) to device pixels.
    public func fill(_ mask: CoverageMask, paint: Paint, transform: AffineTransform) {
        guard !mask.bounds.intersection(clip.bounds).isEmpty else { return }
        switch paint {
        case let .solid(color):
            fill(mask, color: color)
        case let .gradient(gradient):
            if let color = gradient.uniformColor { return fill(mask, color: color) }
            guard let source = GradientSource(gradient, transform: transform) else { return }
            blend(from: source, opacity: 1) { mask.runs(within: clip.bounds, into: &$0) }
        case let .pattern(pattern):
            guard pattern.tile.width > 0, pattern.tile.height > 0,
                  let inverse = pattern.transform.concatenating(transform).inverted else { return }
            pattern.tile.withWords { words in
                let sampler = TiledSampler(pixels: words, width: pattern.tile.width, height: pattern.tile.height,
                                           inverse: ProjectiveTransform(inverse))
                blend(from: sampler, opacity: pattern.opacity) { mask.runs(within: clip.bounds, into: &$0) }
            }
        }
    }
}

extension CoverageMask {
    /// Hands the mask's non-zero pixels inside `box` to `sink` as runs of equal coverage.
    func runs<Sink: SpanSink>(within box: PixelRect, into sink: inout Sink) {
        let area = bounds.intersection(box)
        guard !area.isEmpty else { return }
        withRows { rows in
            for y in area.y0..<area.y1 {
                let row = rows.row(y, from: area.x0)
                var x = 0
                while x < area.width {
                    let alpha = row[x]
                    var end = x + 1
                    while end < area.width, row[end] == alpha { end += 1 }
                    if alpha != 0 { sink.blit(x: area.x0 + x, y: y, count: end - x, alpha: Int(alpha)) }
                    x = end
                }
            }
        }
    }
}
