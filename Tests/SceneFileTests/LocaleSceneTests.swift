import Foundation
import Geometry
import PoppingRender
import Scene
@testable import SceneFile
import Testing

/// Locales in scene files: `strings:` tables and string catalogs translate texts, and a
/// right-to-left language lays the screen out right to left unless a direction is given.
@Suite struct LocaleSceneTests {
    private static let screen = """
        views:
          - {label: title, text: Sign In, font: body}
          - {button: go, title: Continue, backgroundColor: systemBlue}
          - {textField: name, placeholder: Name}
        constraints:
          - "H:|-20-[title]"
          - "H:|-20-[go(100)]"
          - "H:|-20-[name(100)]"
          - "V:|-40-[title]-[go(40)]-[name(30)]"
        strings:
          de: {Sign In: Anmelden, Continue: Weiter}
          pt: {Sign In: Entrar}
          he: {Sign In: "כניסה"}
        """

    private func start(_ yaml: String, locale: String?, direction: LayoutDirection? = nil,
                       folder: URL = FileManager.default.temporaryDirectory, name: String = "locale-\(UUID().uuidString)") throws -> DemoRun {
        let path = folder.appendingPathComponent(name + ".yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try SceneFile.load(path: path).start(DemoSettings(screenSize: Size(320, 568), layoutDirection: direction, locale: locale))
        run.stage.window.layoutIfNeeded()
        return run
    }

    private func label(_ run: DemoRun) throws -> Label { try #require(run.stage.window.view(named: "title") as? Label) }

    @Test func aLocaleTranslatesTextsItsTableHasAndKeepsTheRest() throws {
        let de = try start(Self.screen, locale: "de")
        #expect(try label(de).text == "Anmelden")
        #expect((de.stage.window.view(named: "go") as? Button)?.title == "Weiter")
        #expect((de.stage.window.view(named: "name") as? TextField)?.placeholder == "Name")
        #expect(de.stage.localeIdentifier == "de")
        #expect(try label(start(Self.screen, locale: nil)).text == "Sign In")
        #expect(try label(start(Self.screen, locale: "pt-BR")).text == "Entrar")
        #expect(try label(start(Self.screen, locale: "fr")).text == "Sign In")
    }

    @Test func aRightToLeftLanguageLaysOutRightToLeftUnlessADirectionIsGiven() throws {
        let he = try start(Self.screen, locale: "he")
        #expect(he.stage.layoutDirection == .rightToLeft)
        #expect(try label(he).frame.maxX == 300)
        #expect(try start(Self.screen, locale: "he", direction: .leftToRight).stage.layoutDirection == .leftToRight)
        #expect(try start("screen: {locale: ar}\n" + Self.screen, locale: nil).stage.layoutDirection == .rightToLeft)
        #expect(try start(Self.screen, locale: "de").stage.layoutDirection == .leftToRight)
        #expect(Locales.layoutDirection(of: "fa-IR") == .rightToLeft)
    }

    @Test func aStringCatalogBesideTheSceneAddsTranslations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Continue": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "続ける"}}}}, "Sign In": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Einloggen"}}}}}}"#
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("screen.xcstrings"))
        let ja = try start(Self.screen, locale: "ja", folder: folder, name: "screen")
        #expect((ja.stage.window.view(named: "go") as? Button)?.title == "続ける")
        // The scene's own table wins over the catalog.
        #expect(try label(start(Self.screen, locale: "de", folder: folder, name: "screen")).text == "Anmelden")
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("screen.xcstrings"))
        #expect(throws: SceneProblems.self) { try start(Self.screen, locale: "de", folder: folder, name: "screen") }
    }

    @Test func stringsFilesInLocaleFoldersAddTranslations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-\(UUID().uuidString)")
        for locale in ["fr", "ja", "Base"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(locale + ".lproj"), withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let french = "/* The sign-in screen */\n\"Sign In\" = \"Se connecter\";\n// the button\n\"Continue\" = \"Continuer \\\"ici\\\"\";\n"
        try Data(french.utf8).write(to: folder.appendingPathComponent("fr.lproj/screen.strings"))
        // UTF-16 with its byte order mark, as older Xcode projects wrote them.
        let japanese = "\"Continue\" = \"続ける\";"
        try Data([0xFF, 0xFE] + japanese.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: folder.appendingPathComponent("ja.lproj/screen.strings"))
        try Data("\"Sign In\" = \"Base\";".utf8).write(to: folder.appendingPathComponent("Base.lproj/screen.strings"))
        let fr = try start(Self.screen, locale: "fr", folder: folder, name: "screen")
        #expect(try label(fr).text == "Se connecter")
        #expect((fr.stage.window.view(named: "go") as? Button)?.title == "Continuer \"ici\"")
        #expect((try start(Self.screen, locale: "ja", folder: folder, name: "screen").stage.window.view(named: "go") as? Button)?.title == "続ける")
        #expect(try label(start(Self.screen, locale: nil, folder: folder, name: "screen")).text == "Sign In")
        try Data("\"Sign In\" = \"Se connecter\"\n\"Continue\" = \"Continuer\";".utf8).write(to: folder.appendingPathComponent("fr.lproj/screen.strings"))
        let problems = SceneFile.problems(in: Array(Self.screen.utf8), file: "screen.yaml", folder: folder).map(\.description)
        #expect(problems.contains { $0.contains("fr.lproj/screen.strings: line 2: expected ';' after the value of \"Sign In\"") }, "\(problems)")
    }

    @Test func aStringsFileReadsEscapesCommentsAndBareWords() throws {
        let table = try StringsFile.table(from: Array("a = b; /* c = d; */ \"tab\\t\" = \"\\U00e9\\n\";".utf8))
        #expect(table == ["a": "b", "tab\t": "é\n"])
        #expect(throws: StringsFile.Problem(line: 1, message: "a comment opened with /* is not closed")) {
            try StringsFile.table(from: Array("/* open".utf8))
        }
        #expect(throws: StringsFile.Problem(line: 2, message: "a string opened with \" is not closed")) {
            try StringsFile.table(from: Array("\n\"a\" = \"b".utf8))
        }
    }

    @Test func badLocalesAreProblemsWhereTheyAreWritten() {
        #expect(SceneProblemTests.problems("screen: {locale: english!}\n").contains { $0.contains("'english!' is not a locale identifier") })
        #expect(SceneProblemTests.problems("strings: {deutsch-land-xyz-123456789: {a: b}}\n").contains { $0.contains("is not a locale identifier") })
        #expect(Locales.isValid("zh-Hans") && Locales.isValid("es-419") && Locales.isValid("pt_BR"))
        #expect(!Locales.isValid("e") && !Locales.isValid("de-") && !Locales.isValid("../x"))
    }
}
