/// Whole-number rounding without libm. `Double.rounded(_:)` compiles to calls to libm's
/// `floor`, `ceil` or `rint` on x86-64 CPUs without SSE4.1; these use only the truncating
/// conversion, which IEEE 754 defines exactly, so the raster pipeline stays free of libm and
/// gives the same integers on every machine. Values must be finite and within ±2^62.
extension Double {
    /// The largest integer not above the value.
    @inline(__always)
    var floorToInt: Int {
        let t = Int(self)
        return Double(t) > self ? t - 1 : t
    }

    /// The smallest integer not below the value.
    @inline(__always)
    var ceilToInt: Int {
        let t = Int(self)
        return Double(t) < self ? t + 1 : t
    }

    /// The nearest integer, halves to the even one (IEEE 754's default rounding).
    @inline(__always)
    var roundToInt: Int {
        // Below 2^51, adding 1.5·2^52 lands where doubles are whole numbers, so the addition
        // itself rounds (to nearest, ties to even) and the subtraction is exact: no branch
        // for the flattener's many points to mispredict.
        if abs(self) < 0x1p51 { return Int((self + 0x1.8p52) - 0x1.8p52) } // bounded: below 2^51
        let t = floorToInt, fraction = self - Double(t)
        return fraction > 0.5 || (fraction == 0.5 && t & 1 == 1) ? t + 1 : t
    }

    /// True for a whole number of magnitude below 10^9 (so it converts to `Int` safely).
    var isWholeNumber: Bool { abs(self) < 1e9 && Double(floorToInt) == self }
}
