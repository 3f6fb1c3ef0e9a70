import Codecs
import Foundation
import Raster

/// A sequence of frames as the report's page plays it: each frame is the rectangle that changed
/// since the frame before, as a small PNG (the first frame whole),
/// so a long animation costs only what moves in it. The page rebuilds any frame by drawing the
/// patches in order.
public struct FrameStrip: Codable, Equatable, Sendable {
    /// What one frame changed: a PNG of the rectangle at `x`, `y`; nil when nothing changed.
    public struct Patch: Codable, Equatable, Sendable {
        /// The rectangle's top-left corner in device pixels.
        public var x: Int
        public var y: Int
        /// The rectangle's pixels, a base64 PNG.
        public var png: String
        /// Whether the PNG is drawn over the picture (its transparent pixels are unchanged ones)
        /// instead of replacing the rectangle; nil means replace.
        public var over: Bool?
    }

    /// The frame size in device pixels.
    public var width: Int
    public var height: Int
    /// One entry per frame of the segment, in order.
    public var patches: [Patch?] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Builds a `FrameStrip` from frames as they stream past, keeping only the previous frame.
public struct FrameStripBuilder {
    public private(set) var strip: FrameStrip?
    /// The bytes of the strip's PNGs (base64) so far, which a report folder writes out.
    public private(set) var byteCount = 0
    private var previous: Pixmap?

    public init() {}

    public mutating func add(_ frame: Pixmap) throws {
        defer { previous = frame }
        if strip == nil { strip = FrameStrip(width: frame.width, height: frame.height) }
        guard let previous, previous.width == frame.width, previous.height == frame.height else {
            let whole = try patch(frame, x0: 0, y0: 0, x1: frame.width, y1: frame.height, previous: nil)
            strip?.patches.append(whole)
            byteCount += whole.png.utf8.count
            return
        }
        guard let box = changedBox(previous, frame) else {
            strip?.patches.append(nil)
            return
        }
        let changed = try patch(frame, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, previous: previous)
        strip?.patches.append(changed)
        byteCount += changed.png.utf8.count
    }

    /// Adds `frame`, known to change from the previous frame exactly as `other`'s last frame did
    /// (both showed the same picture before), by copying that patch instead of encoding it.
    public mutating func repeatLast(of other: FrameStripBuilder, frame: Pixmap) {
        previous = frame
        let patch = other.strip?.patches.last ?? nil
        strip?.patches.append(patch)
        byteCount += patch?.png.utf8.count ?? 0
    }

    /// The half-open box of pixels that differ, nil when the frames are equal. Rows are compared
    /// whole, then a differing row's ends as 32-bit pixels, only outside the box found so far.
    /// A frame given again (a golden's frame shown for several ticks, a render at rest) shares
    /// the previous one's bytes and is not compared.
    private func changedBox(_ a: Pixmap, _ b: Pixmap) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let width = a.width
        var y0 = -1, y1 = -1, x0 = width, x1 = 0
        a.data.withUnsafeBytes { ra in
            b.data.withUnsafeBytes { rb in
                guard ra.baseAddress != rb.baseAddress else { return }
                let pa = ra.bindMemory(to: UInt32.self).baseAddress!, pb = rb.bindMemory(to: UInt32.self).baseAddress!
                for y in 0..<a.height {
                    let row = y * width
                    guard memcmp(pa + row, pb + row, width * 4) != 0 else { continue }
                    if y0 < 0 { y0 = y }
                    y1 = y + 1
                    var first = 0
                    while first < x0, pa[row + first] == pb[row + first] { first += 1 }
                    var last = width
                    while last > max(first, x1), pa[row + last - 1] == pb[row + last - 1] { last -= 1 }
                    x0 = min(x0, first)
                    x1 = max(x1, last)
                }
            }
        }
        return y0 < 0 ? nil : (x0, y0, x1, y1)
    }

    /// The rectangle of `frame` as a PNG. After a first frame, when every changed pixel is opaque
    /// and fewer than half of the rectangle's pixels changed, the unchanged ones are left
    /// transparent and the patch is drawn over the picture, as APNG's blend op over does (about
    /// 30 % less on a long failing animation). Only the PNG chosen is made: making both and
    /// keeping the smaller (as before) chose the same on all but 24 of a failing owl check's 306
    /// patches, for 0.75 % fewer bytes and twice the deflating, most of the report's time.
    /// Rectangles are cut as 32-bit pixels (a failing owl check's report spent 10 % of its samples
    /// comparing pixels as array slices) and deflated at libdeflate's fastest level (`.quick`).
    private func patch(_ frame: Pixmap, x0: Int, y0: Int, x1: Int, y1: Int, previous: Pixmap?) throws -> FrameStrip.Patch {
        let w = x1 - x0, h = y1 - y0, count = w * h
        if let previous, let over = Self.drawnOver(frame, previous, x0: x0, y0: y0, w: w, h: h) {
            let png = try PNG.encode(Pixmap(width: w, height: h, premultiplied: over), compression: .quick)
            return FrameStrip.Patch(x: x0, y: y0, png: Data(png).base64EncodedString(), over: true)
        }
        // Not zeroed first: every byte is copied from the frame.
        let replace = [UInt8](unsafeUninitializedCapacity: count * 4) { outBytes, initialized in
            frame.data.withUnsafeBytes { frameBytes in
                let pixels = frameBytes.bindMemory(to: UInt32.self).baseAddress!
                let out = UnsafeMutableRawPointer(outBytes.baseAddress!).bindMemory(to: UInt32.self, capacity: count)
                for y in 0..<h { (out + y * w).initialize(from: pixels + (y0 + y) * frame.width + x0, count: w) }
            }
            initialized = count * 4
        }
        let png = try PNG.encode(Pixmap(width: w, height: h, premultiplied: replace), compression: .quick)
        return FrameStrip.Patch(x: x0, y: y0, png: Data(png).base64EncodedString())
    }

    /// The rectangle's changed pixels over transparent ones, when every changed pixel is opaque
    /// and fewer than half of them changed; nil otherwise (the patch replaces the rectangle).
    private static func drawnOver(_ frame: Pixmap, _ previous: Pixmap, x0: Int, y0: Int, w: Int, h: Int) -> [UInt8]? {
        let count = w * h
        var over = [UInt8](repeating: 0, count: count * 4)
        var changed = 0
        let drawable = frame.data.withUnsafeBytes { frameBytes in
            let pixels = frameBytes.bindMemory(to: UInt32.self)
            return previous.data.withUnsafeBytes { previousBytes in
                let before = previousBytes.bindMemory(to: UInt32.self)
                return over.withUnsafeMutableBytes { outBytes in
                    let out = outBytes.bindMemory(to: UInt32.self)
                    for y in 0..<h {
                        let from = (y0 + y) * frame.width + x0
                        for x in 0..<w {
                            let pixel = pixels[from + x]
                            guard pixel != before[from + x] else { continue }
                            changed += 1
                            // RGBA bytes read as a little-endian word: alpha is the highest byte.
                            guard pixel >> 24 == 0xFF, 2 * changed < count else { return false }
                            out[y * w + x] = pixel
                        }
                    }
                    return true
                }
            }
        }
        return drawable ? over : nil
    }
}
