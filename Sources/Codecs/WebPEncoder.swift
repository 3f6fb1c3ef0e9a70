import CLibWebP
import Foundation
import Geometry
import Raster

/// How `WebPEncoder` times, loops and compresses an animation.
public struct WebPOptions: Sendable, Equatable {
    /// The fastest rate accepted: WebP delays are whole milliseconds.
    public static let maxFPS = 1000

    /// Output frame rate. Frame timestamps are `⌊1000·j / fps⌋` ms at tick `j`, so delays at
    /// 60 fps are 16, 17, 17 ms and whole seconds last exactly that long.
    public var fps: Int
    /// The rate frames are passed to `WebPEncoder.add` at; as `GIFOptions.sourceFPS`.
    public var sourceFPS: Int?
    /// How many times browsers show the animation; 0 loops forever (the ANIM chunk's loop count).
    public var plays: Int
    /// 0...100. Lossy: the VP8 quality factor. Lossless: how hard libwebp compresses (with the
    /// method), as `cwebp -q`.
    public var quality: Int
    /// Lossless (VP8L) frames instead of lossy VP8 with an alpha plane.
    public var lossless: Bool

    /// 30 fps, looping forever, lossy at libwebp's default quality 75 (with sharp YUV the owl's
    /// frames are all at or above 41.9 dB against their PNGs, at 0.45 MB; quality 90 gave 44.4 dB
    /// at 0.64 MB, and lossless 0.60 MB).
    public init(fps: Int = 30, sourceFPS: Int? = nil, plays: Int = 0, quality: Int = 75, lossless: Bool = false) {
        self.fps = fps
        self.sourceFPS = sourceFPS
        self.plays = plays
        self.quality = quality
        self.lossless = lossless
    }

    /// Throws `AnimationError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (1...Self.maxFPS).contains(fps) else {
            throw AnimationError.invalidOption("fps", "must be 1...\(Self.maxFPS), not \(fps)")
        }
        if let s = sourceFPS, s < 1 { throw AnimationError.invalidOption("source fps", "must be at least 1, not \(s)") }
        guard (0...0xFFFF).contains(plays) else {
            throw AnimationError.invalidOption("plays", "must be 0 (forever) or 1...65535, not \(plays)")
        }
        guard (0...100).contains(quality) else {
            throw AnimationError.invalidOption("quality", "must be 0...100, not \(quality)")
        }
    }
}

/// Writes an animated WebP through libwebp's `WebPAnimEncoder`, which finds each frame's changed
/// rectangle, blends and disposes, and merges identical frames. Frames are handed over as they
/// arrive (libwebp keeps only the compressed frames and two canvases) and the file appears at
/// `path` when `finish()` succeeds.
public final class WebPEncoder {
    /// The canvas size every frame must have.
    public let width: Int
    public let height: Int
    public let options: WebPOptions

    private let path: String
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var picture = WebPPicture()
    private var clock: GIFClock
    private var framesAdded = 0
    private var framesKept = 0
    private var lastTick = 0

    /// WebP's canvas limit (14-bit sizes in the VP8X chunk allow 2^24, but VP8 frames stop at 16383).
    public static let maxSide = 16383

