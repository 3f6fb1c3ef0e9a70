import Geometry
import Scene

/// The devices a demo or scene can be rendered on, by the names `--device` and `screen.device`
/// take.
///
/// Sizes and scales are `UIScreen.bounds` and `UIScreen.scale` as Apple lists them (Human
/// Interface Guidelines › Layout › Specifications › iOS, iPadOS device screen sizes).
/// Safe-area insets are `safeAreaInsets` of a full-screen view controller's view with the status
/// bar shown (portrait) and in landscape, as UIKit reports them on each device (Apple's
/// simulators; tabulated in "iPhone 16 Screen Sizes", "iPhone 13 Screen Sizes" and "iPhone 15
/// Screen Sizes" at useyourloaf.com). Display corner radii are `UIScreen._displayCornerRadius`
/// (the values the ScreenCorners project tabulates from devices). The Dynamic Island at rest is
/// 126 × 37.33 pt with its top 11 pt below the screen's top on the 59 pt-inset phones and 14 pt
/// on the 62 pt-inset iPhone 16 Pro models (whose thinner bezels put the island lower in
/// points); the notches are drawn at their measured outline (iPhone X 209 × 30 pt, the iPhone 13
/// mini's 20 % narrower notch 162 × 33 pt).
public enum Device: String, CaseIterable, Sendable {
    case iphoneSE = "iphone-se"
    case iphone8 = "iphone-8"
    case iphoneX = "iphone-x"
    case iphoneSE3 = "iphone-se-3"
    case iphone13Mini = "iphone-13-mini"
    case iphone15 = "iphone-15"
    case iphone15Pro = "iphone-15-pro"
    case iphone15ProMax = "iphone-15-pro-max"
    case iphone16 = "iphone-16"
    case iphone16Pro = "iphone-16-pro"
    case iphone16ProMax = "iphone-16-pro-max"
    case ipadPro11 = "ipad-pro-11"

    /// The screen in points, portrait.
    public var screenSize: Size { screen.size }

    /// The product's name, for `popping-render list --devices`.
    public var modelName: String {
        switch self {
        case .iphoneSE: return "iPhone SE (1st generation)"
        case .iphone8: return "iPhone 8"
        case .iphoneX: return "iPhone X"
        case .iphoneSE3: return "iPhone SE (3rd generation)"
        case .iphone13Mini: return "iPhone 13 mini"
        case .iphone15: return "iPhone 15"
        case .iphone15Pro: return "iPhone 15 Pro"
        case .iphone15ProMax: return "iPhone 15 Pro Max"
        case .iphone16: return "iPhone 16"
        case .iphone16Pro: return "iPhone 16 Pro"
        case .iphone16ProMax: return "iPhone 16 Pro Max"
        case .ipadPro11: return "iPad Pro 11-inch (1st–4th generation)"
        }
    }

    /// The chrome a scene on this device gets unless `screen.chrome` says otherwise: iOS 7's for
    /// the three devices the demos and older scenes were written for (so their frames do not
    /// change), current iOS's for the rest.
    public var defaultChrome: Chrome {
        switch self {
        case .iphoneSE, .iphone8, .iphoneX: return .ios7
        default: return .ios18
        }
    }

    /// The display: size, scale, safe areas, corner radius and housing.
    public var screen: DeviceScreen {
        let island = SensorHousing.dynamicIsland(width: 126, height: 37.33, top: 11)
        let lowIsland = SensorHousing.dynamicIsland(width: 126, height: 37.33, top: 14)
        switch self {
        case .iphoneSE: return Self.homeButton(Size(320, 568))
        case .iphone8, .iphoneSE3: return Self.homeButton(Size(375, 667))
        case .iphoneX: return Self.faceID(Size(375, 812), inset: 44, corner: 39, housing: .notch(width: 209, height: 30))
        case .iphone13Mini: return Self.faceID(Size(375, 812), inset: 50, corner: 44, housing: .notch(width: 162, height: 33))
        case .iphone15, .iphone15Pro, .iphone16: return Self.faceID(Size(393, 852), inset: 59, corner: 55, housing: island)
        case .iphone15ProMax: return Self.faceID(Size(430, 932), inset: 59, corner: 55, housing: island)
        case .iphone16Pro: return Self.faceID(Size(402, 874), inset: 62, corner: 62, housing: lowIsland)
        case .iphone16ProMax: return Self.faceID(Size(440, 956), inset: 62, corner: 62, housing: lowIsland)
        case .ipadPro11:
            let insets = EdgeInsets(top: 24, bottom: 20)
            return DeviceScreen(size: Size(834, 1194), scale: 2, portraitSafeArea: insets, landscapeSafeArea: insets,
                                displayCornerRadius: 18, sensorHousing: .none, isPad: true)
        }
    }

    /// A 2× phone with a home button: a 20 pt status bar in portrait, hidden in landscape.
    private static func homeButton(_ size: Size) -> DeviceScreen {
        DeviceScreen(size: size, scale: 2, portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
                     displayCornerRadius: 0, sensorHousing: .none)
    }

    /// A 3× Face ID phone: `inset` at the top in portrait and at the sides in landscape, 34 pt
    /// (portrait) and 21 pt (landscape) at the bottom for the home indicator.
    private static func faceID(_ size: Size, inset: Double, corner: Double, housing: SensorHousing) -> DeviceScreen {
        DeviceScreen(size: size, scale: 3, portraitSafeArea: EdgeInsets(top: inset, bottom: 34),
                     landscapeSafeArea: EdgeInsets(left: inset, bottom: 21, right: inset), displayCornerRadius: corner,
                     sensorHousing: housing)
    }
}
