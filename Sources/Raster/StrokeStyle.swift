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
    /// The outline of this path stroked with `style`, to fill with the non-zero rule. Curves
    /// are flattened to segments within `tolerance` (in this path's units: use 0.1 / scale when
    /// the outline will be drawn scaled); round caps and joins stay circular arcs.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.1) -> Path {
        guard style.width > 0, tolerance > 0 else { return Path() }
        var stroker = Stroker(style: style)
        flatten(self, transform: .identity, tolerance: tolerance, into: &stroker)
        return stroker.outline
    }

    /// The outline of this path stroked with the given width, caps and joins; see `stroked(_:tolerance:)`.
    public func stroked(width: Double, cap: StrokeStyle.Cap = .butt, join: StrokeStyle.Join = .miter,
                        miterLimit: Double = 10) -> Path {
        stroked(StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit))
    }
}
