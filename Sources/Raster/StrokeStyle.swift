import Geometry

/// How a path is stroked, with the meanings CGContext, CAShapeLayer and SVG give these terms.
public struct StrokeStyle: Hashable, Sendable {
    /// The shape at the open ends of a subpath.
    public enum Cap: Sendable {
        /// Ends flat at the end point.
        case butt
        /// A half disc around the end point.
        case round
        /// Ends flat half a line width past the end point.
        case square
    }

    /// The shape where two segments meet at a corner.
    public enum Join: Sendable {
        /// Edges extended to meet in a point, unless that is longer than `miterLimit` allows.
        case miter
        /// A circular arc around the corner.
        case round
        /// The two outer corners cut straight across.
        case bevel
    }

    /// The line's full width.
    public var width: Double
    /// The shape at open ends.
    public var cap: Cap
    /// The shape at corners.
    public var join: Join
    /// The longest miter allowed, as a multiple of the width, before a miter join becomes a
    /// bevel (10 by default, as in CoreGraphics and SVG).
    public var miterLimit: Double

    /// A style with CoreGraphics' defaults for what is not given.
    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}

extension Path {
    /// The tolerance strokes are flattened with by default, in device pixels: a quarter of the
    /// fill tolerance, because both edges of a thin stroke move with its centre line, so they
    /// show its flattening error twice over in the same pixels.
    public static let strokeTolerance = 0.025

    /// The outline of this path stroked with `style`, to fill with the non-zero rule. Curves
    /// are flattened to segments within `tolerance` (in this path's units: pass
    /// `Path.strokeTolerance / scale` when the outline will be drawn scaled); round caps and
    /// joins stay circular arcs.
    public func stroked(_ style: StrokeStyle, tolerance: Double = Path.strokeTolerance) -> Path {
        guard style.width > 0, tolerance > 0 else { return Path() }
        var stroker = Stroker(style: style, tolerance: tolerance)
        flatten(self, transform: .identity, tolerance: tolerance, into: &stroker)
        return stroker.outline
    }

    /// The outline of this path stroked with `style` as Chromium's Skia strokes it (SkStroke):
    /// each curve's two sides as the quadratics Skia fits to its offsets, within a quarter
    /// device pixel (see `offsetQuadratics`), circular arcs (see `arcCubics`) as the conics Skia
    /// holds them as, cut as `skiaArcConics` cuts them; lines, joins and caps as
    /// `stroked(_:tolerance:)` makes them. `scale` is how many device pixels a unit of the path
    /// spans. For edges placed as Skia places them (`Canvas.snapsRowsToQuarterPixels`).
    public func strokedAsSkia(_ style: StrokeStyle, scale: Double) -> Path {
        guard style.width > 0, scale > 0, scale.isFinite else { return Path() }
        let tolerance = Path.strokeTolerance / scale
        var stroker = Stroker(style: style, tolerance: tolerance, quadraticTolerance: 0.25 / scale)
        var points = TransformedPoints(self, .identity)
        var open = false, current = Point.zero
        var arcs = 0, continuedArcs = 0
        /// Whether `list` holds `verbIndex`, moving `cursor` through the ascending list.
        func holds(_ list: [Int], _ cursor: inout Int, _ verbIndex: Int) -> Bool {
            while cursor < list.count, list[cursor] < verbIndex { cursor += 1 }
            return cursor < list.count && list[cursor] == verbIndex
        }
        func add(_ curve: StrokeCurve) {
            guard curve.start != curve.end, curve.hasOffsetQuadratics else {
                switch curve {
                case let .quad(a, b, c): flattenQuad(a, b, c, tolerance: tolerance, into: &stroker)
                case let .cubic(a, b, c, d): flattenCubic(a, b, c, d, tolerance: tolerance, into: &stroker)
                case let .conic(_, _, c, _): stroker.line(to: c, smooth: false)
                }
                return
            }
            stroker.curve(curve)
        }
        // The conics of one arc so far.
        var arc: [Conic] = []
        func endArc() {
            for c in skiaArcConics(arc) { add(.conic(c.start, c.control, c.end, c.weight)) }
            arc.removeAll(keepingCapacity: true)
        }
        for (verbIndex, verb) in verbs.enumerated() {
            if !arc.isEmpty, !(verb == .cubic && holds(continuedArcCubics, &continuedArcs, verbIndex)) { endArc() }
            switch verb {
            case .move:
                if open { stroker.endContour(closed: false) }
                current = points.next()
                stroker.beginContour(at: current)
                open = true
            case .line:
                current = points.next()
                stroker.line(to: current, smooth: false)
            case .quad:
                let c = points.next(), end = points.next()
                add(.quad(current, c, end))
                current = end
            case .cubic:
                let c1 = points.next(), c2 = points.next(), end = points.next()
                if holds(arcCubics, &arcs, verbIndex), let conic = arcConic(current, c1, c2, end) {
                    arc.append(Conic(start: current, control: conic.control, end: end, weight: conic.weight))
                } else {
                    if !arc.isEmpty { endArc() }
                    add(.cubic(current, c1, c2, end))
                }
                current = end
            case .close:
                stroker.endContour(closed: true)
                open = false
            }
        }
        if !arc.isEmpty { endArc() }
        if open { stroker.endContour(closed: false) }
        return stroker.outline
    }

    /// The outline of this path stroked with the given width, caps and joins; see `stroked(_:tolerance:)`.
    public func stroked(width: Double, cap: StrokeStyle.Cap = .butt, join: StrokeStyle.Join = .miter,
                        miterLimit: Double = 10) -> Path {
        stroked(StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit))
    }
}
