/// The distinct colours of a frame with how often each occurs, in first-seen order (so every
/// result built from it is deterministic). An open-addressing hash table keyed by 24-bit colour.
struct GIFHistogram {
    /// Distinct colours, 0x00BBGGRR, in the order they were first seen.
    private(set) var colours: [UInt32] = []
    /// Pixel count of each entry of `colours`.
    private(set) var counts: [Int] = []
    private var slots: [UInt32]
    private var slotEntry: [Int32]
    private var shift: UInt32
    private static let empty = UInt32.max

    init() {
        slots = [UInt32](repeating: Self.empty, count: 1024)
        slotEntry = [Int32](repeating: 0, count: 1024)
        shift = 32 - 10
    }

    /// Counts the pixels of a frame that are not flagged unchanged.
    init(pixels: [UInt32]) {
        self.init()
        pixels.withUnsafeBufferPointer { px in
            var run: UInt32 = Self.empty
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
    mutating func add(_ colour: UInt32, count: Int) {
        var s = slot(of: colour)
        if slots[s] == colour {
            counts[Int(slotEntry[s])] += count
            return
        }
        if (colours.count + 1) * 2 > slots.count {
            grow()
            s = slot(of: colour)
        }
        slots[s] = colour
        slotEntry[s] = Int32(colours.count)
        colours.append(colour)
        counts.append(count)
    }

    /// The index in `colours` of a colour that was added, or `nil`.
    @inline(__always)
    func entry(of colour: UInt32) -> Int? {
        let s = slot(of: colour)
        return slots[s] == colour ? Int(slotEntry[s]) : nil
    }

    /// The slot holding `colour`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of colour: UInt32) -> Int {
        let mask = slots.count - 1
        var s = Int((colour &* 0x9E37_79B1) >> shift)
        while slots[s] != Self.empty && slots[s] != colour { s = (s + 1) & mask }
        return s
    }

    private mutating func grow() {
        let n = slots.count * 2
        slots = [UInt32](repeating: Self.empty, count: n)
        slotEntry = [Int32](repeating: 0, count: n)
        shift -= 1
        for (e, c) in colours.enumerated() {
            let s = slot(of: c)
            slots[s] = c
            slotEntry[s] = Int32(e)
        }
    }
}
