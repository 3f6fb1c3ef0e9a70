import Geometry

/// Premultiplied RGBA8 arithmetic on pixels packed as they lie in memory: a `UInt32` read from
/// a `Pixmap` on a little-endian machine holds R in its low byte and A in its high byte.
///
/// Two channels are processed at once in 16-bit lanes of one `UInt32` (R and B, then G and A):
/// a channel times an 8-bit factor is at most 65025, so lanes never carry into each other.
/// Every division by 255 is exact (rounded to nearest), never approximated by a shift.
enum Blend {
    static let lanes: UInt32 = 0x00FF_00FF

    /// round(x / 255) for 0 ≤ x ≤ 65535.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `div255` on both 16-bit lanes of `x`.
    @inline(__always)
    static func div255Lanes(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
    }

    /// Every channel of `p` times `factor` / 255 (0...255), rounded.
    @inline(__always)
    static func scale(_ p: UInt32, by factor: UInt32) -> UInt32 {
        let rb = div255Lanes((p & lanes) &* factor)
        let ga = div255Lanes(((p >> 8) & lanes) &* factor)
        return rb | (ga << 8)
    }

    /// Source-over: `s + d·(255 − s.alpha)/255` per channel. Premultiplied inputs cannot overflow.
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// Source-over of one colour onto `count` pixels; a plain store when the colour is opaque.
    @inline(__always)
    static func sourceOver(_ s: UInt32, onto d: UnsafeMutablePointer<UInt32>, count: Int) {
        let inverse = 255 &- (s >> 24)
        if inverse == 0 {
            d.update(repeating: s, count: count)
            return
        }
        for i in 0..<count {
            let p = d[i]
            let rb = div255Lanes((p & lanes) &* inverse)
            let ga = div255Lanes(((p >> 8) & lanes) &* inverse)
            d[i] = s &+ (rb | (ga << 8))
        }
    }

    /// `color` straight 0...1 with its alpha times `alpha`, premultiplied and packed.
    static func premultiplied(_ color: Color, alpha: Double) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven)) }
        let a = byte(color.alpha * alpha)
        return div255(byte(color.red) * a) | div255(byte(color.green) * a) << 8
            | div255(byte(color.blue) * a) << 16 | a << 24
    }
}
