/// GIF's variable-length LZW compression of palette indices.
///
/// Codes start at `minCodeSize + 1` bits and grow by one bit each time the next free code no
/// longer fits ("early change": the encoder is one table entry ahead of the decoder, so it
/// widens when the next code it would assign is past the current width, which is exactly when
/// the decoder widens after adding its entry). When code 4095 has been assigned the table is
/// full: a clear code (at 12 bits) resets it. The stream starts with a clear code and ends with
/// the end-of-information code, both at the width the decoder expects at that point.
enum GIFLZW {
    /// The string table: an open-addressing hash from (prefix code, next index) to code. 8192
    /// slots for at most 4096 entries keep probes short and the table in L1 cache.
    private struct Table {
        static let size = 8192
        static let empty = UInt32.max
        /// Each used slot packs key (prefix << 8 | index, 20 bits) above its 12-bit code.
        var slots = [UInt32](repeating: empty, count: size)
    }

    /// Compresses `indices` (each below `1 << minCodeSize`) into an LZW code stream, without
    /// the sub-block framing. With `similar` (lossy LZW, in the spirit of gifsicle's `--lossy`),
    /// where the string so far cannot be extended by the next index, it is extended by the first
    /// of that index's listed alternatives that can, so the pixel takes that colour instead.
    /// With `diffused`, from a pixel it marks free the string follows the longest path through
    /// the table that the pixels ahead in the row can take within their latitude (see
    /// `GIFDiffusedMatch`), fewest squared errors among equally long ones.
    static func encode(_ indices: [UInt8], minCodeSize: Int, similar: [[UInt8]]? = nil,
                       diffused: GIFDiffusedMatch? = nil) -> [UInt8] {
        indices.withUnsafeBufferPointer { encode($0, minCodeSize: minCodeSize, similar: similar, diffused: diffused) }
    }

    /// For lossy LZW: each palette index's alternatives, nearest first, whose colours lie within
    /// `lossy / 2` of its own (RGB distance); the transparent index has none and is none.
    static func similarColours(_ colours: [UInt32], transparentIndex: Int?, lossy: Int) -> [[UInt8]] {
        let rgb = colours.map(RGB.init)
        let limit = Int32(lossy * lossy / 4)
        return rgb.indices.map { i in
            guard i != transparentIndex else { return [] }
            return rgb.indices.filter { $0 != i && $0 != transparentIndex && rgb[$0].distance(to: rgb[i]) <= limit }
                .sorted { (rgb[$0].distance(to: rgb[i]), $0) < (rgb[$1].distance(to: rgb[i]), $1) }
                .map { UInt8($0) }
        }
    }

