import Foundation
import Geometry
import GoldenFrames
import GoldenTesting
import PoppingRender
import Raster
import Testing

@Suite struct FrameDigestTests {
    /// XXH3-128 in its canonical form, as the reference implementation gives it (the same digests
    /// come from PyPI's `xxhash`, which carries its own copy of the code).
    @Test func xxh3MatchesTheReferenceDigests() {
        #expect(FrameDigest.xxh3.hex([]) == "99aa06d3014798d86001c324468d497f")
        #expect(FrameDigest.xxh3.hex(Array("abc".utf8)) == "06b05ab6733a618578af5f94892f3950")
        #expect(FrameDigest.xxh3.hex(Array(repeating: 0x61, count: 1000)) == "b01da365eddaa29cb3e7af627147db7c")
    }

    @Test func sha256OfTheFirstLayoutIsStillSHA256() {
        #expect(FrameDigest.sha256.hex(Array("abc".utf8)) == SHA256.hex(Array("abc".utf8)))
    }

    /// FIPS 180-4's example digests (NIST's SHA256.pdf), through libcrypto loaded on first use.
    @Test func sha256ThroughTheLoadedLibcryptoGivesTheStandardsDigests() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func manifestsAreRecordedInLayoutTwoWithXXH3PerFrame() throws {
        let manifest = GoldenManifest(
            scene: "owl", options: GoldenOptions(scale: 1, fps: 60, screen: Size(375, 667), snap: .round, touches: true),
            width: 375, height: 667, frameCount: 2, sequence: "owl.apng",
            frames: [.init(index: 0, hash: String(repeating: "c", count: 32))])
        let text = try manifest.encoded()
        #expect(manifest.version == 2 && manifest.digest == .xxh3)
        #expect(text.contains("\n  {\"index\":0,\"xxh3\":\"cccc"))
        #expect(text.contains("\"version\":2"))
    }

    @Test func aFirstLayoutManifestReadsWithItsSHA256Hashes() throws {
        let folder = try scratchFolder("layout-1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try layoutOne(frames: "{\"index\":0,\"sha256\":\"\(String(repeating: "a", count: 64))\"}").write(
            toFile: folder + "/s.json", atomically: true, encoding: .utf8)
        let manifest = try #require(try GoldenStore(folder: folder).manifest("s"))
        #expect(manifest.digest == .sha256)
        #expect(manifest.frames == [.init(index: 0, hash: String(repeating: "a", count: 64), digest: .sha256)])
    }

    @Test(arguments: [
        (1, "{\"index\":0,\"xxh3\":\"00\"}", "frame 0 has a xxh3 hash; layout 1 hashes frames with sha256"),
        (1, "{\"index\":0,\"xxh3\":\"00\",\"sha256\":\"00\"}", "a frame needs exactly one of sha256 or xxh3 at frames[0].index"),
        (3, "{\"index\":0,\"xxh3\":\"00\"}", "layout version 3 is not one this popping-render reads (1 or 2)"),
    ])
    func aManifestWhoseHashesDoNotMatchItsLayoutIsRefused(version: Int, frames: String, problem: String) throws {
        let folder = try scratchFolder("layout-mismatch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try layoutOne(frames: frames).replacingOccurrences(of: "\"version\":1", with: "\"version\":\(version)")
            .write(toFile: folder + "/s.json", atomically: true, encoding: .utf8)
        let error = #expect(throws: RenderFailure.self) { try GoldenStore(folder: folder).manifest("s") }
        #expect(error?.input == folder + "/s.json")
        #expect(error?.problem.contains(problem) == true, "\(error?.problem ?? "")")
    }

    /// Goldens recorded before XXH3 keep passing: a check hashes with the golden's digest, and
    /// `--update-changed` records such a golden again in the current layout even when its frames
    /// are unchanged.
    @Test func aFirstLayoutGoldenIsCheckedBySHA256AndRecordedAgainAsXXH3() throws {
        var frames = [Pixmap(width: 2, height: 2), Pixmap(width: 2, height: 2)]
        frames[1].data[0...3] = [255, 0, 0, 255]
        let golden = try FirstLayoutGolden(recording: frames, in: "layout-1-check")
        defer { golden.remove() }

        #expect(try golden.run(.check, frames).report?.status == .passed)
        #expect(try golden.run(.check, [frames[0], frames[0]]).report?.differingFrames.map(\.index) == [1])
        #expect(try golden.run(.updateChanged, frames).report?.status == .recorded)
        let recorded = try #require(try golden.store.manifest("s"))
        #expect(recorded.version == 2)
        #expect(recorded.frames.map(\.hash) == frames.map { FrameDigest.xxh3.hex($0.data) })
        #expect(try golden.run(.updateChanged, frames).report?.status == .passed)
    }

    /// Re-recording a first-layout golden compares none of its frames: its frame sequence is
    /// never opened, even when a tolerance or a report would need the golden's pixels.
    @Test func aFirstLayoutGoldenIsRecordedAgainWithoutReadingItsFrames() throws {
        var frame = Pixmap(width: 2, height: 2)
        frame.data[0...3] = [0, 0, 255, 255]
        let golden = try FirstLayoutGolden(recording: [frame], in: "layout-1-unread",
                                           tolerance: Tolerance(maxChannelDifference: 1), keepingMedia: true)
        defer { golden.remove() }
        // A sequence that cannot be decoded: reading it would fail the run.
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: golden.store.sequencePath("s")))

        #expect(try golden.run(.updateChanged, [frame]).report?.status == .recorded)
        #expect(try golden.store.manifest("s")?.version == 2)
    }

    /// Scene "s" recorded in a scratch goldens folder and its manifest rewritten as the first
    /// layout would have written it (SHA-256 per frame, version 1).
    private struct FirstLayoutGolden {
        let folder: String
        let store: GoldenStore
        let tolerance: Tolerance?
        let keepingMedia: Bool
        let options = GoldenOptions(scale: 1, fps: 60, screen: Size(2, 2), snap: .round, touches: false)

        init(recording frames: [Pixmap], in name: String, tolerance: Tolerance? = nil, keepingMedia: Bool = false) throws {
            folder = try scratchFolder(name)
            store = GoldenStore(folder: folder)
            self.tolerance = tolerance
            self.keepingMedia = keepingMedia
            _ = try run(.update, frames)
            var old = try #require(try store.manifest("s"))
            old.version = 1
            old.frames = zip(old.frames, frames).map { .init(index: $0.index, hash: SHA256.hex($1.data), digest: .sha256) }
            try old.encoded().write(toFile: store.manifestPath("s"), atomically: true, encoding: .utf8)
        }

        /// Checks or records `frames` against the golden in `mode`.
        func run(_ mode: GoldenMode, _ frames: [Pixmap]) throws -> SceneCheck {
            let check = try SceneCheck(scene: "s", frameCount: frames.count, options: options, store: store, mode: mode,
                                       tolerance: tolerance, keepingMedia: keepingMedia)
            for (i, pixmap) in frames.enumerated() { try check.add(pixmap, frame: i) }
            try check.finish()
            return check
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func layoutOne(frames: String) -> String {
        "{\"frameCount\":1,\"frames\":[\(frames)],\"height\":2,\"options\":{\"fps\":60,\"scale\":1,\"screen\":\"2x2\","
            + "\"snap\":\"round\",\"touches\":false},\"scene\":\"s\",\"sequence\":\"s.apng\",\"version\":1,\"width\":2}"
    }
}
