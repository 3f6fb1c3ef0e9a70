import Geometry

/// UIKit's system and semantic colours by their names without the `Color` suffix (`systemRed`,
/// `label`, `systemGroupedBackground`), each with its light and dark value.
///
/// Values are the default-contrast sRGB values Apple publishes in the Human Interface Guidelines'
/// Color page (iOS/iPadOS system colours and the dynamic background and foreground colours, as
/// of iOS 17–18), which are the values `UIColor.resolvedColor(with:)` returns on iOS for the
/// base (not elevated) level. Colours with transparency (labels, fills, separator) keep their
/// alpha, as UIKit's do.
///
/// Checked value by value against two tables read off UIKit's `resolvedColor(with:)`: the light
/// values of noahsark769/ColorCompatibility (iOS 13's element colours, as fractions) and the light
/// and dark values of Flutter's `CupertinoColors` (8-bit, base level, default contrast). Every
/// value agrees to the nearest 8-bit step; `systemTeal` and `systemCyan` are iOS 15's (teal became
/// the darker (48, 176, 199) when cyan took iOS 13's teal).
public enum SystemColors {
    /// Each colour's light and dark value, by name.
    public static let byName: [String: DynamicColor] = {
        var table: [String: DynamicColor] = [:]
        for (name, light, dark) in entries { table[name] = DynamicColor(light: light, dark: dark) }
        return table
    }()

    /// The names in the order the HIG lists them, for messages and documentation.
    public static let names: [String] = entries.map(\.0)

    /// The colour named `name` (`label`, `systemBlue`, …), or nil.
    public static func named(_ name: String) -> DynamicColor? { byName[name] }

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(r255: r, g: g, b: b, alpha: a) }

    private static let entries: [(String, Color, Color)] = [
        // System colours (HIG › Color › Specifications › System colors, iOS, default contrast).
        ("systemRed", rgb(255, 59, 48), rgb(255, 69, 58)),
        ("systemOrange", rgb(255, 149, 0), rgb(255, 159, 10)),
        ("systemYellow", rgb(255, 204, 0), rgb(255, 214, 10)),
        ("systemGreen", rgb(52, 199, 89), rgb(48, 209, 88)),
        ("systemMint", rgb(0, 199, 190), rgb(99, 230, 226)),
        ("systemTeal", rgb(48, 176, 199), rgb(64, 200, 224)),
        ("systemCyan", rgb(50, 173, 230), rgb(100, 210, 255)),
        ("systemBlue", rgb(0, 122, 255), rgb(10, 132, 255)),
        ("systemIndigo", rgb(88, 86, 214), rgb(94, 92, 230)),
        ("systemPurple", rgb(175, 82, 222), rgb(191, 90, 242)),
        ("systemPink", rgb(255, 45, 85), rgb(255, 55, 95)),
        ("systemBrown", rgb(162, 132, 94), rgb(172, 142, 104)),
        // System grays (HIG › Color › Specifications › System gray colors, iOS).
        ("systemGray", rgb(142, 142, 147), rgb(142, 142, 147)),
        ("systemGray2", rgb(174, 174, 178), rgb(99, 99, 102)),
        ("systemGray3", rgb(199, 199, 204), rgb(72, 72, 74)),
        ("systemGray4", rgb(209, 209, 214), rgb(58, 58, 60)),
        ("systemGray5", rgb(229, 229, 234), rgb(44, 44, 46)),
        ("systemGray6", rgb(242, 242, 247), rgb(28, 28, 30)),
        // Foreground (UI element colours: label colours, link, placeholder).
        ("label", rgb(0, 0, 0), rgb(255, 255, 255)),
        ("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        ("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        ("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
        ("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        ("link", rgb(0, 122, 255), rgb(9, 132, 255)),
        // Separators.
        ("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
        ("opaqueSeparator", rgb(198, 198, 200), rgb(56, 56, 58)),
        // Fills.
        ("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
        ("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
        ("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
        ("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
        // Backgrounds (HIG › Dark Mode › Dynamic system background colors; base level).
        ("systemBackground", rgb(255, 255, 255), rgb(0, 0, 0)),
        ("secondarySystemBackground", rgb(242, 242, 247), rgb(28, 28, 30)),
        ("tertiarySystemBackground", rgb(255, 255, 255), rgb(44, 44, 46)),
        ("systemGroupedBackground", rgb(242, 242, 247), rgb(0, 0, 0)),
        ("secondarySystemGroupedBackground", rgb(255, 255, 255), rgb(28, 28, 30)),
        ("tertiarySystemGroupedBackground", rgb(242, 242, 247), rgb(44, 44, 46)),
        // The window's default tint is system blue.
        ("tintColor", rgb(0, 122, 255), rgb(10, 132, 255)),
    ]
}
