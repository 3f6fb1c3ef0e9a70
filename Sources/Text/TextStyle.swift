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
    public var metrics: Metrics { TextStyle.ramp["large"]![self]! }

    /// The type ramp by content size category (UIContentSizeCategory's names) and style: the one
    /// table of Apple's published sizes, from the Human Interface Guidelines' Typography page
    /// ("iOS, iPadOS Dynamic Type sizes", the Large (default) column: style, weight, size,
    /// leading). The other categories' columns belong beside this one.
    public static let ramp: [String: [TextStyle: Metrics]] = [
        "large": [
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
    ]
}
