import Geometry
import Raster

/// A filter's working image: premultiplied RGBA with 16 bits a channel (0...65535), tagged
/// with its colour space, so that linear-light values and chains of blurs keep more precision
/// than 8 bits would. Every operation is integer arithmetic, or IEEE double arithmetic without
/// libm, so the same file gives the same bytes on every machine.
struct FilterImage {
    let width: Int
    let height: Int
    /// `width * height * 4` channels, premultiplied, row by row.
    var data: [UInt16]
    /// Whether the channels hold linear-light RGB rather than sRGB values.
    var linearRGB: Bool

    static let one = 65535

    /// A transparent image.
    init(width: Int, height: Int, linearRGB: Bool) {
        self.width = width
        self.height = height
        data = [UInt16](repeating: 0, count: width * height * 4)
        self.linearRGB = linearRGB
    }

    /// An 8-bit pixmap, as sRGB.
    init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        data = [UInt16](unsafeUninitializedCapacity: pixmap.data.count) { d, initialized in
            pixmap.data.withUnsafeBufferPointer { p in
                for i in p.indices { d[i] = UInt16(p[i]) &* 257 }
            }
            initialized = pixmap.data.count
        }
        linearRGB = false
    }

    /// The image as an 8-bit sRGB pixmap (rounded to nearest, so colour never exceeds alpha).
    func pixmap() -> Pixmap {
        let srgb = converted(linearRGB: false)
        let bytes = [UInt8](unsafeUninitializedCapacity: srgb.data.count) { d, initialized in
            srgb.data.withUnsafeBufferPointer { p in
                for i in p.indices { d[i] = UInt8(truncatingIfNeeded: (UInt32(p[i]) &* 255 &+ 32767) / 65535) }
            }
            initialized = srgb.data.count
        }
        return Pixmap(width: width, height: height, premultiplied: bytes)
    }

    /// `x · y / 65535`, rounded, for channels 0...65535.
    @inline(__always)
    static func product(_ x: Int, _ y: Int) -> Int { (x * y + 32767) / one }

    // MARK: - Colour spaces

    /// The image in linear-light RGB or in sRGB: each pixel unpremultiplied, mapped through the
    /// sRGB transfer function (or its inverse) and premultiplied again.
    func converted(linearRGB target: Bool) -> FilterImage {
        guard target != linearRGB else { return self }
        var copy = self
        copy.linearRGB = target
        let table = target ? SRGBTransfer.toLinear : SRGBTransfer.toSRGB
        copy.data.withUnsafeMutableBufferPointer { d in
            for i in stride(from: 0, to: d.count, by: 4) {
                let a = Int(d[i + 3])
                guard a != 0 else { continue }
                for c in 0..<3 {
                    let straight = min(Self.one, (Int(d[i + c]) * Self.one + a / 2) / a)
                    d[i + c] = UInt16(Self.product(Int(table[straight]), a))
                }
            }
        }
        return copy
    }

    // MARK: - Regions

    /// The image with every pixel outside `rect` transparent.
    func clipped(to rect: PixelRect) -> FilterImage {
        let r = rect.intersection(PixelRect(width: width, height: height))
        if r == PixelRect(width: width, height: height) { return self }
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        guard !r.isEmpty else { return out }
        for y in r.y0..<r.y1 {
            let start = (y * width + r.x0) * 4, end = (y * width + r.x1) * 4
            out.data.replaceSubrange(start..<end, with: data[start..<end])
        }
        return out
    }

    /// Only the alpha channel (SourceAlpha): black where the image is opaque.
    func alphaOnly() -> FilterImage {
        var copy = self
        copy.data.withUnsafeMutableBufferPointer { d in
            for i in stride(from: 0, to: d.count, by: 4) { d[i] = 0; d[i + 1] = 0; d[i + 2] = 0 }
        }
        return copy
    }

    /// `rect` filled with a straight sRGB colour, in this image's size and the given space.
    static func flood(_ color: Color, width: Int, height: Int, rect: PixelRect, linearRGB: Bool) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let pixel = premultiplied(color, linearRGB: linearRGB)
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard !r.isEmpty, pixel.3 != 0 else { return out }
        out.data.withUnsafeMutableBufferPointer { d in
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    let i = (y * width + x) * 4
                    d[i] = pixel.0; d[i + 1] = pixel.1; d[i + 2] = pixel.2; d[i + 3] = pixel.3
                }
            }
        }
        return out
    }

    /// A straight sRGB colour as one premultiplied pixel of the given space.
    static func premultiplied(_ color: Color, linearRGB: Bool) -> (UInt16, UInt16, UInt16, UInt16) {
        func channel(_ v: Double) -> Int { v > 0 ? Int((min(v, 1) * Double(one)).rounded()) : 0 } // bounded: in 0...one
        let a = channel(color.alpha)
        let rgb = [color.red, color.green, color.blue].map { v -> UInt16 in
            let straight = channel(v)
            return UInt16(product(linearRGB ? Int(SRGBTransfer.toLinear[straight]) : straight, a))
        }
        return (rgb[0], rgb[1], rgb[2], UInt16(a))
    }

    // MARK: - Primitives

    /// The image moved by whole pixels; what moves in from outside is transparent.
    func offset(dx: Int, dy: Int) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let x0 = max(0, dx), x1 = min(width, width + dx)
        guard x1 > x0, abs(dy) < height else { return out }
        for y in max(0, dy)..<min(height, height + dy) {
            let from = ((y - dy) * width + x0 - dx) * 4, to = (y * width + x0) * 4, count = (x1 - x0) * 4
            out.data.replaceSubrange(to..<to + count, with: data[from..<from + count])
        }
        return out
    }

    /// `feTile`: the pixels of `tile` (the input's subregion) repeated across `rect`, one copy
    /// with its corner at the tile's own; transparent elsewhere, and everywhere when the tile is
    /// empty.
    func tiled(from tile: PixelRect, over rect: PixelRect) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let t = tile.intersection(PixelRect(width: width, height: height))
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard !t.isEmpty, !r.isEmpty else { return out }
        let tw = t.x1 - t.x0, th = t.y1 - t.y0
        func wrapped(_ v: Int, _ origin: Int, _ size: Int) -> Int { origin + ((v - origin) % size + size) % size }
        data.withUnsafeBufferPointer { s in
            out.data.withUnsafeMutableBufferPointer { d in
                for y in r.y0..<r.y1 {
                    let sy = wrapped(y, t.y0, th)
                    for x in r.x0..<r.x1 {
                        let i = (y * width + x) * 4, j = (sy * width + wrapped(x, t.x0, tw)) * 4
                        d[i] = s[j]; d[i + 1] = s[j + 1]; d[i + 2] = s[j + 2]; d[i + 3] = s[j + 3]
                    }
                }
            }
        }
        return out
    }

    /// `feColorMatrix`: the 4 × 5 `matrix` applied to every straight pixel, in 16.16 fixed point.
    func colorMatrix(_ matrix: [Double]) -> FilterImage {
        // Coefficients are clamped far beyond any useful value, so sums cannot overflow.
        let m = matrix.map { Int((min(max($0, -1e6), 1e6) * 65536).rounded()) } // bounded: clamped to ±1e6, times 2^16
        // Design tools' shadow matrices read alpha alone: no unpremultiplying then.
        let readsColour = (0..<4).contains { row in m[row * 5] != 0 || m[row * 5 + 1] != 0 || m[row * 5 + 2] != 0 }
        var copy = self
        copy.data.withUnsafeMutableBufferPointer { d in
            m.withUnsafeBufferPointer { m in
                @inline(__always) func row(_ k: Int, _ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Int {
                    let sum = m[k] * r + m[k + 1] * g + m[k + 2] * b + m[k + 3] * a + m[k + 4] * Self.one
                    return min(Self.one, max(0, (sum + 32768) >> 16))
                }
                // Every transparent pixel becomes the same pixel.
                let clearAlpha = row(15, 0, 0, 0, 0)
                let clear = (UInt16(Self.product(row(0, 0, 0, 0, 0), clearAlpha)),
                             UInt16(Self.product(row(5, 0, 0, 0, 0), clearAlpha)),
                             UInt16(Self.product(row(10, 0, 0, 0, 0), clearAlpha)), UInt16(clearAlpha))
                for i in stride(from: 0, to: d.count, by: 4) {
                    let a = Int(d[i + 3])
                    guard a != 0 else {
                        d[i] = clear.0; d[i + 1] = clear.1; d[i + 2] = clear.2; d[i + 3] = clear.3
                        continue
                    }
                    var r = 0, g = 0, b = 0
                    if readsColour {
                        r = min(Self.one, (Int(d[i]) * Self.one + a / 2) / a)
                        g = min(Self.one, (Int(d[i + 1]) * Self.one + a / 2) / a)
                        b = min(Self.one, (Int(d[i + 2]) * Self.one + a / 2) / a)
                    }
                    let alpha = row(15, r, g, b, a)
                    d[i] = UInt16(Self.product(row(0, r, g, b, a), alpha))
                    d[i + 1] = UInt16(Self.product(row(5, r, g, b, a), alpha))
                    d[i + 2] = UInt16(Self.product(row(10, r, g, b, a), alpha))
                    d[i + 3] = UInt16(alpha)
                }
            }
        }
        return copy
    }

    /// `feComposite`: `self` (in) combined with `other` (in2).
    func composite(_ other: FilterImage, _ op: FilterEffect.CompositeOperator) -> FilterImage {
        var out = self
        let n = Self.one
        // Source-over (every merge and shadow) without the operator's dispatch in the loop.
        if case .over = op {
            other.data.withUnsafeBufferPointer { b in
                out.data.withUnsafeMutableBufferPointer { d in
                    for i in stride(from: 0, to: d.count, by: 4) {
                        let rest = n - Int(d[i + 3])
                        for c in 0..<4 { d[i + c] = UInt16(min(n, Int(d[i + c]) + Self.product(Int(b[i + c]), rest))) }
                        let a = d[i + 3]
                        for c in 0..<3 where d[i + c] > a { d[i + c] = a }
                    }
                }
            }
            return out
        }
        other.data.withUnsafeBufferPointer { b in
            out.data.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: d.count, by: 4) {
                    let qa = Int(d[i + 3]), qb = Int(b[i + 3])
                    for c in 0..<4 {
                        let ca = Int(d[i + c]), cb = Int(b[i + c])
                        let v: Int
                        switch op {
                        case .over: v = ca + Self.product(cb, n - qa)
                        case .in: v = Self.product(ca, qb)
                        case .out: v = Self.product(ca, n - qb)
                        case .atop: v = Self.product(ca, qb) + Self.product(cb, n - qa)
                        case .xor: v = Self.product(ca, n - qb) + Self.product(cb, n - qa)
                        case .lighter: v = ca + cb
                        case let .arithmetic(k1, k2, k3, k4):
                            let x = Double(ca) / Double(n), y = Double(cb) / Double(n)
                            let r = k1 * x * y + k2 * x + k3 * y + k4
                            v = r > 0 ? Int((min(r, 1) * Double(n)).rounded()) : 0 // bounded: in 0...n
                        }
                        d[i + c] = UInt16(min(n, v))
                    }
                    // Arithmetic can make colour exceed alpha; premultiplied colour may not.
                    let a = d[i + 3]
                    for c in 0..<3 where d[i + c] > a { d[i + c] = a }
                }
            }
        }
        return out
    }

    /// `feBlend`: `self` (in, the source) blended onto `other` (in2, the backdrop); the
    /// result's alpha is source-over's, its colour (1 − αs)·Cb + (1 − αb)·Cs + αs·αb·B(Cb, Cs).
    /// The five simplest modes in integers, the others through `BlendMode.composite`.
    func blend(onto other: FilterImage, _ mode: FilterEffect.BlendMode) -> FilterImage {
        var out = self
        let n = Self.one
        other.data.withUnsafeBufferPointer { b in
            out.data.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: d.count, by: 4) {
                    let qa = Int(d[i + 3]), qb = Int(b[i + 3])
                    if qb == 0 { continue }
                    if qa == 0 {
                        for c in 0..<4 { d[i + c] = b[i + c] }
                        continue
                    }
                    switch mode {
                    case .normal, .multiply, .screen, .darken, .lighten:
                        for c in 0..<3 {
                            let cs = Int(d[i + c]), cb = Int(b[i + c])
                            let v: Int
                            switch mode {
                            case .multiply: v = Self.product(cs, n - qb) + Self.product(cb, n - qa) + Self.product(cs, cb)
                            case .screen: v = cs + cb - Self.product(cs, cb)
                            case .darken: v = min(cs + Self.product(cb, n - qa), cb + Self.product(cs, n - qb))
                            case .lighten: v = max(cs + Self.product(cb, n - qa), cb + Self.product(cs, n - qb))
                            default: v = cs + Self.product(cb, n - qa)
                            }
                            d[i + c] = UInt16(min(n, max(0, v)))
                        }
                    default:
                        let scale = Double(n)
                        let source = SIMD4(Double(d[i]), Double(d[i + 1]), Double(d[i + 2]), Double(qa)) / scale
                        let backdrop = SIMD4(Double(b[i]), Double(b[i + 1]), Double(b[i + 2]), Double(qb)) / scale
                        let mixed = mode.composite(source: source, backdrop: backdrop)
                        for c in 0..<3 { d[i + c] = UInt16((min(max(mixed[c], 0), 1) * scale).rounded()) } // bounded: in 0...n
                    }
                    d[i + 3] = UInt16(qa + qb - Self.product(qa, qb))
                    let a = d[i + 3]
                    for c in 0..<3 where d[i + c] > a { d[i + c] = a }
                }
            }
        }
        return out
    }

    /// `feMerge`: the images drawn source-over in order, the first at the bottom.
    static func merge(_ images: [FilterImage], width: Int, height: Int, linearRGB: Bool) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        for image in images { out = image.composite(out, .over) }
        return out
    }

    // MARK: - Blur

    /// `feGaussianBlur` with deviations in pixels along x and y: the spec's three box blurs per
    /// axis (box size d = ⌊σ · 3√(2π)/4 + ½⌋; for an even d two boxes of d, shifted half a
    /// pixel either way, and one of d + 1), run by Raster's `GaussianBlur`, which pads each line
    /// with transparency so that what the first boxes spread past the image edge still comes
    /// back in the later ones (the edges of a filter region clipping its content fade as in
    /// Chromium, not to a third).
    func blurred(x sigmaX: Double, y sigmaY: Double) -> FilterImage {
        var out = self
        GaussianBlur.blur(&out.data, width: width, height: height, channels: 4,
                          horizontal: Self.specBoxes(sigmaX), vertical: Self.specBoxes(sigmaY))
        return out
    }

    /// The spec's three boxes for a deviation of `sigma` pixels (none: no blur); very large
    /// deviations are capped, as a box longer than the image blurs it to its mean anyway.
    static func specBoxes(_ sigma: Double) -> [GaussianBlur.Box] {
        guard sigma > 0 else { return [] }
        // 3·√(2π)/4
        let d = Int((min(sigma, GaussianBlur.maximumDeviation) * 1.879_971_205_973_250_3 + 0.5).rounded(.down)) // bounded: sigma is at most maximumDeviation
        guard d > 0 else { return [] }
        let half = d / 2
        if d % 2 == 1 { return Array(repeating: GaussianBlur.Box(size: d, left: half), count: 3) }
        return [GaussianBlur.Box(size: d, left: half), GaussianBlur.Box(size: d, left: half - 1),
                GaussianBlur.Box(size: d + 1, left: half)]
    }
}

