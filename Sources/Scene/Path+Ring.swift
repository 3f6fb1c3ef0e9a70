import Geometry
import Raster

extension Path {
    /// The band `width` wide just inside a rounded rect's edge, for the even-odd rule: how a
    /// CALayer border is drawn.
    public init(ring rect: Rect, cornerRadius: Double, width: Double) {
        self.init(roundedRect: rect, cornerRadius: cornerRadius)
        append(Path(roundedRect: rect.insetBy(dx: width, dy: width), cornerRadius: max(0, cornerRadius - width)))
    }
}
