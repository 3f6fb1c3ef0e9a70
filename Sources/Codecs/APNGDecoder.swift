import Foundation
import Raster

/// One frame of a decoded APNG: the whole canvas as it is shown, and for how long.
public struct APNGFrame: Sendable, Equatable {
    /// The full canvas after this frame is drawn.
    public let image: Pixmap
    /// The delay as the file stores it, `delayNumerator / delayDenominator` seconds (a stored
    /// denominator of 0 means 100, as the APNG specification says).
    public let delayNumerator: Int
    public let delayDenominator: Int

    /// The delay in seconds.
    public var seconds: Double { Double(delayNumerator) / Double(delayDenominator) }
}

/// A decoded APNG (or a plain PNG, as one frame).
public struct APNGAnimation: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// acTL's `num_plays`: 0 loops forever.
    public let plays: Int
    public let frames: [APNGFrame]
}

/// Reads animated PNGs into full canvases, applying every frame's dispose and blend ops, for
/// tests and golden checks that compare frames. Each frame's data goes through libpng (wrapped
/// as a PNG of the frame's size). Malformed files throw `CodecError.malformed` naming the
/// input, never crash; sizes are bounded by the pixel budget `PNG.defaultMaxPixels`.
public enum APNGDecoder {
    /// The most canvas pixels one file decodes to, all frames together: 128 full-budget
    /// canvases, or 30 s of 60 fps frames of an iPhone screen at 3x.
    public static let maxCanvasPixels = PNG.defaultMaxPixels * 128

