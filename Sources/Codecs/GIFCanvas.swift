import Foundation
import Raster

/// The changed part of one frame, cut out for encoding.
struct GIFFramePixels: Sendable {
    /// Marks a pixel that is already on screen (within the tolerance); its colour bits still hold
    /// the new colour, so the encoder may repeat a neighbour's palette entry when that is exact.
    static let unchangedFlag: UInt32 = 1 << 24
    /// Marks a pixel that must be transparent (a transparent GIF's background); it carries
    /// `unchangedFlag` too, so everything that skips unchanged pixels skips it.
    static let clearFlag: UInt32 = 1 << 25 | unchangedFlag
    /// In `GIFCanvas.take`'s `previous` colours: the pixel was last written under the palette
    /// the frame may carry over, so the index it shows can be worked out from this colour.
    static let carriedFlag: UInt32 = 1 << 24
    /// The colour bits, 0x00BBGGRR (premultiplied, so translucent pixels read as over black).
    static let colourMask: UInt32 = 0x00FF_FFFF

    let rect: GIFRect
    /// `rect.area` pixels, row by row.
    let pixels: [UInt32]
    /// Whether any pixel carries `unchangedFlag` (or `clearFlag`), so the frame needs a transparent index.
    let hasUnchanged: Bool
    /// Per pixel, how far its colour moved from the one on screen (the largest channel
    /// difference; 0 for unchanged pixels), or empty when the screen showed nothing before
    /// (the first frame) or was not compared (a frame grown to clear more).
    var change: [UInt8] = []

    /// Whether this frame draws the canvas pixel (x, y) (not transparent, not left as it was).
    func redraws(x: Int, y: Int) -> Bool {
        guard (rect.x..<rect.maxX).contains(x), (rect.y..<rect.maxY).contains(y) else { return false }
        return pixels[(y - rect.y) * rect.width + x - rect.x] & Self.unchangedFlag == 0
    }
}

/// What draws over a frame after it, which decides how much lossy latitude its dithered pixels
/// get (`GIFFrameEncoder.diffusedMatch`).
enum GIFNextFrame: Sendable {
    /// Nothing: the frame stays on screen (the last frame of a GIF that stops on it).
    case nothing
    /// The next frame, which draws the pixels it changes.
    case frame(GIFFramePixels)
    /// Every pixel: the last frame of a GIF that loops forever is followed by its first frame
    /// again, which covers the canvas (or, in a transparent GIF, by a canvas cleared for it).
    case everything

    /// Whether the canvas pixel (x, y) is drawn again.
    func redraws(x: Int, y: Int) -> Bool {
        switch self {
        case .nothing: false
        case .frame(let next): next.redraws(x: x, y: y)
        case .everything: true
        }
    }
}

/// What the GIF shows so far, as the source colours last written at each pixel. It finds the
/// rectangle a new frame changes and cuts it out, so each GIF frame stores only that rectangle
/// with the pixels already on screen made transparent.
///
/// Comparing with the source colour last written, not with the quantised colour on screen,
/// keeps this independent of palettes (so frames can be quantised in parallel) and stops
/// slow drifts: a pixel counts as changed once it moves more than the tolerance away from the
/// colour it was last written with.
struct GIFCanvas {
    let width: Int
    let height: Int
    /// Largest per-channel difference that counts as unchanged.
    var tolerance: Int
    /// Whether frames hold transparent pixels (words of 0, see `GIFEncoder`) that must be
    /// written as transparent, not as a colour.
    let transparency: Bool
    private var shown: [UInt32]
    /// The number of the frame that last wrote each pixel (-1: none since the canvas was blank
    /// or cleared), so a frame carrying over a palette knows which pixels show it.
    private var writtenBy: [Int32]
    private var isBlank = true

    init(width: Int, height: Int, tolerance: Int, transparency: Bool = false) {
        self.width = width
        self.height = height
        self.tolerance = tolerance
        self.transparency = transparency
        shown = [UInt32](repeating: 0, count: width * height)
        writtenBy = [Int32](repeating: -1, count: width * height)
    }

    var bounds: GIFRect { GIFRect(x: 0, y: 0, width: width, height: height) }

