extension Int {
    /// `value` towards zero as `Int(_:)` does, but NaN as 0 and values beyond `Int`'s range at
    /// its ends: `Int(_:)` traps on them, and in modules built with `-Ounchecked` the result is
    /// undefined. Numbers from files and options go through this or `Int(exactly:)` (a test in
    /// `HostileInputTests` finds conversions that do not).
    @inlinable public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self = Int(value) // bounded: just checked against Int's range
        }
    }
}
