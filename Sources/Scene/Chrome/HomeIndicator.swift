import Geometry
import Raster

/// The home indicator of a phone or iPad without a home button: a 5 pt pill centred 8 pt above
/// the bottom edge, 134 pt wide on iPhones in portrait, as Apple's iOS design resources give
/// it (about 208 pt in landscape and 315 pt on iPad, where it spans more of the wider bottom
/// edge). Black in the light appearance and white in the dark one: the indicator adapts to the
/// content under it, and over a system background that is what it shows.
open class HomeIndicator: View {
    /// The pill's height and its distance from the bottom edge.
    public static let thickness = 5.0
    public static let bottomGap = 8.0

    /// The pill's width on a screen `width` points wide in the given orientation.
    public static func pillWidth(screenWidth: Double, isPad: Bool, orientation: Orientation) -> Double {
        isPad ? 315 : orientation == .portrait ? 134 : 208
    }

    /// An indicator along the bottom of a screen of `size`.
    public init(screenSize size: Size, isPad: Bool, orientation: Orientation) {
        let w = HomeIndicator.pillWidth(screenWidth: size.width, isPad: isPad, orientation: orientation)
        super.init(name: "homeIndicator", frame: Rect((size.width - w) / 2, size.height - HomeIndicator.bottomGap - HomeIndicator.thickness,
                                                      w, HomeIndicator.thickness))
        isUserInteractionEnabled = false
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let color: Color = context.userInterfaceStyle == .dark ? .white : .black
        list.append(.fill(Path(roundedRect: Rect(origin: .zero, size: bounds.size), cornerRadius: bounds.height / 2), color: color,
                          rule: .nonZero, transform: .identity))
    }
}
