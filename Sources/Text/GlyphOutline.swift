import Geometry

/// A glyph's shape as closed contours of lines and quadratic Béziers, in font units with y up
/// (TrueType's own coordinates). `transformed(by:)` places it in a y-down user space.
public struct GlyphOutline: Equatable, Sendable {
    /// One drawing command; every contour starts with `move` and ends with `close`.
    public enum Element: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case close
    }

    /// The commands, contour after contour.
    public var elements: [Element]

    /// An outline with no contours (a space).
    public static let empty = GlyphOutline(elements: [])

    public init(elements: [Element]) { self.elements = elements }

    /// Every point of every command (on-curve and control points) mapped by `t`.
    public func transformed(by t: AffineTransform) -> GlyphOutline {
        GlyphOutline(elements: elements.map { e in
            switch e {
            case let .move(p): return .move(t.apply(p))
            case let .line(p): return .line(t.apply(p))
            case let .quad(c, p): return .quad(control: t.apply(c), to: t.apply(p))
            case .close: return .close
            }
        })
    }

    /// The box around every point, control points included (it contains the curves), or `nil`
    /// when the outline is empty.
    public var controlBounds: Rect? {
        var points: [Point] = []
        for e in elements {
            switch e {
            case let .move(p), let .line(p): points.append(p)
            case let .quad(c, p): points += [c, p]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
