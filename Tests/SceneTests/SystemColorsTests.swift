import Geometry
import Scene
import Testing

/// UIKit's system and semantic colours resolve to Apple's published light and dark values.
@Suite struct SystemColorsTests {
    static let required = [
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown",
        "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "systemBackground", "secondarySystemBackground",
        "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
        "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "link", "placeholderText", "systemFill",
        "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "tintColor",
    ]

    @Test func everyColourTheIssueNamesIsKnownOnceInTheListedOrder() {
        for name in Self.required { #expect(SystemColors.named(name) != nil, "\(name)") }
        #expect(Set(SystemColors.names).count == SystemColors.names.count)
    }

    @Test func backgroundsAndLabelsSwapBetweenLightAndDark() throws {
        let background = try #require(SystemColors.named("systemBackground"))
        #expect(background.resolved(for: .light) == .white)
        #expect(background.resolved(for: .dark) == .black)
        let label = try #require(SystemColors.named("label"))
        #expect(label.resolved(for: .light) == .black && label.resolved(for: .dark) == .white)
        let grouped = try #require(SystemColors.named("secondarySystemGroupedBackground"))
        #expect(grouped.dark == Color(r255: 28, g: 28, b: 30))
    }

    @Test func secondaryLabelKeepsItsTransparencyInBothAppearances() throws {
        let secondary = try #require(SystemColors.named("secondaryLabel"))
        #expect(secondary.light == Color(r255: 60, g: 60, b: 67, alpha: 0.6))
        #expect(secondary.dark == Color(r255: 235, g: 235, b: 245, alpha: 0.6))
    }

    @Test func systemColoursAreBrighterInDarkAndGraysStepTowardsTheBackground() throws {
        let red = try #require(SystemColors.named("systemRed"))
        #expect(red.light == Color(r255: 255, g: 59, b: 48) && red.dark == Color(r255: 255, g: 69, b: 58))
        let grays = try (2...6).map { try #require(SystemColors.named("systemGray\($0)")) }
        for (a, b) in zip(grays, grays.dropFirst()) {
            #expect(a.light.red < b.light.red, "light grays grow lighter")
            #expect(a.dark.red > b.dark.red, "dark grays grow darker")
        }
    }
}

/// The translucent colours' alphas, as UIKit resolves them (8-bit, from the tables cited in `SystemColors`).
@Suite struct SystemColorAlphaTests {
    @Test(arguments: [
        ("quaternaryLabel", 45, 40), ("tertiaryLabel", 76, 76), ("placeholderText", 76, 76), ("separator", 73, 153),
        ("systemFill", 51, 91), ("secondarySystemFill", 40, 81), ("tertiarySystemFill", 30, 61), ("quaternarySystemFill", 20, 45),
    ])
    func translucentColoursCarryUIKitsAlphaInEachAppearance(name: String, light: Int, dark: Int) throws {
        let colour = try #require(SystemColors.named(name))
        // The tables give 8-bit alphas, truncated: UIKit's fractions lie within one step above them.
        #expect((0..<1).contains(colour.light.alpha * 255 - Double(light)), "light \(colour.light.alpha)")
        #expect((0..<1).contains(colour.dark.alpha * 255 - Double(dark)), "dark \(colour.dark.alpha)")
    }
}