extension FilterImage {
    /// `feMorphology` with whole-pixel radii: each channel's minimum (erode) or maximum
    /// (dilate) over the (2x + 1) × (2y + 1) rectangle around each pixel, transparent beyond the
    /// edges; one pass per axis, in time independent of the radius (van Herk / Gil-Werman).
    func morphology(dilate: Bool, x: Int, y: Int) -> FilterImage {
        var out = self
        out.data.withUnsafeMutableBufferPointer { d in
            guard let base = d.baseAddress else { return }
            if x > 0 {
                var line = MorphologyLine(count: width, radius: x, dilate: dilate)
                for row in 0..<height { line.apply(base + row * width * 4, stride: 4) }
            }
            if y > 0 {
                var line = MorphologyLine(count: height, radius: y, dilate: dilate)
                for column in 0..<width { line.apply(base + column * 4, stride: width * 4) }
            }
        }
        return out
    }

    /// Scratch space for one row or column: the line padded by the radius either side with
    /// transparency, and the running extremes within blocks of one window's length.
    private struct MorphologyLine {
        let count: Int, radius: Int, dilate: Bool
        var padded: [UInt16], forward: [UInt16], backward: [UInt16]

        init(count: Int, radius: Int, dilate: Bool) {
            self.count = count
            // A window wider than the line sees transparency either way: one line's reach will do.
            self.radius = min(radius, count)
            self.dilate = dilate
            padded = [UInt16](repeating: 0, count: count + 2 * self.radius)
            forward = padded
            backward = padded
        }

