import Foundation
import Raster

/// Rasterised glyphs kept as coverage masks, keyed by typeface, glyph, emboldening, pixel size and the glyph
/// origin's sub-pixel offset (`GlyphPlacement`'s steps), for text drawn without rotation
/// or skew. A mask depends only on its key, so whether it came from the cache never changes a
/// pixel. Shared by every canvas; safe to use from several threads.
public final class GlyphMaskCache: @unchecked Sendable {
    /// The cache text drawing uses.
    public static let shared = GlyphMaskCache()

    /// When the cache holds this many masks it starts afresh (an animated scale makes a new size
    /// every frame; a UI at rest needs a few hundred).
    public let capacity: Int

    struct Key: Hashable {
        /// The typeface itself (compared by identity), so a cached mask keeps it alive and a later
        /// typeface at the same address cannot pick up its glyphs.
        let typeface: Typeface
        let glyph: Int
        /// The synthetic bold the glyph is drawn with, in font units (`Font.emboldening`).
        let emboldening: Double
        /// Pixels per em in 1/64 px.
        let ppem64: Int
        /// The origin's offset within its pixel, in sub-pixel steps.
        let subX: Int
        let subY: Int
    }

    private var masks: [Key: CoverageMask] = [:]
    private let lock = NSLock()

    /// An empty cache holding up to `capacity` masks.
    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// How many masks are cached.
    public var count: Int { lock.withLock { masks.count } }

    /// The cached mask for `key`, rasterised by `make` when absent.
    func mask(_ key: Key, make: () -> CoverageMask) -> CoverageMask {
        if let hit = lock.withLock({ masks[key] }) { return hit }
        let made = make()
        lock.withLock {
            if masks.count >= capacity { masks.removeAll(keepingCapacity: true) }
            masks[key] = made
        }
        return made
    }
}
