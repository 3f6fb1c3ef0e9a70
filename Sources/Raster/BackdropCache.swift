import Foundation

/// Filtered backdrops kept from frame to frame: a material whose backdrop pixels are the same as
/// on an earlier frame (a tab bar over a still list while a sheet moves elsewhere) reuses its
/// blurred, tinted cells instead of blurring them again, as Core Animation keeps a backdrop
/// layer's result until what lies behind it changes.
///
/// An entry holds a copy of every source pixel the backdrop read, so a hit is decided by
/// comparing those bytes exactly, never by a hash: a reused result is the very image the
/// filter would compute, and frames stay byte-identical whether they hit or not, in any order
/// and on any thread. Entries are bounded in number and in bytes (oldest dropped first).
final class BackdropCache: @unchecked Sendable {
    /// The one cache every canvas shares; frames rasterised on different threads look up together.
    static let shared = BackdropCache(capacity: 8, byteBudget: 64 << 20)

    /// What decides the filtered cells besides the source pixels.
    private struct Key: Hashable {
        var cells: PixelRect
        var reduction: Int
        var margin: Int
        var boxes: [GaussianBlur.Box]
        var filter: BackdropFilter
        var sourceWidth: Int, sourceHeight: Int
    }

    private struct Entry {
        var key: Key
        var pixels: [UInt8]
        var image: Pixmap
        var bytes: Int { pixels.count + image.data.count }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private let capacity: Int
    private let byteBudget: Int

    init(capacity: Int, byteBudget: Int) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// The filtered cells of `source` over `cells`, from an earlier frame whose backdrop read the
    /// same pixels with the same filter, else `compute()`'s (then kept).
    func image(of source: Pixmap, cells: PixelRect, reduction f: Int, margin: Int, boxes: [GaussianBlur.Box],
               filter: BackdropFilter, compute: () -> Pixmap) -> Pixmap {
        let key = Key(cells: cells, reduction: f, margin: margin, boxes: boxes, filter: filter,
                      sourceWidth: source.width, sourceHeight: source.height)
        let region = Self.regionRead(in: source, cells: cells, reduction: f, margin: margin)
        // Compared in place, row by row, so a hit copies nothing.
        let found: Pixmap? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key && Self.source(source, in: region, equals: $0.pixels) })
            else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.image
        }
        if let found { return found }
        let image = compute()
        let entry = Entry(key: key, pixels: Self.pixels(of: source, in: region), image: image)
        guard entry.bytes <= byteBudget / 2 else { return image }
        lock.withLock {
            entries.append(entry)
            while entries.count > capacity || entries.reduce(0, { $0 + $1.bytes }) > byteBudget { entries.removeFirst() }
        }
        return image
    }

    /// The source pixels the reduced grid's blocks read: the cells widened by the margin, clamped
    /// to the canvas (beyond it the blocks read its edge pixels).
    private static func regionRead(in source: Pixmap, cells: PixelRect, reduction f: Int, margin: Int) -> PixelRect {
        func clamped(_ v: Int, _ size: Int) -> Int { min(size - 1, max(0, v)) }
        return PixelRect(x0: clamped((cells.x0 - margin) * f, source.width),
                         y0: clamped((cells.y0 - margin) * f, source.height),
                         x1: clamped((cells.x1 + margin) * f - 1, source.width) + 1,
                         y1: clamped((cells.y1 + margin) * f - 1, source.height) + 1)
    }

    /// The bytes of `region`, row by row.
    private static func pixels(of source: Pixmap, in region: PixelRect) -> [UInt8] {
        let rowBytes = (region.x1 - region.x0) * 4
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rowBytes * (region.y1 - region.y0))
        source.data.withUnsafeBufferPointer { data in
            for y in region.y0..<region.y1 {
                let start = (y * source.width + region.x0) * 4
                pixels.append(contentsOf: data[start..<start + rowBytes])
            }
        }
        return pixels
    }

    /// Whether `region` of `source` holds exactly `pixels` (as `pixels(of:in:)` copied them).
    private static func source(_ source: Pixmap, in region: PixelRect, equals pixels: [UInt8]) -> Bool {
        let rowBytes = (region.x1 - region.x0) * 4
        guard pixels.count == rowBytes * (region.y1 - region.y0) else { return false }
        return source.data.withUnsafeBytes { data in
            pixels.withUnsafeBytes { kept in
                (region.y0..<region.y1).allSatisfy { y in
                    memcmp(data.baseAddress! + (y * source.width + region.x0) * 4,
                           kept.baseAddress! + (y - region.y0) * rowBytes, rowBytes) == 0
                }
            }
        }
    }
}