    /// Creates the encoder. Throws `AnimationError` for options out of range or an empty or
    /// oversized canvas, `CodecError.unwritable` when `path`'s folder cannot be written.
    public init(path: String, width: Int, height: Int, options: WebPOptions = WebPOptions()) throws {
        try options.validate()
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw AnimationError.canvasSize(format: "WebP", maxSide: Self.maxSide, width: width, height: height)
        }
        // Fail on an unwritable destination now, not after every frame is encoded.
        try AtomicOutput(path: path).abort()
        self.path = path
        self.width = width
        self.height = height
        self.options = options
        clock = GIFClock(fps: options.fps, sourceFPS: options.sourceFPS ?? options.fps)
        var animation = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animation) != 0, WebPConfigInit(&config) != 0 else {
            throw CodecError.malformed(input: "libwebp", reason: "version mismatch")
        }
        animation.anim_params.loop_count = Int32(options.plays)
        config.lossless = options.lossless ? 1 : 0
        config.quality = Float(options.quality)
        config.method = 4
        config.thread_level = 1
        // Sharper chroma at colour edges (text on colour) for lossy frames.
        config.use_sharp_yuv = options.lossless ? 0 : 1
        encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &animation)
        // One picture for every frame, filled in place (no allocation per frame).
        guard WebPPictureInit(&picture) != 0 else { throw CodecError.malformed(input: "libwebp", reason: "version mismatch") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard encoder != nil, WebPPictureAlloc(&picture) != 0 else {
            throw CodecError.malformed(input: "libwebp", reason: "out of memory")
        }
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
        WebPPictureFree(&picture)
    }

    /// Adds the next source frame. `damage` is accepted for `AnimationEncoder` but not needed:
    /// libwebp compares the frames itself. Throws `AnimationError.frameSize` for a frame of
    /// another size.
    public func add(_ frame: Pixmap, damage: Rect? = nil) throws {
        precondition(encoder != nil, "WebPEncoder.add after finish")
        defer { framesAdded += 1 }
        guard frame.width == width, frame.height == height else {
            throw AnimationError.frameSize(index: framesAdded, width: frame.width, height: frame.height,
                                           expectedWidth: width, expectedHeight: height)
        }
        let ticks = clock.ticksForNextFrame()
        if ticks.isEmpty { return }
        fill(frame)
        guard WebPAnimEncoderAdd(encoder, &picture, milliseconds(atTick: ticks.lowerBound), &config) != 0 else {
            throw CodecError.malformed(input: path, reason: "libwebp: \(lastError)")
        }
        framesKept += 1
        lastTick = ticks.upperBound
    }

    /// Assembles the file and moves it into place. Throws `AnimationError.noFrames` when no frame
    /// was added.
    public func finish() throws {
        precondition(encoder != nil, "WebPEncoder.finish called twice")
        defer {
            WebPAnimEncoderDelete(encoder)
            encoder = nil
        }
        guard framesKept > 0 else { throw AnimationError.noFrames }
        var data = WebPData()
        guard WebPAnimEncoderAdd(encoder, nil, milliseconds(atTick: lastTick), nil) != 0,
              WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw CodecError.malformed(input: path, reason: "libwebp: \(lastError)")
        }
        defer { WebPDataClear(&data) }
        try AtomicOutput.write(Array(UnsafeBufferPointer(start: data.bytes, count: data.size)), to: path)
    }

    /// Writes `frame` into the picture's ARGB words (straight alpha, as libwebp takes them).
    private func fill(_ frame: Pixmap) {
        frame.data.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            let stride = Int(picture.argb_stride)
            for y in 0..<height {
                let row = picture.argb + y * stride
                for x in 0..<width {
                    let p = src[y * width + x]
                    let a = p >> 24
                    var r = p & 0xFF, g = (p >> 8) & 0xFF, b = (p >> 16) & 0xFF
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
    }

    private var lastError: String { WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error" }

    private func milliseconds(atTick j: Int) -> Int32 { Int32(clamping: 1000 * j / options.fps) }
}

extension WebPEncoder: AnimationEncoder {}

/// Reads animated (or still) WebP files into full canvases through libwebp's `WebPAnimDecoder`,
/// for tests and checks that compare frames.
public enum WebPDecoder {
    /// One frame: the whole canvas and the time it ends, in milliseconds from the start.
    public struct Frame: Sendable, Equatable {
        public let image: Pixmap
        public let endMilliseconds: Int
    }

    /// Decodes every frame; throws `CodecError.malformed` naming `name` when libwebp cannot.
    public static func decode(_ bytes: [UInt8], name: String = "WebP") throws -> (plays: Int, frames: [Frame]) {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw CodecError.malformed(input: name, reason: "libwebp version mismatch")
            }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw CodecError.malformed(input: name, reason: "not a valid WebP file")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
                  UInt64(info.canvas_width) * UInt64(info.canvas_height) <= UInt64(PNG.defaultMaxPixels) else {
                throw CodecError.malformed(input: name, reason: "canvas is too large")
            }
            let (w, h) = (Int(info.canvas_width), Int(info.canvas_height))
            var frames: [Frame] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw CodecError.malformed(input: name, reason: "frame \(frames.count) is damaged")
                }
                let rgba = Array(UnsafeBufferPointer(start: pixels, count: w * h * 4))
                frames.append(Frame(image: Pixmap(width: w, height: h, straight: rgba), endMilliseconds: Int(timestamp)))
            }
            return (Int(info.loop_count), frames)
        }
    }
}
