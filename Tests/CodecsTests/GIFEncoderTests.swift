@testable import Codecs
import Foundation
import Geometry
import GoldenTesting
import Raster
import Testing

/// Opaque test frames drawn from a colour function, as 0x00BBGGRR.
func frame(_ width: Int, _ height: Int, _ colour: (Int, Int) -> UInt32) -> Pixmap {
    var data = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height { for x in 0..<width {
        let c = colour(x, y), i = (y * width + x) * 4
        data[i] = UInt8(c & 0xFF)
        data[i + 1] = UInt8((c >> 8) & 0xFF)
        data[i + 2] = UInt8((c >> 16) & 0xFF)
    } }
    return Pixmap(width: width, height: height, premultiplied: data)
}

/// The colours of a frame as the decoder's screen holds them.
func screen(of p: Pixmap) -> [UInt32] {
    (0..<p.width * p.height).map {
        UInt32(p.data[4 * $0]) | UInt32(p.data[4 * $0 + 1]) << 8 | UInt32(p.data[4 * $0 + 2]) << 16
    }
}

/// Encodes frames to a file and reads the bytes back.
func encodeGIF(_ frames: [Pixmap], damage: [Rect?]? = nil,
               options: GIFOptions = GIFOptions(quality: 100)) throws -> [UInt8] {
    let folder = try scratchFolder("gif")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.gif"
    let gif = try GIFEncoder(path: path, width: frames[0].width, height: frames[0].height, options: options)
    for (i, f) in frames.enumerated() { try gif.add(f, damage: damage?[i]) }
    try gif.finish()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// A UI-like animation with at most a few dozen colours: striped background, a card sliding
/// right, a dot blinking, and some frames repeated.
func cardAnimation(width: Int = 64, height: Int = 40) -> [Pixmap] {
    let background: (Int, Int) -> UInt32 = { _, y in y < 8 ? 0xF9F9F9 : (y % 10 == 0 ? 0xC8C6C6 : 0xFFFFFF) }
    return (0..<14).map { t in
        let step = min(t, 9)  // frames 9...13 repeat frame 9
        return frame(width, height) { x, y in
            let left = 2 + 4 * step
            if (left..<left + 20).contains(x) && (12..<30).contains(y) {
                // A blue card with a one-pixel anti-aliased rim.
                return x == left || x == left + 19 ? 0xFF_BD80 : 0xFF_7A00
            }
            if step % 3 == 0 && (50..<53).contains(x) && (2..<5).contains(y) { return 0x303BFF }
            return background(x, y)
        }
    }
}

@Suite struct GIFEncoderTests {
    @Test func paletteExactFramesRoundTripExactly() throws {
        let frames = cardAnimation()
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames))
        var shownAt: [Int] = []  // GIF frame on screen at each source frame (30 fps both)
        var start = 0
        for (k, f) in gif.frames.enumerated() {
            let end = start + f.delay
            for t in 0..<frames.count where (100 * t / 30) >= start && (100 * t / 30) < end { shownAt.append(k) }
            start = end
        }
        #expect(shownAt.count == frames.count)
        for (t, k) in shownAt.enumerated() { #expect(gif.frames[k].screen == screen(of: frames[t]), "frame \(t)") }
    }

    @Test func aTransparentBackgroundStaysTransparentAsTheCardMoves() throws {
        // The card animation with its background made transparent and a half-transparent rim,
        // so pixels turn transparent where the card was (disposal 2 clears them).
        let frames = cardAnimation().map { opaque -> Pixmap in
            var p = opaque
            for i in 0..<p.width * p.height {
                let c = UInt32(p.data[4 * i]) | UInt32(p.data[4 * i + 1]) << 8 | UInt32(p.data[4 * i + 2]) << 16
                if c == 0xFFFFFF || c == 0xF9F9F9 || c == 0xC8C6C6 { p.data.replaceSubrange(4 * i..<4 * i + 4, with: [0, 0, 0, 0]) }
                if c == 0xFF_BD80 { p.data.replaceSubrange(4 * i..<4 * i + 4, with: [0x40, 0x5E, 0x7F, 0x80]) }
            }
            return p
        }
        var options = GIFOptions(quality: 100)
        options.transparency = true
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: options))
        #expect(gif.frames.contains { $0.disposal == 2 })
        func expected(_ p: Pixmap) -> [UInt32] {
            (0..<p.width * p.height).map { i in
                let a = UInt32(p.data[4 * i + 3])
                guard a >= 128 else { return GIFTestDecoder.blank }
                // Straight colour: half-transparent rim pixels are unpremultiplied.
                return (0..<3).reduce(0) { $0 | ((UInt32(p.data[4 * i + $1]) * 255 + a / 2) / a) << (8 * UInt32($1)) }
            }
        }
        var start = 0
        for f in gif.frames {
            let end = start + f.delay
            for t in frames.indices where 100 * t / 30 >= start && 100 * t / 30 < end {
                #expect(f.screen == expected(frames[t]), "tick \(t)")
            }
            start = end
        }
    }

    @Test func identicalFramesMergeByAddingTheirDelays() throws {
        let gif = try GIFTestDecoder.decode(try encodeGIF(cardAnimation()))
        #expect(gif.frames.count == 10)
        // Frames 9...13 are one GIF frame from 30 cs (tick 9) to 46 cs (tick 14).
        #expect(gif.frames.last?.delay == 16)
        let total = gif.frames.map(\.delay).reduce(0, +)
        #expect(total == 46)
    }

    @Test func laterFramesStoreOnlyTheChangedRectangleOverTheFrameBefore() throws {
        let a = frame(30, 20) { _, _ in 0xFFFFFF }
        let b = frame(30, 20) { x, y in (x, y) == (4, 3) || (x, y) == (9, 6) ? 0x0000FF : 0xFFFFFF }
        let gif = try GIFTestDecoder.decode(try encodeGIF([a, b]))
        let second = try #require(gif.frames.last)
        #expect(second.rect == (4, 3, 6, 4))
        #expect(second.disposal == 1)
        let transparent = try #require(second.transparentIndex)
        // Everything but the two changed corners is transparent or repeats white exactly.
        let white = second.indices.filter { $0 != transparent }
        #expect(second.indices.count == 24 && white.count >= 2)
        #expect(gif.frames.allSatisfy { $0.disposal == 1 })
    }

    @Test func damageRectsThatCoverTheChangesGiveTheSameFile() throws {
        let frames = cardAnimation()
        let damage: [Rect?] = frames.indices.map { _ in Rect(0, 0, 64, 31) }
        #expect(try encodeGIF(frames, damage: damage) == encodeGIF(frames))
    }

    @Test func changesOutsideTheDamageRectAreNotCompared() throws {
        let a = frame(16, 16) { _, _ in 0xFFFFFF }
        let b = frame(16, 16) { x, y in x == 15 && y == 15 ? 0 : 0xFFFFFF }
        let gif = try GIFTestDecoder.decode(try encodeGIF([a, b], damage: [nil, Rect(0, 0, 4, 4)]))
        #expect(gif.frames.count == 1)
    }

    @Test func manyColoursKeepFlatAreasExactAndEdgesClose() throws {
        // A 4096-colour two-axis gradient over flat colours, after a flat first frame; undithered,
        // as this checks the palette (dither noise would count against the plain PSNR).
        let flat = frame(128, 64) { x, _ in x < 64 ? 0x2050E0 : 0xF0F0F0 }
        let busy = frame(128, 64) { x, y in
            y < 32 ? UInt32(2 * x) | UInt32(8 * y) << 8 | 0x40_0000 : (x < 64 ? 0x2050E0 : 0xF0F0F0)
        }
        let changed = frame(128, 64) { x, y in y >= 60 && x < 40 ? 0x10C020 : (x < 64 ? 0x2050E0 : 0xF0F0F0) }
        let gif = try GIFTestDecoder.decode(try encodeGIF([flat, busy, changed],
                                                          options: GIFOptions(quality: 100, dither: false)))
        let shown = gif.frames[1].screen, source = screen(of: busy)
        var squaredError = 0
        for i in 0..<shown.count {
            let (s, g) = (RGB(source[i]), RGB(shown[i]))
            if i >= 32 * 128 { #expect(s == g) }
            squaredError += Int(s.distance(to: g))
        }
        let psnr = 10 * log10(255.0 * 255 / (Double(squaredError) / Double(3 * shown.count)))
        #expect(psnr > 38)
        #expect(gif.frames[2].screen.suffix(4 * 128).prefix(40) == screen(of: changed).suffix(4 * 128).prefix(40))
    }

    @Test func sixtyHertzFramesBecomeThirtyFPSWithTheExactDuration() throws {
        let frames = (0..<60).map { t in frame(8, 8) { x, _ in x == t % 8 ? UInt32(t) : 0xFFFFFF } }
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(fps: 30, sourceFPS: 60)))
        #expect(gif.frames.count == 30)
        #expect(Array(gif.frames.map(\.delay).prefix(3)) == [3, 3, 4])
        #expect(gif.frames.map(\.delay).reduce(0, +) == 100)
    }

    @Test func holdsLongerThanGIFsLongestDelayContinueOnTransparentFrames() throws {
        let frames = [frame(2, 2) { _, _ in 0 }] + [Pixmap](repeating: frame(2, 2) { _, _ in 0xFFFFFF }, count: 700)
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(fps: 1)))
        #expect(gif.frames.map(\.delay) == [100, 65535, 70000 - 65535])
        #expect(gif.frames[2].screen == screen(of: frames[1]))
    }

    @Test func loopCountIsWrittenOrLeftOut() throws {
        let frames = cardAnimation()
        #expect(try GIFTestDecoder.decode(try encodeGIF(frames)).loopCount == 0)
        #expect(try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(loopCount: 3))).loopCount == 3)
        #expect(try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(loopCount: nil))).loopCount == nil)
    }

    @Test func translucentPixelsAreShownOverBlack() throws {
        // Premultiplied (100, 50, 0) at alpha 128 is that colour over black.
        let p = Pixmap(width: 2, height: 1, premultiplied: [100, 50, 0, 128, 255, 255, 255, 255])
        let gif = try GIFTestDecoder.decode(try encodeGIF([p]))
        #expect(gif.frames[0].screen == [0x00_3264, 0xFF_FFFF])
    }

    @Test func theFrameDataInFlightDoesNotGrowWithTheNumberOfFrames() throws {
        // A moving gradient, every frame changing the whole canvas, with at most one frame
        // submitted and unwritten: whether 6 or 24 frames, the encoder never holds more than that
        // one and the frame being planned, and nothing once finished.
        let (width, height) = (96, 64)
        let frameBytes = width * height * GIFEncoder.bytesInFlightPerPixel
        for count in [6, 24] {
            let folder = try scratchFolder("gif-memory")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let gif = try GIFEncoder(path: folder + "/out.gif", width: width, height: height, options: GIFOptions())
            gif.maxUnwritten = 1
            for t in 0..<count {
                try gif.add(frame(width, height) { x, y in
                    UInt32(40 + (x + 3 * t) % 160) | UInt32(60 + y * 2) << 8 | UInt32(200 - x) << 16
                })
                #expect(gif.bytesInFlight <= 2 * frameBytes)
            }
            try gif.finish()
            #expect(gif.peakBytesInFlight <= 2 * frameBytes, "\(count) frames")
            #expect(gif.peakBytesInFlight >= frameBytes * 4 / 9, "\(count) frames: the frames were counted")
            #expect(gif.bytesInFlight == 0)
        }
    }

    @Test func encodingIsByteIdenticalEveryRun() throws {
        let frames = (0..<24).map { t in frame(96, 64) { x, y in UInt32((x * t + y * 3) % 300) * 0x010203 } }
        let first = try encodeGIF(frames, options: GIFOptions(quality: 60))
        for _ in 0..<3 { #expect(try encodeGIF(frames, options: GIFOptions(quality: 60)) == first) }
    }
}

