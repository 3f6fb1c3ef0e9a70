import Foundation
import Geometry
@testable import SVG
import Testing
import Text

/// Which face SVG text gets: the machine's fonts through fontconfig as Chromium picks them on
/// Linux, fonts from given folders, the bundled faces, and what is synthesised.
@Suite struct FontSourceTests {
    /// The Debian fonts the system tests need (`fonts-liberation2` or `fonts-liberation`; CI
    /// installs them): without them those tests are skipped, not failed.
    static let liberationInstalled = ["/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
                                      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"]
        .contains { FileManager.default.fileExists(atPath: $0) }

    private static let system = try! FontSources(system: true, folders: [])

    /// The file name of the face chosen for `families` at `weight` and `style`.
    private func chosen(_ families: String, weight: Int = 400, style: FontStyle = .normal,
                        sources: FontSources = system) -> ChosenFace? {
        FontFinder(svgName: "t.svg", sources: sources).face(FontRequest(families: families, weight: weight, style: style))
    }

    private func fileName(_ face: ChosenFace?) -> String? {
        face.map { URL(fileURLWithPath: $0.typeface.name).lastPathComponent }
    }

    /// A folder holding the test fixture face (family "Fixture", one regular face).
    private func fixtureFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TextTests/Fixtures/KernFixture.ttf")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: folder + "/KernFixture.ttf")
        return folder
    }

    @Test(.enabled(if: liberationInstalled))
    func arialTimesAndCourierResolveToLiberation() {
        #expect(fileName(chosen("Arial")) == "LiberationSans-Regular.ttf")
        #expect(fileName(chosen("'Times New Roman', serif")) == "LiberationSerif-Regular.ttf")
        #expect(fileName(chosen("\"Courier New\"")) == "LiberationMono-Regular.ttf")
    }

    @Test(.enabled(if: liberationInstalled))
    func genericFamiliesAreChromiumsDefaults() {
        // sans-serif is Arial and serif Times New Roman in Chromium's Linux settings.
        #expect(fileName(chosen("sans-serif")) == "LiberationSans-Regular.ttf")
        #expect(fileName(chosen("serif")) == "LiberationSerif-Regular.ttf")
        // No family at all is the standard font, Times New Roman.
        #expect(fileName(chosen("")) == "LiberationSerif-Regular.ttf")
    }

    @Test(.enabled(if: liberationInstalled))
    func boldAndItalicPickTheirFaces() throws {
        let boldItalic = try #require(chosen("Arial", weight: 700, style: .italic))
        #expect(fileName(boldItalic) == "LiberationSans-BoldItalic.ttf")
        #expect(!boldItalic.syntheticBold && !boldItalic.syntheticItalic)
        #expect(fileName(chosen("Arial", weight: 600)) == "LiberationSans-Bold.ttf")
        #expect(fileName(chosen("Arial", weight: 500)) == "LiberationSans-Regular.ttf")
        #expect(fileName(chosen("Arial", style: .oblique)) == "LiberationSans-Italic.ttf")
    }

    @Test(.enabled(if: liberationInstalled))
    func unknownFamiliesFallThroughTheList() {
        #expect(fileName(chosen("NoSuchFamily, Arial")) == "LiberationSans-Regular.ttf")
        // None installed: Chromium's standard font.
        #expect(fileName(chosen("NoSuchFamily")) == "LiberationSerif-Regular.ttf")
    }

    @Test(.enabled(if: liberationInstalled && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
    func aCharacterTheFaceLacksTakesFontconfigsFaceForIt() throws {
        // Liberation Sans has no ♔ (U+2654); fontconfig's first face with it is a regular one
        // (fallback ignores the weight and style asked for, as Chromium's does), so bold italic
        // is drawn emboldened and slanted.
        let face = try #require(chosen("Arial"))
        #expect(!face.typeface.covers("\u{2654}"))
        let finder = FontFinder(svgName: "t.svg", sources: Self.system)
        let fallback = try #require(finder.fallback(for: "\u{2654}", FontRequest(families: "Arial", weight: 700, style: .italic), language: nil))
        #expect(fallback.typeface.covers("\u{2654}") && fallback.typeface.name.contains("DejaVu"))
        #expect(fallback.syntheticBold && fallback.syntheticItalic)
        // Only the bundled faces: nothing from the machine, the bundled fallback faces do it.
        #expect(FontFinder(svgName: "t.svg", sources: .bundledOnly).fallback(for: "\u{2654}", FontRequest(families: "Arial", weight: 400, style: .normal), language: nil) == nil)
    }

    @Test func withoutSystemFontsTheBundledFacesAreUsed() throws {
        for sources in [FontSources.bundledOnly, try FontSources(system: false, folders: [])] {
            #expect(chosen("Arial", sources: sources)?.typeface.name == "NunitoSans-Regular")
            #expect(chosen("serif", weight: 700, sources: sources)?.typeface.name == "NunitoSans-Medium")
            #expect(chosen("NoSuchFamily", weight: 300, sources: sources)?.typeface.name == "NunitoSans-Light")
        }
    }

    @Test func aFontDirectorysFaceIsUsedAndSynthesisedWhereItLacksAStyle() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let given = try FontSources(system: false, folders: [folder])
        let regular = try #require(chosen("Fixture", sources: given))
        #expect(fileName(regular) == "KernFixture.ttf")
        #expect(!regular.syntheticBold && !regular.syntheticItalic)
        let boldItalic = try #require(chosen("NoSuchFamily, Fixture", weight: 700, style: .italic, sources: given))
        #expect(fileName(boldItalic) == "KernFixture.ttf")
        #expect(boldItalic.syntheticBold && boldItalic.syntheticItalic)
        // Only the given fonts: a family they lack is the bundled face, whatever the machine has.
        #expect(chosen("Arial", sources: given)?.typeface.name == "NunitoSans-Regular")
    }

    @Test func syntheticStylesChangeTheOutlines() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let given = try FontSources(system: false, folders: [folder])
        func bounds(_ style: String) throws -> Rect {
            let text = "<svg width=\"200\" height=\"100\"><text x=\"10\" y=\"60\" font-size=\"40\" font-family=\"Fixture\" \(style)>AV</text></svg>"
            return try #require(VectorImage.parse(text: text, name: "t.svg", fonts: given).shapes.first).path.bounds
        }
        let plain = try bounds(""), bold = try bounds("font-weight=\"bold\""), italic = try bounds("font-style=\"italic\"")
        // Emboldened outlines grow on every side; slanted ones lean right above the baseline.
        #expect(bold.width > plain.width && bold.height > plain.height)
        #expect(italic.maxX > plain.maxX && abs(italic.height - plain.height) < 1e-9)
    }

    @Test func aMissingFontDirectoryIsAnError() {
        #expect(throws: SVGError.self) { try FontSources(system: false, folders: ["/no/such/folder"]) }
        #expect(throws: SVGError.self) { try FontSources(system: false, folders: [#filePath]) }
    }

    @Test func familyListsAreSplitAndUnquoted() {
        let finder = FontFinder(svgName: "t.svg", sources: .bundledOnly)
        let names = finder.familyNames(#" 'Bitstream  Vera', "A, B" ,Times   New Roman, SERIF, 'monospace' "#)
        #expect(names.map(\.name) == ["Bitstream  Vera", "A, B", "Times New Roman", "serif", "monospace"])
        #expect(names.map(\.generic) == [false, false, false, true, false])
    }
}
