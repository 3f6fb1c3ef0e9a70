import Geometry
import Raster

extension FilterEffect {
    /// `feDiffuseLighting`'s and `feSpecularLighting`'s parameters (Filter Effects 1 §§ 9.7,
    /// 9.20), with the values Chromium clamps already clamped; positions in user space.
    public struct Lighting: Equatable, Sendable {
        /// The light source: the primitive's first light element.
        public var light: Light
        /// `lighting-color`, straight sRGB.
        public var color: Color
        /// The height of the surface where the input is opaque.
        public var surfaceScale: Double
        /// Diffuse or specular, with its constants.
        public var kind: Kind

        /// What the light makes of the surface.
        public enum Kind: Equatable, Sendable {
            /// `feDiffuseLighting`: colour · kd · N·L, opaque.
            case diffuse(constant: Double)
            /// `feSpecularLighting`: colour · ks · (N·H)^exponent, its alpha the largest channel.
            case specular(constant: Double, exponent: Double)
        }

        /// `feDistantLight`, `fePointLight` or `feSpotLight`.
        public enum Light: Equatable, Sendable {
            /// The unit vector towards a light infinitely far away.
            case distant(SIMD3<Double>)
            /// A light at a point (x, y in user space, z in user units).
            case point(SIMD3<Double>)
            /// A light at `position` shining towards `pointsAt`, its colour scaled by
            /// cos^exponent of the angle off that axis, and nothing past the cone whose half
            /// angle has the cosine `cosCone`.
            case spot(position: SIMD3<Double>, pointsAt: SIMD3<Double>, exponent: Double, cosCone: Double)
        }

        /// Parameters from resolved values.
        public init(light: Light, color: Color, surfaceScale: Double, kind: Kind) {
            self.light = light
            self.color = color
            self.surfaceScale = surfaceScale
            self.kind = kind
        }
    }
}

extension FilterImage {
    /// Skia's soft cone edge, under Chromium: a spot light fades to nothing over the last 0.016
    /// of the cosine inside its cone (`SkSpotLight`'s antiAliasThreshold).
    static let coneEdge = 0.016

