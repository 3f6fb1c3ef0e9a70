import Foundation
import Geometry
import Raster

/// Writes an animated GIF89a file frame by frame as the frames arrive.
///
/// ```swift
/// let gif = try GIFEncoder(path: "out.gif", width: 750, height: 1334,
///                          options: GIFOptions(fps: 30, sourceFPS: 60))
/// for frame in frames { try gif.add(frame.pixmap, damage: frame.dirtyRect) }
/// try gif.finish()
/// ```
///
/// Each GIF frame stores only the rectangle that changed since the picture on screen, with
/// the unchanged pixels inside it transparent (disposal "leave in place"), and its own local
/// palette of at most `options.maxColours` colours; the first frame's full palette is the
/// global table and is reused only when it holds a frame's colours exactly and comes out
/// smaller; a dithered gradient frame may keep the palette of the frame before, so pixels that
/// keep their index stay transparent (`GIFFrameEncoder.plan`). Frames identical to the one before are
/// merged into it by lengthening its delay. Palettes are chosen in frame order; each frame is
/// held until the next one is taken, which shows which of its pixels are drawn again a frame
/// later (they get more lossy latitude, `GIFFrameEncoder.redrawnTolerance`), and is then mapped
/// to its palette and compressed on a worker thread while the caller prepares the next one. At
/// most a few frames are in flight and only the held one keeps its pixels, so memory does not
/// grow with the length of the animation, and the file is byte-identical whatever the thread
/// timing. The file appears at `path` only when `finish()` succeeds.
///
/// GIF pixels are opaque or fully transparent; a translucent pixel is written as its colour
/// composited over black (which is what premultiplied RGB is), or with `options.transparency`,
/// transparent under half opacity and its straight colour above.
public final class GIFEncoder {
    /// The canvas size every frame must have.
    public let width: Int
    public let height: Int
    public let options: GIFOptions

    private let output: AtomicOutput
    private var canvas: GIFCanvas
    private var clock: GIFClock
    private var global: GIFGlobalPalette?
    /// The palette plan of the latest frame after the first, which the next one may carry over.
    private var lastPlan: GIFFramePlan?
    /// The latest frame taken, planned but not yet encoded: its delay and lossy latitude wait
    /// for the next frame.
    private var held: HeldFrame?
    /// Frames taken from the canvas so far (each one's number is the count before it).
    private var framesTaken = 0
    /// Damage of frames dropped by the frame-rate conversion, carried to the next kept frame.
    private var carriedDamage = GIFRect(x: 0, y: 0, width: 0, height: 0)
    private var framesAdded = 0
    private var unwritten: [PendingFrame] = []
    private let work = OrderedWork<GIFEncodedFrame>(label: "GIFEncoder")
    /// Frames submitted and not yet written before `add` waits for the oldest: enough to keep
    /// every core busy, few enough that the frames in flight stay within `orderedWorkMemoryBudget`
    /// (at least one) however long the animation is. Tests may lower it.
    var maxUnwritten: Int
    /// The bytes of frame data in flight now (the held frame's, and those of the frames
    /// submitted and not yet written, which their encoding jobs hold), and the most so far.
    private(set) var bytesInFlight = 0
    private(set) var peakBytesInFlight = 0
    /// What a frame in flight holds per pixel of its rectangle: its colours (4 bytes), how far
    /// each moved (1) and, when it carries a palette over, the colours before (4).
    static let bytesInFlightPerPixel = 9
    private var finished = false

    /// Creates the encoder and its temporary output file. Throws `GIFError` for options out of
    /// range or a size GIF cannot store, `CodecError.unwritable` when `path` cannot be written.
    public init(path: String, width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
        try options.validate()
        guard (1...0xFFFF).contains(width), (1...0xFFFF).contains(height) else {
            throw GIFError.canvasSize(format: "GIF", maxSide: 0xFFFF, width: width, height: height)
        }
        self.width = width
        self.height = height
        self.options = options
        maxUnwritten = orderedWorkLookahead(itemBytes: width * height * Self.bytesInFlightPerPixel)
        canvas = GIFCanvas(width: width, height: height, tolerance: options.changeTolerance,
                           transparency: options.transparency)
        clock = GIFClock(fps: options.fps, sourceFPS: options.sourceFPS ?? options.fps)
        output = try AtomicOutput(path: path)
    }