    /// Decodes `bytes`, handing each frame to `body` as it is composed, so a long animation
    /// needs memory for two canvases, not all of them. Returns the size and play count.
    @discardableResult
    public static func decode(_ bytes: [UInt8], name: String = "APNG", maxCanvasPixels: Int = maxCanvasPixels,
                              each body: (APNGFrame) throws -> Void) throws -> (width: Int, height: Int, plays: Int) {
        let chunks = try PNGChunks.parse(bytes, name: name)
        func fail(_ reason: String) -> CodecError { CodecError.malformed(input: name, reason: reason) }
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
            throw fail("the first chunk is not a 13-byte IHDR")
        }
        let width = Int(PNGChunks.readUInt32(bytes, at: header.data.lowerBound))
        let height = Int(PNGChunks.readUInt32(bytes, at: header.data.lowerBound + 4))
        guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24, width * height <= PNG.defaultMaxPixels else {
            throw fail("canvas \(width)×\(height) is empty or over the pixel budget of \(PNG.defaultMaxPixels)")
        }
        // What every frame's stand-alone PNG needs besides its IHDR: the palette and transparency.
        let shared = chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }
            .flatMap { bytes[$0.data.lowerBound - 8..<$0.data.upperBound + 4] }
        let ihdrTail = Array(bytes[header.data.lowerBound + 8..<header.data.upperBound])

        guard let control = chunks.first(where: { $0.type == "acTL" }) else {
            let image = try PNG.decode(bytes, name: name)
            try body(APNGFrame(image: image, delayNumerator: 0, delayDenominator: 100))
            return (width, height, 0)
        }
        guard control.data.count == 8 else { throw fail("acTL is not 8 bytes") }
        let declared = Int(PNGChunks.readUInt32(bytes, at: control.data.lowerBound))
        let plays = Int(PNGChunks.readUInt32(bytes, at: control.data.lowerBound + 4))
        // Every frame is composed onto a whole canvas: many tiny frames on a huge canvas cost
        // canvas × frames, however small the file, so that product is bounded before decoding.
        let frameCount = chunks.lazy.filter { $0.type == "fcTL" }.count
        guard width * height * max(frameCount, 1) <= maxCanvasPixels else {
            throw fail("\(frameCount) frames of a \(width)×\(height) canvas are more than the \(maxCanvasPixels) canvas pixels decoded at most")
        }

        var canvas = Pixmap(width: width, height: height)
        var pending: (control: FrameControl, data: [UInt8])?
        var count = 0
        var expectedSequence: UInt32 = 0
        func sequence(at i: Int) throws {
            let n = PNGChunks.readUInt32(bytes, at: i)
            guard n == expectedSequence else { throw fail("sequence number \(n) where \(expectedSequence) was expected") }
            expectedSequence += 1
        }
        func flush() throws {
            guard let (c, data) = pending else { return }
            pending = nil
            var png = PNGChunks.signature
            var ihdr: [UInt8] = []
            PNGChunks.appendUInt32(UInt32(c.width), to: &ihdr)
            PNGChunks.appendUInt32(UInt32(c.height), to: &ihdr)
            png += PNGChunks.chunk("IHDR", ihdr + ihdrTail) + shared + PNGChunks.chunk("IDAT", data)
                + PNGChunks.chunk("IEND", [])
            let pixels = try PNG.decode(png, name: "\(name) frame \(count)")
            let saved = c.dispose == 2 ? canvas : nil
            compose(pixels, onto: &canvas, at: c, over: c.blend == 1 && count > 0)
            try body(APNGFrame(image: canvas, delayNumerator: c.delayNumerator,
                               delayDenominator: c.delayDenominator == 0 ? 100 : c.delayDenominator))
            count += 1
            // Dispose: 1 clears the frame's rectangle, 2 restores the canvas from before it (the
            // first frame's "previous" is the cleared canvas).
            if c.dispose == 1 || (c.dispose == 2 && count == 1) {
                clear(&canvas, c)
            } else if let saved {
                canvas = saved
            }
        }

        for chunk in chunks {
            let at = chunk.data.lowerBound
            switch chunk.type {
            case "fcTL":
                try flush()
                guard chunk.data.count == 26 else { throw fail("fcTL is not 26 bytes") }
                try sequence(at: at)
                let c = FrameControl(bytes, at: at + 4)
                guard c.width > 0, c.height > 0, c.x >= 0, c.y >= 0, c.x + c.width <= width, c.y + c.height <= height,
                      c.dispose <= 2, c.blend <= 1 else {
                    throw fail("frame \(count) lies outside the canvas or has unknown dispose/blend ops")
                }
                guard count < declared else { throw fail("more frames than acTL declares (\(declared))") }
                pending = (c, [])
            case "IDAT":
                // An IDAT without an fcTL before it is a default image that is not part of the animation.
                if pending != nil { pending!.data += bytes[chunk.data] }
            case "fdAT":
                guard chunk.data.count >= 4, pending != nil else { throw fail("fdAT without an fcTL before it") }
                try sequence(at: at)
                pending!.data += bytes[at + 4..<chunk.data.upperBound]
            default:
                break
            }
        }
        try flush()
        guard count == declared else { throw fail("acTL declares \(declared) frames but the file has \(count)") }
        return (width, height, plays)
    }

    /// The most canvas bytes `decode(_:name:)` holds for all frames together (1 GiB), so a small
    /// hostile file with thousands of frames on a huge canvas cannot exhaust memory.
    public static let maxHeldBytes = 1 << 30

    /// Decodes every frame into memory; throws `CodecError.malformed` when they would take more
    /// than `maxHeldBytes` (`decode(_:name:each:)` streams them instead).
    public static func decode(_ bytes: [UInt8], name: String = "APNG") throws -> APNGAnimation {
        var frames: [APNGFrame] = []
        var held = 0
        let (width, height, plays) = try decode(bytes, name: name) { frame in
            held += frame.image.data.count
            guard held <= maxHeldBytes else {
                throw CodecError.malformed(input: name, reason: "its frames take more than 1 GiB decoded")
            }
            frames.append(frame)
        }
        return APNGAnimation(width: width, height: height, plays: plays, frames: frames)
    }

    /// Reads and decodes an APNG file.
    public static func read(path: String) throws -> APNGAnimation {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw CodecError.unreadable(path: path, reason: reason)
        }
        return try decode([UInt8](data), name: path)
    }

    /// Draws a frame's pixels into its rectangle: replacing what is there (blend op source) or
    /// source-over (blend op over), in premultiplied RGBA.
    private static func compose(_ frame: Pixmap, onto canvas: inout Pixmap, at c: FrameControl, over: Bool) {
        let w = canvas.width
        frame.data.withUnsafeBytes { src in
            let s = src.bindMemory(to: UInt32.self)
            canvas.data.withUnsafeMutableBytes { dst in
                let d = dst.bindMemory(to: UInt32.self)
                for row in 0..<c.height {
                    let line = d.baseAddress! + (c.y + row) * w + c.x
                    let from = s.baseAddress! + row * c.width
                    if over {
                        for x in 0..<c.width { line[x] = sourceOver(from[x], line[x]) }
                    } else {
                        line.update(from: from, count: c.width)
                    }
                }
            }
        }
    }

    /// Premultiplied source-over of one RGBA word: `s + d·(255 − s.alpha)/255`, rounded. A
    /// transparent source leaves `d` as it is (the rounding gives back every byte of it): most
    /// pixels of a golden's frames drawn over the one before.
    private static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inverse = 255 - (s >> 24)
        if inverse == 0 { return s }
        if s == 0 { return d }
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let t = ((d >> shift) & 0xFF) * inverse + 128
            return (((s >> shift) & 0xFF) + ((t + (t >> 8)) >> 8)) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    private static func clear(_ canvas: inout Pixmap, _ c: FrameControl) {
        let w = canvas.width
        canvas.data.withUnsafeMutableBytes { dst in
            for row in 0..<c.height {
                let start = ((c.y + row) * w + c.x) * 4
                dst.baseAddress!.advanced(by: start).initializeMemory(as: UInt8.self, repeating: 0, count: c.width * 4)
            }
        }
    }
}

/// An fcTL chunk's fields after the sequence number.
private struct FrameControl {
    let width, height, x, y, delayNumerator, delayDenominator: Int
    let dispose, blend: UInt8

    init(_ b: [UInt8], at i: Int) {
        width = Int(PNGChunks.readUInt32(b, at: i))
        height = Int(PNGChunks.readUInt32(b, at: i + 4))
        x = Int(PNGChunks.readUInt32(b, at: i + 8))
        y = Int(PNGChunks.readUInt32(b, at: i + 12))
        delayNumerator = PNGChunks.readUInt16(b, at: i + 16)
        delayDenominator = PNGChunks.readUInt16(b, at: i + 18)
        dispose = b[i + 20]
        blend = b[i + 21]
    }
}