    /// `feDiffuseLighting` or `feSpecularLighting` over `rect` (the primitive subregion, in
    /// pixels of this image, which `transform` maps user space onto), as Chromium draws them
    /// through Skia's `SkLightingImageFilter`:
    /// - the surface is Z = surfaceScale · A, A the input's alpha in 0...1, with surfaceScale
    ///   and a light's z scaled by the mean of `transform`'s axis scales (Skia maps a depth as
    ///   the vector (z, z) and averages it), so the relief looks the same at any drawing scale;
    ///   `kernelUnitLength` is ignored, as Chromium ignores it;
    /// - its normal comes from the interior Sobel kernel of Filter Effects 1 § 9.7 on every
    ///   pixel, a neighbour outside `rect` read as the nearest pixel inside it, as Chromium
    ///   draws it (Skia samples the input clamped to the primitive subregion). The spec gives
    ///   the pixels along `rect`'s sides their own edge and corner kernels instead, which make a
    ///   slope there twice as steep across the side; matching Chromium, blurred shapes touching
    ///   their filter region under a distant, a point and a spot light went from 35–44 dB to
    ///   50–55 dB against it;
    /// - a light's x and y go through `transform`, and a pixel's surface point is
    ///   its centre (Chromium's lighting shader reads the fragment's centre);
    /// - diffuse: colour · kd · N·L, opaque; specular: colour · ks · (N·H)^exponent with
    ///   H = normalised L + (0, 0, 1), alpha the largest channel, the channels kept as they are
    ///   (premultiplied, as Skia makes them); each channel clamped to 0...1 at the end, as the
    ///   spec and Chromium clamp it;
    /// - a rect narrower or lower than 2 pixels is transparent (Skia returns no image).
    /// The lighting colour is taken into this image's colour space.
    func lit(_ lighting: FilterEffect.Lighting, transform: AffineTransform, over rect: PixelRect) -> FilterImage {
        var out = FilterImage(width: width, height: height, linearRGB: linearRGB)
        let r = rect.intersection(PixelRect(width: width, height: height))
        guard r.x1 - r.x0 >= 2, r.y1 - r.y0 >= 2 else { return out }
        let n = Double(Self.one)
        // The colour's alpha is not used (Skia takes the RGB of the colour Chromium passes).
        let c = lighting.color
        let level = Self.premultiplied(Color(red: c.red, green: c.green, blue: c.blue), linearRGB: linearRGB)
        let colour = SIMD3(Double(level.0), Double(level.1), Double(level.2)) / n
        let scales = transform.axisScales
        func place(_ p: SIMD3<Double>) -> SIMD3<Double> {
            let q = transform.apply(Point(p.x, p.y))
            return SIMD3(q.x, q.y, p.z * (scales.x + scales.y) / 2)
        }
        // The light in pixels: a fixed direction, or a position (and a spot's axis and cone).
        var direction: SIMD3<Double>?, position = SIMD3<Double>(), axis = SIMD3<Double>()
        var spotExponent = 1.0, cosCone = -2.0
        switch lighting.light {
        case let .distant(d): direction = d
        case let .point(p): position = place(p)
        case let .spot(p, target, exponent, cone):
            position = place(p)
            axis = Self.normalised(place(target) - position)
            (spotExponent, cosCone) = (exponent, cone)
        }
        let ss = lighting.surfaceScale * (scales.x + scales.y) / 2
        data.withUnsafeBufferPointer { d in
            func a(_ x: Int, _ y: Int) -> Double { Double(d[(y * width + x) * 4 + 3]) / n }
            out.data.withUnsafeMutableBufferPointer { o in
                for y in r.y0..<r.y1 {
                    let t = max(y - 1, r.y0), b = min(y + 1, r.y1 - 1)
                    for x in r.x0..<r.x1 {
                        let l = max(x - 1, r.x0), rt = min(x + 1, r.x1 - 1)
                        // The interior Sobel kernel everywhere, a neighbour past `rect` read as
                        // the pixel on its side (Skia's clamp), its middle row (column) weighing 2.
                        let nx = (a(rt, t) - a(l, t) + 2 * (a(rt, y) - a(l, y)) + a(rt, b) - a(l, b)) / 4
                        let ny = (a(l, b) - a(l, t) + 2 * (a(x, b) - a(x, t)) + a(rt, b) - a(rt, t)) / 4
                        let normal = Self.normalised(SIMD3(-ss * nx, -ss * ny, 1))
                        let toLight = direction
                            ?? Self.normalised(position - SIMD3(Double(x) + 0.5, Double(y) + 0.5, ss * a(x, y)))
                        var light = colour
                        if cosCone > -2 {
                            let cosAngle = -(toLight * axis).sum()
                            var scale = 0.0
                            if cosAngle >= cosCone {
                                scale = Self.power(cosAngle, spotExponent)
                                if cosAngle < cosCone + Self.coneEdge { scale *= (cosAngle - cosCone) / Self.coneEdge }
                            }
                            light *= scale
                        }
                        let i = (y * width + x) * 4
                        /// A channel clamped to 0...1 as a 16-bit level (NaN, from hostile sizes, is 0).
                        func store(_ v: Double) -> UInt16 {
                            v > 0 ? (v < 1 ? UInt16(v * n + 0.5) : UInt16(Self.one)) : 0 // bounded: v lies in 0...1
                        }
                        switch lighting.kind {
                        case let .diffuse(kd):
                            let c = light * (kd * (normal * toLight).sum())
                            o[i] = store(c.x); o[i + 1] = store(c.y); o[i + 2] = store(c.z); o[i + 3] = UInt16(Self.one)
                        case let .specular(ks, exponent):
                            let half = Self.normalised(toLight + SIMD3(0, 0, 1))
                            let c = light * (ks * Self.power(max((normal * half).sum(), 0), exponent))
                            o[i] = store(c.x); o[i + 1] = store(c.y); o[i + 2] = store(c.z)
                            o[i + 3] = max(o[i], o[i + 1], o[i + 2])
                        }
                    }
                }
            }
        }
        return out
    }

    /// `v` scaled to length 1; the zero vector stays zero.
    static func normalised(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : v
    }

    /// x^y for x in 0...1 and y in 1...128: by repeated squaring for a whole exponent (what
    /// files write), else `DeterministicMath.power`.
    static func power(_ x: Double, _ y: Double) -> Double {
        guard y == y.rounded(.towardZero), y <= 128 else { return DeterministicMath.power(x, y) }
        var result = 1.0, base = x, e = Int(y) // bounded: a whole number in 1...128
        while e > 0 {
            if e & 1 == 1 { result *= base }
            base *= base
            e >>= 1
        }
        return result
    }
}