@Suite struct GIFEncoderErrorTests {
    @Test func aFrameOfAnotherSizeIsAnErrorAndNoFileAppears() throws {
        let folder = try scratchFolder("gif")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        do {
            let gif = try GIFEncoder(path: path, width: 4, height: 4)
            try gif.add(frame(4, 4) { _, _ in 0 })
            #expect(throws: GIFError.frameSize(index: 1, width: 5, height: 4, expectedWidth: 4, expectedHeight: 4)) {
                try gif.add(frame(5, 4) { _, _ in 0 })
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func finishingWithoutFramesIsAnError() throws {
        let folder = try scratchFolder("gif")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gif = try GIFEncoder(path: folder + "/out.gif", width: 4, height: 4)
        #expect(throws: GIFError.noFrames) { try gif.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anUnwritableFolderIsAnErrorNamingThePath() {
        let expected = CodecError.unwritable(path: "/nonexistent/out.gif", reason: "folder /nonexistent does not exist")
        #expect(throws: expected) {
            _ = try GIFEncoder(path: "/nonexistent/out.gif", width: 4, height: 4)
        }
    }

    @Test(arguments: [GIFOptions(fps: 60), GIFOptions(fps: 0), GIFOptions(sourceFPS: 0), GIFOptions(loopCount: 70000),
                      GIFOptions(quality: 101)])
    func optionsOutOfRangeAreRejected(options: GIFOptions) {
        #expect(throws: GIFError.self) { try options.validate() }
    }
}
