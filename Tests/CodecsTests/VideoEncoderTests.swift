#if POPPING_VIDEO
import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

@Suite struct VideoEncoderTests {
    /// A frame filled with one opaque colour.
    func flat(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Pixmap {
        Pixmap(width: width, height: height, premultiplied: (0..<width * height).flatMap { _ in [r, g, b, 255] })
    }

    /// Encodes `frames` to `name` in a scratch folder and returns its path.
    func encode(_ frames: [Pixmap], _ name: String, options: VideoOptions = VideoOptions()) throws -> String {
        let path = try scratchFolder("video") + "/" + name
        let encoder = try VideoEncoder(path: path, width: frames[0].width, height: frames[0].height, options: options)
        for frame in frames { try encoder.add(frame, damage: nil) }
        try encoder.finish()
        return path
    }

    func maxDifference(_ image: Pixmap, _ rgb: (UInt8, UInt8, UInt8)) -> Int {
        var worst = 0
        for i in stride(from: 0, to: image.data.count, by: 4) {
            worst = max(worst, abs(Int(image.data[i]) - Int(rgb.0)), abs(Int(image.data[i + 1]) - Int(rgb.1)),
                        abs(Int(image.data[i + 2]) - Int(rgb.2)))
        }
        return worst
    }

    @Test func h264KeepsWhiteWhiteAndFlatBlueWithinTwoLevelsFlaggedBT709LimitedRange() throws {
        let frames = [flat(64, 48, 255, 255, 255), flat(64, 48, 0x34, 0x98, 0xDB), flat(64, 48, 0, 0, 0)]
        let video = try VideoFile.read(path: try encode(frames, "flat.mp4"))
        #expect(video.codec == "h264")
        #expect(video.frames.count == 3)
        #expect(video.limitedRange && video.matrix == "bt709" && video.primaries == "bt709" && video.transfer == "bt709")
        #expect(maxDifference(video.frames[0].image, (255, 255, 255)) == 0)
        #expect(maxDifference(video.frames[1].image, (0x34, 0x98, 0xDB)) <= 2)
        #expect(maxDifference(video.frames[2].image, (0, 0, 0)) == 0)
    }

    @Test func frameKIsShownAtKOverTheRateAndSixtyFramesLastOneSecond() throws {
        let frames = (0..<60).map { flat(32, 32, UInt8($0 * 4), 100, 200) }
        let video = try VideoFile.read(path: try encode(frames, "timing.mp4"))
        #expect(video.fps == 60)
        #expect(video.frames.map(\.seconds) == (0..<60).map { Double($0) / 60 })
        // Each frame is its own source frame, not a neighbour (grey levels 4 apart).
        for (k, frame) in video.frames.enumerated() { #expect(abs(Int(frame.image.data[0]) - k * 4) <= 2) }
    }

    @Test func sourceFramesAreRepeatedOrDroppedOntoTheOutputRate() throws {
        let frames = (0..<10).map { flat(16, 16, UInt8($0 * 20), 0, 0) }
        let up = try VideoFile.read(path: try encode(frames, "up.mp4", options: VideoOptions(fps: 60, sourceFPS: 30)))
        #expect(up.frames.count == 20)
        let down = try VideoFile.read(path: try encode(frames, "down.mp4", options: VideoOptions(fps: 20, sourceFPS: 60)))
        // Ticks ⌈k·20/60⌉: source frames 0, 3, 6, 9 start the output's 4 frames.
        #expect(down.frames.count == 4)
        #expect(down.frames.map { (Int($0.image.data[0]) + 10) / 20 } == [0, 1, 2, 3].map { $0 * 3 })
    }

    /// Thirty 96×64 frames of moving ramps: enough motion for B-frames and mbtree to matter.
    var movingRamps: [Pixmap] {
        (0..<30).map { (i: Int) -> Pixmap in
            var bytes: [UInt8] = []
            for p in 0..<96 * 64 {
                let r = (p % 96 + i * 3) & 255, g = (p / 96 * 4) & 255, b = (p * 7 + i) & 255
                bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
            }
            return Pixmap(width: 96, height: 64, premultiplied: bytes)
        }
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        let frames = movingRamps
        for (name, codec) in [("a.mp4", VideoCodec.h264), ("a.webm", .vp9)] {
            let options = VideoOptions(codec: codec)
            let first = try Data(contentsOf: URL(fileURLWithPath: try encode(frames, name, options: options)))
            let second = try Data(contentsOf: URL(fileURLWithPath: try encode(frames, name, options: options)))
            #expect(first == second, "\(name)")
        }
    }

    /// libx264 reads some heap buffers before writing them; what the heap held used to depend on
    /// the threads beside it, so encoders running at once gave different bytes (a CI flake).
    @Test func h264GivesTheSameBytesWhileOtherEncodersRunBesideIt() throws {
        let frames = movingRamps
        let alone = try Data(contentsOf: URL(fileURLWithPath: try encode(frames, "alone.mp4")))
        for _ in 0..<2 {
            nonisolated(unsafe) var results = [Data?](repeating: nil, count: 4)
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 4) { k in
                let bytes = (try? encode(frames, "beside.mp4")).flatMap { try? Data(contentsOf: URL(fileURLWithPath: $0)) }
                lock.withLock { results[k] = bytes }
            }
            #expect(results.allSatisfy { $0 == alone }, "alone \(alone.count) B, beside \(results.map { $0?.count ?? -1 })")
        }
    }

    @Test func webmIsVP9AndOddSizesAreKept() throws {
        let video = try VideoFile.read(path: try encode([flat(33, 21, 255, 255, 255)], "odd.webm",
                                                        options: VideoOptions(codec: .vp9)))
        #expect(video.codec == "vp9" && video.width == 33 && video.height == 21)
        #expect(maxDifference(video.frames[0].image, (255, 255, 255)) == 0)
        // H.264 4:2:0 needs even sizes: the last column and row repeat.
        let h264 = try VideoFile.read(path: try encode([flat(33, 21, 255, 255, 255)], "odd.mp4"))
        #expect(h264.width == 34 && h264.height == 22)
    }

    @Test func av1IsWrittenThroughLibaom() throws {
        let video = try VideoFile.read(path: try encode([flat(32, 32, 255, 255, 255), flat(32, 32, 0x34, 0x98, 0xDB)],
                                                        "av1.webm", options: VideoOptions(codec: .av1)))
        #expect(video.codec == "av1" && video.frames.count == 2)
        #expect(maxDifference(video.frames[1].image, (0x34, 0x98, 0xDB)) <= 2)
    }

    @Test func qualityMapsToTheCodecsCRF() {
        #expect(VideoCodec.h264.crf(quality: VideoOptions.defaultQuality) == 18)
        #expect(VideoCodec.h264.crf(quality: 100) == 0 && VideoCodec.h264.crf(quality: 0) == 51)
        #expect(VideoCodec.vp9.crf(quality: VideoOptions.defaultQuality) == 22)
    }

    @Test func aFailedEncodeLeavesNothingBehind() throws {
        let folder = try scratchFolder("video-abort")
        do {
            let encoder = try VideoEncoder(path: folder + "/x.mp4", width: 16, height: 16)
            #expect(throws: AnimationError.self) { try encoder.add(flat(8, 8, 0, 0, 0), damage: nil) }
        }
        #expect(throws: AnimationError.noFrames) { try VideoEncoder(path: folder + "/y.mp4", width: 16, height: 16).finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
#endif
