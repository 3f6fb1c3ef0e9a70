import CLibDeflate
import CLibPNGSystem
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
/// The first frame is the PNG's default image (IDAT), so viewers without APNG show it. An opaque
/// first frame makes the file 8-bit RGB with a key colour (tRNS) that frame lacks, a quarter fewer
/// bytes to compress than RGBA; should a later frame bring translucent pixels or the key colour,
/// the frames written so far are converted to RGBA once and the rest follow in RGBA
/// (`APNGPixelFormat`). Each later frame stores only the rectangle that changed, left on screen
/// after it (dispose op none), or, when the next frame differs much less from the picture before
/// it (a popup that comes and goes), restored to that picture (dispose op previous). It is either
/// copied over the picture (blend op source) or, when its changed pixels are opaque and it is not
/// restored, drawn over it with long runs of unchanged pixels transparent (blend op over):
/// whichever compresses smaller. Rows are left unfiltered or filtered by libpng's heuristic,
/// whichever compresses smaller (`APNGFrameEncoder.encode`); the winner is compressed in runs of
/// rows by how much detail they hold, flat and detailed ones by zlib, which packs flat UI tighter
/// than libdeflate at the same level, each in its own blocks, and the densest by libdeflate's
/// slow, strongest level, spliced into zlib's stream.
/// Frames identical to the one before lengthen its delay, and every delay is the exact fraction
/// of ticks over `fps`.
/// Frames are compressed on worker threads with a few in flight; the file is byte-identical
/// whatever the thread timing, and appears at `path` only when `finish()` succeeds.
public final class APNGEncoder {
    /// The canvas size every frame must have.
    public let width: Int
    public let height: Int
    public let options: APNGOptions

    private var output: AtomicOutput
    /// How pixels are stored: chosen from the first frame, RGBA from a later one on if needed.
    private var format: APNGPixelFormat?
    /// The picture after the last frame.
    private var shown: Pixmap?
    /// The last frame with changes, held back until the next one decides its dispose op, and the
    /// picture it was drawn onto (what dispose op previous restores; `nil` for the first frame).
    private var held: (pixels: APNGFramePixels, ticks: Range<Int>, base: Pixmap?)?
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

