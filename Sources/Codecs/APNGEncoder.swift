import CLibDeflate
import Foundation
import Geometry
import Raster

/// How `APNGEncoder` times and loops an animation.
public struct APNGOptions: Sendable, Equatable {
    /// The fastest rate accepted: delays are fractions with a 16-bit denominator, so any rate up
    /// to this is exact.
    public static let maxFPS = 1000

    /// Output frame rate. A frame shown for `n` ticks gets the delay `n / fps` seconds, written
    /// as that exact fraction, so 60 fps stays 60 fps.
    public var fps: Int
    /// The rate frames are passed to `APNGEncoder.add` at; as `GIFOptions.sourceFPS`.
    public var sourceFPS: Int?
    /// How many times players show the animation; 0 loops forever (acTL's `num_plays`).
    public var plays: Int

    /// 60 fps, looping forever.
    public init(fps: Int = 60, sourceFPS: Int? = nil, plays: Int = 0) {
        self.fps = fps
        self.sourceFPS = sourceFPS
        self.plays = plays
    }

    /// Throws `AnimationError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (1...Self.maxFPS).contains(fps) else {
            throw AnimationError.invalidOption("fps", "must be 1...\(Self.maxFPS), not \(fps)")
        }
        if let s = sourceFPS, s < 1 { throw AnimationError.invalidOption("source fps", "must be at least 1, not \(s)") }
        guard (0...Int(Int32.max)).contains(plays) else {
            throw AnimationError.invalidOption("plays", "must be 0 (forever) or a count, not \(plays)")
        }
    }
}

/// Writes an animated PNG (APNG) frame by frame as the frames arrive; lossless.
///
/// ```swift
/// let apng = try APNGEncoder(path: "out.apng", width: 750, height: 1334, options: APNGOptions(fps: 60))
/// for frame in frames { try apng.add(frame.pixmap) }
/// try apng.finish()
/// ```
///
/// The first frame is the PNG's default image (IDAT), so viewers without APNG show it. Each
/// later frame stores only the rectangle that changed, left on screen after it (dispose op
/// none), and is either copied over the picture (blend op source) or, when its changed pixels
/// are opaque, drawn over it with the unchanged ones transparent (blend op over): whichever
/// compresses smaller. Dispose op previous would save 2 % on the owl (a key popup that comes and
/// goes) but Pillow (13.0) restores the wrong picture after a blend-over frame, as it does in
/// apngasm's files, so it is not used. Rows are filtered by the best of six strategies
/// (`APNGFrameEncoder.compress`) and compressed with libdeflate. Frames identical to the one before lengthen its delay, and every delay is the exact fraction of ticks over `fps`.
/// Frames are compressed on worker threads with a few in flight; the file is byte-identical
/// whatever the thread timing, and appears at `path` only when `finish()` succeeds.
public final class APNGEncoder {
    /// The canvas size every frame must have.
    public let width: Int
    public let height: Int
    public let options: APNGOptions

    private let output: AtomicOutput
    /// The picture after the last frame.
    private var shown: Pixmap?
    private var clock: GIFClock
    /// Damage of frames dropped by the frame-rate conversion, carried to the next kept frame.
    private var carriedDamage = GIFRect(x: 0, y: 0, width: 0, height: 0)
    private var framesAdded = 0
    private var framesWritten = 0
    private var sequence: UInt32 = 0
    private var unwritten: [PendingFrame] = []
    private let work = OrderedWork<Result<APNGEncodedFrame, Error>>(label: "APNGEncoder")
    private let maxUnwritten = orderedWorkLookahead + 2
    private var finished = false

    /// Where acTL sits in the file: after the signature and the 25-byte IHDR chunk.
    private static let animationControlOffset: UInt64 = 8 + 25

