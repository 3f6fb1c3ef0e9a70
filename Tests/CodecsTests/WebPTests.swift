@testable import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// Encodes frames as an animated WebP and decodes it with libwebp.
func webpRoundTrip(_ frames: [Pixmap], options: WebPOptions) throws -> (bytes: Int, plays: Int, frames: [WebPDecoder.Frame]) {
    let folder = try scratchFolder("webp")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.webp"
    let webp = try WebPEncoder(path: path, width: frames[0].width, height: frames[0].height, options: options)
    for f in frames { try webp.add(f) }
    try webp.finish()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let decoded = try WebPDecoder.decode(bytes)
    return (bytes.count, decoded.plays, decoded.frames)
}

/// The decoded picture on screen at each tick of `fps`.
func webpPerTick(_ frames: [WebPDecoder.Frame], fps: Int) -> [Pixmap] {
    var out: [Pixmap] = []
    for f in frames { while 1000 * out.count / fps < f.endMilliseconds { out.append(f.image) } }
    return out
}

/// Peak signal-to-noise ratio of two same-size pixmaps over RGBA, in dB (99 when equal).
func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
    let squared = zip(a.data, b.data).reduce(0) { $0 + (Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1)) }
    guard squared > 0 else { return 99 }
    return 10 * log10(255 * 255 * Double(a.data.count) / Double(squared))
}

@Suite struct WebPTests {
    @Test func losslessFramesDecodeExactlyOnTheirTicks() throws {
        let frames = translucentAnimation()
        let r = try webpRoundTrip(frames, options: WebPOptions(fps: 30, lossless: true))
        #expect(webpPerTick(r.frames, fps: 30) == frames)
    }

    @Test func lossyFramesStayClose() throws {
        // A gradient with a hard-edged disc moving over it, at a size where the disc's edge is a
        // large share of the pixels (33.4 dB at quality 75; bench/outputs.sh holds the demos to 38 dB).
        let frames = (0..<6).map { t in
            frame(96, 64) { x, y in
                let d = (x - 20 - 8 * t) * (x - 20 - 8 * t) + (y - 32) * (y - 32)
                if d < 144 { return 0x3050E0 }
                return UInt32(80 + x) | UInt32(60 + 2 * y) << 8 | UInt32(200) << 16
            }
        }
        let r = try webpRoundTrip(frames, options: WebPOptions(fps: 30))
        let shown = webpPerTick(r.frames, fps: 30)
        #expect(shown.count == frames.count)
        for (a, b) in zip(shown, frames) { #expect(psnr(a, b) >= 32) }
    }

    @Test func playsAndRateConversionAreKept() throws {
        let frames = cardAnimation()
        let r = try webpRoundTrip(frames, options: WebPOptions(fps: 10, sourceFPS: 30, plays: 2, lossless: true))
        #expect(r.plays == 2)
        #expect(webpPerTick(r.frames, fps: 10) == [0, 3, 6, 9, 12].map { frames[$0] })
    }

    @Test func anUnwritableFolderFailsBeforeAnyFrame() throws {
        #expect(throws: CodecError.self) {
            try WebPEncoder(path: "/nonexistent-folder/x.webp", width: 4, height: 4)
        }
    }

    @Test func damagedBytesThrow() throws {
        #expect(throws: CodecError.self) { try WebPDecoder.decode(Array("RIFF\0\0\0\0WEBPVP8X".utf8), name: "bad") }
    }
}
