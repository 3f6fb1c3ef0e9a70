/// The distinct colours of a frame with how often each occurs, in first-seen order (so every
/// result built from it is deterministic). An open-addressing hash table keyed by 24-bit colour,
/// each slot holding a colour and its entry in one word, so a lookup reads one cache line (the
/// encoder looks up every pixel of a gradient frame, whose neighbours rarely share a colour;
/// with the entries in an array of their own, each lookup missed the cache twice).
struct GIFHistogram {
    /// Distinct colours, 0x00BBGGRR, in the order they were first seen.
    private(set) var colours: [UInt32] = []
    /// Pixel count of each entry of `colours`.
    private(set) var counts: [Int] = []
    /// Each slot: the colour in the low 32 bits (`empty` when unused), its entry above.
    private var slots: [UInt64]
    private var shift: UInt32
    private static let empty = UInt64(UInt32.max)

    init() {
        slots = [UInt64](repeating: Self.empty, count: 1024)
        shift = 32 - 10
    }

    /// Counts the pixels of a frame that are not flagged unchanged.
    init(pixels: [UInt32]) {
        self.init()
        pixels.withUnsafeBufferPointer { px in
            var run = UInt32.max
            var runLength = 0
            for p in px where p & GIFFramePixels.unchangedFlag == 0 {
                if p == run {
                    runLength += 1
                } else {
                    if runLength > 0 { add(run, count: runLength) }
                    run = p
                    runLength = 1
                }
            }
            if runLength > 0 { add(run, count: runLength) }
        }
    }

    var count: Int { colours.count }

    /// Adds `count` pixels of `colour` (24-bit).
    @inline(__always)
    mutating func add(_ colour: UInt32, count: Int) {
        var s = slot(of: colour)
        if slots[s] != Self.empty {
            counts[Int(slots[s] >> 32)] += count
            return
        }
        if (colours.count + 1) * 2 > slots.count {
            grow()
            s = slot(of: colour)
        }
        slots[s] = UInt64(colour) | UInt64(colours.count) << 32
        colours.append(colour)
        counts.append(count)
    }

    /// The index in `colours` of a colour that was added, or `nil`.
    @inline(__always)
    func entry(of colour: UInt32) -> Int? {
        let s = slot(of: colour)
        return slots[s] != Self.empty ? Int(slots[s] >> 32) : nil
    }

    /// The slot holding `colour`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of colour: UInt32) -> Int {
        let mask = slots.count - 1
        var s = Int((colour &* 0x9E37_79B1) >> shift)
        while slots[s] != Self.empty && UInt32(truncatingIfNeeded: slots[s]) != colour { s = (s + 1) & mask }
        return s
    }

    private mutating func grow() {
        let n = slots.count * 2
        slots = [UInt64](repeating: Self.empty, count: n)
        shift -= 1
        for (e, c) in colours.enumerated() {
            slots[slot(of: c)] = UInt64(c) | UInt64(e) << 32
        }
    }
}
