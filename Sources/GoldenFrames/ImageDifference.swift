import Foundation
import Raster

/// Measures how two same-sized images differ, per channel of the premultiplied RGBA bytes.
public struct ImageDifference {
    /// Pixels whose largest channel difference exceeds 2, 8 and 32 levels.
    public private(set) var over2 = 0, over8 = 0, over32 = 0
    /// Pixels that differ at all.
    public private(set) var differing = 0
    /// How many pixels have each largest channel difference (index 0 counts the equal pixels).
    public private(set) var histogram = [Int](repeating: 0, count: 256)
    /// The largest channel difference.
    public private(set) var maxDelta = 0
    /// The smallest rect (x0, y0, x1, y1 inclusive) holding every differing pixel.
    public private(set) var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// Peak signal-to-noise ratio over all channels in dB (infinite for identical images).
    public private(set) var psnr = Double.infinity
    /// Grey copy of the expected image with differences painted: red over 2 levels, yellow up to 2.
    public private(set) var image: Pixmap

    public init(expected: Pixmap, actual: Pixmap) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        image = Pixmap(width: expected.width, height: expected.height)
        var squared = 0.0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let i = (y * expected.width + x) * 4
                var d = 0
                for c in 0..<4 {
                    let delta = abs(Int(expected.data[i + c]) - Int(actual.data[i + c]))
                    squared += Double(delta * delta)
                    d = max(d, delta)
                }
                paint(x: x, y: y, delta: d, under: expected)
                histogram[d] += 1
                guard d > 0 else { continue }
                differing += 1
                maxDelta = max(maxDelta, d)
                if d > 2 { over2 += 1 }
                if d > 8 { over8 += 1 }
                if d > 32 { over32 += 1 }
                box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) } ?? (x, y, x, y)
            }
        }
        let mse = squared / Double(max(1, expected.data.count))
        if mse > 0 { psnr = 10 * log10(255 * 255 / mse) }
    }

    private mutating func paint(x: Int, y: Int, delta: Int, under: Pixmap) {
        let i = (y * under.width + x) * 4
        let grey = UInt8(191 + (Int(under.data[i]) + Int(under.data[i + 1]) + Int(under.data[i + 2])) / 12)
        let rgb: (UInt8, UInt8, UInt8) = delta > 2 ? (255, 0, 0) : delta > 0 ? (255, 210, 0) : (grey, grey, grey)
        image.data[i] = rgb.0
        image.data[i + 1] = rgb.1
        image.data[i + 2] = rgb.2
        image.data[i + 3] = 255
    }

    /// Pixels whose largest channel difference exceeds `level`.
    public func pixels(over level: Int) -> Int { histogram[min(max(level + 1, 0), 256)...].reduce(0, +) }

    /// One line: how many pixels differ and by how much, where, and the PSNR.
    public var summary: String {
        let where_ = box.map { "in x \($0.x0)...\($0.x1), y \($0.y0)...\($0.y1)" } ?? "nowhere"
        return "\(differing) pixels differ (\(over2) by >2, \(over8) by >8, \(over32) by >32 levels), "
            + "max difference \(maxDelta), \(where_), PSNR \(String(format: "%.2f", psnr)) dB"
    }
}
