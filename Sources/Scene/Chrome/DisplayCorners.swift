import Geometry
import Raster

/// The display's rounded corners: black outside a rounded rect of the display's corner radius,
/// drawn over everything, as the glass shows a screenshot's corners (`screen.displayCorners`).
/// The corners are drawn as circular arcs; Apple's are a continuous (squircle-like) curve of the
/// same radius, which stays within about 1.5 pt of the arc.
open class DisplayCorners: View {
    public var radius: Double

    public init(size: Size, radius: Double) {
        self.radius = radius
        super.init(name: "displayCorners", frame: Rect(origin: .zero, size: size))
        isUserInteractionEnabled = false
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let all = Rect(origin: .zero, size: bounds.size)
        var outside = Path(rect: all)
        outside.append(Path(roundedRect: all, cornerRadius: radius))
        list.append(.fill(outside, color: .black, rule: .evenOdd, transform: .identity))
    }
}
