import Glibc

/// A Gaussian blur approximated by three successive box blurs along each axis, separably (rows,
/// then columns as the rows of the transposed image), in integer sums, so its time does not
/// depend on the deviation and its output is the same on every machine.
///
/// It serves SVG's `feGaussianBlur` (with the box sizes that specification prescribes), Core
/// Animation's shadows (blurred coverage masks) and material backdrops (blurred pixels).
public enum GaussianBlur {
    /// One box pass: each output is the rounded mean of the `size` inputs starting `left` before it.
    public struct Box: Hashable, Sendable {
        public var size: Int
        public var left: Int

        public init(size: Int, left: Int) {
            self.size = size
            self.left = left
        }

        /// How far the box spreads colour to the left and to the right of where it was.
        var reach: (left: Int, right: Int) { (size - 1 - left, left) }
    }

    /// The largest deviation in pixels a blur honours: a box longer than any image blurs it to
    /// its mean anyway, and the bound keeps every sum inside 64 bits.
    public static let maximumDeviation = 5e6

    /// The three boxes whose variances add up to `sigma`² as closely as odd sizes allow (each box
    /// centred, so the blur does not move the image): `m` boxes of an odd size `w` and the
    /// others of `w + 2`, the choice of Kovesi's "Fast almost-Gaussian filtering" (2010). Empty
    /// for no blur.
    public static func boxes(sigma: Double) -> [Box] {
        guard sigma > 0 else { return [] }
        let s = min(sigma, maximumDeviation)
        // The ideal size of three equal boxes is √(12σ²/3 + 1); take the odd size below it.
        var w = Int((4 * s * s + 1).squareRoot().rounded(.down)) // bounded: s is at most maximumDeviation
        if w % 2 == 0 { w -= 1 }
        w = max(1, w)
        // m boxes of w and 3 − m of w + 2: 3(w² − 1)/12 + (3 − m)((w+2)² − w²)/12 = σ².
        let ideal = (12 * s * s - 3 * Double(w * w) - 12 * Double(w) - 9) / (-4 * Double(w) - 4)
        let m = min(3, max(0, Int(ideal.rounded()))) // bounded: clamped to 0...3 after rounding a value of a few boxes
        return (0..<3).map { i in
            let size = i < m ? w : w + 2
            return Box(size: size, left: size / 2)
        }
    }

    /// The pixels a blur with `boxes` spreads colour beyond an image's edge on each side.
    public static func reach(of boxes: [Box]) -> Int {
        max(boxes.reduce(0) { $0 + $1.reach.left }, boxes.reduce(0) { $0 + $1.reach.right })
    }

    /// Blurs an image of `width` × `height` pixels of `channels` (1 or 4) interleaved 16-bit
    /// channels, premultiplied with alpha last, in place: `horizontal` boxes along the rows,
    /// then `vertical` ones down the columns. Beyond the edges lies transparency, and what the
    /// first boxes spread past an edge comes back in the later ones, as in a blur of the whole plane.
    public static func blur(_ data: inout [UInt16], width: Int, height: Int, channels: Int,
                            horizontal: [Box], vertical: [Box]) {
        precondition(channels == 1 || channels == 4, "blur of \(channels) channels")
        precondition(data.count == width * height * channels, "blur data size does not match its dimensions")
        guard width > 0, height > 0 else { return }
        func pass<C: BlurChannels>(_: C.Type) {
            if !horizontal.isEmpty { blurRows(&data, width: width, height: height, boxes: horizontal, C.self) }
            if !vertical.isEmpty {
                var columns = transposed(data, width: width, height: height, C.self)
                blurRows(&columns, width: height, height: width, boxes: vertical, C.self)
                data = transposed(columns, width: height, height: width, C.self)
            }
        }
        if channels == 1 { pass(OneChannel.self) } else { pass(FourChannels.self) }
    }

    /// The image with rows and columns swapped.
    private static func transposed<C: BlurChannels>(_ data: [UInt16], width: Int, height: Int, _: C.Type) -> [UInt16] {
        let n = C.count
        return [UInt16](unsafeUninitializedCapacity: data.count) { target, initialized in
            data.withUnsafeBufferPointer { source in
                // Tiles of 16 × 16 pixels keep both the rows read and the rows written in cache.
                let tile = 16
                for y0 in stride(from: 0, to: height, by: tile) {
                    for x0 in stride(from: 0, to: width, by: tile) {
                        for y in y0..<min(height, y0 + tile) {
                            for x in x0..<min(width, x0 + tile) {
                                let from = (y * width + x) * n, to = (x * height + y) * n
                                for c in 0..<n { target[to + c] = source[from + c] }
                            }
                        }
                    }
                }
            }
            initialized = data.count
        }
    }