    private static func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, similar: [[UInt8]]?,
                               diffused: GIFDiffusedMatch?) -> [UInt8] {
        precondition((2...8).contains(minCodeSize), "GIF LZW minimum code size is 2...8")
        var bits = BitWriter(capacity: indices.count / 2 + 64)
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        var codeSize = minCodeSize + 1
        var next = clear + 2
        var table = Table()
        bits.write(clear, width: codeSize)
        guard let first = indices.first else {
            bits.write(endOfInformation, width: codeSize)
            return bits.finish()
        }
        var prefix = Int(first)
        // Runs of one index are most of a UI frame (transparent areas, fills). A code whose
        // string is one index repeated remembers the code for one repeat more, so a run grows by
        // two array loads instead of a hash probe; the codes written are the same either way.
        let notARun = UInt16.max
        var runIndex = [UInt16](repeating: notARun, count: 4096)
        var runNext = [UInt16](repeating: 0, count: 4096)
        for c in 0..<clear { runIndex[c] = UInt16(c) }
        let match = diffused ?? GIFDiffusedMatch(target: [], palette: [], width: 1, tolerance: [])
        table.slots.withUnsafeMutableBufferPointer { slots in
            runIndex.withUnsafeMutableBufferPointer { runIndex in
                runNext.withUnsafeMutableBufferPointer { runNext in
                    match.target.withUnsafeBufferPointer { target in
                        match.tolerance.withUnsafeBufferPointer { tolerance in
                    /// The code for the string prefix + k, or the empty slot where it would go.
                    func lookup(_ prefix: Int, _ k: Int) -> (code: Int?, slot: Int) {
                        let key = UInt32(prefix << 8 | k)
                        var s = Int((key &* 0x9E37_79B1) >> 19)
                        while slots[s] != Table.empty {
                            if slots[s] >> 12 == key { return (Int(slots[s] & 0xFFF), s) }
                            s = (s + 1) & (Table.size - 1)
                        }
                        return (nil, s)
                    }
                    var lossy = diffused.map {
                        DiffusedError(target: target, tolerance: tolerance, indices: indices, palette: $0.palette,
                                      width: $0.width)
                    }
                    defer { lossy?.deallocate() }
                    lossy?.settle(0, index: prefix)
                    for i in 1..<indices.count {
                        var k = Int(indices[i])
                        if let code = lossy?.nextStep() {
                            lossy!.settleStep()
                            prefix = code
                            continue
                        }
                        if lossy != nil, match.isFree(i), !lossy!.pathEnds(at: i) {
                            lossy!.search(from: prefix, at: i)
                            if let code = lossy!.nextStep() {
                                lossy!.settleStep()
                                prefix = code
                                continue
                            }
                        }
                        if runIndex[prefix] == UInt16(k) && runNext[prefix] != 0 {
                            lossy?.settle(i, index: k)
                            prefix = Int(runNext[prefix])
                            continue
                        }
                        var (code, s) = lookup(prefix, k)
                        if code == nil, let similar, k < similar.count {
                            for other in similar[k] {
                                if let found = lookup(prefix, Int(other)).code {
                                    k = Int(other)
                                    code = found
                                    break
                                }
                            }
                        }
                        lossy?.settle(i, index: k)
                        if let code {
                            prefix = code
                            continue
                        }
                        let key = UInt32(prefix << 8 | k)
                        bits.write(prefix, width: codeSize)
                        slots[s] = key << 12 | UInt32(next)
                        lossy?.addEntry(next, extending: prefix, with: k)
                        let extendsRun = runIndex[prefix] == UInt16(k)
                        if extendsRun { runNext[prefix] = UInt16(next) }
                        runIndex[next] = extendsRun ? UInt16(k) : notARun
                        runNext[next] = 0
                        next += 1
                        if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                        if next == 4096 {
                            bits.write(clear, width: codeSize)
                            slots.update(repeating: Table.empty)
                            runNext.update(repeating: 0)
                            lossy?.clearEntries()
                            codeSize = minCodeSize + 1
                            next = clear + 2
                        }
                        prefix = k
                    }
                        }
                    }
                }
            }
        }
        bits.write(prefix, width: codeSize)
        // The decoder adds an entry after reading that last code and may widen before the EOI.
        if next + 1 > 1 << codeSize && codeSize < 12 { codeSize += 1 }
        bits.write(endOfInformation, width: codeSize)
        return bits.finish()
    }
}

