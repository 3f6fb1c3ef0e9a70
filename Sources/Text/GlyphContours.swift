import Geometry

/// A glyph as TrueType stores it: points flagged on- or off-curve, split into closed contours.
/// Composite glyphs are assembled in this form because point matching indexes these points.
struct GlyphContours {
    struct ContourPoint {
        var x: Double
        var y: Double
        var onCurve: Bool
    }

    /// All points, contour after contour.
    var points: [ContourPoint] = []
    /// The index of each contour's last point in `points`.
    var endPoints: [Int] = []

    /// Appends `other`'s contours, each point mapped to (a·x + c·y + dx, b·x + d·y + dy).
    mutating func append(_ other: GlyphContours, a: Double, b: Double, c: Double, d: Double, dx: Double, dy: Double) {
        let base = points.count
        points += other.points.map { p in
            ContourPoint(x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, onCurve: p.onCurve)
        }
        endPoints += other.endPoints.map { $0 + base }
    }

    /// The outline with TrueType's implied on-curve points made explicit: between two off-curve
    /// points lies an on-curve point at their midpoint. A contour that starts off-curve starts
    /// at its last point when that is on-curve, else at the midpoint of its last and first points.
    var outline: GlyphOutline {
        var elements: [GlyphOutline.Element] = []
        var first = 0
        for last in endPoints {
            elements += Self.elements(of: points[first...last])
            first = last + 1
        }
        return GlyphOutline(elements: elements)
    }

    private static func elements(of contour: ArraySlice<ContourPoint>) -> [GlyphOutline.Element] {
        guard let p0 = contour.first, let pn = contour.last else { return [] }
        let point = { (p: ContourPoint) in Point(p.x, p.y) }
        let start: Point
        let rest: [ContourPoint]
        if p0.onCurve {
            start = point(p0)
            rest = Array(contour.dropFirst()) + [p0]
        } else if pn.onCurve {
            start = point(pn)
            rest = Array(contour)
        } else {
            start = Point((p0.x + pn.x) / 2, (p0.y + pn.y) / 2)
            rest = Array(contour) + [ContourPoint(x: start.x, y: start.y, onCurve: true)]
        }
        var out: [GlyphOutline.Element] = [.move(start)]
        var control: Point?
        for q in rest {
            let p = point(q)
            if q.onCurve {
                out.append(control.map { .quad(control: $0, to: p) } ?? .line(p))
                control = nil
            } else {
                if let c = control { out.append(.quad(control: c, to: Point((c.x + p.x) / 2, (c.y + p.y) / 2))) }
                control = p
            }
        }
        if out.last == .line(start) { out.removeLast() }
        out.append(.close)
        return out
    }
}