    /// Creates the encoder and writes the file header to a temporary file. Throws
    /// `AnimationError` for options out of range or an empty or oversized canvas,
    /// `CodecError.unwritable` when `path` cannot be written.
    public init(path: String, width: Int, height: Int, options: APNGOptions = APNGOptions()) throws {
        try options.validate()
        guard width >= 1, height >= 1, width <= 1 << 24, height <= 1 << 24,
              width * height <= PNG.maxPixelsCeiling else {
            throw AnimationError.canvasSize(format: "APNG", maxSide: 1 << 24, width: width, height: height)
        }
        self.width = width
        self.height = height
        self.options = options
        clock = GIFClock(fps: options.fps, sourceFPS: options.sourceFPS ?? options.fps)
        output = try AtomicOutput(path: path)
        var header = PNGChunks.signature
        var ihdr: [UInt8] = []
        PNGChunks.appendUInt32(UInt32(width), to: &ihdr)
        PNGChunks.appendUInt32(UInt32(height), to: &ihdr)
        ihdr += [8, 6, 0, 0, 0]  // 8-bit straight RGBA, deflate, adaptive filtering, not interlaced
        header += PNGChunks.chunk("IHDR", ihdr)
        header += animationControl(frames: 0)
        try output.write(header)
    }

    /// Adds the next source frame; `damage` as in `GIFEncoder.add`. Throws
    /// `AnimationError.frameSize` for a frame of another size, `CodecError` when writing fails.
    public func add(_ frame: Pixmap, damage: Rect? = nil) throws {
        precondition(!finished, "APNGEncoder.add after finish")
        defer { framesAdded += 1 }
        guard frame.width == width, frame.height == height else {
            throw AnimationError.frameSize(index: framesAdded, width: frame.width, height: frame.height,
                                           expectedWidth: width, expectedHeight: height)
        }
        let bounds = GIFRect(x: 0, y: 0, width: width, height: height)
        let ticks = clock.ticksForNextFrame()
        carriedDamage = carriedDamage.union(damage.map { GIFRect(covering: $0, clippedTo: bounds) } ?? bounds)
        if ticks.isEmpty { return }
        let region = carriedDamage
        carriedDamage = GIFRect(x: 0, y: 0, width: 0, height: 0)
        guard let shown else {
            self.shown = frame
            try submit(APNGFramePixels(frame, rect: bounds, previous: nil), ticks: ticks)
            return
        }
        guard let rect = changedRect(frame, from: shown, within: region) else {
            unwritten[unwritten.count - 1].ticks = unwritten[unwritten.count - 1].ticks.lowerBound..<ticks.upperBound
            return
        }
        self.shown = frame
        try submit(APNGFramePixels(frame, rect: rect, previous: shown), ticks: ticks)
    }

    private func changedRect(_ frame: Pixmap, from picture: Pixmap, within region: GIFRect) -> GIFRect? {
        picture.data.withUnsafeBytes {
            GIFCanvas.changedRect(in: frame, screen: $0.bindMemory(to: UInt32.self), within: region, tolerance: 0)
        }
    }

    /// Writes the frames still in flight, the frame count and IEND, and moves the file into
    /// place. Throws `AnimationError.noFrames` when no frame was added.
    public func finish() throws {
        precondition(!finished, "APNGEncoder.finish called twice")
        finished = true
        guard !unwritten.isEmpty else {
            output.abort()
            throw AnimationError.noFrames
        }
        while !unwritten.isEmpty { try writeFront(waiting: true) }
        try output.write(PNGChunks.chunk("IEND", []))
        try output.overwrite(animationControl(frames: framesWritten), at: Self.animationControlOffset)
        try output.commit()
    }