/// Lossy matching for dithered pixels, by error diffusion: a free pixel may take any palette
/// colour that continues the current LZW string (so the string grows instead of a code being
/// written) when that colour, plus the error diffused onto the pixel from its left and upper
/// neighbours, is within the pixel's tolerance of the colour it wants, and the row's run error
/// stays within `DiffusedError.runTolerance`. Of the ways the pixels ahead in the row can
/// continue the string so, the longest is taken (`LossyPath`). Taking each pixel's nearest
/// such colour instead, without the run error (and diffusing 410/512), made the mesh bench
/// (bench/mesh_frames.py) 7.6 % bigger at 0.03 dB more mean 5 × 5-box-blurred PSNR, with short
/// horizontal streaks. Its own error then passes
/// on to the pixel on its right and the three below it (see `DiffusedError`), so what a small
/// blur (or the eye) sees keeps the colour: the substitutions look like more dither noise.
/// Pixels not marked free (exact colours, transparent and unchanged pixels) are never changed
/// and pass no error on.
struct GIFDiffusedMatch: Sendable {
    /// In `tolerance`: the pixel may not change (exact colours, transparent and unchanged pixels).
    static let notFree = UInt8.max
    /// Per pixel, the colour it wants in its low 24 bits (0x00BBGGRR): the frame's own pixel
    /// words, shared rather than copied (the bits above are the frame's flags).
    let target: [UInt32]
    /// The palette the indices refer to (without the transparent entry).
    let palette: [RGB]
    /// Row length of the pixels, for diffusing error down.
    let width: Int
    /// Per pixel, the largest RGB distance (levels) from the wanted colour, error included, or
    /// `notFree`.
    let tolerance: [UInt8]

    /// Whether pixel `i` may take another colour.
    @inline(__always)
    func isFree(_ i: Int) -> Bool { tolerance[i] != Self.notFree }
}

/// The lossy path `GIFLZW` follows from a free pixel: the longest string of table entries the
/// pixels ahead in its row can take within their latitude, found depth first (`DiffusedError.search`).
enum LossyPath {
    /// Entries a search may try: it ends there with the longest path found so far, so a search
    /// costs at most this much whatever the table holds (and the string goes on from where the
    /// path ends). On the mesh bench 64 gave 0.1 % more bytes than 256, 2048 the same as 256.
    static let maxVisits = 256
}

/// The error diffused onto the next pixel of the row and onto the three pixels below, in 1/16
/// levels (integers, so the output does not depend on floating-point evaluation order), and the
/// lossy path search that uses it, over the LZW table's extensions of each code. It works on
/// raw buffers (the frame's wanted colours, latitudes and indices, which the caller keeps alive,
/// and its own, freed by `deallocate`), as a search tries up to `LossyPath.maxVisits` entries
/// for every string it starts: with arrays, bounds checks, a division per trial for the pixel's
/// column and the copies of the best path were most of its time.
struct DiffusedError {
    static let unit = 16
    /// Floyd–Steinberg's weights (R. W. Floyd and L. Steinberg, "An adaptive algorithm for spatial
    /// greyscale", Proc. SID 17(2), 1976): 7/16 of a pixel's error to its right, 3/16, 5/16 and
    /// 1/16 to the pixels below-left, below and below-right, all scaled by 435/512, so a seventh
    /// of it decays and errors do not pile up along long rows of substitutions. Passing error
    /// diagonally too spreads it in every direction a 5 × 5 blur averages over. With the lossy
    /// path search and `runTolerance`, 430/512 made the mesh bench (bench/mesh_frames.py) 1.4 %
    /// smaller at 0.12 dB less mean 5 × 5-box-blurred PSNR (50.92 dB, ffmpeg's); 440/512 made the
    /// card over a gradient 0.6 % bigger than before the search.
    private static let weights = (right: 7, belowLeft: 3, below: 5, belowRight: 1)
    private static let scale = 435, whole = 16 * 512
    /// The largest run error (levels): the deviations from the wanted colours along a row, each
    /// pixel's added to `runDecay`/256 of the sum before it. The diffused error that reaches a
    /// pixel from its left is under half its neighbour's, so without this a string could draw
    /// several pixels in a row a few levels off the same way, which showed as short horizontal
    /// streaks in the moving mesh gradients (3× crops of frame 15); bounding the sum makes a
    /// row's substitutions alternate about the wanted colours, as dither does, and the streaks
    /// are gone. At a diffusion scale of 430/512, 18 levels instead of 16 made the mesh bench
    /// 0.5 % smaller at 0.05 dB less mean PSNR (below ffmpeg's); with the nearest-colour matching
    /// before the path search, 14 levels (decay 192/256) made the card over a gradient 6.7 % bigger.
    static let runTolerance = 16
    static let runDecay = 160
    private static let runLimitSquared = (runTolerance * unit) * (runTolerance * unit)
    private static let noCode = UInt16.max

