import Codecs
import Foundation
import Raster

/// Colour glyph bitmaps (emoji) decoded from their PNGs, shared by every canvas and safe to use
/// from several threads. An image is decoded on first use, within `DecodedPixelBudget.current`
/// when one is set (so a render's emoji count against its images' budget) and within its own
/// metrics' size; the cache holds at most `capacity` decoded pixels and starts afresh beyond
/// that. A glyph whose PNG does not decode is remembered as having no image and draws nothing.
final class ColorGlyphCache: @unchecked Sendable {
    /// The cache text drawing uses.
    static let shared = ColorGlyphCache()

    /// The most decoded pixels kept: 16 M (64 MB), about 960 of Noto Color Emoji's 136 × 128 emoji.
    let capacity: Int

    private struct Key: Hashable {
        /// The typeface itself (compared by identity), kept alive by its entries.
        let typeface: Typeface
        let glyph: Int
    }

    private var images: [Key: Pixmap?] = [:]
    private var pixels = 0
    private let lock = NSLock()

    /// An empty cache holding up to `capacity` decoded pixels.
    init(capacity: Int = 1 << 24) { self.capacity = capacity }

    /// The decoded bitmap of `glyph` in `typeface`; nil when it has none or it does not decode.
    func image(of glyph: Int, in typeface: Typeface) -> Pixmap? {
        guard let strike = typeface.colorBitmaps, let bitmap = strike.glyphs[glyph] else { return nil }
        let key = Key(typeface: typeface, glyph: glyph)
        if let hit = lock.withLock({ images[key] }) { return hit }
        let decoded: Pixmap?
        do {
            decoded = try ImageFile.decode(Array(strike.file[bitmap.png]), name: "\(typeface.name) glyph \(glyph)",
                                           maxPixels: bitmap.width * bitmap.height)
        } catch is DecodedPixelBudget.Refusal {
            // Over this render's budget: drawn as nothing here, decoded again under another budget.
            return nil
        } catch {
            decoded = nil
        }
        lock.withLock {
            let size = (decoded?.width ?? 0) * (decoded?.height ?? 0)
            if pixels + size > capacity {
                images.removeAll(keepingCapacity: true)
                pixels = 0
            }
            images[key] = .some(decoded)
            pixels += size
        }
        return decoded
    }
}
