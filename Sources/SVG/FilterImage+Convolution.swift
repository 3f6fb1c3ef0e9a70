import Geometry
import Raster

extension FilterEffect {
    /// `feConvolveMatrix`'s parameters (Filter Effects 1 § 9.5), already validated.
    public struct ConvolveMatrix: Equatable, Sendable {
        /// Columns and rows of the kernel.
        public var orderX: Int, orderY: Int
        /// orderX × orderY weights, row by row, as written (the convolution turns them around).
        public var kernel: [Double]
        public var divisor: Double
        public var bias: Double
        /// The kernel's cell over the pixel being computed.
        public var targetX: Int, targetY: Int
        public var edgeMode: EdgeMode
        /// Only the colour channels are convolved, on straight values; alpha is kept.
        public var preserveAlpha: Bool

        /// What lies beyond the input's edges: its edge pixels repeated, the opposite edge, or
        /// transparent black.
        public enum EdgeMode: String, Equatable, Sendable { case duplicate, wrap, none }

        /// The most kernel cells: a kernel costs its area in work per pixel, so the filter's
        /// work budget counts it (see `VectorFilter.work`), and past this size no drawing needs
        /// more (Skia, under Chromium, allows 256 cells on the GPU).
        public static let maximumCells = 1024

        /// Parameters from resolved values.
        public init(orderX: Int, orderY: Int, kernel: [Double], divisor: Double, bias: Double, targetX: Int,
                    targetY: Int, edgeMode: EdgeMode, preserveAlpha: Bool) {
            self.orderX = orderX
            self.orderY = orderY
            self.kernel = kernel
            self.divisor = divisor
            self.bias = bias
            self.targetX = targetX
            self.targetY = targetY
            self.edgeMode = edgeMode
            self.preserveAlpha = preserveAlpha
        }
    }
}

extension FilterImage {
    /// `feConvolveMatrix` in device pixels (`kernelUnitLength` is ignored, as Chromium ignores
    /// it) over `rect`, reading the input within `edges` (its subregion) by the edge mode:
    /// RESULT = Σ SOURCE[x − targetX + j, y − targetY + i] · kernel[orderX − j − 1, orderY − i − 1]
    /// / divisor + bias, on premultiplied channels with alpha, or on straight colour with alpha
    /// kept (`preserveAlpha`); the bias is added as Chromium adds it, to each channel.
    func convolved(_ m: FilterEffect.ConvolveMatrix, over rect: PixelRect, edges: PixelRect) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let e = edges.intersection(PixelRect(width: width, height: height))
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard !r.isEmpty else { return out }
        // Straight copies of the channels, 0...1, so that preserveAlpha reads unpremultiplied colour.
        let n = Double(Self.one)
        var source = [Double](repeating: 0, count: data.count)
        for i in stride(from: 0, to: data.count, by: 4) {
            let a = Double(data[i + 3])
            for c in 0..<3 {
                let v = Double(data[i + c])
                source[i + c] = m.preserveAlpha ? (a > 0 ? min(1, v / a) : 0) : v / n
            }
            source[i + 3] = a / n
        }
        /// The source index for (x, y), or nil for transparent black.
        func index(_ x: Int, _ y: Int) -> Int? {
            guard !e.isEmpty else { return nil }
            var x = x, y = y
            if x < e.x0 || x >= e.x1 || y < e.y0 || y >= e.y1 {
                switch m.edgeMode {
                case .none: return nil
                case .duplicate:
                    x = min(max(x, e.x0), e.x1 - 1)
                    y = min(max(y, e.y0), e.y1 - 1)
                case .wrap:
                    let w = e.x1 - e.x0, h = e.y1 - e.y0
                    x = e.x0 + ((x - e.x0) % w + w) % w
                    y = e.y0 + ((y - e.y0) % h + h) % h
                }
            }
            return (y * width + x) * 4
        }
        out.data.withUnsafeMutableBufferPointer { d in
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    var sum = SIMD4<Double>(repeating: 0)
                    for i in 0..<m.orderY {
                        for j in 0..<m.orderX {
                            guard let s = index(x - m.targetX + j, y - m.targetY + i) else { continue }
                            let k = m.kernel[(m.orderY - i - 1) * m.orderX + (m.orderX - j - 1)]
                            sum += SIMD4(source[s], source[s + 1], source[s + 2], source[s + 3]) * k
                        }
                    }
                    let o = (y * width + x) * 4
                    var v = sum / m.divisor + SIMD4(repeating: m.bias)
                    if m.preserveAlpha { v[3] = Double(data[o + 3]) / n }
                    v = v.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
                    let a = Int((v[3] * n).rounded()) // bounded: v lies in 0...1
                    for c in 0..<3 {
                        let level = Int((v[c] * n).rounded()) // bounded: v lies in 0...1
                        // Premultiplied results may not exceed alpha; straight ones are multiplied by it.
                        d[o + c] = UInt16(m.preserveAlpha ? Self.product(level, a) : min(level, a))
                    }
                    d[o + 3] = UInt16(a)
                }
            }
        }
        return out
    }
}

extension FilterImage {
    /// `feDisplacementMap` over `rect`: each pixel takes the input's pixel at
    /// P + scale · (C − ½), C being `map`'s straight channels `x` and `y` (0 red … 3 alpha) in
    /// 0...1, and `scale` in device pixels along each axis; the nearest pixel, transparent
    /// outside the image.
    func displaced(by map: FilterImage, scaleX: Double, scaleY: Double, x cx: Int, y cy: Int, over rect: PixelRect) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard !r.isEmpty else { return out }
        let n = Double(Self.one)
        /// A straight channel of the map, 0...1.
        func channel(_ i: Int, _ c: Int) -> Double {
            let a = Double(map.data[i + 3])
            if c == 3 { return a / n }
            return a > 0 ? min(1, Double(map.data[i + c]) / a) : 0
        }
        /// The pixel a displaced centre falls in, or nil outside the image.
        func pixel(_ v: Double, _ limit: Int) -> Int? {
            guard v.isFinite, v >= 0, v < Double(limit) else { return nil }
            return Int(v) // bounded: 0 ≤ v < limit
        }
        out.data.withUnsafeMutableBufferPointer { d in
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    let i = (y * width + x) * 4
                    guard let sx = pixel(Double(x) + 0.5 + scaleX * (channel(i, cx) - 0.5), width),
                          let sy = pixel(Double(y) + 0.5 + scaleY * (channel(i, cy) - 0.5), height) else { continue }
                    let j = (sy * width + sx) * 4
                    d[i] = data[j]; d[i + 1] = data[j + 1]; d[i + 2] = data[j + 2]; d[i + 3] = data[j + 3]
                }
            }
        }
        return out
    }
}