    /// What the pixels to the left of a pixel pass on to it: the error diffused to the right
    /// and the run error.
    struct Carry {
        var right = (0, 0, 0)
        var run = (0, 0, 0)
    }

    /// One step of a path: the code of the string through it (its last index the pixel's), with
    /// the pixel's error (`scaled`) and what it passes on to the right, as the search worked them
    /// out, so settling the step passes them on without working them out again.
    private struct Step {
        var code: UInt16
        var error: (Int, Int, Int)
        var carry: Carry
    }

    private let target: UnsafePointer<UInt32>
    private let tolerance: UnsafePointer<UInt8>
    private let indices: UnsafePointer<UInt8>
    /// The palette in `unit`s, three per entry.
    private let palette: UnsafeMutablePointer<Int>
    private let paletteCount: Int
    private let width: Int
    /// What the pixels to the left of the next pixel to settle pass on, and its column.
    private var carry = Carry()
    private var column = 0
    /// The error the row before passed down to each pixel of this row, and the error this row
    /// passes down to the next (both with one pixel of margin at either end), three per pixel.
    private var fromAbove: UnsafeMutablePointer<Int>
    private var toBelow: UnsafeMutablePointer<Int>
    /// Each LZW code's extensions as a linked list (first child, next sibling, last index), so
    /// a pixel looks only at the colours that continue its string.
    private let firstChild: UnsafeMutablePointer<UInt16>
    private let nextSibling: UnsafeMutablePointer<UInt16>
    private let lastIndex: UnsafeMutablePointer<UInt8>
    /// Each code's prefix code (`noCode` for a single index), and how many steps the longest
    /// string in the table that extends it goes further, at most `heightCap`: a search skips an
    /// extension whose strings are too short to beat the best path found.
    private let parent: UnsafeMutablePointer<UInt16>
    private let height: UnsafeMutablePointer<UInt16>
    /// Above any path's length (a step needs a visit), so a capped height never skips a branch.
    private static let heightCap = UInt16(LossyPath.maxVisits + 2)
    /// The path being searched and the best one found (its steps from `taken` on are still to
    /// be written), at most `LossyPath.maxVisits` steps each.
    private let current: UnsafeMutablePointer<Step>
    private let best: UnsafeMutablePointer<Step>
    private var depth = 0, bestCount = 0, bestSquaredSum = 0, taken = 0, visits = 0, rowEnd = 0
    /// How many leading steps of the path being searched are those of the best one, so that a
    /// better path copies only the steps after them (the search goes deeper one step at a time,
    /// each a better path, and copying them all each time was 1.6 % of the mesh bench's CPU).
    private var sameAsBest = 0
    /// Where the last search started, and whether it tried every extension it could take
    /// (stopped by no `LossyPath.maxVisits`).
    private var searchStart = 0, exhaustive = false

