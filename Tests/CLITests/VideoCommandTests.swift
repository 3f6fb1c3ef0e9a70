#if POPPING_VIDEO
import Codecs
import Foundation
import GoldenTesting
import Testing

@Suite struct VideoCommandTests {
    /// FFmpeg's libraries (and the ~120 they load) are loaded when a video is written or read,
    /// not by every run of the binary: what the dynamic loader maps at start-up (its
    /// LD_TRACE_LOADED_OBJECTS list, as ldd prints it) holds HarfBuzz but no FFmpeg library.
    @Test func theBinaryLoadsFFmpegOnlyWhenAVideoIsWrittenOrRead() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("popping-render")
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["LD_TRACE_LOADED_OBJECTS=1", binary.path])
        #expect(r.status == 0 && r.stdout.contains("libharfbuzz.so"), "\(r.stdout)\(r.stderr)")
        for library in ["libavformat", "libavcodec", "libavutil", "libswscale", "libx264"] {
            #expect(!r.stdout.contains(library + ".so"), "\(library) is loaded at start-up")
        }
    }

    @Test func aDemoRendersToAnMP4WhoseFramesMatchItsPNGFramesAtTheirTicks() throws {
        let folder = try scratchFolder("video-demo")
        let look = ["owl", "--frames", "0..29", "--scale", "1", "--quiet"]
        #expect(try popping(look + ["--out", folder + "/f"]).status == 0)
        let r = try popping(look + ["--out", folder + "/owl.mp4"])
        #expect(r.status == 0, "\(r.stderr)")
        let video = try VideoFile.read(path: folder + "/owl.mp4")
        #expect(video.codec == "h264" && video.fps == 60 && video.frames.count == 30)
        #expect(video.frames.map(\.seconds) == (0..<30).map { Double($0) / 60 })
        for (k, frame) in video.frames.enumerated() {
            let png = try PNG.read(path: folder + "/f/" + FrameFolder.fileName(index: k))
            // Odd sizes gain a repeated column or row; compare the rendered area.
            var squared = 0.0
            for y in 0..<png.height {
                for x in 0..<png.width {
                    let a = png[x, y], b = frame.image[x, y]
                    for (p, q) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] { squared += pow(Double(p) - Double(q), 2) }
                }
            }
            let psnr = 10 * log10(255 * 255 / (squared / Double(png.width * png.height * 3)))
            #expect(psnr > 40, "frame \(k): \(psnr) dB")
        }
    }

    @Test func theVideoCommandWritesTheSameBytesAsRenderingStraightToVideo() throws {
        let folder = try scratchFolder("video-folder")
        let look = ["owl", "--frames", "0..20", "--scale", "1", "--quiet"]
        #expect(try popping(look + ["--out", folder + "/f"]).status == 0)
        #expect(try popping(look + ["--out", folder + "/direct.webm"]).status == 0)
        let r = try popping(["video", folder + "/f", "-o", folder + "/folder.webm", "--quiet"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let direct = try Data(contentsOf: URL(fileURLWithPath: folder + "/direct.webm"))
        #expect(direct == (try Data(contentsOf: URL(fileURLWithPath: folder + "/folder.webm"))))
        #expect(try VideoFile.read(path: folder + "/folder.webm").codec == "vp9")
    }

    @Test(arguments: [
        (["owl", "--out", "x.webm", "--codec", "h264"], "popping-render: --codec h264: WebM holds VP9 or AV1"),
        (["owl", "--out", "x.mp4", "--codec", "hevc"], "popping-render: --codec hevc: must be h264, vp9, av1"),
        (["owl", "--out", "x.gif", "--codec", "vp9"], "popping-render: --codec: is for .mp4 and .webm outputs only"),
        (["owl", "--out", "x.mp4", "--background", "transparent"], "popping-render: --background: MP4 and WebM frames are opaque"),
        (["owl", "--out", "x.mp4", "--lossless"], "popping-render: --lossless: is for WebP only"),
        (["video", "nowhere", "-o", "x.gif"], "popping-render: x.gif: a video is written to .mp4 or .webm"),
    ])
    func badVideoOptionsGiveOneLine(arguments: [String], message: String) throws {
        let r = try popping(arguments + ["--frames", "0..1", "--scale", "1"].filter { _ in arguments[0] == "owl" })
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func maxSizeLowersTheVideoQualityUntilItFits() throws {
        let folder = try scratchFolder("video-max-size")
        let r = try popping(["owl", "--frames", "0..59", "--scale", "1", "--out", folder + "/owl.mp4",
                             "--max-size", "12KB", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("as asked is over --max-size 0.01 MB; wrote"))
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/owl.mp4")[.size] as? Int ?? 0
        #expect(size <= 12_000)
    }
}
#endif