    /// Creates the encoder and its temporary file; the header follows with the first frame, which
    /// decides the pixel format. Throws
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
    }

    /// The signature and the chunks before the first frame: IHDR, acTL (its frame count is
    /// written at the end) and, for keyed RGB, tRNS.
    private func header(_ format: APNGPixelFormat) -> [UInt8] {
        var ihdr: [UInt8] = []
        PNGChunks.appendUInt32(UInt32(width), to: &ihdr)
        PNGChunks.appendUInt32(UInt32(height), to: &ihdr)
        ihdr += [8, format.colourType, 0, 0, 0]  // 8 bits, deflate, adaptive filtering, not interlaced
        var out = PNGChunks.signature + PNGChunks.chunk("IHDR", ihdr) + animationControl(frames: 0)
        if case .keyedRGB(let key) = format {
            out += PNGChunks.chunk("tRNS", [0, UInt8(key & 0xFF), 0, UInt8(key >> 8 & 0xFF), 0, UInt8(key >> 16 & 0xFF)])
        }
        return out
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
        guard let shown, let format, let last = held else {
            let format = APNGPixelFormat.choose(for: frame)
            try output.write(header(format))
            self.format = format
            self.shown = frame
            held = (APNGFramePixels(frame, rect: bounds, previous: nil, format: format), ticks, nil)
            return
        }
        guard let changed = changedRect(frame, from: shown, within: region) else {
            held?.ticks = last.ticks.lowerBound..<ticks.upperBound
            return
        }
        // Dispose op previous for the held frame when this frame differs from the picture before
        // it in fewer pixels (a popup that comes and goes) than the held frame loses by being
        // blend op source: its unchanged pixels, stored as they are.
        var base = shown, rect = changed, dispose = APNGFrameEncoder.disposeNone
        if let before = last.base, last.ticks.count <= 0xFFFF {
            let reverted = changedRect(frame, from: before, within: region.union(last.pixels.rect))
                ?? GIFRect(x: 0, y: 0, width: 1, height: 1)
            let saved = changedPixels(frame, from: shown, in: changed) - changedPixels(frame, from: before, in: reverted)
            if saved > last.pixels.unchangedCount {
                (base, rect, dispose) = (before, reverted, APNGFrameEncoder.disposePrevious)
            }
        }
        try submit(last.pixels, ticks: last.ticks, dispose: dispose)
        var pixels = APNGFramePixels(frame, rect: rect, previous: base, format: format)
        if pixels.needsAlpha {
            try convertToRGBA()
            pixels = APNGFramePixels(frame, rect: rect, previous: base, format: .rgba)
        }
        self.shown = frame
        held = (pixels, ticks, base)
    }

    private func changedPixels(_ frame: Pixmap, from picture: Pixmap, in rect: GIFRect) -> Int {
        frame.data.withUnsafeBytes { new in
            picture.data.withUnsafeBytes { old in
                let a = new.bindMemory(to: UInt32.self), b = old.bindMemory(to: UInt32.self)
                var count = 0
                for y in rect.y..<rect.maxY {
                    for i in y * width + rect.x..<y * width + rect.maxX where a[i] != b[i] { count += 1 }
                }
                return count
            }
        }
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
        guard let last = held else {
            output.abort()
            throw AnimationError.noFrames
        }
        try submit(last.pixels, ticks: last.ticks, dispose: APNGFrameEncoder.disposeNone)
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

    /// Rewrites the file so far in RGBA, for a frame keyed RGB cannot show (translucent pixels or
    /// the key colour): every frame written is inflated, its key-coloured pixels made
    /// transparent, and compressed again on the worker threads, into a new temporary file that
    /// replaces the old one. Frame controls and sequence numbers stay as they are.
    private func convertToRGBA() throws {
        while !unwritten.isEmpty { try writeFront(waiting: true) }
        guard case .keyedRGB(let key) = format else { return }
        let old = output
        defer { old.abort() }
        let source = try old.readBack()
        defer { try? source.close() }
        let converted = try AtomicOutput(path: old.path)
        try converted.write(header(.rgba))
        output = converted
        format = .rgba
        func read(_ count: Int) throws -> [UInt8] {
            let bytes = try source.read(upToCount: count).map { [UInt8]($0) } ?? []
            guard bytes.count == count else {
                throw CodecError.unreadable(path: old.path, reason: "its partial file ended early")
            }
            return bytes
        }
        // Each frame: its fcTL verbatim, then its data converted (IDAT, or fdAT behind its sequence number).
        var inFlight: [(control: [UInt8], sequence: [UInt8]?, ticket: Int)] = []
        func writeOldest() throws {
            let f = inFlight.removeFirst()
            let data = try work.take(f.ticket)!.get().compressed
            try output.write(f.control + (f.sequence.map { PNGChunks.chunk("fdAT", $0 + data) } ?? PNGChunks.chunk("IDAT", data)))
        }
        _ = try read(PNGChunks.signature.count)
        var control: [UInt8] = []
        while let head = try source.read(upToCount: 8).map({ [UInt8]($0) }), !head.isEmpty {
            guard head.count == 8 else { throw CodecError.unreadable(path: old.path, reason: "its partial file ended early") }
            let length = Int(PNGChunks.readUInt32(head, at: 0))
            let type = String(decoding: head[4..<8], as: UTF8.self)
            let body = try read(length + 4)
            switch type {
            case "fcTL":
                control = head + body
            case "IDAT", "fdAT":
                let rect = GIFRect(x: 0, y: 0, width: Int(PNGChunks.readUInt32(control, at: 12)),
                                   height: Int(PNGChunks.readUInt32(control, at: 16)))
                let sequence = type == "fdAT" ? Array(body[0..<4]) : nil
                let zlib = Array(body[(sequence == nil ? 0 : 4)..<length])
                let ticket = work.submit { Result { try APNGFrameEncoder.keyedRGBToRGBA(zlib, rect: rect, key: key) } }
                inFlight.append((control, sequence, ticket))
                if inFlight.count > maxUnwritten { try writeOldest() }
            default:
                break  // IHDR, acTL and tRNS come from the new header.
            }
        }
        while !inFlight.isEmpty { try writeOldest() }
    }

    /// Queues a frame for compression and writes those ready. A frame disposed to the previous
    /// picture is always blend op source: Pillow (13.0) restores the wrong picture after a
    /// blend-over frame.
    private func submit(_ pixels: APNGFramePixels, ticks: Range<Int>, dispose: UInt8) throws {
        let over = dispose != APNGFrameEncoder.disposePrevious
        unwritten.append(PendingFrame(ticket: work.submit { Result { try APNGFrameEncoder.encode(pixels, allowingOver: over) } },
                                      ticks: ticks, dispose: dispose))
        while !unwritten.isEmpty, try writeFront(waiting: unwritten.count > maxUnwritten) {}
    }

    /// Writes the oldest unwritten frame if it is encoded (waiting for it when asked to);
    /// returns whether it wrote.
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
            bytes += frameControl(frame, ticks: ticks, dispose: front.dispose)
            if framesWritten == 0 {
                bytes += PNGChunks.chunk("IDAT", frame.compressed)
            } else {
                var data: [UInt8] = []
                PNGChunks.appendUInt32(nextSequence(), to: &data)
                bytes += PNGChunks.chunk("fdAT", data + frame.compressed)
            }
            framesWritten += 1
            frame = .transparentPixel(format ?? .rgba)
        } while remaining > 0
        try output.write(bytes)
        return true
    }

    private func frameControl(_ frame: APNGEncodedFrame, ticks: Int, dispose: UInt8) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunks.appendUInt32(nextSequence(), to: &data)
        for v in [frame.rect.width, frame.rect.height, frame.rect.x, frame.rect.y] {
            PNGChunks.appendUInt32(UInt32(v), to: &data)
        }
        let divisor = gcd(ticks, options.fps)
        PNGChunks.appendUInt16(ticks / divisor, to: &data)
        PNGChunks.appendUInt16(options.fps / divisor, to: &data)
        data += [dispose, frame.blend]
        return PNGChunks.chunk("fcTL", data)
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
}

