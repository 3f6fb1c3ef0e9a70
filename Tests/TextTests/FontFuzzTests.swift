import Foundation
import Geometry
import GoldenTesting
import Testing
@testable import Text

/// Property tests over damaged real fonts: every truncation and a fixed-seed series of mutations
/// must either load or throw a `FontError`, never trap or hang; whatever loads must then be
/// usable (every glyph, advance and kerning pair). Inputs that once broke the parser are kept in
/// `Corpus/` and replayed here.
///
/// `FONT_FUZZ_ITERATIONS` runs a longer campaign; `FONT_FUZZ_SAVE=<folder>` writes each input
/// to `<folder>/last.ttf` before parsing it (what a crash leaves behind, for the corpus), and
/// the first input to give each kind of error to `<folder>/<n>.ttf` with the message in `<n>.txt`.
@Suite struct FontFuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["FONT_FUZZ_ITERATIONS"] ?? "") ?? 400
    static let saveFolder = ProcessInfo.processInfo.environment["FONT_FUZZ_SAVE"]

    /// Loads `bytes`; a load must succeed or throw `FontError`. What loads is exercised in full.
    /// Returns the error message, if any.
    @discardableResult
    static func check(_ bytes: [UInt8]) -> String? {
        if let folder = saveFolder {
            FileManager.default.createFile(atPath: folder + "/last.ttf", contents: Data(bytes))
        }
        do {
            let t = try Typeface(bytes: bytes, name: "fuzzed")
            exercise(t)
            return nil
        } catch let error as FontError {
            if let folder = saveFolder { keepIfNew(bytes, error.description, in: folder) }
            return error.description
        } catch {
            Issue.record("threw \(type(of: error)) instead of FontError: \(error)")
            return nil
        }
    }

    nonisolated(unsafe) private static var kinds: Set<String> = []

    /// Saves an input whose message, digits removed, has not been seen in this run.
    private static func keepIfNew(_ bytes: [UInt8], _ message: String, in folder: String) {
        let kind = String(message.filter { !$0.isNumber })
        guard kinds.insert(kind).inserted else { return }
        FileManager.default.createFile(atPath: "\(folder)/\(kinds.count).ttf", contents: Data(bytes))
        FileManager.default.createFile(atPath: "\(folder)/\(kinds.count).txt", contents: Data(message.utf8))
    }

    private static func exercise(_ t: Typeface) {
        let n = min(t.glyphCount, 300)
        for g in 0..<n {
            _ = t.outline(of: g).bounds
            _ = t.advance(of: g)
        }
        for l in stride(from: 0, to: n, by: 7) { for r in stride(from: 0, to: n, by: 5) { _ = t.kerning(l, r) } }
        let font = Font(t, size: 17)
        _ = LabelLayout(text: "AV To: Wj… \u{1F600}", font: font, in: Rect(0, 0, 40, 20), alignment: .center)
    }

    private static let seeds = ["KernFixture", "GPOSFixture"].map(Fixtures.bytes)

    @Test func everyTruncationOfTheFixturesLoadsOrThrows() {
        for font in Self.seeds {
            for length in 0..<font.count { Self.check(Array(font.prefix(length))) }
        }
    }

    @Test func mutatedFixturesLoadOrThrow() {
        var random = SeededGenerator(seed: 20_261_122)
        var failures = 0
        for i in 0..<Self.iterations * 10 {
            var bytes = Self.seeds[i % 2]
            Self.mutate(&bytes, &random)
            if Self.check(bytes) != nil { failures += 1 }
        }
        #expect(failures > 0, "the mutations never produced a malformed font, so they test nothing")
    }

    @Test func mutatedBundledFontLoadsOrThrows() throws {
        let original = Array(try #require(FileManager.default.contents(
            atPath: Fixtures.fontsFolder + "/NunitoSans-Light.ttf")))
        var random = SeededGenerator(seed: 7)
        for _ in 0..<Self.iterations / 10 {
            var bytes = original
            Self.mutate(&bytes, &random)
            Self.check(bytes)
        }
    }

    @Test func corpusInputsLoadOrThrow() throws {
        let folder = Fixtures.folder + "/Corpus"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ttf") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: "\(folder)/\(name)")))
            #expect(Self.check(bytes) != nil, "\(name) is kept because it is malformed; it should not load")
        }
    }

    /// One to four of: a random byte, a 16- or 32-bit field set to an extreme, or a cut at a random point.
    /// Positions favour the start of tables (headers, counts, offsets), where damage reaches furthest.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        let starts = (try? TableDirectory(file: bytes)).map { dir in
            ["head", "maxp", "hhea", "hmtx", "cmap", "loca", "glyf", "kern", "GPOS", "OS/2"].compactMap { dir[$0]?.start }
        } ?? []
        for _ in 0...random.below(4) {
            guard bytes.count > 4 else { return }
            let near = random.below(2) == 0 && !starts.isEmpty ? starts[random.below(starts.count)] + random.below(64) : random.below(bytes.count)
            let at = min(near, bytes.count - 4)
            switch random.below(5) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[at] = 0xFF; bytes[at + 1] = 0xFF
            case 2: bytes[at] = 0; bytes[at + 1] = 0
            case 3: bytes.replaceSubrange(at..<at + 4, with: [0x7F, 0xFF, 0xFF, UInt8(truncatingIfNeeded: random.next())])
            default: bytes.removeSubrange(at...)
            }
        }
    }
}
