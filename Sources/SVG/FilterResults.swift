import Geometry
import Raster

/// The filter results of one drawing, kept so that a filter run again on the same input is not
/// run twice: `use` copies of one filtered element (a shadow repeated down a list, a blurred
/// sprite drawn 300 times) each run the element's filter on a source layer of their own.
///
/// A result is reused only where it is provably the result the filter would give: the filter's
/// region and primitives, the transform its layer's pixels map user space with (the same up to
/// the layer's whole-pixel origin, which copies placed whole pixels apart share), the layer's
/// size and resolution, what feImage would draw with (budget, canvas settings) and the source
/// layer's pixels, byte for byte, are all equal; `VectorFilter.apply` reads nothing else. So a
/// drawing is the same, byte for byte, with or without it (FilterTests checks).
///
/// Bounded: at most `maximumEntries` results, `maximumPixels` pixels of sources and results in
/// all, the oldest let go first.
final class FilterResults {
    /// What, besides the source layer's pixels, a filter's result depends on.
    struct Inputs: Equatable {
        var region: Rect
        var primitives: [FilterPrimitive]
        /// User space to the layer's pixels.
        var transform: AffineTransform
        var width: Int, height: Int
        var hairlines: Bool
        /// The budget feImage pictures are drawn within, as (pixels, depth), nil for none.
        var budget: [Int]?
        var curveTolerance: Double
        var snapsRowsToQuarterPixels: Bool
    }

    private struct Entry {
        let inputs: Inputs
        let source: Pixmap
        let result: Pixmap
    }

    static let maximumEntries = 16
    /// 8 megapixels: 32 MB of sources and results.
    static let maximumPixels = 8 << 20

    private var entries: [Entry] = []
    private var pixels = 0
    /// How many results were reused (for tests).
    private(set) var reused = 0

    /// The result kept for `inputs` and a source layer with exactly `source`'s pixels, if any.
    func result(for inputs: Inputs, source: Pixmap) -> Pixmap? {
        for entry in entries.reversed() where entry.inputs == inputs && entry.source.hasSameBytes(as: source) {
            reused += 1
            return entry.result
        }
        return nil
    }

    /// Keeps `result`, the filter's output for `inputs` and `source`, letting the oldest results go
    /// while the kept ones would pass the bounds; a result too large to keep is not kept.
    func keep(_ result: Pixmap, for inputs: Inputs, source: Pixmap) {
        let size = source.width * source.height + result.width * result.height
        guard size <= Self.maximumPixels else { return }
        while !entries.isEmpty, entries.count >= Self.maximumEntries || pixels + size > Self.maximumPixels {
            let oldest = entries.removeFirst()
            pixels -= oldest.source.width * oldest.source.height + oldest.result.width * oldest.result.height
        }
        entries.append(Entry(inputs: inputs, source: source, result: result))
        pixels += size
    }
}
