/// SplitMix64: a tiny deterministic random number generator for fuzz and property tests, so
/// every run tries the same inputs and a failure reproduces.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n by modulo (0 when n ≤ 1): cheaper than `Int.random(in:using:)` and
    /// good enough for choosing mutations.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// A Double uniformly in `range`, from the top 53 bits.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