/// A frame submitted but not yet written.
private struct PendingFrame {
    let ticket: Int
    let ticks: Range<Int>
    /// APNG's dispose op: 0 none, 2 previous.
    let dispose: UInt8
}

/// How an APNG stores its pixels; all frames share it (IHDR's colour type).
enum APNGPixelFormat: Sendable, Equatable {
    /// 8-bit RGB where pixels of one key colour are transparent (a tRNS chunk): for opaque
    /// animations, and for the transparent pixels of blend-over frames. `key` is the colour as a
    /// pixel word, opaque (`r | g << 8 | b << 16 | 0xFF << 24`), so it compares with frame pixels.
    case keyedRGB(key: UInt32)
    /// 8-bit straight RGBA.
    case rgba

    var colourType: UInt8 {
        if case .keyedRGB = self { return 2 }
        return 6
    }

    var bytesPerPixel: Int {
        if case .keyedRGB = self { return 3 }
        return 4
    }

    /// A transparent pixel's bytes: the key colour, or all zero.
    var transparent: [UInt8] {
        guard case .keyedRGB(let key) = self else { return [0, 0, 0, 0] }
        return [UInt8(key & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key >> 16 & 0xFF)]
    }

    /// Keyed RGB with a key colour absent from `frame` when it is opaque, else RGBA. The key is
    /// the first of a fixed pseudo-random sequence of colours missing from the frame: unlike a
    /// pure or round colour, later frames of a UI are unlikely to contain it.
    static func choose(for frame: Pixmap) -> APNGPixelFormat {
        var present = [UInt64](repeating: 0, count: 1 << 18)  // one bit per 24-bit colour
        let opaque = frame.data.withUnsafeBytes { raw -> Bool in
            for word in raw.bindMemory(to: UInt32.self) {
                guard word >> 24 == 0xFF else { return false }
                let colour = Int(word & 0xFF_FFFF)
                present[colour >> 6] |= 1 << UInt64(colour & 63)
            }
            return true
        }
        guard opaque else { return .rgba }
        var colour: UInt32 = 0x5A_C3_17
        while present[Int(colour >> 6)] & (1 << UInt64(colour & 63)) != 0 {
            colour = (colour &* 1_103_515_245 &+ 12345) & 0xFF_FFFF
        }
        return .keyedRGB(key: colour | 0xFF00_0000)
    }
}

