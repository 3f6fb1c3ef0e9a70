import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// Runs the built `popping-render` (it sits beside the test bundle in the build folder).
func popping(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return try runProcess(folder.appendingPathComponent("popping-render"), arguments)
}

@Suite struct RenderCommandTests {
    @Test(arguments: [
        (["nosuchdemo"], "popping-render: nosuchdemo: unknown demo"),
        (["owl", "--scale", "4"], "popping-render: --scale 4: must be 1, 2 or 3"),
        (["owl", "--frames", "9..3"], "popping-render: --frames 9..3: expected A..B with 0 <= A <= B"),
        (["owl", "--frames", "0..100000"], "popping-render: --frames 0..100000: the animation has frames 0.."),
        (["owl", "--snap", "sideways"], "popping-render: --snap sideways: must be"),
        (["owl", "--device", "nokia"], "popping-render: --device nokia: unknown device"),
        (["owl", "--appearance", "dusk"], "popping-render: --appearance dusk: must be light or dark"),
        (["owl", "--appearance", "dark"], "popping-render: --appearance dark: the owl demo has fixed iOS 7 colours"),
        (["owl", "--content-size", "huge"], "popping-render: --content-size huge: must be one of extraSmall, small"),
        (["owl", "--content-size", "large"], "popping-render: --content-size large: the owl demo has fixed font sizes"),
        (["owl", "--layout-direction", "up"], "popping-render: --layout-direction up: must be leftToRight or rightToLeft"),
        (["owl", "--layout-direction", "rtl"], "popping-render: --layout-direction rtl: the owl demo has its views laid out by frames"),
        (["owl", "--locale", "../x"], "popping-render: --locale ../x: is not a locale identifier"),
        (["owl", "--locale", "de"], "popping-render: --locale de: the owl demo has no strings tables"),
        (["owl", "--size", "12x"], "popping-render: --size 12x: expected WxH"),
        (["owl", "--bogus"], "popping-render: Unknown option '--bogus'"),
        (["owl", "--fps", "70", "--out", "x.gif"], "popping-render: --fps 70: must be 1...50 (GIF delays"),
        (["owl", "--fps", "0", "--out", "x.gif"], "popping-render: --fps 0: must be 1...50 (GIF delays"),
        (["owl", "--fps", "61", "--out", "x.png"], "popping-render: --fps 61: must be 1...60"),
    ])
    func badInputGivesOneLineAndExitStatus2(arguments: [String], message: String) throws {
        let r = try popping(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func unwritableOutputLeavesNothingBehind() throws {
        let folder = try scratchFolder("unwritable")
        let r = try popping(["owl", "--frames", "0..2", "--scale", "1", "--out", folder + "/missing/owl.gif"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func framesFolderIsNumberedConsecutivelyWithItsRateInFramesJSON() throws {
        let folder = try scratchFolder("frames")
        let r = try popping(["owl", "--frames", "10..16", "--fps", "30", "--scale", "1", "--frames-dir", folder + "/f"])
        #expect(r.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/f").sorted()
        #expect(files == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frames.json"])
        let frame = try PNG.read(path: folder + "/f/frame-0001.png")
        #expect(frame.width == 375 && frame.height == 667)
        let list = try #require(try FrameFolder.read(folder: folder + "/f"))
        #expect(list.fps == 30 && list.scale == 1)
        #expect(list.frames.map(\.tick) == [10, 12, 14, 16])
        let times: [Double] = [0, 1.0 / 30, 2.0 / 30, 3.0 / 30]
        #expect(list.frames.map(\.time) == times)
    }

    @Test func aFrameListFarLongerThanItsFolderIsRefusedByItsSizeBeforeItIsParsed() throws {
        let folder = try scratchFolder("long-list") + "/f"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(PNG.encode(Pixmap(width: 2, height: 2))).write(to: URL(fileURLWithPath: folder + "/a.png"))
        // Not even JSON: were it parsed, the message would say it is not a frame list.
        let size = FrameFolder.largestManifest(files: 2) + 1
        try Data(repeating: UInt8(ascii: "x"), count: size).write(to: URL(fileURLWithPath: folder + "/frames.json"))
        #expect(throws: CodecError.malformed(input: folder + "/frames.json",
                                             reason: "is \(size) bytes; a frame list for the 2 files in its folder is at most \(size - 1) bytes")) {
            try FrameFolder.read(folder: folder)
        }
        // One byte less is read, and found not to be a frame list.
        try Data(repeating: UInt8(ascii: "x"), count: size - 1).write(to: URL(fileURLWithPath: folder + "/frames.json"))
        #expect(throws: CodecError.malformed(input: folder + "/frames.json", reason: "not a frame list (expected fps, scale and frames)")) {
            try FrameFolder.read(folder: folder)
        }
    }

    @Test func aHugeScreensContactSheetShrinksEachFrameToAtMost1536PixelsASide() throws {
        let folder = try scratchFolder("huge-sheet")
        let scene = "screen: {size: 2000x1250}\nviews:\n  - {view: a, frame: [0, 0, 2000, 1250], backgroundColor: blue}\n"
        try scene.write(toFile: folder + "/huge.yaml", atomically: true, encoding: .utf8)
        #expect(try popping(["render", folder + "/huge.yaml", "--scale", "2", "--out", folder + "/sheet.png"]).status == 0)
        let sheet = try PNG.read(path: folder + "/sheet.png")
        // Cells of 1536 × 960 (4000 × 2500 shrunk by 0.384, not halved to 2000 × 1250), 16 px gaps
        // and 32 px labels at 2x.
        #expect(sheet.width == 4 * (1536 + 16) + 16 && sheet.height == 3 * (960 + 32 + 16) + 16)
        let inside = sheet[16 + 700, 16 + 400]
        #expect(inside.r == 0 && inside.g == 0 && inside.b == 255 && inside.a == 255)
    }

    @Test func aRateThatDoesNotDivideSixtyShowsTheLatestFrameAtEachTick() throws {
        let folder = try scratchFolder("frames24")
        let r = try popping(["owl", "--frames", "0..12", "--fps", "24", "--scale", "1", "--out", folder + "/f"])
        #expect(r.status == 0)
        let list = try #require(try FrameFolder.read(folder: folder + "/f"))
        #expect(list.frames.map(\.tick) == [0, 2, 5, 7, 10, 12])
    }

    @Test func encodingAFolderKeepsTheSpeedItWasRenderedAt() throws {
        let folder = try scratchFolder("encode-folder")
        #expect(try popping(["owl", "--frames", "0..59", "--scale", "1", "--out", folder + "/f"]).status == 0)
        let r = try popping(["apng", folder + "/f", "-o", folder + "/owl.apng"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let apng = try APNGDecoder.read(path: folder + "/owl.apng")
        // 60 frames rendered at 60 fps last one second however they are merged.
        #expect(apng.frames.reduce(0) { $0 + 60 * $1.delayNumerator / $1.delayDenominator } == 60)
        let gif = try popping(["gif", folder + "/f", "-o", folder + "/owl.gif"])
        #expect(gif.status == 0 && gif.stderr.isEmpty)
    }

    @Test func framesWithoutARateAreEncodedWithAWarning() throws {
        let folder = try scratchFolder("encode-warn")
        #expect(try popping(["owl", "--frames", "0..3", "--scale", "1", "--out", folder + "/f"]).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/f/frames.json")
        let r = try popping(["webp", folder + "/f", "-o", folder + "/owl.webp", "--lossless"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning: no frames.json beside the frames and no --input-fps; assuming"))
    }

    @Test func aTransparentBackgroundKeepsAlphaAndABadColourIsRefused() throws {
        let folder = try scratchFolder("background")
        #expect(try popping(["button", "--frames", "0..2", "--scale", "1", "--background", "transparent",
                             "--out", folder + "/b.apng"]).status == 0)
        let first = try #require(try APNGDecoder.read(path: folder + "/b.apng").frames.first?.image)
        // Below the button is the window's background; the translucent navigation bar stays.
        #expect(first[160, 450].a == 0)
        #expect(first[160, 40].a > 200)
        let r = try popping(["button", "--background", "#12345", "--out", folder + "/x.gif"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: --background #12345: expected transparent"))
    }

    @Test(arguments: [
        (["--out", "x.apng", "--quality", "50"], "popping-render: --quality: APNG is lossless"),
        (["--out", "x.gif", "--lossless"], "popping-render: --lossless: is for WebP only"),
        (["--out", "x.webp", "--lossy", "20"], "popping-render: --lossy: lossy LZW is for GIF only"),
        (["--out", "x.gif", "--loop", "sometimes"], "popping-render: --loop sometimes: must be forever"),
        (["--out", "x.gif", "--dither", "fuzzy"], "popping-render: --dither fuzzy: must be ordered or none"),
        (["--out", "x.mov", "--format", "mov"], "popping-render: --format mov: must be gif, apng, webp"),
    ])
    func optionsThatDoNotApplyAreRefused(arguments: [String], message: String) throws {
        let r = try popping(["owl", "--frames", "0..1", "--scale", "1"] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message))
    }

    @Test func maxSizeLowersTheSettingsUntilTheGIFFitsAndSaysSo() throws {
        let folder = try scratchFolder("max-size")
        let r = try popping(["owl", "--frames", "0..119", "--scale", "1", "--out", folder + "/owl.gif",
                             "--max-size", "60KB"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("as asked is over --max-size 0.06 MB; wrote"))
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/owl.gif")[.size] as? Int ?? 0
        #expect(size <= 60_000)
        let tooSmall = try popping(["owl", "--frames", "0..119", "--scale", "1", "--out", folder + "/tiny.gif",
                                    "--max-size", "1KB"])
        #expect(tooSmall.status == 2)
        #expect(tooSmall.stderr.contains("cannot fit in 0.00 MB"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/tiny.gif"))
        let bad = try popping(["owl", "--max-size", "lots", "--out", folder + "/x.gif"])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("popping-render: --max-size lots: expected a size"))
    }

    @Test func everyAnimationFormatIsWrittenFromADemo() throws {
        let folder = try scratchFolder("formats")
        #expect(try popping(["owl", "--frames", "0..6", "--scale", "1", "--out", folder + "/owl.apng"]).status == 0)
        #expect(try popping(["owl", "--frames", "0..6", "--scale", "1", "--out", folder + "/owl.webp",
                             "--lossless"]).status == 0)
        #expect(try popping(["owl", "--frames", "0..6", "--scale", "1", "--format", "apng",
                             "--out", folder + "/apng.png"]).status == 0)
        #expect(try APNGDecoder.read(path: folder + "/apng.png").frames.count >= 1)
        #expect(try APNGDecoder.read(path: folder + "/owl.apng") == APNGDecoder.read(path: folder + "/apng.png"))
        let webp = try WebPDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/owl.webp"))))
        #expect(try webp.frames.last?.image == APNGDecoder.read(path: folder + "/owl.apng").frames.last?.image)
    }

    @Test func gifAndContactSheetAreWrittenWhole() throws {
        let folder = try scratchFolder("outputs")
        #expect(try popping(["owl", "--frames", "0..30", "--scale", "1", "--out", folder + "/owl.gif"]).status == 0)
        let gif = try Data(contentsOf: URL(fileURLWithPath: folder + "/owl.gif"))
        #expect(gif.prefix(6) == Data("GIF89a".utf8))
        #expect(gif.last == 0x3B)
        #expect(try popping(["owl", "--frames", "0..30", "--scale", "1", "--out", folder + "/sheet.png"]).status == 0)
        let sheet = try PNG.read(path: folder + "/sheet.png")
        #expect(sheet.width > 4 * 187 && sheet.height > 3 * 333)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["owl.gif", "sheet.png"])
    }

    @Test func anOutputExtensionThatIsNoFormatIsAnErrorNamingTheFormats() throws {
        let folder = try scratchFolder("unknown-ext")
        let r = try popping(["owl", "--frames", "0..1", "--scale", "1", "--out", folder + "/owl.bmp"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: \(folder)/owl.bmp: unknown output format .bmp (write .gif, .apng"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A folder that exists is still a frames folder whatever its name.
        try FileManager.default.createDirectory(atPath: folder + "/frames.v2", withIntermediateDirectories: true)
        #expect(try popping(["owl", "--frames", "0..1", "--scale", "1", "--out", folder + "/frames.v2"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/frames.v2/frame-0000.png"))
    }

    @Test func listNamesEveryDemo() throws {
        let r = try popping(["list", "--names"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").contains("owl"))
    }

    @Test func listDevicesPrintsEachDeviceWithItsScreen() throws {
        let r = try popping(["list", "--devices"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 13, "a header and twelve devices")
        let pro = try #require(lines.first { $0.hasPrefix("iphone-16-pro ") })
        #expect(pro.contains("402x874 @3x") && pro.contains("62,0,34,0; 0,62,21,62") && pro.contains("iPhone 16 Pro"), "\(pro)")
        #expect(try popping(["list", "--devices", "--names"]).stdout.split(separator: "\n").count == 12)
    }
}

/// Outputs are written to a temporary name beside them and renamed into place; that name never
/// makes a valid output name fail, and a folder output replaces the old folder whole or not at all.
@Suite struct AtomicOutputCommandTests {
    @Test func anOutputNameOfTheLongestAllowedLengthIsWritten() throws {
        let folder = try scratchFolder("long-name")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = String(repeating: "é", count: 124) + "abc.gif"  // 255 bytes
        #expect(name.utf8.count == 255)
        let r = try popping(["owl", "--frames", "0..1", "--scale", "1", "--out", folder + "/" + name])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }

    @Test func aFramesFolderIsReplacedWhole() throws {
        let folder = try scratchFolder("frames-swap")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try popping(["owl", "--frames", "0..3", "--scale", "1", "--frames-dir", folder + "/f"]).status == 0)
        #expect(try popping(["owl", "--frames", "5..6", "--scale", "1", "--frames-dir", folder + "/f"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/f").sorted()
                == ["frame-0000.png", "frame-0001.png", "frames.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["f"])
    }

    @Test func aFailedRenderLeavesTheFramesFolderAsItWas() throws {
        let folder = try scratchFolder("frames-fail")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try popping(["owl", "--frames", "0..1", "--scale", "1", "--frames-dir", folder + "/f"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/f/frame-0000.png"))
        let r = try popping(["owl", "--frames", "0..3", "--scale", "1", "--fps", "61", "--frames-dir", folder + "/f"])
        #expect(r.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/f").sorted()
                == ["frame-0000.png", "frame-0001.png", "frames.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/f/frame-0000.png")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["f"])
    }

    @Test func aFramesFolderHoldingOtherFilesIsRefused() throws {
        let folder = try scratchFolder("frames-foreign")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/f", withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/f/notes.txt"))
        let r = try popping(["owl", "--frames", "0..1", "--scale", "1", "--frames-dir", folder + "/f"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: \(folder)/f: the folder holds notes.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/f") == ["notes.txt"])
    }
}
