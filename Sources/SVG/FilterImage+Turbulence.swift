import Geometry
import Raster

extension FilterEffect {
    /// `feTurbulence`'s parameters (Filter Effects 1 § 9.21), frequencies in user units.
    public struct Turbulence: Equatable, Sendable {
        /// Base frequencies along x and y, per user unit (never negative).
        public var frequencyX: Double, frequencyY: Double
        /// Octaves summed, at most `maximumOctaves`.
        public var octaves: Int
        /// The seed, truncated towards zero as the spec asks.
        public var seed: Int
        /// `fractalNoise` (signed sum, mapped to 0...1 around ½) rather than `turbulence` (sum of
        /// magnitudes).
        public var fractalNoise: Bool
        /// `stitchTiles="stitch"`: frequencies adjusted so that the primitive subregion tiles.
        public var stitchTiles: Bool

        /// Octave k adds at most 2⁻ᵏ: past 24 octaves the rest adds less than 2⁻²³, under half a
        /// level of the 16-bit working image, so more octaves would cost time and change nothing
        /// (Skia's `kMaxOctaves` is 255).
        public static let maximumOctaves = 24

        /// Parameters from resolved values.
        public init(frequencyX: Double, frequencyY: Double, octaves: Int, seed: Int, fractalNoise: Bool,
                    stitchTiles: Bool) {
            self.frequencyX = frequencyX
            self.frequencyY = frequencyY
            self.octaves = octaves
            self.seed = seed
            self.fractalNoise = fractalNoise
            self.stitchTiles = stitchTiles
        }
    }
}

/// The noise of `feTurbulence`: the lattice and gradients the spec's reference code builds from
/// the seed (its `init`), and its `noise2` and `turbulence`, written from that maths: a Perlin
/// gradient noise per channel over a 256-entry permuted lattice, summed over octaves.
struct TurbulenceNoise {
    private static let blockSize = 256, blockMask = 0xff, perlinN = 0x1000
    /// The lattice permutation, repeated so that `selector[i + j]` never needs a mask.
    private var selector = [Int](repeating: 0, count: 2 * 256 + 2)
    /// Unit gradients: `gradients[channel][i]` as (x, y), four channels.
    private var gradients = [[(Double, Double)]](repeating: [(Double, Double)](repeating: (0, 0), count: 2 * 256 + 2),
                                                 count: 4)

    /// The spec's `setup_seed` and `init`: a Park–Miller generator (a = 16807, m = 2³¹ − 1,
    /// Schrage's q = 127773, r = 2836) drawing the gradients, then shuffling the lattice.
    init(seed: Int) {
        let m = 2_147_483_647, a = 16807, q = 127_773, r = 2836
        var s = seed
        if s <= 0 { s = -(s % (m - 1)) + 1 }
        if s > m - 1 { s = m - 1 }
        func random() -> Int {
            var result = a * (s % q) - r * (s / q)
            if result <= 0 { result += m }
            s = result
            return result
        }
        let n = Self.blockSize
        for k in 0..<4 {
            for i in 0..<n {
                selector[i] = i
                let gx = Double(random() % (2 * n) - n) / Double(n)
                let gy = Double(random() % (2 * n) - n) / Double(n)
                let length = (gx * gx + gy * gy).squareRoot()
                // The reference divides by zero here when both draws are 0 (one in 65536 gradients
                // for some seed); a zero gradient is what its NaN would otherwise poison.
                gradients[k][i] = length > 0 ? (gx / length, gy / length) : (0, 0)
            }
        }
        for i in stride(from: n - 1, to: 0, by: -1) {
            let j = random() % n
            selector.swapAt(i, j)
        }
        for i in 0..<(n + 2) {
            selector[n + i] = selector[i]
            for k in 0..<4 { gradients[k][n + i] = gradients[k][i] }
        }
    }

    /// The tile the noise wraps around when stitching, in lattice units of the current octave.
    struct Stitch {
        var width: Int, height: Int, wrapX: Int, wrapY: Int
    }

    /// A lattice coordinate as its whole part (truncated, as the reference's `(int)t`) and the
    /// rest. Beyond ±2⁴⁰ only the last bits of the whole part matter to the lattice, so the
    /// value is reduced first (exactly: the fraction is kept); a non-finite one is 0.
    @inline(__always)
    private static func split(_ t: Double) -> (whole: Int, fraction: Double) {
        guard t.isFinite else { return (0, 0) }
        let limit = 1_099_511_627_776.0 // 2⁴⁰
        let v = abs(t) < limit ? t : t.truncatingRemainder(dividingBy: limit)
        let whole = Int(v) // bounded: |v| < 2⁴⁰ and finite
        return (whole, v - Double(whole))
    }

    @inline(__always)
    private static func whole(_ t: Double) -> Int { split(t).whole }

