/// UIKit's text styles (`UIFont.TextStyle`), the sizes Dynamic Type scales.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// A text style's font at one content size category.
    public struct Metrics: Equatable, Sendable {
        /// The point size.
        public let size: Double
        /// The system font's weight.
        public let weight: Font.Weight
        /// The distance between baselines Apple's design resources give for the style (the HIG's
        /// "leading" column), in points. UILabel itself spaces lines by the font's `lineHeight`.
        public let leading: Double
    }

    /// The style's metrics at the default content size category (`large`).
    public var metrics: Metrics { metrics(for: .default) }

    /// The style's metrics at `category`: `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
    public func metrics(for category: ContentSizeCategory) -> Metrics { TextStyle.ramp[category]![self]! }

    /// The type ramp by content size category and style: the one table of Apple's published
    /// sizes, from the Human Interface Guidelines' Typography page, "iOS, iPadOS Dynamic Type
    /// sizes" (xSmall … xxxLarge) and "iOS, iPadOS larger accessibility type sizes" (AX1 … AX5):
    /// style, weight, size, leading. Headline is semibold in every column, the rest regular.
    public static let ramp: [ContentSizeCategory: [TextStyle: Metrics]] = [
        .extraSmall: [
            .largeTitle: Metrics(size: 31, weight: .regular, leading: 38),
            .title1: Metrics(size: 25, weight: .regular, leading: 31),
            .title2: Metrics(size: 19, weight: .regular, leading: 24),
            .title3: Metrics(size: 17, weight: .regular, leading: 22),
            .headline: Metrics(size: 14, weight: .semibold, leading: 19),
            .body: Metrics(size: 14, weight: .regular, leading: 19),
            .callout: Metrics(size: 13, weight: .regular, leading: 18),
            .subheadline: Metrics(size: 12, weight: .regular, leading: 16),
            .footnote: Metrics(size: 12, weight: .regular, leading: 16),
            .caption1: Metrics(size: 11, weight: .regular, leading: 13),
            .caption2: Metrics(size: 11, weight: .regular, leading: 13),
        ],
        .small: [
            .largeTitle: Metrics(size: 32, weight: .regular, leading: 39),
            .title1: Metrics(size: 26, weight: .regular, leading: 32),
            .title2: Metrics(size: 20, weight: .regular, leading: 25),
            .title3: Metrics(size: 18, weight: .regular, leading: 23),
            .headline: Metrics(size: 15, weight: .semibold, leading: 20),
            .body: Metrics(size: 15, weight: .regular, leading: 20),
            .callout: Metrics(size: 14, weight: .regular, leading: 19),
            .subheadline: Metrics(size: 13, weight: .regular, leading: 18),
            .footnote: Metrics(size: 12, weight: .regular, leading: 16),
            .caption1: Metrics(size: 11, weight: .regular, leading: 13),
            .caption2: Metrics(size: 11, weight: .regular, leading: 13),
        ],
        .medium: [
            .largeTitle: Metrics(size: 33, weight: .regular, leading: 40),
            .title1: Metrics(size: 27, weight: .regular, leading: 33),
            .title2: Metrics(size: 21, weight: .regular, leading: 26),
            .title3: Metrics(size: 19, weight: .regular, leading: 24),
            .headline: Metrics(size: 16, weight: .semibold, leading: 21),
            .body: Metrics(size: 16, weight: .regular, leading: 21),
            .callout: Metrics(size: 15, weight: .regular, leading: 20),
            .subheadline: Metrics(size: 14, weight: .regular, leading: 19),
            .footnote: Metrics(size: 12, weight: .regular, leading: 16),
            .caption1: Metrics(size: 11, weight: .regular, leading: 13),
            .caption2: Metrics(size: 11, weight: .regular, leading: 13),
        ],
        .large: [
            .largeTitle: Metrics(size: 34, weight: .regular, leading: 41),
            .title1: Metrics(size: 28, weight: .regular, leading: 34),
            .title2: Metrics(size: 22, weight: .regular, leading: 28),
            .title3: Metrics(size: 20, weight: .regular, leading: 25),
            .headline: Metrics(size: 17, weight: .semibold, leading: 22),
            .body: Metrics(size: 17, weight: .regular, leading: 22),
            .callout: Metrics(size: 16, weight: .regular, leading: 21),
            .subheadline: Metrics(size: 15, weight: .regular, leading: 20),
            .footnote: Metrics(size: 13, weight: .regular, leading: 18),
            .caption1: Metrics(size: 12, weight: .regular, leading: 16),
            .caption2: Metrics(size: 11, weight: .regular, leading: 13),
        ],
        .extraLarge: [
            .largeTitle: Metrics(size: 36, weight: .regular, leading: 43),
            .title1: Metrics(size: 30, weight: .regular, leading: 37),
            .title2: Metrics(size: 24, weight: .regular, leading: 30),
            .title3: Metrics(size: 22, weight: .regular, leading: 28),
            .headline: Metrics(size: 19, weight: .semibold, leading: 24),
            .body: Metrics(size: 19, weight: .regular, leading: 24),
            .callout: Metrics(size: 18, weight: .regular, leading: 23),
            .subheadline: Metrics(size: 17, weight: .regular, leading: 22),
            .footnote: Metrics(size: 15, weight: .regular, leading: 20),
            .caption1: Metrics(size: 14, weight: .regular, leading: 19),
            .caption2: Metrics(size: 13, weight: .regular, leading: 18),
        ],
        .extraExtraLarge: [
            .largeTitle: Metrics(size: 38, weight: .regular, leading: 46),
            .title1: Metrics(size: 32, weight: .regular, leading: 39),
            .title2: Metrics(size: 26, weight: .regular, leading: 32),
            .title3: Metrics(size: 24, weight: .regular, leading: 30),
            .headline: Metrics(size: 21, weight: .semibold, leading: 26),
            .body: Metrics(size: 21, weight: .regular, leading: 26),
            .callout: Metrics(size: 20, weight: .regular, leading: 25),
            .subheadline: Metrics(size: 19, weight: .regular, leading: 24),
            .footnote: Metrics(size: 17, weight: .regular, leading: 22),
            .caption1: Metrics(size: 16, weight: .regular, leading: 21),
            .caption2: Metrics(size: 15, weight: .regular, leading: 20),
        ],
        .extraExtraExtraLarge: [
            .largeTitle: Metrics(size: 40, weight: .regular, leading: 48),
            .title1: Metrics(size: 34, weight: .regular, leading: 41),
            .title2: Metrics(size: 28, weight: .regular, leading: 34),
            .title3: Metrics(size: 26, weight: .regular, leading: 32),
            .headline: Metrics(size: 23, weight: .semibold, leading: 29),
            .body: Metrics(size: 23, weight: .regular, leading: 29),
            .callout: Metrics(size: 22, weight: .regular, leading: 28),
            .subheadline: Metrics(size: 21, weight: .regular, leading: 28),
            .footnote: Metrics(size: 19, weight: .regular, leading: 24),
            .caption1: Metrics(size: 18, weight: .regular, leading: 23),
            .caption2: Metrics(size: 17, weight: .regular, leading: 22),
        ],
        .accessibilityMedium: [
            .largeTitle: Metrics(size: 44, weight: .regular, leading: 52),
            .title1: Metrics(size: 38, weight: .regular, leading: 46),
            .title2: Metrics(size: 34, weight: .regular, leading: 41),
            .title3: Metrics(size: 31, weight: .regular, leading: 38),
            .headline: Metrics(size: 28, weight: .semibold, leading: 34),
            .body: Metrics(size: 28, weight: .regular, leading: 34),
            .callout: Metrics(size: 26, weight: .regular, leading: 32),
            .subheadline: Metrics(size: 25, weight: .regular, leading: 31),
            .footnote: Metrics(size: 23, weight: .regular, leading: 29),
            .caption1: Metrics(size: 22, weight: .regular, leading: 28),
            .caption2: Metrics(size: 20, weight: .regular, leading: 25),
        ],
        .accessibilityLarge: [
            .largeTitle: Metrics(size: 48, weight: .regular, leading: 57),
            .title1: Metrics(size: 43, weight: .regular, leading: 51),
            .title2: Metrics(size: 39, weight: .regular, leading: 47),
            .title3: Metrics(size: 37, weight: .regular, leading: 44),
            .headline: Metrics(size: 33, weight: .semibold, leading: 40),
            .body: Metrics(size: 33, weight: .regular, leading: 40),
            .callout: Metrics(size: 32, weight: .regular, leading: 39),
            .subheadline: Metrics(size: 30, weight: .regular, leading: 37),
            .footnote: Metrics(size: 27, weight: .regular, leading: 33),
            .caption1: Metrics(size: 26, weight: .regular, leading: 32),
            .caption2: Metrics(size: 24, weight: .regular, leading: 30),
        ],
        .accessibilityExtraLarge: [
            .largeTitle: Metrics(size: 52, weight: .regular, leading: 61),
            .title1: Metrics(size: 48, weight: .regular, leading: 57),
            .title2: Metrics(size: 44, weight: .regular, leading: 52),
            .title3: Metrics(size: 43, weight: .regular, leading: 51),
            .headline: Metrics(size: 40, weight: .semibold, leading: 48),
            .body: Metrics(size: 40, weight: .regular, leading: 48),
            .callout: Metrics(size: 38, weight: .regular, leading: 46),
            .subheadline: Metrics(size: 36, weight: .regular, leading: 43),
            .footnote: Metrics(size: 33, weight: .regular, leading: 40),
            .caption1: Metrics(size: 32, weight: .regular, leading: 39),
            .caption2: Metrics(size: 29, weight: .regular, leading: 35),
        ],
        .accessibilityExtraExtraLarge: [
            .largeTitle: Metrics(size: 56, weight: .regular, leading: 66),
            .title1: Metrics(size: 53, weight: .regular, leading: 62),
            .title2: Metrics(size: 50, weight: .regular, leading: 59),
            .title3: Metrics(size: 49, weight: .regular, leading: 58),
            .headline: Metrics(size: 47, weight: .semibold, leading: 56),
            .body: Metrics(size: 47, weight: .regular, leading: 56),
            .callout: Metrics(size: 44, weight: .regular, leading: 53),
            .subheadline: Metrics(size: 42, weight: .regular, leading: 50),
            .footnote: Metrics(size: 38, weight: .regular, leading: 46),
            .caption1: Metrics(size: 37, weight: .regular, leading: 44),
            .caption2: Metrics(size: 34, weight: .regular, leading: 41),
        ],
        .accessibilityExtraExtraExtraLarge: [
            .largeTitle: Metrics(size: 60, weight: .regular, leading: 70),
            .title1: Metrics(size: 58, weight: .regular, leading: 68),
            .title2: Metrics(size: 56, weight: .regular, leading: 66),
            .title3: Metrics(size: 55, weight: .regular, leading: 65),
            .headline: Metrics(size: 53, weight: .semibold, leading: 62),
            .body: Metrics(size: 53, weight: .regular, leading: 62),
            .callout: Metrics(size: 51, weight: .regular, leading: 60),
            .subheadline: Metrics(size: 49, weight: .regular, leading: 58),
            .footnote: Metrics(size: 44, weight: .regular, leading: 53),
            .caption1: Metrics(size: 43, weight: .regular, leading: 51),
            .caption2: Metrics(size: 40, weight: .regular, leading: 48),
        ],
    ]
}