        mutating func apply(_ start: UnsafeMutablePointer<UInt16>, stride: Int) {
            let (count, radius, dilate) = (self.count, self.radius, self.dilate)
            let window = 2 * radius + 1, length = count + 2 * radius
            let pick: (UInt16, UInt16) -> UInt16 = dilate ? { max($0, $1) } : { min($0, $1) }
            padded.withUnsafeMutableBufferPointer { p in
                forward.withUnsafeMutableBufferPointer { f in
                    backward.withUnsafeMutableBufferPointer { b in
                        for c in 0..<4 {
                            for i in 0..<count { p[radius + i] = start[i * stride + c] }
                            for j in 0..<length { f[j] = j % window == 0 ? p[j] : pick(f[j - 1], p[j]) }
                            for j in (0..<length).reversed() {
                                b[j] = j % window == window - 1 || j == length - 1 ? p[j] : pick(b[j + 1], p[j])
                            }
                            for i in 0..<count { start[i * stride + c] = pick(b[i], f[i + window - 1]) }
                        }
                    }
                }
            }
        }
    }
}

extension FilterImage {
    /// `feComponentTransfer`: each straight channel through its function, then premultiplied
    /// again. Functions other than the identity are evaluated once per distinct 16-bit value
    /// that occurs, and remembered.
    func transferred(_ functions: [FilterEffect.TransferFunction]) -> FilterImage {
        var tables = functions.map { $0 == .identity ? nil : [Int32](repeating: -1, count: Self.one + 1) }
        guard tables.contains(where: { $0 != nil }) else { return self }
        func map(_ channel: Int, _ value: Int) -> Int {
            guard tables[channel] != nil else { return value }
            let known = tables[channel]![value]
            if known >= 0 { return Int(known) }
            let mapped = Self.evaluate(functions[channel], at: value)
            tables[channel]![value] = Int32(mapped)
            return mapped
        }
        var copy = self
        copy.data.withUnsafeMutableBufferPointer { d in
            for i in stride(from: 0, to: d.count, by: 4) {
                let a = Int(d[i + 3])
                let alpha = map(3, a)
                for c in 0..<3 {
                    let straight = a == 0 ? 0 : min(Self.one, (Int(d[i + c]) * Self.one + a / 2) / a)
                    d[i + c] = UInt16(Self.product(map(c, straight), alpha))
                }
                d[i + 3] = UInt16(alpha)
            }
        }
        return copy
    }

