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
    /// Four pixels at a time go through 16-bit SIMD lanes (SSE2/NEON width), with the same
    /// arithmetic as `sourceOver(_:_:)`, so results do not depend on the path taken.
    @inline(__always)
    static func sourceOver(_ s: UInt32, onto d: UnsafeMutablePointer<UInt32>, count: Int) {
        let inverse = 255 &- (s >> 24)
        if inverse == 0 {
            d.update(repeating: s, count: count)
            return
        }
        let factor = SIMD8<UInt16>(repeating: UInt16(inverse))
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD16<UInt8>.self)
        let raw = UnsafeMutableRawPointer(d)
        var i = 0
        while i + 4 <= count {
            let p = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            let low = div255(SIMD8<UInt16>(truncatingIfNeeded: p.lowHalf) &* factor)
            let high = div255(SIMD8<UInt16>(truncatingIfNeeded: p.highHalf) &* factor)
            let scaled = SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: low),
                                       highHalf: SIMD8<UInt8>(truncatingIfNeeded: high))
            raw.storeBytes(of: scaled &+ source, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            d[i] = s &+ scale(d[i], by: inverse)
            i += 1
        }
    }

    /// `div255` on eight 16-bit lanes.
    @inline(__always)
    private static func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// A 0...1 value (clamped; NaN counts as 0) as a byte 0...255, rounded.
    static func alphaByte(_ v: Double) -> UInt32 {
        v > 0 ? UInt32((min(v, 1) * 255).rounded(.toNearestOrEven)) : 0
    }

    /// `color` straight 0...1 with its alpha times `alpha`, premultiplied and packed.
    static func premultiplied(_ color: Color, alpha: Double) -> UInt32 {
        let byte = alphaByte
        let a = byte(color.alpha * alpha)
        return div255(byte(color.red) * a) | div255(byte(color.green) * a) << 8
            | div255(byte(color.blue) * a) << 16 | a << 24
    }
}
