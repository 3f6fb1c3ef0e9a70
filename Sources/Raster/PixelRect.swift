/// A rectangle of whole device pixels, [x0, x1) × [y0, y1); empty when x1 <= x0 or y1 <= y0.
/// Clip bounds, mask extents and rasterisation boxes are all pixel rects.
public struct PixelRect: Hashable, Sendable {
    /// The first column and row inside, and the first column and row past the end.
    public var x0, y0, x1, y1: Int

    /// The pixels [x0, x1) × [y0, y1).
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    /// The rect of a `width` × `height` image at the origin.
    public init(width: Int, height: Int) {
        self.init(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// No pixels.
    public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    /// The number of columns (0 when empty).
    public var width: Int { max(0, x1 - x0) }
    /// The number of rows (0 when empty).
    public var height: Int { max(0, y1 - y0) }
    /// True when the rect holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels in both rects (possibly empty).
    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}
