/// The reader's preferred text size (`UIContentSizeCategory`, Settings › Display & Brightness ›
/// Text Size and Accessibility › Larger Text): seven standard sizes and five accessibility ones,
/// spelled as UIKit's constants. Text styles take their point sizes from it (`TextStyle.metrics(for:)`)
/// and `FontMetrics` scales custom sizes and lengths by it.
public enum ContentSizeCategory: String, CaseIterable, Comparable, Decodable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
         accessibilityExtraExtraExtraLarge

    /// iOS's default, `large`.
    public static let `default` = ContentSizeCategory.large

    /// Whether it is one of the five larger accessibility sizes (`isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// `UIFontMetrics`: scales a custom font or a length the way one text style scales between the
/// default content size and another, so a custom face or a spacing grows with Dynamic Type.
///
/// UIKit publishes no formula for its scaling curve; the factor here is the text style's published
/// size at the category over its size at `large` (the HIG's Dynamic Type table, `TextStyle.ramp`),
/// which reproduces the text styles' own sizes exactly and scales everything else in proportion.
public struct FontMetrics: Equatable, Sendable {
    /// The style whose curve is followed (`UIFontMetrics(forTextStyle:)`).
    public let textStyle: TextStyle

    /// Metrics following `textStyle`'s curve.
    public init(forTextStyle textStyle: TextStyle) { self.textStyle = textStyle }

    /// `UIFontMetrics.default`: the body style's curve.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// How much `category` enlarges this style against the default size.
    public func scale(for category: ContentSizeCategory) -> Double {
        textStyle.metrics(for: category).size / textStyle.metrics.size
    }

    /// `scaledValue(for:compatibleWith:)`: `value` grown or shrunk as the style is at `category`.
    public func scaledValue(for value: Double, compatibleWith category: ContentSizeCategory) -> Double {
        value * scale(for: category)
    }

    /// `scaledFont(for:compatibleWith:)`: the same face at its point size scaled for `category`.
    public func scaledFont(for font: Font, compatibleWith category: ContentSizeCategory) -> Font {
        Font(font.typeface, size: scaledValue(for: font.pointSize, compatibleWith: category))
    }
}
