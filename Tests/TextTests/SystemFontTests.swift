import Geometry
import GoldenTesting
import Raster
import Testing
@testable import Text

/// The system font in UIKit's weights and the text styles at the default content size.
@Suite struct SystemFontTests {
    @Test func everyWeightIsItsOwnBundledFaceWithSFProVerticalMetrics() throws {
        let faces = Font.Weight.allCases.map(\.face)
        #expect(Set(faces).count == 9)
        for weight in Font.Weight.allCases {
            let font = Font.system(size: 17, weight: weight)
            #expect(font.typeface.unitsPerEm == 2048)
            #expect((font.typeface.ascender, font.typeface.descender, font.typeface.lineGap) == (1950, -494, 0))
            // UIFont.systemFont(ofSize: 17): ascender 16.1865234375, descender -4.1005859375, lineHeight 20.287109375.
            #expect(font.ascender == 16.1865234375)
            #expect(font.descender == -4.1005859375)
            #expect(font.lineHeight == 20.287109375)
        }
    }

    @Test func heavierWeightsSetTheSameWordWider() {
        let widths = Font.Weight.allCases.map { Font.system(size: 17, weight: $0).size(of: "Semibold").width }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "\(widths)")
    }

    @Test func weightsAreNamedAsUIFontWeightNamesThem() {
        #expect(Font.Weight(named: "semibold") == .semibold)
        #expect(Font.Weight(named: "ultraLight") == .ultraLight)
        #expect(Font.Weight(named: "UltraLight") == .ultraLight)
        #expect(Font.Weight(named: "demibold") == nil)
        #expect(Font.Weight.allCases.map(\.value) == [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
    }

    @Test func textStylesHaveTheHIGSizesWeightsAndLeadingAtLarge() {
        let expected: [(TextStyle, Double, Font.Weight, Double)] = [
            (.largeTitle, 34, .regular, 41), (.title1, 28, .regular, 34), (.title2, 22, .regular, 28),
            (.title3, 20, .regular, 25), (.headline, 17, .semibold, 22), (.body, 17, .regular, 22),
            (.callout, 16, .regular, 21), (.subheadline, 15, .regular, 20), (.footnote, 13, .regular, 18),
            (.caption1, 12, .regular, 16), (.caption2, 11, .regular, 13),
        ]
        #expect(expected.map(\.0) == TextStyle.allCases)
        for (style, size, weight, leading) in expected {
            #expect(style.metrics == TextStyle.Metrics(size: size, weight: weight, leading: leading), "\(style)")
            #expect(Font.preferred(style) == Font.system(size: size, weight: weight))
        }
    }

    @Test func systemFaceNamesAreFontNamesToo() throws {
        #expect(FontLibrary.face(named: "Inter-SemiBold") == .interSemiBold)
        #expect(try FontLibrary.font(named: "inter-black", size: 12) == Font.system(size: 12, weight: .black))
    }

    /// Every weight and every text style drawn at 2x; open Tests/Goldens/TextTests/system-font@2x.png to review.
    @Test func weightsAndTextStylesSpecimen() throws {
        let rows = Font.Weight.allCases.map { ("System 17 \($0.rawValue)", Font.system(size: 17, weight: $0)) }
            + TextStyle.allCases.map { ("\($0.rawValue) Aa Bb Cc 123", Font.preferred($0)) }
        let rowHeight = 44.0, scale = 2.0
        let canvas = Canvas(width: Int(360 * scale), height: Int(rowHeight * Double(rows.count) * scale), background: .white)
        for (i, (text, font)) in rows.enumerated() {
            let label = LabelLayout(text: text, font: font, in: Rect(12, Double(i) * rowHeight, 340, rowHeight))
            canvas.draw(label, color: .black, transform: .scale(scale, scale))
        }
        try assertGolden(canvas.pixmap, named: "system-font@2x", suite: "TextTests")
    }
}
