import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// `popping-render gif`: PNG frames in, one GIF out; bad input is one line and exit status 2.
@Suite struct GifCommandTests {
    /// Writes `count` 12×8 PNGs, a dot moving right, and returns their paths.
    private func frames(in folder: String, count: Int, width: Int = 12) throws -> [String] {
        try (0..<count).map { i in
            var p = Pixmap(width: width, height: 8)
            for j in 0..<p.width * p.height { p.data.replaceSubrange(4 * j..<4 * j + 4, with: [255, 255, 255, 255]) }
            p.data.replaceSubrange(4 * (8 + i)..<4 * (8 + i) + 4, with: [0, 122, 255, 255])
            let path = folder + String(format: "/f%03d.png", i)
            try PNG.write(p, to: path)
            return path
        }
    }

    @Test func encodesTheFramesWithTheLoopCountAsked() throws {
        let folder = try scratchFolder("gif-ok")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try popping(["gif"] + frames(in: folder, count: 3) + ["-o", folder + "/out.gif", "--loop", "2",
                                                                     "--input-fps", "30"])
        #expect(r.status == 0)
        let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif")))
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8) && gif.last == 0x3B)
        // --loop 2 plays twice: one repeat after the first play.
        let loop = Array("NETSCAPE2.0".utf8) + [3, 1, 1, 0]
        #expect((0..<gif.count - loop.count).contains { Array(gif[$0..<$0 + loop.count]) == loop })
        // No progress bar when stderr is not a terminal; the rate is given, so no warning.
        #expect(r.stderr.isEmpty)
    }

    @Test func fpsOnPlainFilesIsTheirOwnRateSoEveryFrameIsKept() throws {
        let folder = try scratchFolder("gif-fps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try frames(in: folder, count: 10)
        let r = try popping(["gif"] + paths + ["-o", folder + "/out.gif", "--fps", "25"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        // Every frame differs, so each has its own graphic control block with a 4 cs (1/25 s) delay.
        let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif")))
        #expect(controlBlocks(gif).map { (gif[$0 + 4], gif[$0 + 5]) }.allSatisfy { $0 == (4, 0) })
        #expect(controlBlocks(gif).count == 10)
        // A source rate that differs still resamples: 10 frames at 50 fps shown at 25 keep 5.
        let resampled = try popping(["gif"] + paths + ["-o", folder + "/half.gif", "--fps", "25", "--input-fps", "50"])
        #expect(resampled.status == 0)
        let half = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/half.gif")))
        #expect(controlBlocks(half).count == 5)
    }

    /// Offsets of a GIF's graphic control extensions (0x21 0xF9 0x04), one before each image.
    private func controlBlocks(_ gif: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        for i in 0..<max(0, gif.count - 5) where gif[i] == 0x21 && gif[i + 1] == 0xF9 && gif[i + 2] == 4 {
            offsets.append(i)
        }
        return offsets
    }

    @Test func noFramesIsAnError() throws {
        let r = try popping(["gif", "-o", NSTemporaryDirectory() + "never.gif"])
        #expect(r.status == 2)
        #expect(r.stderr == "popping-render: gif: no input frames (pass a folder of PNG frames, or PNG files, "
                + "e.g. frames/*.png)\n")
    }

    @Test func aFrameOfAnotherSizeIsAnErrorAndNothingIsWritten() throws {
        let folder = try scratchFolder("gif-size")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wide = folder + "/wide"
        try FileManager.default.createDirectory(atPath: wide, withIntermediateDirectories: true)
        let paths = try frames(in: folder, count: 2) + frames(in: wide, count: 1, width: 13)
        let r = try popping(["gif", paths[0], paths[1], paths[2], "-o", folder + "/out.gif", "--input-fps", "30"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: \(paths[2]): is 13×8 but \(paths[0]) is 12×8"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.gif"))
    }

    @Test func anUnwritableOutputIsAnError() throws {
        let folder = try scratchFolder("gif-unwritable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try popping(["gif"] + frames(in: folder, count: 1) + ["-o", folder + "/missing/out.gif", "--input-fps", "30"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: \(folder)/missing/out.gif: cannot write: folder"))
    }

    @Test func anFPSOverFiftyIsAnError() throws {
        let r = try popping(["gif", "x.png", "-o", "x.gif", "--fps", "60", "--input-fps", "60"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: --fps 60: must be 1...50 (GIF delays"))
    }

    @Test(arguments: [(["--input-fps", "0"], "popping-render: --input-fps 0: must be 1...1000"),
                      (["--quality", "101"], "popping-render: --quality 101: must be 0...100"),
                      (["--loop", "70000"], "popping-render: --loop 70000: must be forever (or 0) or a play count"),
                      (["--max-pixels", "0"], "popping-render: --max-pixels 0: must be 1...")])
    func eachBadOptionIsNamed(arguments: [String], message: String) throws {
        let r = try popping(["gif", "x.png", "-o", "x.gif"] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }

    @Test func aFrameOverThePixelBudgetIsRefusedUntilTheBudgetIsRaised() throws {
        let folder = try scratchFolder("gif-budget")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try frames(in: folder, count: 2)
        let refused = try popping(["gif"] + paths + ["-o", folder + "/out.gif", "--max-pixels", "95", "--input-fps", "30"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "popping-render: \(paths[0]): is 12×8 pixels, more than the limit of 95 "
                + "(--max-pixels raises it)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["f000.png", "f001.png"])
        #expect(try popping(["gif"] + paths + ["-o", folder + "/out.gif", "--max-pixels", "96", "--input-fps", "30"])
            .status == 0)
    }

    @Test func aLaterFrameDeclaringAHugeSizeIsASizeMismatchNotAnAllocation() throws {
        let folder = try scratchFolder("gif-bomb")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try frames(in: folder, count: 1)
        let bomb = folder + "/bomb.png"
        try Data(pngDeclaring(width: 16000, height: 16000)).write(to: URL(fileURLWithPath: bomb))
        let r = try popping(["gif", paths[0], bomb, bomb, "-o", folder + "/out.gif", "--input-fps", "30"])
        #expect(r.status == 2)
        #expect(r.stderr == "popping-render: \(bomb): is 16000×16000 but \(paths[0]) is 12×8\n")
    }

    @Test func aVeryLongArgumentIsShortenedInTheMessage() throws {
        let long = String(repeating: "x", count: 100_000) + ".png"
        let r = try popping(["gif", long, "-o", "/nonexistent/out.gif", "--input-fps", "30"])
        #expect(r.status == 2)
        #expect(r.stderr.count < 400)
        #expect(r.stderr.contains("xxx…xxx") && r.stderr.contains("xxx.png: cannot read"))
    }
}