    /// `target`, `tolerance`: as `GIFDiffusedMatch` holds them; `indices`: the pixels' own
    /// palette indices. All three must stay valid until `deallocate`.
    init(target: UnsafeBufferPointer<UInt32>, tolerance: UnsafeBufferPointer<UInt8>,
         indices: UnsafeBufferPointer<UInt8>, palette: [RGB], width: Int) {
        precondition(target.count == indices.count && tolerance.count == indices.count,
                     "a target colour and a tolerance per pixel")
        self.target = target.baseAddress!
        self.tolerance = tolerance.baseAddress!
        self.indices = indices.baseAddress!
        self.width = width
        paletteCount = palette.count
        self.palette = .allocate(capacity: 3 * max(1, palette.count))
        for (k, c) in palette.enumerated() {
            self.palette[3 * k] = Self.unit * Int(c.r)
            self.palette[3 * k + 1] = Self.unit * Int(c.g)
            self.palette[3 * k + 2] = Self.unit * Int(c.b)
        }
        fromAbove = .allocate(capacity: 3 * (width + 2))
        fromAbove.initialize(repeating: 0, count: 3 * (width + 2))
        toBelow = .allocate(capacity: 3 * (width + 2))
        toBelow.initialize(repeating: 0, count: 3 * (width + 2))
        firstChild = .allocate(capacity: 4096)
        firstChild.initialize(repeating: Self.noCode, count: 4096)
        nextSibling = .allocate(capacity: 4096)
        nextSibling.initialize(repeating: Self.noCode, count: 4096)
        lastIndex = .allocate(capacity: 4096)
        lastIndex.initialize(repeating: 0, count: 4096)
        parent = .allocate(capacity: 4096)
        parent.initialize(repeating: Self.noCode, count: 4096)
        height = .allocate(capacity: 4096)
        height.initialize(repeating: 0, count: 4096)
        // A push needs a visit, and a search goes deeper only below `maxVisits` visits.
        current = .allocate(capacity: LossyPath.maxVisits + 1)
        best = .allocate(capacity: LossyPath.maxVisits + 1)
    }

    /// Frees the buffers.
    func deallocate() {
        for p in [fromAbove, toBelow, palette] as [UnsafeMutablePointer<Int>] { p.deallocate() }
        firstChild.deallocate()
        nextSibling.deallocate()
        lastIndex.deallocate()
        parent.deallocate()
        height.deallocate()
        current.deallocate()
        best.deallocate()
    }

    /// Records that LZW code `code` is `prefix` extended by palette index `index`, and raises the
    /// heights of the strings it extends (each ancestor's is at least one more than its child's,
    /// so the walk stops at the first that already is).
    mutating func addEntry(_ code: Int, extending prefix: Int, with index: Int) {
        nextSibling[code] = firstChild[prefix]
        firstChild[prefix] = UInt16(code)
        lastIndex[code] = UInt8(index)
        parent[code] = UInt16(prefix)
        height[code] = 0
        var n = prefix, h: UInt16 = 1
        while height[n] < h {
            height[n] = h
            guard parent[n] != Self.noCode else { break }
            n = Int(parent[n])
            h = min(h + 1, Self.heightCap)
        }
    }

    /// Forgets every entry (the LZW table was cleared).
    mutating func clearEntries() {
        firstChild.update(repeating: Self.noCode, count: 4096)
        height.update(repeating: 0, count: 4096)
    }

    /// The code of the string through the next pixel's step, if the path has one; `settleStep`
    /// then settles the pixel.
    @inline(__always)
    mutating func nextStep() -> Int? {
        guard taken < bestCount else { return nil }
        taken += 1
        return Int(best[taken - 1].code)
    }

    /// Searches the path from string `node` for the pixels from `i` (the next one to settle)
    /// to the end of its row; `nextStep` gives it.
    mutating func search(from node: Int, at i: Int) {
        rowEnd = i - column + width
        visits = 0
        depth = 0
        sameAsBest = 0
        bestCount = 0
        bestSquaredSum = 0
        taken = 0
        searchStart = i
        search(node, i, column, carry, 0)
        exhaustive = visits < LossyPath.maxVisits
    }

    /// Whether a search from pixel `i` would find no path: the last search's path has been
    /// taken up to `i`, in the same row, and that search already tried every extension of it at
    /// `i`, with the same error diffused onto it as `settle` has passed on since.
    func pathEnds(at i: Int) -> Bool {
        exhaustive && bestCount > 0 && taken == bestCount && i == searchStart + bestCount && i < rowEnd
    }

