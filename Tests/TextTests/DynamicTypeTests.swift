import Testing
@testable import Text

/// Dynamic Type: text styles at every content size category, and UIFontMetrics' scaling.
@Suite struct DynamicTypeTests {
    /// Apple's published point sizes (Human Interface Guidelines, Typography: "iOS, iPadOS Dynamic
    /// Type sizes" and "larger accessibility type sizes"), one row per category from extraSmall to
    /// accessibilityExtraExtraExtraLarge, styles from largeTitle to caption2.
    static let published: [[Double]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],
    ]

    @Test func everyCategoryGivesApplesPublishedPointSizeForEveryTextStyle() {
        #expect(ContentSizeCategory.allCases.count == 12)
        for (category, sizes) in zip(ContentSizeCategory.allCases, Self.published) {
            for (style, size) in zip(TextStyle.allCases, sizes) {
                #expect(style.metrics(for: category).size == size, "\(style) at \(category)")
                #expect(Font.preferred(style, contentSize: category).pointSize == size)
                #expect(style.metrics(for: category).weight == (style == .headline ? .semibold : .regular))
            }
        }
    }

    @Test func categoriesAreOrderedAndTheLastFiveAreAccessibilitySizes() {
        #expect(ContentSizeCategory.default == .large)
        #expect(ContentSizeCategory.extraSmall < .accessibilityMedium)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
        #expect(ContentSizeCategory(rawValue: "accessibilityExtraLarge") == .accessibilityExtraLarge)
    }

    @Test func fontMetricsScaleAValueAsTheirStyleScales() throws {
        // Body is 17 pt at large and 40 pt at accessibilityExtraLarge: 44 pt of spacing grows by 40/17.
        #expect(FontMetrics.default.scaledValue(for: 44, compatibleWith: .large) == 44)
        #expect(abs(FontMetrics.default.scaledValue(for: 17, compatibleWith: .accessibilityExtraLarge) - 40) < 1e-12)
        #expect(abs(FontMetrics(forTextStyle: .caption2).scaledValue(for: 22, compatibleWith: .extraSmall) - 22) < 1e-12)
        let custom = try FontLibrary.font(named: "Avenir-Medium", size: 17)
        let scaled = FontMetrics.default.scaledFont(for: custom, compatibleWith: .extraExtraExtraLarge)
        #expect(scaled.typeface == custom.typeface)
        #expect(abs(scaled.pointSize - 23) < 1e-12)
    }
}