/// The changed rectangle of one frame, cut out for compression.
struct APNGFramePixels: Sendable {
    let rect: GIFRect
    let format: APNGPixelFormat
    /// The pixels of `rect` row by row in `format`: straight RGBA, or RGB.
    let pixels: [UInt8]
    /// Per pixel of `rect`, whether it equals the picture already shown; `nil` for the first frame.
    let unchanged: [Bool]?
    /// How many pixels `unchanged` flags.
    let unchangedCount: Int
    /// Whether every changed pixel is opaque, so blend op over reproduces them exactly.
    let changedAreOpaque: Bool
    /// Whether `format` cannot hold this frame: keyed RGB with a changed pixel that is
    /// translucent or has the key colour.
    let needsAlpha: Bool

    init(_ frame: Pixmap, rect: GIFRect, previous: Pixmap?, format: APNGPixelFormat) {
        self.rect = rect
        self.format = format
        var premultiplied = [UInt8](repeating: 0, count: rect.area * 4)
        var unchanged = previous.map { _ in [Bool](repeating: false, count: rect.area) }
        var opaque = true, keyed = false
        let key: UInt32? = if case .keyedRGB(let k) = format { k } else { nil }
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
                        } else if words[i] == key {
                            keyed = true
                        }
                        i += 1
                        o += 1
                    }
                }
            }
        }
        self.unchanged = unchanged
        unchangedCount = unchanged?.reduce(0) { $0 + ($1 ? 1 : 0) } ?? 0
        changedAreOpaque = opaque
        needsAlpha = key != nil && (!opaque || keyed)
        let straight = Pixmap(width: rect.width, height: rect.height, premultiplied: premultiplied).straightRGBA()
        if key == nil || needsAlpha {
            pixels = straight
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: rect.area * 3) { rgb, initialized in
                for i in 0..<rect.area {
                    rgb[3 * i] = straight[4 * i]
                    rgb[3 * i + 1] = straight[4 * i + 1]
                    rgb[3 * i + 2] = straight[4 * i + 2]
                }
                initialized = rect.area * 3
            }
        }
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
    static func transparentPixel(_ format: APNGPixelFormat) -> APNGEncodedFrame {
        let data = try! APNGFrameEncoder.compress(format.transparent, width: 1, height: 1, bytesPerPixel: format.bytesPerPixel)
        return APNGEncodedFrame(rect: GIFRect(x: 0, y: 0, width: 1, height: 1), blend: APNGFrameEncoder.blendOver,
                                compressed: data)
    }
}