    /// Adds the next source frame. `damage`, in pixels, is where it may differ from the frame
    /// added before it (a renderer's dirty rectangle); pixels outside it are taken as
    /// unchanged and not even compared. Without it the whole frame is compared. Throws
    /// `GIFError.frameSize` for a frame of another size, `CodecError.unwritable` when writing
    /// fails.
    public func add(_ source: Pixmap, damage: Rect? = nil) throws {
        precondition(!finished, "GIFEncoder.add after finish")
        defer { framesAdded += 1 }
        guard source.width == width, source.height == height else {
            throw GIFError.frameSize(index: framesAdded, width: source.width, height: source.height,
                                     expectedWidth: width, expectedHeight: height)
        }
        let ticks = clock.ticksForNextFrame()
        let damaged = damage.map { GIFRect(covering: $0, clippedTo: canvas.bounds) } ?? canvas.bounds
        carriedDamage = carriedDamage.union(damaged)
        if ticks.isEmpty { return }
        var region = carriedDamage
        carriedDamage = GIFRect(x: 0, y: 0, width: 0, height: 0)
        let frame = options.transparency ? Self.oneBitAlpha(source) : source
        if options.transparency, let cleared = canvas.clearedRect(in: frame, within: region) {
            region = region.union(clearBeforeNextFrame(cleared))
        }
        guard let rect = canvas.changedRect(in: frame, within: region) else {
            // Nothing changed on screen: the frame before stays up longer.
            held!.ticks = held!.ticks.lowerBound..<ticks.upperBound
            return
        }
        let number = framesTaken
        framesTaken += 1
        let carrying = global == nil ? nil : lastPlan.flatMap { $0.mix == nil ? nil : $0.paletteStart }
        let (pixels, previous) = canvas.take(frame, rect: rect, number: number, carryingFrom: carrying)
        try release(redrawnBy: .frame(pixels))
        try hold(pixels, previous: previous, number: number, ticks: ticks)
    }

    /// Makes the frame before this one (the held frame) disposed with "restore to background",
    /// grown first when `cleared` reaches outside it, so the pixels that turn transparent are
    /// cleared; returns the cleared rectangle, which the new frame must redraw where it is not
    /// transparent. (A frame held longer than one delay's 655.35 s keeps "leave in place".)
    private func clearBeforeNextFrame(_ cleared: GIFRect) -> GIFRect {
        guard var last = held, clock.delay(for: last.ticks) <= 0xFFFF else { return GIFRect(x: 0, y: 0, width: 0, height: 0) }
        let rect = last.pixels.rect.union(cleared)
        if rect != last.pixels.rect {
            // Only later frames grow: the first covers the whole canvas. Planned afresh (it may
            // need a transparent index now); the next frame carries over this palette, which it
            // shows, if any.
            let grown = canvas.enlarged(last.pixels, to: rect)
            count(-last.bytes)
            let plan = GIFFrameEncoder.plan(grown, maxColours: options.maxColours,
                                            gradientColours: options.gradientColours, dither: options.dither,
                                            frameNumber: last.number, previous: nil)
            lastPlan = plan
            last.pixels = grown
            last.plan = plan
            last.previous = nil
            count(last.bytes)
        }
        last.disposal = 2
        held = last
        canvas.clear(rect)
        return rect
    }

