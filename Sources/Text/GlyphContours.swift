import Geometry
import Raster

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

    /// The outline as a path in font units (y up), with TrueType's implied on-curve points made
    /// explicit: between two off-curve points lies an on-curve point at their midpoint. A contour
    /// that starts off-curve starts at its last point when that is on-curve, else at the midpoint
    /// of its last and first points.
    var path: Path {
        var path = Path()
        var first = 0
        for last in endPoints {
            Self.addContour(points[first...last], to: &path)
            first = last + 1
        }
        return path
    }

    private static func addContour(_ contour: ArraySlice<ContourPoint>, to path: inout Path) {
        guard let p0 = contour.first, let pn = contour.last else { return }
        let start: Point
        let rest: [ContourPoint]
        if p0.onCurve {
            start = Point(p0.x, p0.y)
            rest = Array(contour.dropFirst()) + [p0]
        } else if pn.onCurve {
            start = Point(pn.x, pn.y)
            rest = Array(contour)
        } else {
            start = Point((p0.x + pn.x) / 2, (p0.y + pn.y) / 2)
            rest = Array(contour) + [ContourPoint(x: start.x, y: start.y, onCurve: true)]
        }
        path.move(to: start)
        var control: Point?
        for (i, q) in rest.enumerated() {
            let p = Point(q.x, q.y)
            if q.onCurve {
                if let c = control {
                    path.quad(to: p, control: c)
                } else if i < rest.count - 1 {
                    path.line(to: p)
                }
                control = nil
            } else {
                if let c = control { path.quad(to: Point((c.x + p.x) / 2, (c.y + p.y) / 2), control: c) }
                control = p
            }
        }
        path.close()
    }
}
