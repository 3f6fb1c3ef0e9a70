import Geometry
@testable import Raster
import Testing

/// Filtered backdrops reused across frames: only when every pixel the blur reads and the filter are the same.
@Suite struct BackdropCacheTests {
    private let filter = BackdropFilter(radius: 8, saturation: 1.8, tint: Color(white: 1, alpha: 0.5), blend: .black,
                                        blendMode: .colorDodge)
    private let cells = PixelRect(x0: 10, y0: 10, x1: 20, y1: 14)
    private let boxes = GaussianBlur.boxes(sigma: 4)

    /// Looks `source` up in `cache`, counting the computations.
    private func lookUp(_ cache: BackdropCache, _ source: Pixmap, computed: inout Int, filter: BackdropFilter? = nil) -> Pixmap {
        var count = computed
        let image = cache.image(of: source, cells: cells, reduction: 2, margin: 3, boxes: boxes, filter: filter ?? self.filter) {
            count += 1
            return Pixmap(width: 1, height: 1, premultiplied: [UInt8(count), 0, 0, 255])
        }
        computed = count
        return image
    }

    private func background() -> Canvas { Canvas(width: 100, height: 60, background: .white) }

    @Test func theSamePixelsBehindReuseTheFilteredImage() {
        let cache = BackdropCache(capacity: 4, byteBudget: 1 << 20)
        var computed = 0
        let first = lookUp(cache, background().pixmap, computed: &computed)
        let second = lookUp(cache, background().pixmap, computed: &computed)
        #expect(computed == 1 && first == second)
    }

    @Test func aChangeOutsideWhatTheBlurReadsStillHits() {
        let cache = BackdropCache(capacity: 4, byteBudget: 1 << 20)
        var computed = 0
        _ = lookUp(cache, background().pixmap, computed: &computed)
        // The blocks read columns (10 − 3) · 2 = 14 to (20 + 3) · 2 − 1 = 45, rows 14 to 33.
        let moved = background()
        moved.fill(rect: Rect(60, 40, 30, 15), color: .black)
        _ = lookUp(cache, moved.pixmap, computed: &computed)
        #expect(computed == 1)
    }

    @Test func oneChangedPixelInsideOrAnotherFilterComputesAgain() {
        let cache = BackdropCache(capacity: 4, byteBudget: 1 << 20)
        var computed = 0
        _ = lookUp(cache, background().pixmap, computed: &computed)
        var changed = background().pixmap
        changed.data[(33 * changed.width + 45) * 4] = 254
        _ = lookUp(cache, changed, computed: &computed)
        #expect(computed == 2, "the corner pixel the blur reads")
        var darker = filter
        darker.tint = Color(white: 0, alpha: 0.5)
        _ = lookUp(cache, background().pixmap, computed: &computed, filter: darker)
        #expect(computed == 3)
    }

    @Test func theOldestEntriesGoPastTheCapacity() {
        let cache = BackdropCache(capacity: 2, byteBudget: 1 << 20)
        var computed = 0
        let sources = (0..<3).map { shade in
            Canvas(width: 100, height: 60, background: Color(white: Double(shade) / 4)).pixmap
        }
        for source in sources { _ = lookUp(cache, source, computed: &computed) }
        _ = lookUp(cache, sources[2], computed: &computed)
        #expect(computed == 3, "the newest is kept")
        _ = lookUp(cache, sources[0], computed: &computed)
        #expect(computed == 4, "the oldest was dropped")
    }

    @Test func aMaterialDrawsTheSamePixelsWhetherItsBackdropWasCachedOrNot() {
        let filter = self.filter
        func frame(_ extra: Bool) -> Pixmap {
            let canvas = background()
            canvas.fill(rect: Rect(0, 0, 50, 60), color: Color(red: 0.2, green: 0.5, blue: 0.9))
            if extra { canvas.fill(rect: Rect(0, 50, 8, 8), color: .black) }
            canvas.drawBackdrop(under: Path(rect: Rect(30, 10, 40, 20)), transform: .identity, filter: filter)
            return canvas.pixmap
        }
        let fresh = frame(false)
        // The same backdrop again (now cached), and once more with a change the blur cannot see.
        #expect(frame(false) == fresh)
        let withExtra = frame(true)
        #expect((30..<70).allSatisfy { x in (10..<30).allSatisfy { y in withExtra[x, y] == fresh[x, y] } })
        #expect(withExtra != fresh)
    }
}
