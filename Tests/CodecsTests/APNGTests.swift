@testable import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// Encodes frames as an APNG file and reads the bytes back.
func encodeAPNG(_ frames: [Pixmap], options: APNGOptions = APNGOptions(fps: 30)) throws -> [UInt8] {
    let folder = try scratchFolder("apng")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.apng"
    let apng = try APNGEncoder(path: path, width: frames[0].width, height: frames[0].height, options: options)
    for f in frames { try apng.add(f) }
    try apng.finish()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The decoded canvas on screen at each output tick (`fps` ticks per second).
func canvasesPerTick(_ animation: APNGAnimation, fps: Int) -> [Pixmap] {
    animation.frames.flatMap { f -> [Pixmap] in
        #expect(f.delayNumerator * fps % f.delayDenominator == 0, "delay \(f.delayNumerator)/\(f.delayDenominator)")
        return Array(repeating: f.image, count: f.delayNumerator * fps / f.delayDenominator)
    }
}

/// The card animation on a translucent canvas: a half-transparent band fading in, so some frames
/// change translucent pixels (blend op source) and others only opaque ones (blend op over).
func translucentAnimation() -> [Pixmap] {
    cardAnimation().enumerated().map { t, opaque in
        var p = opaque
        for y in 0..<6 { for x in 0..<p.width {
            let i = 4 * (y * p.width + x)
            let a = UInt8(min(255, 20 * min(t, 6) + x))
            p.data.replaceSubrange(i..<i + 4, with: [UInt8(Int(a) * 3 / 4), 0, UInt8(Int(a) / 2), a])
        } }
        return p
    }
}

/// The card animation whose frame 5 brings a pixel `colour` that keyed RGB cannot store as it is
/// (translucent, or the key colour chosen from the first frame), so the encoder turns RGBA there.
func animationTurningRGBA(_ colour: ((UInt32) -> UInt32)) -> [Pixmap] {
    var frames = cardAnimation()
    guard case .keyedRGB(let key) = APNGPixelFormat.choose(for: frames[0]) else { return frames }
    for t in 5..<frames.count {
        frames[t].data.withUnsafeMutableBytes { $0.bindMemory(to: UInt32.self)[35 * 64 + 7] = colour(key) }
    }
    return frames
}

/// Typing under a key popup: each frame adds two dark pixels to a row just below a 24×16 popup
/// shown on odd frames only, so every popup frame is best restored to the picture before it
/// (dispose op previous).
func popupAnimation() -> [Pixmap] {
    (0..<10).map { t in
        frame(64, 40) { x, y in
            if t % 2 == 1 && (20..<44).contains(x) && (10..<26).contains(y) { return UInt32(0x20_3040 + x * 0x0105 + y * 0x03_0000) }
            if y == 27 && (20..<20 + 2 * t).contains(x) { return 0x10_1010 }
            return y % 10 == 0 ? 0xC8_C6C6 : 0xFF_FFFF
        }
    }
}

/// The ways the encoder stores pixels (keyed RGB throughout, RGBA throughout, and keyed RGB
/// turning RGBA at a translucent pixel or at the key colour) and a popup that comes and goes,
/// each with the colour type its file must have.
let apngTestAnimations: [(name: String, frames: () -> [Pixmap], colourType: UInt8)] = [
    ("opaque", { cardAnimation() }, 2),
    ("translucent", { translucentAnimation() }, 6),
    ("turns translucent", { animationTurningRGBA { _ in 0x8040_2010 } }, 6),
    ("brings the key colour", { animationTurningRGBA { $0 } }, 6),
    ("popup", { popupAnimation() }, 2),
]

@Suite struct APNGTests {
    @Test(arguments: apngTestAnimations.indices)
    func everyColourTypePathDecodesToTheFrameOfEachTick(path: Int) throws {
        let (name, makeFrames, colourType) = apngTestAnimations[path]
        let frames = makeFrames()
        let bytes = try encodeAPNG(frames)
        let chunks = try PNGChunks.parse(bytes, name: name)
        #expect(bytes[chunks[0].data.lowerBound + 9] == colourType, "\(name)")
        #expect(chunks.contains { $0.type == "tRNS" } == (colourType == 2), "\(name)")
        let shown = canvasesPerTick(try APNGDecoder.decode(bytes), fps: 30)
        #expect(shown.count == frames.count)
        for (t, (a, b)) in zip(shown, frames).enumerated() { #expect(a == b, "\(name), tick \(t)") }
    }

    @Test func aPopupThatComesAndGoesIsRestoredToThePictureBeforeIt() throws {
        let bytes = try encodeAPNG(popupAnimation())
        let controls = try PNGChunks.parse(bytes, name: "popup").filter { $0.type == "fcTL" }
        // Dispose and blend ops of each frame: popup frames are disposed to the previous picture
        // and copied (blend op source, which Pillow needs for them).
        let ops = controls.map { [bytes[$0.data.lowerBound + 24], bytes[$0.data.lowerBound + 25]] }
        #expect(ops[1] == [2, 0] && ops[3] == [2, 0])
        // The frame after a popup stores only the four pixels typed since the picture before it.
        let at = controls[2].data.lowerBound
        #expect(PNGChunks.readUInt32(bytes, at: at + 4) * PNGChunks.readUInt32(bytes, at: at + 8) == 4)
    }

    @Test(arguments: [false, true])
    func aDelayLongerThanSixteenBitsContinuesOnTransparentPixels(translucent: Bool) throws {
        let card = translucent ? translucentAnimation() : cardAnimation()
        // At 1000 fps from a 1 fps source, 67 identical frames last 67,000 ticks: 65,535 and 1,465.
        let frames = [card[0]] + Array(repeating: card[1], count: 67)
        let decoded = try APNGDecoder.decode(try encodeAPNG(frames, options: APNGOptions(fps: 1000, sourceFPS: 1)))
        #expect(decoded.frames.map { $0.delayNumerator * 1000 / $0.delayDenominator } == [1000, 65535, 1465])
        let shown = decoded.frames.map(\.image) == [card[0], card[1], card[1]]
        #expect(shown)
        #expect(decoded.frames.reduce(0) { $0 + 1000 * $1.delayNumerator / $1.delayDenominator } == 68_000)
    }

    @Test(arguments: [false, true])
    func everyDecodedFrameEqualsTheFrameOfItsTick(translucent: Bool) throws {
        let frames = translucent ? translucentAnimation() : cardAnimation()
        let decoded = try APNGDecoder.decode(try encodeAPNG(frames))
        let shown = canvasesPerTick(decoded, fps: 30)
        #expect(shown.count == frames.count)
        for (t, (a, b)) in zip(shown, frames).enumerated() { #expect(a == b, "tick \(t)") }
    }

    @Test func identicalFramesMergeIntoOneLongerExactDelay() throws {
        let decoded = try APNGDecoder.decode(try encodeAPNG(cardAnimation()))
        #expect(decoded.frames.count == 10)
        // Frames 9...13 are one frame of 5 ticks at 30 fps.
        #expect(decoded.frames.last.map { ($0.delayNumerator, $0.delayDenominator) } ?? (0, 0) == (1, 6))
        #expect(decoded.frames.dropLast().allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 30 })
    }

    @Test func sixtyFramesPerSecondStaySixty() throws {
        let frames = Array(cardAnimation().prefix(4))
        let decoded = try APNGDecoder.decode(try encodeAPNG(frames, options: APNGOptions(fps: 60)))
        #expect(decoded.frames.map(\.delayDenominator) == [60, 60, 60, 60])
        #expect(decoded.frames.map(\.image) == frames)
    }

    @Test func aLowerOutputRateKeepsTheFramesOnItsTicks() throws {
        let frames = cardAnimation()
        let bytes = try encodeAPNG(frames, options: APNGOptions(fps: 10, sourceFPS: 30))
        let shown = canvasesPerTick(try APNGDecoder.decode(bytes), fps: 10)
        #expect(shown == [0, 3, 6, 9, 12].map { frames[$0] })
    }

    @Test func laterFramesStoreOnlyTheirChangedRectangle() throws {
        let bytes = try encodeAPNG(cardAnimation())
        let chunks = try PNGChunks.parse(bytes, name: "t")
        let controls = chunks.filter { $0.type == "fcTL" }.map { c in
            (0..<4).map { Int(PNGChunks.readUInt32(bytes, at: c.data.lowerBound + 4 + 4 * $0)) }
        }
        #expect(controls.first == [64, 40, 0, 0])
        // Frame 1: the card moves 4 px right (x 2...25 changes), the dot goes away.
        #expect(controls[1] == [51, 28, 2, 2])
    }

    @Test func playsAreStoredInTheAnimationControl() throws {
        let decoded = try APNGDecoder.decode(try encodeAPNG(Array(cardAnimation().prefix(2)),
                                                            options: APNGOptions(fps: 30, plays: 3)))
        #expect(decoded.plays == 3)
    }

    @Test func aPlainPNGDecodesAsOneFrame() throws {
        let image = cardAnimation()[0]
        let decoded = try APNGDecoder.decode(try PNG.encode(image))
        #expect(decoded.frames.map(\.image) == [image])
    }

    @Test func damagedFilesThrowNamingTheInput() throws {
        let bytes = try encodeAPNG(cardAnimation())
        #expect(throws: CodecError.self) { try APNGDecoder.decode(Array(bytes.prefix(bytes.count / 2)), name: "cut") }
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        #expect(throws: CodecError.self) { try APNGDecoder.decode(flipped, name: "flipped") }
        // A frame count that does not match the frames.
        var lying = bytes
        let control = try PNGChunks.parse(bytes, name: "t").first { $0.type == "acTL" }!
        lying[control.data.lowerBound + 3] = 99
        let fixed = PNGChunks.chunk("acTL", Array(lying[control.data]))
        lying.replaceSubrange(control.data.lowerBound - 8..<control.data.upperBound + 4, with: fixed)
        #expect(throws: CodecError.malformed(input: "lying", reason: "acTL declares 99 frames but the file has 10")) {
            try APNGDecoder.decode(lying, name: "lying")
        }
    }

    @Test func corruptedChunksWithValidCRCsThrowOrDecodeButNeverCrash() throws {
        let bytes = try encodeAPNG(translucentAnimation())
        let chunks = try PNGChunks.parse(bytes, name: "t").filter { !$0.data.isEmpty }
        var random = SeededGenerator(seed: 16)
        for _ in 0..<150 {
            // Change one byte inside a chunk and fix its CRC, so the damage reaches the decoder.
            let chunk = chunks[random.below(chunks.count)]
            var damaged = bytes
            damaged[chunk.data.lowerBound + random.below(chunk.data.count)] = UInt8(random.below(256))
            let fixed = PNGChunks.chunk(chunk.type, Array(damaged[chunk.data]))
            damaged.replaceSubrange(chunk.data.lowerBound - 8..<chunk.data.upperBound + 4, with: fixed)
            _ = try? APNGDecoder.decode(damaged, name: "damaged")
            _ = try? APNGDecoder.decode(Array(bytes.prefix(random.below(bytes.count))), name: "cut")
        }
    }

    @Test func rowsOfNoiseFlatAndSparseDetailInAnyOrderDecodeExactly() throws {
        // Bands of 8 rows of 704 pixels (the encoder's unit of detail at this width): noise is
        // dense, compressed by libdeflate and spliced into zlib's stream first, between and
        // last; a pixel of colour in twelve, the same in every such band, is detailed, so zlib's
        // matches reach across the noise to an earlier band; flat rows are flat.
        var random = SeededGenerator(seed: 7)
        let layouts = [[2, 0, 1, 2, 1, 0, 2, 1, 0, 0, 1, 2], [0, 1, 2, 1, 2, 2, 0, 1, 2, 1, 0, 0],
                       [1, 2, 0, 1, 2, 1, 1, 2, 0, 2, 1, 2]]
        let frames = layouts.map { layout in
            frame(704, 96) { x, y in
                switch layout[y / 8] {
                case 2: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF
                case 1 where x % 12 == y % 12: UInt32(x * 0x03_0507 + y % 8 * 0x0B_0D11) & 0xFF_FFFF
                default: 0xE0_E4E8
                }
            }
        }
        let shown = canvasesPerTick(try APNGDecoder.decode(try encodeAPNG(frames)), fps: 30)
        #expect(shown == frames)
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        let frames = translucentAnimation()
        #expect(try encodeAPNG(frames) == encodeAPNG(frames))
    }

    @Test(arguments: apngTestAnimations.indices)
    func ffmpegDecodesEveryFrameLosslessly(path: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return }
        let folder = try scratchFolder("apng-ffmpeg")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (name, makeFrames, _) = apngTestAnimations[path]
        let frames = makeFrames()
        try Data(try encodeAPNG(frames)).write(to: URL(fileURLWithPath: folder + "/a.apng"))
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                               ["-v", "error", "-i", folder + "/a.apng", "-f", "rawvideo", "-pix_fmt", "rgba",
                                "-fps_mode", "passthrough", folder + "/out.rgba"])
        #expect(r.status == 0, "\(r.stderr)")
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.rgba")))
        // One decoded frame per run of identical frames.
        let distinct = frames.enumerated().filter { $0.offset == 0 || frames[$0.offset - 1] != $0.element }.map(\.element)
        let size = 64 * 40 * 4
        #expect(raw.count == distinct.count * size)
        for k in 0..<min(distinct.count, raw.count / size) {
            #expect(Array(raw[k * size..<(k + 1) * size]) == distinct[k].straightRGBA(), "\(name), frame \(k)")
        }
    }
}