    /// The smallest rectangle inside `region` holding every pixel of `frame` that differs from
    /// the screen, or `nil` when none does. Everything differs from a blank canvas.
    func changedRect(in frame: Pixmap, within region: GIFRect) -> GIFRect? {
        if isBlank { return bounds }
        return shown.withUnsafeBytes {
            Self.changedRect(in: frame, screen: $0.bindMemory(to: UInt32.self), within: region, tolerance: tolerance)
        }
    }

    /// The smallest rectangle inside `region` holding every pixel of `frame` more than `tolerance`
    /// away from `screen` (a picture of the same size as RGBA words), or `nil` when none is.
    static func changedRect(in frame: Pixmap, screen: UnsafeBufferPointer<UInt32>, within region: GIFRect,
                            tolerance: Int) -> GIFRect? {
        if region.isEmpty { return nil }
        let width = frame.width
        return frame.data.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            var top = -1, bottom = -1, left = region.maxX, right = region.x - 1
            for y in region.y..<region.maxY {
                let row = y * width
                guard let first = firstChange(src, screen, from: row + region.x, to: row + region.maxX,
                                              tolerance: tolerance) else { continue }
                if top < 0 { top = y }
                bottom = y
                left = min(left, first - row)
                if let last = lastChange(src, screen, from: max(first, row + right + 1), to: row + region.maxX,
                                         tolerance: tolerance) {
                    right = max(right, last - row)
                }
            }
            guard top >= 0 else { return nil }
            return GIFRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }
    }

    /// Copies `rect` of `frame` out, flags the pixels already on screen, and records the rest as
    /// shown, written by frame number `number`. With `carryingFrom` (the first frame of the
    /// palette the frame may carry over), `previous` holds for each changed pixel the colour it
    /// had before, flagged `GIFFramePixels.carriedFlag` when frame `carryingFrom` or a later one
    /// wrote it (0 for the other pixels).
    mutating func take(_ frame: Pixmap, rect: GIFRect, number: Int, carryingFrom: Int?)
        -> (pixels: GIFFramePixels, previous: [UInt32]?) {
        let everything = isBlank
        let clears = transparency
        isBlank = false
        var out = [UInt32](repeating: 0, count: rect.area)
        var change = [UInt8](repeating: 0, count: everything ? 0 : rect.area)
        var previous = [UInt32](repeating: 0, count: carryingFrom == nil ? 0 : rect.area)
        var anyUnchanged = false
        let tol = tolerance
        let written = Int32(number), carried = Int32(carryingFrom ?? Int(Int32.max))
        // Every buffer is walked through a pointer: with arrays, the optional `previous`, the
        // bounds checks and a uniqueness check per write were 7 % of the mesh bench's CPU.
        frame.data.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self).baseAddress!
            shown.withUnsafeMutableBufferPointer { screen in
                writtenBy.withUnsafeMutableBufferPointer { writtenBy in
                    out.withUnsafeMutableBufferPointer { dst in
                        change.withUnsafeMutableBufferPointer { change in
                            previous.withUnsafeMutableBufferPointer { before in
                                let carrying = !before.isEmpty
                                var o = 0
                                for y in rect.y..<rect.maxY {
                                    var i = y * width + rect.x
                                    for _ in 0..<rect.width {
                                        let p = src[i]
                                        if p == 0 && clears {
                                            dst[o] = GIFFramePixels.clearFlag
                                            screen[i] = 0
                                            writtenBy[i] = -1
                                            anyUnchanged = true
                                        } else if everything || Self.differs(p, screen[i], tolerance: tol) {
                                            dst[o] = p & GIFFramePixels.colourMask
                                            if !everything { change[o] = Self.largestChannelDifference(p, screen[i]) }
                                            if carrying && writtenBy[i] >= carried {
                                                before[o] = screen[i] & GIFFramePixels.colourMask | GIFFramePixels.carriedFlag
                                            }
                                            screen[i] = p
                                            writtenBy[i] = written
                                        } else {
                                            dst[o] = (p & GIFFramePixels.colourMask) | GIFFramePixels.unchangedFlag
                                            anyUnchanged = true
                                        }
                                        i += 1
                                        o += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (GIFFramePixels(rect: rect, pixels: out, hasUnchanged: anyUnchanged, change: change),
                carryingFrom == nil ? nil : previous)
    }

    /// The smallest rectangle inside `region` holding every pixel that is drawn on screen but
    /// transparent (0) in `frame`, or `nil` when none is: what must be cleared before it.
    func clearedRect(in frame: Pixmap, within region: GIFRect) -> GIFRect? {
        var box = GIFRect(x: 0, y: 0, width: 0, height: 0)
        frame.data.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            for y in region.y..<region.maxY {
                var i = y * width + region.x
                for x in region.x..<region.maxX {
                    if src[i] == 0 && shown[i] != 0 { box = box.union(GIFRect(x: x, y: y, width: 1, height: 1)) }
                    i += 1
                }
            }
        }
        return box.isEmpty ? nil : box
    }

    /// Marks `rect` as cleared to transparent, as GIF's "restore to background" disposal leaves it.
    mutating func clear(_ rect: GIFRect) {
        for y in rect.y..<rect.maxY {
            for i in y * width + rect.x..<y * width + rect.maxX {
                shown[i] = 0
                writtenBy[i] = -1
            }
        }
    }

    /// `frame` (cut out before anything later was taken) grown to `rect`: the added pixels are
    /// what is on screen, flagged unchanged (or clear where the screen is transparent).
    func enlarged(_ frame: GIFFramePixels, to rect: GIFRect) -> GIFFramePixels {
        var out = [UInt32](repeating: 0, count: rect.area)
        var anyUnchanged = frame.hasUnchanged
        let inner = frame.rect
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let o = (y - rect.y) * rect.width + x - rect.x
                if (inner.y..<inner.maxY).contains(y) && (inner.x..<inner.maxX).contains(x) {
                    out[o] = frame.pixels[(y - inner.y) * inner.width + x - inner.x]
                } else {
                    let p = shown[y * width + x]
                    out[o] = p == 0 && transparency ? GIFFramePixels.clearFlag
                        : (p & GIFFramePixels.colourMask) | GIFFramePixels.unchangedFlag
                    anyUnchanged = true
                }
            }
        }
        return GIFFramePixels(rect: rect, pixels: out, hasUnchanged: anyUnchanged)
    }

    /// Whether a new source pixel is far enough from the one on screen to be written again.
    /// Both are raw premultiplied RGBA words; at tolerance 0 any bit of difference counts.
    @inline(__always)
    static func differs(_ a: UInt32, _ b: UInt32, tolerance: Int) -> Bool {
        if a == b { return false }
        if tolerance == 0 { return true }
        let t = Int32(tolerance)
        @inline(__always) func channel(_ shift: UInt32) -> Int32 {
            abs(Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF))
        }
        return channel(0) > t || channel(8) > t || channel(16) > t || channel(24) > t
    }

    /// The largest difference between the colour channels of two pixels.
    @inline(__always)
    static func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> UInt8 {
        @inline(__always) func channel(_ shift: UInt32) -> Int32 {
            abs(Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF))
        }
        return UInt8(max(channel(0), channel(8), channel(16)))
    }

    private static func firstChange(_ src: UnsafeBufferPointer<UInt32>, _ screen: UnsafeBufferPointer<UInt32>,
                                    from start: Int, to end: Int, tolerance: Int) -> Int? {
        // Most rows of a UI frame are byte-for-byte what is on screen: one memcmp settles them
        // at any tolerance, and only rows that differ somewhere are scanned pixel by pixel.
        if memcmp(src.baseAddress! + start, screen.baseAddress! + start, (end - start) * 4) == 0 {
            return nil
        }
        var i = start
        while i < end {
            if Self.differs(src[i], screen[i], tolerance: tolerance) { return i }
            i += 1
        }
        return nil
    }

    private static func lastChange(_ src: UnsafeBufferPointer<UInt32>, _ screen: UnsafeBufferPointer<UInt32>,
                                   from start: Int, to end: Int, tolerance: Int) -> Int? {
        var i = end - 1
        while i >= start {
            if Self.differs(src[i], screen[i], tolerance: tolerance) { return i }
            i -= 1
        }
        return nil
    }
}