    /// A transfer function at a 16-bit value, clamped to 0...65535.
    static func evaluate(_ function: FilterEffect.TransferFunction, at i: Int) -> Int {
        let x = Double(i) / Double(one)
        let v: Double
        switch function {
        case .identity: v = x
        case let .table(values):
            let n = values.count - 1
            if n == 0 { v = values[0]; break }
            let k = min(Int(x * Double(n)), n - 1) // bounded: x lies in 0...1
            v = values[k] + (x * Double(n) - Double(k)) * (values[k + 1] - values[k])
        case let .discrete(values):
            v = values[min(Int(x * Double(values.count)), values.count - 1)] // bounded: x lies in 0...1
        case let .linear(slope, intercept): v = slope * x + intercept
        case let .gamma(amplitude, exponent, offset): v = amplitude * DeterministicMath.power(x, exponent) + offset
        }
        return v > 0 ? Int((min(v, 1) * Double(one)).rounded()) : 0 // bounded: in 0...one
    }
}

/// x^y for x in 0...1 from IEEE arithmetic alone (no libm, whose last bits differ between
/// machines): log₂ by the atanh series, 2^y by the exponential series and exact scaling.
enum DeterministicMath {
    static let ln2 = 0.693_147_180_559_945_3

    static func power(_ x: Double, _ y: Double) -> Double {
        guard x > 0 else { return y > 0 ? 0 : y == 0 ? 1 : .infinity }
        guard y.isFinite else { return x == 1 ? 1 : (y > 0) == (x < 1) ? 0 : .infinity }
        return exp2(y * log2(x))
    }