    /// Depth first over the extensions of `node` that pixel `i` (in column `x`) and the free
    /// pixels after it in its row may take, with `carry` coming in from the left and the path
    /// so far `squaredSum` in squared errors: each may take a colour whose error (its deviation
    /// plus the error diffused onto it) is within its tolerance and keeps the run error within
    /// `runTolerance`, or always its own. The longest path wins, then the fewest squared errors
    /// (each capped at the pixel's tolerance), then the first found. An extension whose longest
    /// string cannot make a path longer than the best, or as long with fewer squared errors, is
    /// not tried (the paths differ only where the visits it saves let a search go on past where
    /// `LossyPath.maxVisits` stopped it; none on the mesh bench): its share of that bench's CPU
    /// went from 23.5 to 20.9 %.
    private mutating func search(_ node: Int, _ i: Int, _ x: Int, _ carry: Carry, _ squaredSum: Int) {
        if depth > bestCount || depth == bestCount && squaredSum < bestSquaredSum {
            if depth == sameAsBest + 1 {
                // One step deeper than the best path (most new bests): no call to memmove.
                best[sameAsBest] = current[sameAsBest]
            } else {
                (best + sameAsBest).update(from: current + sameAsBest, count: depth - sameAsBest)
            }
            sameAsBest = depth
            bestCount = depth
            bestSquaredSum = squaredSum
        }
        guard i < rowEnd, visits < LossyPath.maxVisits else { return }
        guard tolerance[i] != GIFDiffusedMatch.notFree else { return }
        let wanted = target[i]
        let own = Int(indices[i])
        let t = Int(tolerance[i]) &* Self.unit
        let limit = t &* t
        // The error and the run error without the palette colour's part. A pixel's error is its
        // own deviation (at most 4,080 sixteenths) and under 0.85 of its neighbours', so below
        // 4,080 / 0.15 ≈ 27,200 sixteenths: its products and squares stay far inside 64 bits, and
        // the arithmetic is not checked.
        let o = 3 &* (x &+ 1)
        let r = Self.unit &* Int(wanted & 0xFF), g = Self.unit &* Int((wanted >> 8) & 0xFF)
        let b = Self.unit &* Int((wanted >> 16) & 0xFF)
        let e0 = carry.right.0 &+ fromAbove[o] &- r, e1 = carry.right.1 &+ fromAbove[o &+ 1] &- g
        let e2 = carry.right.2 &+ fromAbove[o &+ 2] &- b
        let q0 = Self.decayed(carry.run.0) &- r, q1 = Self.decayed(carry.run.1) &- g
        let q2 = Self.decayed(carry.run.2) &- b
        var child = firstChild[node]
        while child != Self.noCode {
            let other = Int(lastIndex[Int(child)])
            let reach = depth &+ 1 &+ Int(height[Int(child)])
            if other < paletteCount && (reach > bestCount || reach == bestCount && squaredSum < bestSquaredSum) {
                let p = palette + 3 &* other
                let e = (e0 &+ p[0], e1 &+ p[1], e2 &+ p[2])
                let squared = e.0 &* e.0 &+ e.1 &* e.1 &+ e.2 &* e.2
                let run = (q0 &+ p[0], q1 &+ p[1], q2 &+ p[2])
                // A pixel may always keep its own dithered colour.
                if other == own || squared <= limit
                    && run.0 &* run.0 &+ run.1 &* run.1 &+ run.2 &* run.2 <= Self.runLimitSquared {
                    visits &+= 1
                    let error = (Self.scaled(e.0), Self.scaled(e.1), Self.scaled(e.2))
                    let next = Carry(right: (Self.share(error.0, Self.weights.right),
                                             Self.share(error.1, Self.weights.right),
                                             Self.share(error.2, Self.weights.right)), run: run)
                    current[depth] = Step(code: child, error: error, carry: next)
                    sameAsBest = min(sameAsBest, depth)
                    depth &+= 1
                    search(Int(child), i &+ 1, x &+ 1, next, squaredSum &+ min(squared, limit))
                    depth &-= 1
                }
            }
            child = nextSibling[Int(child)]
        }
    }

