/// SplitMix64, a tiny fixed-seed random number generator, so fuzz and property tests try the
/// same inputs on every run and machine.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (0 when n is 0) by plain modulo, so the sequence never depends on the
    /// standard library's sampling algorithm.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
