import Geometry

/// Light or dark appearance, as `UITraitCollection.userInterfaceStyle`: which of a dynamic
/// colour's two values shows, and how the system bars draw.
public enum UserInterfaceStyle: String, CaseIterable, Sendable {
    case light, dark
}

/// A colour with one value per appearance, as a dynamic `UIColor` (`UIColor(dynamicProvider:)`
/// or an asset-catalogue colour set with Any and Dark appearances).
public struct DynamicColor: Hashable, Sendable {
    public var light: Color
    public var dark: Color

    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both appearances.
    public init(_ color: Color) { self.init(light: color, dark: color) }

    /// The value shown in `style`, as `resolvedColor(with:)`.
    public func resolved(for style: UserInterfaceStyle) -> Color { style == .light ? light : dark }
}