/// Filters and compresses one frame's rectangle. A pure function of its input, so frames
/// can be compressed on any thread in any order.
enum APNGFrameEncoder {
    static let disposeNone: UInt8 = 0
    static let disposePrevious: UInt8 = 2
    static let blendSource: UInt8 = 0
    static let blendOver: UInt8 = 1
    /// zlib's level 9 for the candidate chosen, but for its dense runs: on the owl's frames 2.1 %
    /// smaller than libdeflate's level 9 in 1.8 times its time; libdeflate's level 12 saves 8 %
    /// but takes thirteen times as long.
    static let compressionLevel: Int32 = 9
    /// libdeflate's level for ranking the candidates: on the owl's frames it picks the one a final
    /// level 9 compresses smallest within 1 %, where level 1 misses by 5 %.
    static let rankingLevel: Int32 = 6
    /// Candidates ranked within this ratio of the best are all compressed to decide: on the
    /// owl, libdeflate ranks unfiltered rows up to 3 % bigger than filtered ones that zlib
    /// compresses 5-17 % bigger.
    static let closeCall = (numerator: 103, denominator: 100)
    /// A band, the unit in which a frame's detail is measured at `rankingLevel`, is at least this
    /// many rows and `minBandBytes` bytes: on small frames shorter bands cost more in zlib's block
    /// headers than they save (the demos at 1x are 3 % smaller than with bands of 8 rows alone).
    static let bandRows = 8
    static let minBandBytes = 16 << 10
    /// A band compressing to more than this many thousandths of its bytes is detailed: zlib
    /// starts a new block wherever bands turn detailed or flat, so that each block's Huffman
    /// codes fit either flat runs or detail, which zlib on its own mixes in blocks of 16K
    /// symbols (on the owl, 3.0 % smaller; 15 and 25 are within 0.1 % of it).
    static let detailedBand = 20
    /// A band compressing to more than this many thousandths of its bytes is dense: runs of
    /// dense bands are compressed at `denseLevel`, on the owl 1.5 % smaller for about 60 % more
    /// CPU time (70 saves 0.9 %, 50 saves 2.0 % for 80 % more).
    static let denseBand = 60
    /// libdeflate's level for dense runs: its near-optimal parse finds what zlib's lazy one
    /// misses in detail (levels 10 and 11 do worse than zlib's 9 on these frames).
    static let denseLevel: Int32 = 12
    /// Unchanged pixels of a blend-over frame are made transparent only in runs of at least this
    /// many along a row; shorter ones keep their colour, which drawn over itself changes nothing
    /// and continues the row's pattern for the compressor. On the owl, 24 is 2.7 % smaller than
    /// making every unchanged pixel transparent (16 and 32 are within 0.7 % of it).
    static let minTransparentRun = 24

