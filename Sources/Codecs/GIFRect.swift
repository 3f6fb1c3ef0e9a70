import Geometry

/// A rectangle of whole pixels, as a GIF image descriptor stores it.
struct GIFRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var area: Int { width * height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rect holding both.
    func union(_ o: GIFRect) -> GIFRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return GIFRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The whole pixels a rect in pixel units touches, clipped to `bounds`; a rect with a
    /// non-finite coordinate is taken to cover all of `bounds`.
    init(covering r: Rect, clippedTo bounds: GIFRect) {
        guard [r.minX, r.minY, r.maxX, r.maxY].allSatisfy(\.isFinite) else {
            self = bounds
            return
        }
        func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(Double(hi), max(Double(lo), v))) } // bounded: clamped to lo...hi (NaN to lo)
        let x0 = clamp(r.minX.rounded(.down), bounds.x, bounds.maxX)
        let y0 = clamp(r.minY.rounded(.down), bounds.y, bounds.maxY)
        let x1 = clamp(r.maxX.rounded(.up), bounds.x, bounds.maxX)
        let y1 = clamp(r.maxY.rounded(.up), bounds.y, bounds.maxY)
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
