/// The sixteen blend modes of Compositing and Blending Level 1 (§10), as CSS `mix-blend-mode`
/// and SVG's `feBlend` name them: twelve separable ones, each colour channel blended alone,
/// and four non-separable ones (hue, saturation, color, luminosity) that mix the channels
/// through the luminosity and saturation the specification defines.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity

    /// B(Cb, Cs): the blended colour of straight backdrop and source colours, channels in 0...1.
    public func blended(backdrop cb: SIMD3<Double>, source cs: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .hue: return Self.settingLuminosity(Self.settingSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation: return Self.settingLuminosity(Self.settingSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color: return Self.settingLuminosity(cs, Self.luminosity(cb))
        case .luminosity: return Self.settingLuminosity(cb, Self.luminosity(cs))
        default: return SIMD3(separable(cb.x, cs.x), separable(cb.y, cs.y), separable(cb.z, cs.z))
        }
    }

    /// Source `s` composited onto backdrop `b` in this mode, both premultiplied RGBA in 0...1:
    /// colour (1 − αs)·Cb + (1 − αb)·Cs + αs·αb·B(Cb, Cs) (§5.8, with B on straight colours),
    /// alpha as source-over.
    public func composite(source s: SIMD4<Double>, backdrop b: SIMD4<Double>) -> SIMD4<Double> {
        let sa = s.w, ba = b.w
        guard sa > 0 else { return b }
        guard ba > 0 else { return s }
        let sc = SIMD3(s.x, s.y, s.z), bc = SIMD3(b.x, b.y, b.z)
        let mixed = blended(backdrop: bc / ba, source: sc / sa)
        let c = (1 - sa) * bc + (1 - ba) * sc + sa * ba * mixed
        let a = sa + ba - sa * ba
        return SIMD4(min(max(c.x, 0), a), min(max(c.y, 0), a), min(max(c.z, 0), a), a)
    }

    /// The separable blend function of one channel.
    private func separable(_ cb: Double, _ cs: Double) -> Double {
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
        }
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .hardLight: return hardLight(cb, cs)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .colorDodge: return cb <= 0 ? 0 : cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        default: return cs
        }
    }

    /// Lum(C) of §10.2: 0.3 R + 0.59 G + 0.11 B.
    private static func luminosity(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    /// Sat(C): the largest channel minus the smallest.
    private static func saturation(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }

    /// SetLum(C, l): `c` moved to luminosity `l`, then brought back into 0...1 keeping its
    /// luminosity (ClipColor).
    private static func settingLuminosity(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
        var c = c + (l - luminosity(c))
        let lum = luminosity(c), n = c.min(), x = c.max()
        if n < 0 { c = lum + (c - lum) * lum / (lum - n) }
        if x > 1 { c = lum + (c - lum) * (1 - lum) / (x - lum) }
        return c
    }

    /// SetSat(C, s): the smallest channel to 0, the largest to `s`, the middle in proportion.
    private static func settingSaturation(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let n = c.min(), x = c.max()
        guard x > n else { return .zero }
        return (c - n) * s / (x - n)
    }
}
