/// A fixed-seed stand-in for `arc4random_uniform`, so demos that pick at random (the constraints
/// shuffle) render the same frames on every run; `--seed` picks another sequence. SplitMix64.
public struct SeededRandom {
    private var state: UInt64

    /// A sequence starting from `seed`; the same seed always gives the same numbers.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n, as `arc4random_uniform(n)` (plain modulo: the bias is nil for tiny n).
    public mutating func uniform(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// The original's `shuffledArrayFromArray:`: Fisher–Yates, swapping each index with a
    /// random one at or after it.
    public mutating func shuffled<T>(_ array: [T]) -> [T] {
        var a = array
        for i in a.indices { a.swapAt(i, uniform(a.count - i) + i) }
        return a
    }
}

/// Every order of `items`, first items varying slowest: the orders a shuffle can produce.
public func permutations<T>(of items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in
        var rest = items
        let first = rest.remove(at: i)
        return permutations(of: rest).map { [first] + $0 }
    }
}
