import Geometry

/// Distances in from each edge of a rectangle, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = EdgeInsets()

    /// `rect` with these insets taken off its edges.
    public func inset(_ rect: Rect) -> Rect {
        Rect(rect.x + left, rect.y + top, max(0, rect.width - left - right), max(0, rect.height - top - bottom))
    }
}

/// What cuts into the top of a display: nothing, the TrueDepth notch, or the Dynamic Island.
public enum SensorHousing: Hashable, Sendable {
    case none
    /// The notch, centred at the top edge: its width and height in points.
    case notch(width: Double, height: Double)
    /// The Dynamic Island's pill at rest: its size and the distance of its top from the screen's top.
    case dynamicIsland(width: Double, height: Double, top: Double)

    /// The housing's outline in portrait, on a screen `width` points wide; nil without one.
    public func rect(screenWidth width: Double) -> Rect? {
        switch self {
        case .none: return nil
        case let .notch(w, h): return Rect((width - w) / 2, 0, w, h)
        case let .dynamicIsland(w, h, top): return Rect((width - w) / 2, top, w, h)
        }
    }
}

/// The system chrome a screen is drawn with: iOS 7's 20 pt bars (what the demos were written
/// for) or current iOS's (the status bar around the notch or Dynamic Island, the home
/// indicator, large titles). `screen.chrome` in a scene file.
public enum Chrome: String, CaseIterable, Sendable {
    case ios7
    case ios18
}

/// A device's display as UIKit reports it: size in points (portrait), scale, safe-area insets in
/// each orientation, the display's corner radius and what cuts into its top edge.
public struct DeviceScreen: Hashable, Sendable {
    /// The screen in points, portrait (`UIScreen.bounds`).
    public var size: Size
    /// Device pixels per point (`UIScreen.scale`).
    public var scale: Double
    /// `safeAreaInsets` of a full-screen view controller's view in portrait, status bar shown.
    public var portraitSafeArea: EdgeInsets
    /// The same in landscape (the notch or island on the left), where iPhones hide the status bar.
    public var landscapeSafeArea: EdgeInsets
    /// The radius of the display's rounded corners in points (0 for square corners).
    public var displayCornerRadius: Double
    public var sensorHousing: SensorHousing
    /// Whether the device is an iPad (status bar kept in landscape, regular-width margins).
    public var isPad: Bool

    public init(size: Size, scale: Double, portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets,
                displayCornerRadius: Double, sensorHousing: SensorHousing, isPad: Bool = false) {
        self.size = size
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.displayCornerRadius = displayCornerRadius
        self.sensorHousing = sensorHousing
        self.isPad = isPad
    }

    /// A screen of `size` with no rounded corners, no housing and a 20 pt status bar: what a
    /// scene given as a bare size gets (and the iOS 7 devices).
    public static func plain(_ size: Size, scale: Double = 2) -> DeviceScreen {
        DeviceScreen(size: size, scale: scale, portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
                     displayCornerRadius: 0, sensorHousing: .none)
    }

    /// Whether the device has no home button: a home indicator at the bottom edge.
    public var hasHomeIndicator: Bool { portraitSafeArea.bottom > 0 }

    /// The safe-area insets in `orientation`.
    public func safeArea(_ orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// The status bar's height in `orientation`: the top safe-area inset (0 where it is hidden).
    public func statusBarHeight(_ orientation: Orientation) -> Double { safeArea(orientation).top }

    /// UIKit's minimum leading and trailing layout margins of a view controller's view
    /// (`systemMinimumLayoutMargins`): 20 pt on iPads and on phones at least 414 pt wide in
    /// portrait (Plus and Pro Max), 16 pt on the others, in either orientation. The layout
    /// margins guide adds them to the safe area.
    public var minimumSideMargin: Double { isPad || size.width >= 414 ? 20 : 16 }
}