    private func animationControl(frames: Int) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunks.appendUInt32(UInt32(frames), to: &data)
        PNGChunks.appendUInt32(UInt32(options.plays), to: &data)
        return PNGChunks.chunk("acTL", data)
    }

    private func submit(_ pixels: APNGFramePixels, ticks: Range<Int>) throws {
        unwritten.append(PendingFrame(ticket: work.submit { Result { try APNGFrameEncoder.encode(pixels) } },
                                      ticks: ticks))
        while unwritten.count > 1, try writeFront(waiting: unwritten.count > maxUnwritten) {}
    }

    /// Writes the oldest unwritten frame if it is encoded (waiting for it when asked to);
    /// returns whether it wrote. Only asked when its delay is final.
    @discardableResult
    private func writeFront(waiting: Bool) throws -> Bool {
        guard let front = unwritten.first, let result = work.take(front.ticket, waiting: waiting) else { return false }
        unwritten.removeFirst()
        let encoded = try result.get()
        // A delay too long for one 16-bit numerator continues on 1-pixel transparent frames.
        var remaining = front.ticks.count
        var bytes: [UInt8] = []
        var frame = encoded
        repeat {
            let ticks = min(remaining, 0xFFFF)
            remaining -= ticks
            bytes += frameControl(frame, ticks: ticks)
            if framesWritten == 0 {
                bytes += PNGChunks.chunk("IDAT", frame.compressed)
            } else {
                var data: [UInt8] = []
                PNGChunks.appendUInt32(nextSequence(), to: &data)
                bytes += PNGChunks.chunk("fdAT", data + frame.compressed)
            }
            framesWritten += 1
            frame = .transparentPixel
        } while remaining > 0
        try output.write(bytes)
        return true
    }

    private func frameControl(_ frame: APNGEncodedFrame, ticks: Int) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunks.appendUInt32(nextSequence(), to: &data)
        for v in [frame.rect.width, frame.rect.height, frame.rect.x, frame.rect.y] {
            PNGChunks.appendUInt32(UInt32(v), to: &data)
        }
        let divisor = gcd(ticks, options.fps)
        PNGChunks.appendUInt16(ticks / divisor, to: &data)
        PNGChunks.appendUInt16(options.fps / divisor, to: &data)
        data += [APNGFrameEncoder.disposeNone, frame.blend]
        return PNGChunks.chunk("fcTL", data)
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
}

/// A frame submitted but not yet written: its delay is final once a later frame exists.
private struct PendingFrame {
    let ticket: Int
    var ticks: Range<Int>
}

/// The changed rectangle of one frame, cut out for compression.
struct APNGFramePixels: Sendable {
    let rect: GIFRect
    /// Straight RGBA of `rect`, row by row.
    let rgba: [UInt8]
    /// Per pixel of `rect`, whether it equals the picture already shown; `nil` for the first frame.
    let unchanged: [Bool]?
    /// Whether every changed pixel is opaque, so blend op over reproduces them exactly.
    let changedAreOpaque: Bool

    init(_ frame: Pixmap, rect: GIFRect, previous: Pixmap?) {
        self.rect = rect
        var premultiplied = [UInt8](repeating: 0, count: rect.area * 4)
        var unchanged = previous.map { _ in [Bool](repeating: false, count: rect.area) }
        var opaque = true
        frame.data.withUnsafeBytes { src in
            let words = src.bindMemory(to: UInt32.self)
            premultiplied.withUnsafeMutableBytes { dst in
                for row in 0..<rect.height {
                    let from = ((rect.y + row) * frame.width + rect.x) * 4
                    dst.baseAddress!.advanced(by: row * rect.width * 4)
                        .copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rect.width * 4)
                }
            }
            previous?.data.withUnsafeBytes { old in
                let before = old.bindMemory(to: UInt32.self)
                var o = 0
                for y in rect.y..<rect.maxY {
                    var i = y * frame.width + rect.x
                    for _ in 0..<rect.width {
                        if words[i] == before[i] {
                            unchanged![o] = true
                        } else if words[i] >> 24 != 0xFF {
                            opaque = false
                        }
                        i += 1
                        o += 1
                    }
                }
            }
        }
        rgba = Pixmap(width: rect.width, height: rect.height, premultiplied: premultiplied).straightRGBA()
        self.unchanged = unchanged
        changedAreOpaque = opaque
    }
}