    /// A frame as a transparent GIF shows it: pixels under half opacity become 0 (transparent),
    /// the others their straight colour, opaque.
    static func oneBitAlpha(_ frame: Pixmap) -> Pixmap {
        var out = frame
        out.data.withUnsafeMutableBytes { raw in
            for i in raw.bindMemory(to: UInt32.self).indices {
                let p = raw.load(fromByteOffset: 4 * i, as: UInt32.self)
                let a = p >> 24
                var q: UInt32 = 0
                if a == 255 {
                    q = p
                } else if a >= 128 {
                    q = 0xFF00_0000
                    for shift: UInt32 in [0, 8, 16] { q |= min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
                }
                raw.storeBytes(of: q, toByteOffset: 4 * i, as: UInt32.self)
            }
        }
        return out
    }

    /// Writes the frames still in flight and the trailer, and moves the file into place.
    /// Throws `GIFError.noFrames` when no frame was added.
    public func finish() throws {
        precondition(!finished, "GIFEncoder.finish called twice")
        finished = true
        guard held != nil else {
            output.abort()
            throw GIFError.noFrames
        }
        // A GIF that loops forever draws its first frame over the last one, which is then on
        // screen for one delay like any other; one that stops (or loops a number of times) shows
        // the last frame for good. On the mesh bench (bench/mesh_frames.py, 30 frames, each
        // redrawing 96 % of the canvas) the redrawn latitude took the last frame's image data
        // from 76,592 to 57,188 B, at 50.91 dB 5 × 5-box-blurred PSNR (was 51.51; the other
        // frames 50.55–52.03).
        try release(redrawnBy: options.loopCount == 0 && framesTaken > 1 ? .everything : .nothing)
        while !unwritten.isEmpty { try writeFront(waiting: true) }
        try output.write(GIFBlocks.trailer)
        try output.commit()
    }

    /// Plans a frame just taken from the canvas and holds it until the next one. The first
    /// frame's palette is the global table, which later frames need: the file header is written
    /// with it.
    private func hold(_ pixels: GIFFramePixels, previous: [UInt32]?, number: Int, ticks: Range<Int>) throws {
        guard global != nil else {
            let (plan, global) = GIFFrameEncoder.planFirst(pixels, dither: options.dither)
            self.global = global
            if global.firstFrameDithered {
                // Over a dithered picture every change is redrawn: a pixel left up to a level
                // off (the tail of a passing shadow) stays off for good, while the lossy LZW of
                // dithered pixels (`GIFFrameEncoder.diffusedMatch`) gives a pixel that moved
                // little almost no latitude, so redrawing it costs little. On the gradient bench,
                // 0.2 dB more on the worst frame at the same size.
                canvas.tolerance = 0
            }
            var head = GIFBlocks.header(width: width, height: height, globalTable: global.palette)
            if let loops = options.loopCount { head += GIFBlocks.loop(count: loops) }
            try output.write(head)
            held = HeldFrame(pixels: pixels, previous: nil, plan: plan, isFirst: true, ticks: ticks, number: number)
            count(held!.bytes)
            return
        }
        // Planned here, in frame order, as a plan may carry over the one before.
        let plan = GIFFrameEncoder.plan(pixels, maxColours: options.maxColours,
                                        gradientColours: options.gradientColours, dither: options.dither,
                                        frameNumber: number, previous: lastPlan, coloursBefore: previous)
        lastPlan = plan
        held = HeldFrame(pixels: pixels, previous: plan.paletteStart == number ? nil : previous, plan: plan,
                         isFirst: false, ticks: ticks, number: number)
        count(held!.bytes)
    }

    private func count(_ bytes: Int) {
        bytesInFlight += bytes
        peakBytesInFlight = max(peakBytesInFlight, bytesInFlight)
    }

    /// Submits the held frame for encoding, now that `next` (the frame taken after it, or at the
    /// end what a viewer draws over the last frame) shows which of its pixels are drawn again,
    /// and writes the frames encoded so far.
    /// From here on the frame's pixels live only in its encoding job.
    private func release(redrawnBy next: GIFNextFrame) throws {
        guard let frame = held, let global else { return }
        held = nil
        let lossy = options.lossy
        let ticket = work.submit {
            frame.isFirst
                ? GIFFrameEncoder.encodeFirst(frame.pixels, plan: frame.plan, global: global, lossy: lossy, redrawnBy: next)
                : GIFFrameEncoder.encode(frame.pixels, plan: frame.plan, previous: frame.previous, global: global,
                                         lossy: lossy, redrawnBy: next)
        }
        unwritten.append(PendingFrame(ticket: ticket, ticks: frame.ticks, disposal: frame.disposal, bytes: frame.bytes))
        // Every unwritten frame's delay is final: a later frame exists, or the encoder is finishing.
        while !unwritten.isEmpty, try writeFront(waiting: unwritten.count > maxUnwritten) {}
    }

    /// Writes the oldest unwritten frame if it is encoded (waiting for the encoding when asked
    /// to); returns whether it wrote.
    @discardableResult
    private func writeFront(waiting: Bool) throws -> Bool {
        guard let front = unwritten.first,
              let encoded = work.take(front.ticket, waiting: waiting), let global else { return false }
        unwritten.removeFirst()
        count(-front.bytes)
        var delay = clock.delay(for: front.ticks)
        var bytes = GIFBlocks.graphicControl(delay: min(delay, 0xFFFF), transparentIndex: encoded.transparentIndex,
                                             disposal: front.disposal)
        bytes += encoded.bytes
        // A delay longer than GIF's 655.35 s continues on 1-pixel transparent frames.
        delay -= 0xFFFF
        while delay > 0 {
            bytes += GIFBlocks.graphicControl(delay: min(delay, 0xFFFF), transparentIndex: global.transparentIndex)
            bytes += GIFBlocks.image(rect: GIFRect(x: 0, y: 0, width: 1, height: 1), localTable: nil,
                                     minCodeSize: global.palette.minCodeSize,
                                     lzw: GIFLZW.encode([UInt8(global.transparentIndex)],
                                                      minCodeSize: global.palette.minCodeSize))
            delay -= 0xFFFF
        }
        try output.write(bytes)
        return true
    }
}

/// A frame taken from the canvas and planned, not yet submitted for encoding.
private struct HeldFrame {
    var pixels: GIFFramePixels
    /// The colours its changed pixels had before, when its plan carries over a palette.
    var previous: [UInt32]?
    var plan: GIFFramePlan
    /// The first frame, whose palette is the global table.
    let isFirst: Bool
    var ticks: Range<Int>
    /// Its number among the frames taken from the canvas.
    let number: Int
    /// 1 leave in place, 2 restore to background.
    var disposal: UInt8 = 1

    var bytes: Int { pixels.pixels.count * 4 + pixels.change.count + (previous?.count ?? 0) * 4 }
}

/// A frame submitted but not yet written.
private struct PendingFrame {
    let ticket: Int
    let ticks: Range<Int>
    let disposal: UInt8
    /// Its `HeldFrame.bytes`, held by its encoding job.
    let bytes: Int
}