    /// An error scaled by `scale`, which `share` then weights: each error is scaled once for
    /// its four shares (the same products as weighting first).
    @inline(__always)
    private static func scaled(_ e: Int) -> Int { e &* scale }

    /// A weighted share of a `scaled` error. Division truncates toward zero, so positive and
    /// negative errors decay alike.
    @inline(__always)
    private static func share(_ scaled: Int, _ weight: Int) -> Int { scaled &* weight / whole }

    /// A run error carried one pixel further.
    @inline(__always)
    private static func decayed(_ run: Int) -> Int { run &* runDecay / 256 }

    /// Records that pixel `i` took palette entry `index`, passing its error on. Called for every
    /// pixel in order (`settleStep` for those that take a step of the path).
    mutating func settle(_ i: Int, index: Int) {
        if tolerance[i] != GIFDiffusedMatch.notFree, index < paletteCount {
            let wanted = target[i], p = palette + 3 &* index, o = 3 &* (column &+ 1)
            let d = (p[0] &- Self.unit &* Int(wanted & 0xFF), p[1] &- Self.unit &* Int((wanted >> 8) & 0xFF),
                     p[2] &- Self.unit &* Int((wanted >> 16) & 0xFF))
            let e = (Self.scaled(carry.right.0 &+ fromAbove[o] &+ d.0), Self.scaled(carry.right.1 &+ fromAbove[o &+ 1] &+ d.1),
                     Self.scaled(carry.right.2 &+ fromAbove[o &+ 2] &+ d.2))
            carry = Carry(right: (Self.share(e.0, Self.weights.right), Self.share(e.1, Self.weights.right),
                                  Self.share(e.2, Self.weights.right)),
                          run: (Self.decayed(carry.run.0) &+ d.0, Self.decayed(carry.run.1) &+ d.1,
                                Self.decayed(carry.run.2) &+ d.2))
            passDown(e)
        } else {
            carry = Carry()
        }
        advance()
    }

    /// Settles the pixel that took the step `nextStep` gave: the search worked out its error and
    /// carry from the same carry, error from above and palette colour as `settle` would (the
    /// path's first pixel is the next to settle, each step the next pixel of the row, and the row
    /// above passes down nothing more while this row is settled), so it passes on the same.
    @inline(__always)
    mutating func settleStep() {
        let step = best + (taken - 1)
        carry = step.pointee.carry
        passDown(step.pointee.error)
        advance()
    }

    /// Passes a pixel's `scaled` error down to the pixels below-left, below and below-right of
    /// it (the row has a margin at either end).
    @inline(__always)
    private mutating func passDown(_ e: (Int, Int, Int)) {
        let b = toBelow + 3 &* (column &+ 1)
        b[-3] &+= Self.share(e.0, Self.weights.belowLeft)
        b[-2] &+= Self.share(e.1, Self.weights.belowLeft)
        b[-1] &+= Self.share(e.2, Self.weights.belowLeft)
        b[0] &+= Self.share(e.0, Self.weights.below)
        b[1] &+= Self.share(e.1, Self.weights.below)
        b[2] &+= Self.share(e.2, Self.weights.below)
        b[3] &+= Self.share(e.0, Self.weights.belowRight)
        b[4] &+= Self.share(e.1, Self.weights.belowRight)
        b[5] &+= Self.share(e.2, Self.weights.belowRight)
    }

    /// Moves on to the next pixel, and to the next row after the last of a row.
    @inline(__always)
    private mutating func advance() {
        column += 1
        if column == width {
            // The row is done: what it passed down is what the next row reads.
            swap(&fromAbove, &toBelow)
            toBelow.update(repeating: 0, count: 3 * (width + 2))
            column = 0
            carry = Carry()
        }
    }
}

/// Packs codes least-significant bit first, as GIF requires.
struct BitWriter {
    private var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func write(_ code: Int, width: Int) {
        buffer |= UInt64(code) << count
        count += UInt64(width)
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return bytes
    }
}