/// A frame compressed for an fcTL and its IDAT or fdAT.
struct APNGEncodedFrame: Sendable {
    let rect: GIFRect
    /// APNG's blend op: 0 source (replace), 1 over.
    let blend: UInt8
    /// The zlib stream of the filtered rows (what IDAT and fdAT carry).
    let compressed: [UInt8]

    /// One transparent pixel drawn over the picture: a frame that only extends a delay.
    static let transparentPixel: APNGEncodedFrame = {
        let data = try! APNGFrameEncoder.compress([0, 0, 0, 0], width: 1, height: 1)
        return APNGEncodedFrame(rect: GIFRect(x: 0, y: 0, width: 1, height: 1), blend: APNGFrameEncoder.blendOver,
                                compressed: data)
    }()
}

/// Filters and compresses one frame's rectangle. A pure function of its input, so frames
/// can be compressed on any thread in any order.
enum APNGFrameEncoder {
    static let disposeNone: UInt8 = 0
    static let blendSource: UInt8 = 0
    static let blendOver: UInt8 = 1
    /// libdeflate's level 9: on the owl's frames 5 % smaller and 20 % faster than zlib's level 9
    /// through libpng; level 12 saved another 8 % for five times the time.
    static let compressionLevel: Int32 = 9

    static func encode(_ frame: APNGFramePixels) throws -> APNGEncodedFrame {
        let w = frame.rect.width, h = frame.rect.height
        let source = APNGEncodedFrame(rect: frame.rect, blend: blendSource,
                                      compressed: try compress(frame.rgba, width: w, height: h))
        guard frame.changedAreOpaque, let unchanged = frame.unchanged, unchanged.contains(true) else { return source }
        var over = frame.rgba
        for (i, same) in unchanged.enumerated() where same {
            over[4 * i] = 0
            over[4 * i + 1] = 0
            over[4 * i + 2] = 0
            over[4 * i + 3] = 0
        }
        let drawn = try compress(over, width: w, height: h)
        return drawn.count < source.compressed.count
            ? APNGEncodedFrame(rect: frame.rect, blend: blendOver, compressed: drawn) : source
    }

    /// libdeflate's level for ranking the filter strategies: fast, and on the owl's frames it
    /// picks the same strategy as level 9 for nearly every frame.
    static let rankingLevel: Int32 = 1

    /// The zlib stream of straight RGBA pixels: the IDAT data of a PNG of that size. The rows are
    /// filtered six ways (libpng's adaptive per-row choice, and each of the five filters for every
    /// row, as apngasm tries), each ranked by a fast compression, and the smallest is compressed
    /// at `compressionLevel`.
    static func compress(_ rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard let ranking = libdeflate_alloc_compressor(rankingLevel) else {
            throw CodecError.malformed(input: "APNG", reason: "out of memory")
        }
        defer { libdeflate_free_compressor(ranking) }
        guard let final = libdeflate_alloc_compressor(compressionLevel) else {
            throw CodecError.malformed(input: "APNG", reason: "out of memory")
        }
        defer { libdeflate_free_compressor(final) }
        var best: [UInt8] = [], bestSize = Int.max
        for rows in PNGFilter.filteredStrategies(rgba, rowBytes: width * 4, height: height, bytesPerPixel: 4) {
            let size = deflate(rows, with: ranking).count
            if size < bestSize {
                best = rows
                bestSize = size
            }
        }
        return deflate(best, with: final)
    }

    private static func deflate(_ rows: [UInt8], with compressor: OpaquePointer) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
        var out = [UInt8](repeating: 0, count: bound)
        let length = rows.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count,
                                                                  $0.baseAddress, bound) }
        }
        out.removeLast(bound - length)
        return out
    }
}