    /// log₂ of a positive finite x: its binary exponent plus log₂ of the significand in [1, 2).
    static func log2(_ x: Double) -> Double {
        let m = x.significand
        // ln m = 2 atanh z, z = (m − 1)/(m + 1) ≤ 1/3.
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, sum = 0.0
        for k in stride(from: 1, through: 59, by: 2) {
            sum += term / Double(k)
            term *= z2
        }
        return Double(x.exponent) + 2 * sum / ln2
    }

    /// 2^y: the whole part scales exactly, the fraction by the series for e^(f·ln 2).
    static func exp2(_ y: Double) -> Double {
        guard y > -1100 else { return 0 }
        guard y < 1100 else { return .infinity }
        let whole = y.rounded(.down), f = (y - whole) * ln2
        var term = 1.0, sum = 1.0
        for k in 1...30 {
            term *= f / Double(k)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(whole), significand: 1)
    }
}

/// The sRGB transfer function and its inverse as 16-bit tables, built with IEEE arithmetic and
/// Newton's method for the roots (no libm), so every machine builds the same tables. Each root
/// starts from the previous entry's, so a table takes a few steps an entry.
enum SRGBTransfer {
    /// sRGB value (0...65535) to linear light.
    static let toLinear: [UInt16] = {
        var guess = 1.0
        return (0...65535).map { i in
            let x = Double(i) / 65535
            guard x > 0.04045 else { return level(x / 12.92 * 65535) }
            // ((x + 0.055) / 1.055)^2.4 = t² · (t²)^(1/5)
            let t = (x + 0.055) / 1.055
            guess = root(t * t, 5, from: guess)
            return level(min(max(t * t * guess, 0), 1) * 65535)
        }
    }()