    /// Compresses the frame both ways it may be drawn: copied (blend op source) and, when its
    /// changed pixels are opaque, drawn over the picture with the unchanged ones transparent
    /// (blend op over), each filtered both ways `filterings` offers; the one that compresses
    /// smallest wins (`smallest`).
    static func encode(_ frame: APNGFramePixels, allowingOver: Bool = true) throws -> APNGEncodedFrame {
        let w = frame.rect.width, h = frame.rect.height, bpp = frame.format.bytesPerPixel
        var candidates = filterings(frame.pixels, width: w, height: h, bytesPerPixel: bpp).map { (blendSource, $0) }
        if allowingOver, frame.changedAreOpaque, let unchanged = frame.unchanged, unchanged.contains(true) {
            var over = frame.pixels
            let transparent = frame.format.transparent
            over.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    var x = 0
                    while x < w {
                        guard unchanged[y * w + x] else { x += 1; continue }
                        var end = x
                        while end < w, unchanged[y * w + end] { end += 1 }
                        // A translucent pixel drawn over itself would change, so it is always made transparent.
                        for i in y * w + x..<y * w + end where end - x >= minTransparentRun || (bpp == 4 && out[4 * i + 3] != 0xFF) {
                            for c in 0..<bpp { out[bpp * i + c] = transparent[c] }
                        }
                        x = end
                    }
                }
            }
            candidates += filterings(over, width: w, height: h, bytesPerPixel: bpp).map { (blendOver, $0) }
        }
        let (blend, compressed) = try smallest(candidates, rowBytes: w * bpp + 1)
        return APNGEncodedFrame(rect: frame.rect, blend: blend, compressed: compressed)
    }

    /// The rows of an image (`bytesPerPixel` bytes a pixel) filtered two ways, each row led by
    /// its filter type: unfiltered, which on flat UI nearly always compresses smallest, and each
    /// row by libpng's adaptive choice, for gradients and pictures.
    static func filterings(_ pixels: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) -> [[UInt8]] {
        let rowBytes = width * bpp
        var unfiltered = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        for y in 0..<height {
            unfiltered.replaceSubrange(y * (rowBytes + 1) + 1..<(y + 1) * (rowBytes + 1),
                                       with: pixels[y * rowBytes..<(y + 1) * rowBytes])
        }
        return [unfiltered, PNGFilter.adaptive(pixels, rowBytes: rowBytes, height: height, bytesPerPixel: bpp)]
    }

    /// The candidate that compresses smallest, and its zlib stream. Candidates are ranked at
    /// `rankingLevel`; those within `closeCall` of the best are compressed (`deflateStream`, in
    /// runs of bands by their detail) and the smallest wins: between unfiltered and filtered
    /// rows libdeflate's ranking is often wrong for zlib by a few percent.
    private static func smallest<Tag>(_ candidates: [(Tag, [UInt8])], rowBytes: Int) throws -> (Tag, [UInt8]) {
        guard let ranker = libdeflate_alloc_compressor(rankingLevel) else {
            throw CodecError.malformed(input: "APNG", reason: "out of memory")
        }
        defer { libdeflate_free_compressor(ranker) }
        let ranks = candidates.map { candidate in
            candidate.1.withUnsafeBytes { compressedSize(ranker, $0.baseAddress!, $0.count) }
        }
        let best = ranks.min()!
        let bandBytes = max(bandRows, (minBandBytes + rowBytes - 1) / rowBytes) * rowBytes
        var winner: (Tag, [UInt8])?
        for (i, candidate) in candidates.enumerated() where ranks[i] * closeCall.denominator <= best * closeCall.numerator {
            let detail = stride(from: 0, to: candidate.1.count, by: bandBytes).map { start in
                candidate.1.withUnsafeBytes { rows in
                    let count = min(bandBytes, rows.count - start)
                    return BandDetail(compressedSize(ranker, rows.baseAddress! + start, count), of: count)
                }
            }
            var runs: [(end: Int, detail: BandDetail)] = []
            for (b, d) in detail.enumerated() {
                let end = min(candidate.1.count, (b + 1) * bandBytes)
                if runs.last?.detail == d { runs[runs.count - 1].end = end } else { runs.append((end, d)) }
            }
            let compressed = try deflateStream(candidate.1, runs: runs)
            if winner == nil || compressed.count < winner!.1.count { winner = (candidate.0, compressed) }
        }
        return winner!
    }

    /// How much detail a band of rows holds, by the fraction of its bytes it compresses to at `rankingLevel`.
    enum BandDetail: Equatable {
        case flat, detailed, dense

        init(_ size: Int, of count: Int) {
            self = size * 1000 > count * denseBand ? .dense : size * 1000 > count * detailedBand ? .detailed : .flat
        }
    }

    private static func compressedSize(_ compressor: OpaquePointer, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        var scratch = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, count))
        return scratch.withUnsafeMutableBytes { libdeflate_deflate_compress(compressor, bytes, count, $0.baseAddress, $0.count) }
    }

    /// A frame's zlib stream in keyed RGB converted to RGBA, its key-coloured pixels transparent.
    /// Throws `CodecError.malformed` if the stream does not hold the frame's rows.
    static func keyedRGBToRGBA(_ zlib: [UInt8], rect: GIFRect, key: UInt32) throws -> APNGEncodedFrame {
        let rowBytes = rect.width * 3
        var rows = [UInt8](repeating: 0, count: (rowBytes + 1) * rect.height)
        let failure = CodecError.malformed(input: "APNG", reason: "a frame written earlier does not decode")
        guard let inflater = libdeflate_alloc_decompressor() else { throw failure }
        defer { libdeflate_free_decompressor(inflater) }
        var length = 0
        let status = zlib.withUnsafeBytes { input in
            rows.withUnsafeMutableBytes {
                libdeflate_zlib_decompress(inflater, input.baseAddress, input.count, $0.baseAddress, $0.count, &length)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, length == rows.count else { throw failure }
        var rgba = [UInt8](repeating: 0, count: rect.area * 4)
        try rows.withUnsafeMutableBufferPointer { all in
            for y in 0..<rect.height {
                let row = all.baseAddress! + y * (rowBytes + 1)
                let previous = y > 0 ? UnsafePointer(row - rowBytes) : nil
                guard PNGFilter.undo(row[0], row: row + 1, previous: previous, count: rowBytes, bytesPerPixel: 3) else {
                    throw failure
                }
                for x in 0..<rect.width {
                    let p = row + 1 + 3 * x
                    let word = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | 0xFF00_0000
                    guard word != key else { continue }
                    let o = 4 * (y * rect.width + x)
                    rgba[o] = p[0]
                    rgba[o + 1] = p[1]
                    rgba[o + 2] = p[2]
                    rgba[o + 3] = 0xFF
                }
            }
        }
        return APNGEncodedFrame(rect: rect, blend: 0, compressed: try compress(rgba, width: rect.width, height: rect.height,
                                                                               bytesPerPixel: 4))
    }

    /// The zlib stream of pixels (`bytesPerPixel` bytes each): the IDAT data of a PNG of that
    /// size, filtered the way that ranks smallest.
    static func compress(_ pixels: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) throws -> [UInt8] {
        try smallest(filterings(pixels, width: width, height: height, bytesPerPixel: bpp).map { ((), $0) },
                     rowBytes: width * bpp + 1).1
    }

    /// The zlib stream of `rows`, compressed in `runs` (their ends ascending, the last at
    /// `rows.count`), each its own deflate blocks. Flat and detailed runs are compressed by zlib
    /// at `compressionLevel` in one raw deflate stream (which gives the same bytes for the same
    /// input); dense ones by libdeflate at `denseLevel`, spliced in, each then given to zlib as
    /// its dictionary, so its later matches may reach back into and past it.
    private static func deflateStream(_ rows: [UInt8], runs: [(end: Int, detail: BandDetail)]) throws -> [UInt8] {
        let failure = CodecError.malformed(input: "APNG", reason: "zlib could not compress a frame")
        var stream = z_stream()
        guard deflateInit2_(&stream, compressionLevel, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw failure }
        defer { deflateEnd(&stream) }
        // One libdeflate compressor for all the dense runs: at `denseLevel` it is large to set up.
        var dense: OpaquePointer?
        if runs.contains(where: { $0.detail == .dense }) {
            guard let compressor = libdeflate_alloc_compressor(denseLevel) else {
                throw CodecError.malformed(input: "APNG", reason: "libdeflate could not compress a frame")
            }
            dense = compressor
        }
        defer { if let dense { libdeflate_free_compressor(dense) } }
        var out: [UInt8] = [0x78, 0xDA]  // zlib header: deflate, 32K window, level 9
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        try rows.withUnsafeBytes { input in
            let base = input.bindMemory(to: Bytef.self).baseAddress!
            // Compresses rows[start..<end] with zlib, appending the output.
            func feed(_ start: Int, _ end: Int, _ flush: Int32) throws {
                stream.next_in = UnsafeMutablePointer(mutating: base + start)
                stream.avail_in = uInt(end - start)
                var status: Int32
                repeat {
                    status = chunk.withUnsafeMutableBytes { output in
                        stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
                        stream.avail_out = uInt(output.count)
                        return deflate(&stream, flush)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw failure }
                    out += chunk[0..<chunk.count - Int(stream.avail_out)]
                } while stream.avail_out == 0
                if flush == Z_FINISH, status != Z_STREAM_END { throw failure }
            }
            var start = 0
            for (k, run) in runs.enumerated() {
                let last = k == runs.count - 1
                if run.detail == .dense {
                    out += try libdeflateBlocks(dense!, UnsafeRawPointer(base + start), count: run.end - start, final: last)
                    if !last {
                        // zlib goes on as if it had compressed the run: a dictionary shorter than
                        // its 32 KB window follows the data zlib has seen, a longer one's last
                        // 32 KB replace it.
                        let from = max(start, run.end - (1 << 15))
                        guard deflateSetDictionary(&stream, base + from, uInt(run.end - from)) == Z_OK else { throw failure }
                    }
                } else {
                    // zlib's own blocks end byte-aligned before a dense run (sync flush), so its blocks can follow.
                    let flush = last ? Z_FINISH : runs[k + 1].detail == .dense ? Z_SYNC_FLUSH : Z_BLOCK
                    try feed(start, run.end, flush)
                }
                start = run.end
            }
        }
        let adler = libdeflate_adler32(1, rows, rows.count)
        for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
        return out
    }

    /// `count` bytes as raw deflate blocks by `compressor` (libdeflate at `denseLevel`). Unless
    /// `final`, the last block is made not final and an empty stored block follows, which ends the
    /// run on a byte boundary so zlib's blocks can follow: zlib's inflate walks the blocks to find
    /// where the last one starts and where the stream ends.
    private static func libdeflateBlocks(_ compressor: OpaquePointer, _ bytes: UnsafeRawPointer, count: Int,
                                         final: Bool) throws -> [UInt8] {
        let failure = CodecError.malformed(input: "APNG", reason: "libdeflate could not compress a frame")
        var out = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, count))
        let length = out.withUnsafeMutableBytes { libdeflate_deflate_compress(compressor, bytes, count, $0.baseAddress, $0.count) }
        guard length > 0 else { throw failure }
        out.removeLast(out.count - length)
        if final { return out }
        var walk = z_stream()
        guard inflateInit2_(&walk, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw failure }
        defer { inflateEnd(&walk) }
        var inflated = [UInt8](repeating: 0, count: count)
        var lastHeader = 0, end = 0
        try out.withUnsafeMutableBytes { compressed in
            try inflated.withUnsafeMutableBytes { decompressed in
                walk.next_in = compressed.bindMemory(to: Bytef.self).baseAddress
                walk.avail_in = uInt(compressed.count)
                walk.next_out = decompressed.bindMemory(to: Bytef.self).baseAddress
                walk.avail_out = uInt(decompressed.count)
                // With Z_BLOCK inflate stops after each block; data_type then holds 128, the bits
                // left unread in the last byte read, and 64 if the block was the last.
                while end == 0 {
                    guard inflate(&walk, Z_BLOCK) == Z_OK else { throw failure }
                    guard walk.data_type & 128 != 0 else { continue }
                    let position = Int(walk.total_in) * 8 - Int(walk.data_type & 7)
                    if walk.data_type & 64 != 0 { end = position } else { lastHeader = position }
                }
            }
        }
        out[lastHeader / 8] &= ~UInt8(1 << (lastHeader % 8))
        // The last byte's padding bits are zero: the stored block's 3-bit header (not final,
        // type 0) where they number three or more, else continued in one more zero byte.
        if out.count * 8 - end < 3 { out.append(0) }
        out += [0, 0, 0xFF, 0xFF]
        return out
    }
}
