import Geometry

/// The system colours UIKit's controls draw with, each with its light and dark value (from
/// `SystemColors`: the HIG's published values).
enum ControlPalette {
    private static func named(_ name: String) -> DynamicColor {
        // Every name below is in SystemColors' table, which the Appearance tests check.
        SystemColors.named(name)!
    }

    static let systemGreen = named("systemGreen")
    static let systemRed = named("systemRed")
    static let systemGray = named("systemGray")
    static let label = named("label")
    static let secondaryLabel = named("secondaryLabel")
    static let tertiaryLabel = named("tertiaryLabel")
    static let separator = named("separator")
    static let systemFill = named("systemFill")
    static let secondarySystemFill = named("secondarySystemFill")
    static let tertiarySystemFill = named("tertiarySystemFill")
    static let systemBackground = named("systemBackground")
    static let systemGroupedBackground = named("systemGroupedBackground")
    static let secondarySystemGroupedBackground = named("secondarySystemGroupedBackground")
}

extension DrawContext {
    /// The value of a dynamic colour in the appearance being drawn.
    func resolve(_ color: DynamicColor) -> Color { color.resolved(for: userInterfaceStyle) }
}
