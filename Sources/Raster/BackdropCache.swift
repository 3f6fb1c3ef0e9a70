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
        let pixels = Self.pixelsRead(from: source, cells: cells, reduction: f, margin: margin)
        let found: Pixmap? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key && $0.pixels == pixels }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.image
        }
        if let found { return found }
        let image = compute()
        let entry = Entry(key: key, pixels: pixels, image: image)
        guard entry.bytes <= byteBudget / 2 else { return image }
        lock.withLock {
            entries.append(entry)
            while entries.count > capacity || entries.reduce(0, { $0 + $1.bytes }) > byteBudget { entries.removeFirst() }
        }
        return image
    }

    /// The source pixels the reduced grid's blocks read (cells widened by the margin; beyond the
    /// canvas the blocks read its edge pixels, so the range is clamped to it), row by row.
    private static func pixelsRead(from source: Pixmap, cells: PixelRect, reduction f: Int, margin: Int) -> [UInt8] {
        func clamped(_ v: Int, _ size: Int) -> Int { min(size - 1, max(0, v)) }
        let left = clamped((cells.x0 - margin) * f, source.width), right = clamped((cells.x1 + margin) * f - 1, source.width) + 1
        let top = clamped((cells.y0 - margin) * f, source.height), bottom = clamped((cells.y1 + margin) * f - 1, source.height) + 1
        var pixels: [UInt8] = []
        pixels.reserveCapacity((right - left) * (bottom - top) * 4)
        source.data.withUnsafeBufferPointer { data in
            for y in top..<bottom {
                let start = (y * source.width + left) * 4
                pixels.append(contentsOf: data[start..<start + (right - left) * 4])
            }
        }
        return pixels
    }
}
