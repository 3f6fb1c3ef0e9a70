import Foundation
import Testing

/// `popping-render text` shapes in the locale `--locale` names, as scenes do.
@Suite struct TextCommandTests {
    /// The PNG `text` writes for `arguments`.
    static func rendered(_ arguments: [String]) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("t.png").path
        let r = try popping(["text"] + arguments + ["--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    @Test func theLocalePicksTheFontsFormsForItsLanguage() throws {
        // Romanian ş is drawn with a comma below, not a cedilla.
        #expect(try Self.rendered(["ş"]) != Self.rendered(["ş", "--locale", "ro"]))
        #expect(try Self.rendered(["ş"]) == Self.rendered(["ş", "--locale", "en"]))
    }

    @Test func aRightToLeftLocaleOrdersNeutralTextRightToLeft() throws {
        // "1 - 2" has no strong letter: in Hebrew it reads 2 - 1 from the left.
        #expect(try Self.rendered(["1 - 2"]) != Self.rendered(["1 - 2", "--locale", "he"]))
        #expect(try Self.rendered(["1 - 2", "--locale", "he"]) == Self.rendered(["2 - 1"]))
    }

    @Test func aLocaleThatIsNoIdentifierIsRefused() throws {
        let r = try popping(["text", "hi", "--locale", "../x", "--out", "/tmp/never-written.png"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: --locale ../x: is not a locale identifier"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }
}
