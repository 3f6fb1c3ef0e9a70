import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

@Suite struct GoldenHarnessTests {
    private func checker(_ light: UInt8) -> Pixmap {
        var p = Pixmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 {
            let v = (x + y) % 2 == 0 ? light : 40
            p.data.replaceSubrange((y * 8 + x) * 4..<(y * 8 + x) * 4 + 4, with: [v, v, v, 255])
        } }
        return p
    }

    @Test func matchingFramePasses() throws {
        try assertGolden(checker(220), named: "checker", suite: "CodecsTests")
    }

    @Test func changedFrameFailsWithMeasuresAndArtifacts() throws {
        guard !Golden.isRecording else { return }
        var changed = checker(220)
        changed.data[(3 * 8 + 5) * 4] = 0
        do {
            try assertGolden(changed, named: "checker", suite: "CodecsTests")
            Issue.record("a changed frame passed")
        } catch let failure as GoldenFailure {
            let text = failure.description
            #expect(text.contains("1 pixels differ (1 by >2, 1 by >8, 1 by >32 levels)"))
            #expect(text.contains("in x 5...5, y 3...3"))
            #expect(text.contains("PSNR"))
            #expect(FileManager.default.fileExists(atPath: Golden.artifactsFolder + "/CodecsTests/checker.actual.png"))
            #expect(FileManager.default.fileExists(atPath: Golden.artifactsFolder + "/CodecsTests/checker.diff.png"))
        }
    }

    @Test func missingGoldenFailsInsteadOfRecording() throws {
        guard !Golden.isRecording else { return }
        #expect(throws: GoldenFailure.self) { try assertGolden(checker(1), named: "no-such-golden", suite: "CodecsTests") }
        #expect(!FileManager.default.fileExists(atPath: Golden.path(suite: "CodecsTests", name: "no-such-golden")))
    }

    @Test func manifestFailsAtTheFirstChangedFrameWithItsIndex() throws {
        guard !Golden.isRecording else {
            var m = try FrameManifest(suite: "CodecsTests", name: "checkers")
            for v in [200, 210, 220] as [UInt8] { try m.check(checker(v)) }
            try m.finish()
            return
        }
        var m = try FrameManifest(suite: "CodecsTests", name: "checkers")
        try m.check(checker(200))
        #expect { try m.check(checker(211)) } throws: { "\($0)".contains("frame 1 changed") }
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array(repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
