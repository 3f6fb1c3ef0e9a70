import Geometry

/// Device-space line segments in 24.8 fixed point (1/256 px), the input of the cell
/// accumulator. Quantising here makes everything after flattening integer arithmetic, so
/// coverage is bit-identical on every machine. Horizontal segments are dropped: they carry no
/// area. Every contour is closed, as filling requires.
struct EdgeList: PolylineSink {
    /// One segment, from (x0, y0) to (x1, y1).
    struct Segment {
        var x0, y0, x1, y1: Int32
    }

    private(set) var segments: [Segment] = []
    /// False once any point was NaN or infinite; such a path is not drawn at all (as in Skia),
    /// since no part of it has a meaningful position.
    private(set) var isFinite = true
    /// The contour's first point and the last point added, each packed in one word (see
    /// `packed`).
    private var start: UInt64 = 0
    private var last: UInt64 = 0

    /// Whether edges are placed as Skia's analytic anti-aliasing places them (see
    /// `Canvas.snapsRowsToQuarterPixels`): a line's ends with x truncated to 1/256 px, y
    /// truncated to 1/256 px and then rounded to the nearest quarter pixel (SkAnalyticEdge's
    /// SnapY, halves rounded up); curves in Skia's forward-differenced steps (see
    /// `analyticQuadSteps`) instead of flattened within the tolerance. Set for each path loaded.
    var snapsRowsToQuarterPixels = false

    /// Coordinates are kept within ±2^20 px, so products of 24.8 values fit comfortably in Int.
    private static let limit = Double(1 << 28)

    var isEmpty: Bool { segments.isEmpty }

    /// Forgets all segments, keeping the storage.
    mutating func removeAll() {
        segments.removeAll(keepingCapacity: true)
        isFinite = true
    }

    /// The device pixels the segments touch. Measured in one pass over the finished list, where
    /// the bounds stay in registers, rather than kept up to date in memory on every append.
    var pixelBounds: PixelRect {
        guard !isEmpty else { return .empty }
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for s in segments {
            minX = min(minX, s.x0, s.x1); maxX = max(maxX, s.x0, s.x1)
            minY = min(minY, s.y0, s.y1); maxY = max(maxY, s.y0, s.y1)
        }
        return PixelRect(x0: Int(minX) >> 8, y0: Int(minY) >> 8,
                         x1: (Int(maxX) + 255) >> 8, y1: (Int(maxY) + 255) >> 8)
    }

    /// Flattens `path` through `transform` within `tolerance` device pixels and adds it.
    mutating func add(_ path: Path, transform: AffineTransform, tolerance: Double) {
        if snapsRowsToQuarterPixels {
            addAsAnalyticEdges(path, transform: transform)
        } else {
            flatten(path, transform: transform, tolerance: tolerance, into: &self)
        }
    }

    /// Adds `path` through `transform` with its curves cut where y turns and walked in Skia's
    /// steps (see `analyticQuadSteps`), its lines' ends snapped; contours closed as `flatten`
    /// closes them.
    private mutating func addAsAnalyticEdges(_ path: Path, transform t: AffineTransform) {
        var points = TransformedPoints(path, t)
        func next() -> Point { clamped(points.next()) }
        var open = false, current = Point.zero
        var arcs = 0, continuedArcs = 0
        /// Whether `list` holds `verbIndex`, moving `cursor` through the ascending list.
        func holds(_ list: [Int], _ cursor: inout Int, _ verbIndex: Int) -> Bool {
            while cursor < list.count, list[cursor] < verbIndex { cursor += 1 }
            return cursor < list.count && list[cursor] == verbIndex
        }
        // The conics of one arc so far.
        var arc: [Conic] = []
        for (verbIndex, verb) in path.verbs.enumerated() {
            if !arc.isEmpty, !(verb == .cubic && holds(path.continuedArcCubics, &continuedArcs, verbIndex)) {
                addArc(arc)
                arc.removeAll(keepingCapacity: true)
            }
            switch verb {
            case .move:
                if open { endContour(closed: false) }
                current = next()
                beginContour(at: current)
                open = true
            case .line:
                current = next()
                line(to: current, smooth: false)
            case .quad:
                let c = next(), end = next()
                quadPiecesMonotonicInY(current, c, end) { a, b, c in analyticQuadSteps(a, b, c) { appendStep($0, down: $1) } }
                current = end
                last = Self.packed(fixed(end, snapped: true))
            case .cubic:
                let c1 = next(), c2 = next(), end = next()
                if holds(path.arcCubics, &arcs, verbIndex), let conic = arcConic(current, c1, c2, end) {
                    arc.append(Conic(start: current, control: conic.control, end: end, weight: conic.weight))
                } else {
                    if !arc.isEmpty {
                        addArc(arc)
                        arc.removeAll(keepingCapacity: true)
                    }
                    cubicPiecesMonotonicInY(current, c1, c2, end) { a, b, c, d in
                        analyticCubicSteps(a, b, c, d) { appendStep($0, down: $1) }
                    }
                }
                current = end
                last = Self.packed(fixed(end, snapped: true))
            case .close:
                endContour(closed: true)
                open = false
            }
        }
        if !arc.isEmpty { addArc(arc) }
        if open { endContour(closed: false) }
    }

