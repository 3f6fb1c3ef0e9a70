import Foundation
import Raster

/// Measures how two same-sized images differ, per channel of the premultiplied RGBA bytes.
public struct ImageDifference {
    /// Pixels whose largest channel difference exceeds 2, 8 and 32 levels.
    public var over2: Int { pixels(over: 2) }
    public var over8: Int { pixels(over: 8) }
    public var over32: Int { pixels(over: 32) }
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
    private let expected: Pixmap
    private let actual: Pixmap

    public init(expected: Pixmap, actual: Pixmap) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        self.expected = expected
        self.actual = actual
        let width = expected.width
        var squared = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        var counts = [Int](repeating: 0, count: 256)
        expected.data.withUnsafeBufferPointer { e in
            actual.data.withUnsafeBufferPointer { a in
                e.withMemoryRebound(to: UInt32.self) { e32 in
                    a.withMemoryRebound(to: UInt32.self) { a32 in
                        for p in 0..<e32.count where e32[p] != a32[p] {
                            var d = 0
                            for c in 0..<4 {
                                let delta = abs(Int(e[p * 4 + c]) - Int(a[p * 4 + c]))
                                squared += delta * delta
                                d = max(d, delta)
                            }
                            counts[d] += 1
                            let x = p % width, y = p / width
                            x0 = min(x0, x)
                            x1 = max(x1, x)
                            y0 = min(y0, y)
                            y1 = max(y1, y)
                        }
                    }
                }
            }
        }
        differing = counts.reduce(0, +)
        counts[0] = expected.width * expected.height - differing
        histogram = counts
        maxDelta = counts.lastIndex { $0 > 0 } ?? 0
        if differing > 0 { box = (x0, y0, x1, y1) }
        let mse = Double(squared) / Double(max(1, expected.data.count))
        if mse > 0 { psnr = 10 * log10(255 * 255 / mse) }
    }

    /// Grey copy of the expected image with differences painted: red over 2 levels, yellow up to 2.
    public var image: Pixmap {
        var image = Pixmap(width: expected.width, height: expected.height)
        for i in stride(from: 0, to: expected.data.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(expected.data[i + c]) - Int(actual.data[i + c]))) }
            let grey = UInt8(191 + (Int(expected.data[i]) + Int(expected.data[i + 1]) + Int(expected.data[i + 2])) / 12)
            let rgb: (UInt8, UInt8, UInt8) = d > 2 ? (255, 0, 0) : d > 0 ? (255, 210, 0) : (grey, grey, grey)
            image.data[i] = rgb.0
            image.data[i + 1] = rgb.1
            image.data[i + 2] = rgb.2
            image.data[i + 3] = 255
        }
        return image
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