    private static func blurRows<C: BlurChannels>(_ data: inout [UInt16], width: Int, height: Int, boxes: [Box],
                                                  _: C.Type) {
        var line = BlurLine<C>(count: width, boxes: boxes)
        // A row equal to the one before blurs to the same values: the straight sides of a
        // rounded rect's shadow (most of its rows, and in the vertical pass most of its columns)
        // are blurred once and copied.
        let length = width * C.count
        var before = [UInt16](repeating: 0, count: length)
        data.withUnsafeMutableBufferPointer { d in
            before.withUnsafeMutableBufferPointer { before in
                guard let base = d.baseAddress, let previous = before.baseAddress else { return }
                for y in 0..<height {
                    let row = base + y * length
                    if y > 0, memcmp(row, previous, length * 2) == 0 {
                        row.update(from: row - length, count: length)
                    } else {
                        previous.update(from: row, count: length)
                        line.blur(row)
                    }
                }
            }
        }
    }
}

/// How many interleaved channels a blurred pixel has, known when the blur is compiled so the
/// per-channel loops unroll.
protocol BlurChannels {
    static var count: Int { get }
}

enum OneChannel: BlurChannels {
    static var count: Int { 1 }
}

enum FourChannels: BlurChannels {
    static var count: Int { 4 }
}

/// Scratch space for blurring one row of `count` pixels: the channels, twice, with `pad`
/// transparent pixels either side. Only the span that can hold colour is visited: the rest of
/// the padded line counts as transparent and is never read (the mean of nothing but zeros is
/// zero), so the scratch need not be cleared between rows.
private struct BlurLine<C: BlurChannels> {
    let count: Int, pad: Int
    let boxes: [GaussianBlur.Box]
    var a: [Int32], b: [Int32]

    /// The boxes reach `GaussianBlur.reach` either way; the padding stops at twice the line's
    /// length (a blur that much wider than the image is approximated), bounding time.
    init(count: Int, boxes: [GaussianBlur.Box]) {
        self.count = count
        self.boxes = boxes
        pad = min(GaussianBlur.reach(of: boxes) + 1, 2 * count + 64)
        a = [Int32](repeating: 0, count: (count + 2 * pad) * C.count)
        b = a
    }

    /// The boxes along the row starting at `start`; a row without alpha stays as it is.
    mutating func blur(_ start: UnsafeMutablePointer<UInt16>) {
        let (count, pad, n) = (self.count, self.pad, C.count)
        var first = count, last = -1, opaque = false
        for i in 0..<count {
            let p = start + i * n
            if p[n - 1] != 0 { opaque = true }
            var any: UInt16 = 0
            for c in 0..<n { any |= p[c] }
            if any != 0 {
                if first == count { first = i }
                last = i
            }
        }
        guard opaque else { return }
        let boxes = self.boxes
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                var input = a.baseAddress!, output = b.baseAddress!
                for i in first * n..<(last + 1) * n { input[pad * n + i] = Int32(start[i]) }
                let length = count + 2 * pad
                var span = (pad + first, pad + last + 1)
                for box in boxes {
                    span = Self.box(input, span, into: output, length: length, size: box.size, left: box.left)
                    swap(&input, &output)
                }
                for i in 0..<count {
                    let j = pad + i
                    let inside = j >= span.0 && j < span.1
                    for c in 0..<n { start[i * n + c] = inside ? UInt16(input[j * n + c]) : 0 }
                }
            }
        }
    }

    /// out[i] = the rounded mean of in[i − left ..< i − left + size], for a line of `length`
    /// pixels whose colour lies within `span` (zero elsewhere); returns the span of the result.
    /// The division is a multiplication by ⌈2⁶⁴/size⌉ keeping the high word, exact while
    /// 65536 · size² < 2⁶⁴ (sizes stay below 2²⁴: deviations are capped).
    static func box(_ input: UnsafeMutablePointer<Int32>, _ span: (Int, Int), into out: UnsafeMutablePointer<Int32>,
                    length: Int, size: Int, left: Int) -> (Int, Int) {
        let n = C.count
        let (s0, s1) = span
        guard size > 1 else {
            for i in s0 * n..<s1 * n { out[i] = input[i] }
            return span
        }
        let o0 = Swift.max(0, s0 + left - size + 1), o1 = Swift.min(length, s1 + left)
        guard o0 < o1 else { return (0, 0) }
        let reciprocal = UInt64.max / UInt64(size) + 1, rounding = size / 2
        var sum = SIMD4<Int>()
        for k in Swift.max(s0, o0 - left)..<Swift.max(s0, Swift.min(s1, o0 - left + size)) {
            for c in 0..<n { sum[c] += Int(input[k * n + c]) }
        }
        for i in o0..<o1 {
            for c in 0..<n {
                out[i * n + c] = Int32(truncatingIfNeeded: UInt64(sum[c] + rounding).multipliedFullWidth(by: reciprocal).high)
            }
            let added = i - left + size, removed = i - left
            if added >= s0, added < s1 {
                for c in 0..<n { sum[c] += Int(input[added * n + c]) }
            }
            if removed >= s0, removed < s1 {
                for c in 0..<n { sum[c] -= Int(input[removed * n + c]) }
            }
        }
        return (o0, o1)
    }
}