    /// The spec's `noise2` for one channel at (x, y) in lattice units.
    @inline(__always)
    private func noise(_ channel: Int, _ x: Double, _ y: Double, _ stitch: Stitch?) -> Double {
        let tx = x + Double(Self.perlinN), ty = y + Double(Self.perlinN)
        let (wx, rx0) = Self.split(tx), (wy, ry0) = Self.split(ty)
        // The lattice points are compared with the wrap before they are masked (as Skia and
        // resvg do; masking first, as the reference's `setup` macro reads, never stitches).
        var bx0 = wx, by0 = wy, bx1 = wx + 1, by1 = wy + 1
        let rx1 = rx0 - 1, ry1 = ry0 - 1
        if let stitch {
            if bx0 >= stitch.wrapX { bx0 = bx0 &- stitch.width }
            if bx1 >= stitch.wrapX { bx1 = bx1 &- stitch.width }
            if by0 >= stitch.wrapY { by0 = by0 &- stitch.height }
            if by1 >= stitch.wrapY { by1 = by1 &- stitch.height }
        }
        bx0 &= Self.blockMask; bx1 &= Self.blockMask; by0 &= Self.blockMask; by1 &= Self.blockMask
        let i = selector[bx0], j = selector[bx1]
        let b00 = selector[i + by0], b10 = selector[j + by0], b01 = selector[i + by1], b11 = selector[j + by1]
        let sx = rx0 * rx0 * (3 - 2 * rx0), sy = ry0 * ry0 * (3 - 2 * ry0)
        let g = gradients[channel]
        var u = rx0 * g[b00].0 + ry0 * g[b00].1
        var v = rx1 * g[b10].0 + ry0 * g[b10].1
        let a = u + sx * (v - u)
        u = rx0 * g[b01].0 + ry1 * g[b01].1
        v = rx1 * g[b11].0 + ry1 * g[b11].1
        let b = u + sx * (v - u)
        return a + sy * (b - a)
    }

    /// The spec's `turbulence` at `point` in user units for the four channels, as straight
    /// values in 0...1 (fractalNoise: (sum + 1) / 2; turbulence: the sum), clamped. `tile` is
    /// the primitive subregion the noise stitches across when `stitchTiles` is set.
    func values(at point: Point, _ parameters: FilterEffect.Turbulence, tile: Rect) -> SIMD4<Double> {
        var fx = parameters.frequencyX, fy = parameters.frequencyY
        var stitch: Stitch?
        if parameters.stitchTiles {
            func adjusted(_ f: Double, _ size: Double) -> Double {
                guard f != 0, size > 0 else { return f }
                let low = (size * f).rounded(.down) / size, high = (size * f).rounded(.up) / size
                // A frequency below one cycle per tile has no lower neighbour: the higher one.
                return low > 0 && f / low < high / f ? low : high
            }
            fx = adjusted(fx, tile.width)
            fy = adjusted(fy, tile.height)
            let width = Self.whole(tile.width * fx + 0.5), height = Self.whole(tile.height * fy + 0.5)
            stitch = Stitch(width: width, height: height,
                            wrapX: Self.whole(tile.x * fx + Double(Self.perlinN) + Double(width)),
                            wrapY: Self.whole(tile.y * fy + Double(Self.perlinN) + Double(height)))
        }
        var sum = SIMD4<Double>(repeating: 0)
        var x = point.x * fx, y = point.y * fy, ratio = 1.0
        for _ in 0..<parameters.octaves {
            // Coordinates doubled past the largest Double add nothing a pixel could show.
            guard x.isFinite, y.isFinite else { break }
            for c in 0..<4 {
                let n = noise(c, x, y, stitch)
                sum[c] += (parameters.fractalNoise ? n : abs(n)) / ratio
            }
            x *= 2; y *= 2; ratio *= 2
            if var s = stitch {
                // Wrapping arithmetic: only a tile of more than 2⁴⁰ lattice cells (hostile
                // sizes, where stitching shows nothing) gets past 2⁶³ in 24 octaves.
                s.width = s.width &* 2; s.wrapX = 2 &* s.wrapX &- Self.perlinN
                s.height = s.height &* 2; s.wrapY = 2 &* s.wrapY &- Self.perlinN
                stitch = s
            }
        }
        if parameters.fractalNoise { sum = (sum + 1) / 2 }
        return sum.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
    }
}

extension FilterImage {
    /// `feTurbulence` over `rect` (device pixels): each pixel's centre mapped back to user space
    /// through `inverse`, the noise there read as straight RGBA in this image's colour space
    /// (the primitive's `color-interpolation-filters`), premultiplied; `tile` is the subregion
    /// in user space.
    static func turbulence(_ parameters: FilterEffect.Turbulence, width: Int, height: Int, rect: PixelRect,
                           inverse: AffineTransform, tile: Rect, linearRGB: Bool) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard !r.isEmpty else { return out }
        let noise = TurbulenceNoise(seed: parameters.seed)
        let scale = Double(one)
        out.data.withUnsafeMutableBufferPointer { d in
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    let point = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    let v = noise.values(at: point, parameters, tile: tile)
                    let a = Int((v[3] * scale).rounded()) // bounded: v lies in 0...1
                    let i = (y * width + x) * 4
                    for c in 0..<3 { d[i + c] = UInt16(product(Int((v[c] * scale).rounded()), a)) } // bounded: v lies in 0...1
                    d[i + 3] = UInt16(a)
                }
            }
        }
        return out
    }
}