    /// The conics of one arc, cut again as Skia cuts an arc (see `skiaArcConics`), as the
    /// quadratics its edge builder makes of them.
    private mutating func addArc(_ arc: [Conic]) {
        for c in skiaArcConics(arc) {
            conicQuads(c.start, c.control, c.end, weight: c.weight) { a, b, c in
                quadPiecesMonotonicInY(a, b, c) { a, b, c in analyticQuadSteps(a, b, c) { appendStep($0, down: $1) } }
            }
        }
    }

    /// `p` within ±2^20 px, as `fixed` clamps it; a non-finite point is noted and kept (the
    /// path is not drawn).
    private mutating func clamped(_ p: Point) -> Point {
        guard p.x.isFinite, p.y.isFinite else {
            isFinite = false
            return .zero
        }
        let m = EdgeList.limit / 256
        return Point(min(max(p.x, -m), m), min(max(p.y, -m), m))
    }

    /// One step of an analytic curve edge (16.16, top to bottom) as a segment in 24.8, pointing
    /// up when its curve runs up.
    private mutating func appendStep(_ s: AnalyticStep, down: Bool) {
        func q(_ v: Int) -> Int32 { Int32(clamping: v >> 8) }
        let a = Segment(x0: q(s.x0), y0: q(s.y0), x1: q(s.x1), y1: q(s.y1))
        guard a.y0 != a.y1 else { return }
        segments.append(down ? a : Segment(x0: a.x1, y0: a.y1, x1: a.x0, y1: a.y0))
    }

    /// `p` in 24.8, clamped to ±2^20 px, its row snapped when `snapped`; notes a non-finite point.
    @inline(__always)
    private mutating func fixed(_ p: Point, snapped: Bool) -> (x: Int32, y: Int32) {
        guard p.x.isFinite, p.y.isFinite else {
            isFinite = false
            return (0, 0)
        }
        func q(_ v: Double) -> Int32 { Int32(min(max(v * 256, -EdgeList.limit), EdgeList.limit).roundToInt) }
        guard snapped else { return (q(p.x), q(p.y)) }
        // bounded: clamped to ±2^28 first
        func truncated(_ v: Double) -> Int32 { Int32(min(max(v * 256, -EdgeList.limit), EdgeList.limit)) }
        return (truncated(p.x), ((truncated(p.y) + 32) >> 6) << 6)
    }

    mutating func beginContour(at p: Point) {
        start = Self.packed(fixed(p, snapped: snapsRowsToQuarterPixels))
        last = start
    }

    mutating func line(to p: Point, smooth: Bool) {
        let q = Self.packed(fixed(p, snapped: snapsRowsToQuarterPixels && !smooth))
        append(last, q)
        last = q
    }

    mutating func endContour(closed: Bool) {
        append(last, start)
        last = start
    }

    /// A point as one word, x in the low half: stored and read back whole, so reading the last
    /// point for the next segment takes the value straight from the store. Its two halves stored
    /// apart and read as one word would stall each point on x86 until the stores reach the cache.
    @inline(__always)
    private static func packed(_ p: (x: Int32, y: Int32)) -> UInt64 {
        UInt64(UInt32(bitPattern: p.x)) | UInt64(UInt32(bitPattern: p.y)) << 32
    }

    @inline(__always)
    private mutating func append(_ a: UInt64, _ b: UInt64) {
        let ay = Int32(truncatingIfNeeded: a >> 32), by = Int32(truncatingIfNeeded: b >> 32)
        guard ay != by else { return }
        segments.append(Segment(x0: Int32(truncatingIfNeeded: a), y0: ay, x1: Int32(truncatingIfNeeded: b), y1: by))
    }
}