    /// Linear light (0...65535) to an sRGB value.
    static let toSRGB: [UInt16] = {
        var guess = 1.0
        return (0...65535).map { i in
            let x = Double(i) / 65535
            guard x > 0.003_130_8 else { return level(x * 12.92 * 65535) }
            // x^(1/2.4) = (x^5)^(1/12) = √√∛(x^5)
            guess = root(x * x * x * x * x, 3, from: guess)
            let v = 1.055 * guess.squareRoot().squareRoot() - 0.055
            return level(min(max(v, 0), 1) * 65535)
        }
    }()

    /// `v` in 0...65535 rounded to the nearest whole number, halves up (as `rounded()`, without
    /// its library call: the table builds round 131072 values).
    @inline(__always)
    static func level(_ v: Double) -> UInt16 {
        let whole = Int(v)
        return UInt16(v - Double(whole) >= 0.5 ? whole + 1 : whole) // bounded: v lies in 0...65535
    }

    /// The `n`th root of `v` > 0 by Newton's method from `start` > 0: one step lands at or
    /// above the root (the mean of y and v/yⁿ⁻¹ weighted n−1 to 1 is at least their geometric
    /// mean), then the steps fall until they stop.
    static func root(_ v: Double, _ n: Int, from start: Double) -> Double {
        func step(_ y: Double) -> Double {
            var power = 1.0
            for _ in 1..<n { power *= y }
            return (Double(n - 1) * y + v / power) / Double(n)
        }
        var y = step(start)
        while true {
            let next = step(y)
            guard next < y else { return y }
            y = next
        }
    }
}
