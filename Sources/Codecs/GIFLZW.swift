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
        var error = diffused.map { DiffusedError(width: $0.width) }
        error?.settle(0, index: prefix, match: diffused!)
        // Runs of one index are most of a UI frame (transparent areas, fills). A code whose
        // string is one index repeated remembers the code for one repeat more, so a run grows by
        // two array loads instead of a hash probe; the codes written are the same either way.
        let notARun = UInt16.max
        var runIndex = [UInt16](repeating: notARun, count: 4096)
        var runNext = [UInt16](repeating: 0, count: 4096)
        for c in 0..<clear { runIndex[c] = UInt16(c) }
        // For lossy matching: each code's extensions as a linked list (first child, next sibling,
        // last index), so a pixel looks only at the colours that continue its string.
        let noCode = UInt16.max
        var firstChild = [UInt16](repeating: noCode, count: diffused == nil ? 0 : 4096)
        var nextSibling = [UInt16](repeating: noCode, count: diffused == nil ? 0 : 4096)
        var lastIndex = [UInt8](repeating: 0, count: diffused == nil ? 0 : 4096)
        table.slots.withUnsafeMutableBufferPointer { slots in
            runIndex.withUnsafeMutableBufferPointer { runIndex in
                runNext.withUnsafeMutableBufferPointer { runNext in
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
                    // The lossy path chosen from the last searched pixel on: (index, code) per pixel.
                    var path = LossyPath()
                    /// Depth-first over the extensions of `node` that pixel `i` (and the free
                    /// pixels after it in its row) may take, recording the longest path found.
                    func search(_ node: Int, _ i: Int, _ carry: DiffusedError.Carry, _ squaredSum: Int,
                                _ match: GIFDiffusedMatch) {
                        path.consider(squaredSum: squaredSum)
                        guard i < path.rowEnd, path.visits < LossyPath.maxVisits, match.isFree(i) else { return }
                        let own = Int(indices[i]), limit = match.toleranceSquared(i)
                        var child = firstChild[node]
                        while child != noCode {
                            let other = Int(lastIndex[Int(child)])
                            if other < match.palette.count {
                                let trial = error!.trial(i, index: other, carry: carry, match: match)
                                // A pixel may always keep its own dithered colour.
                                if other == own || trial.squared <= limit && trial.runWithin {
                                    path.visits += 1
                                    path.push(index: other, code: Int(child))
                                    search(Int(child), i + 1, trial.next, squaredSum + min(trial.squared, limit), match)
                                    path.pop()
                                }
                            }
                            child = nextSibling[Int(child)]
                        }
                    }
                    for i in 1..<indices.count {
                        var k = Int(indices[i])
                        if let (index, code) = path.next() {
                            error?.settle(i, index: index, match: diffused!)
                            prefix = code
                            continue
                        }
                        if let diffused, diffused.isFree(i) {
                            path.start(rowEnd: (i / diffused.width + 1) * diffused.width)
                            search(prefix, i, error!.carry(into: i), 0, diffused)
                            if let (index, code) = path.next() {
                                error?.settle(i, index: index, match: diffused)
                                prefix = code
                                continue
                            }
                        }
                        if runIndex[prefix] == UInt16(k) && runNext[prefix] != 0 {
                            error?.settle(i, index: k, match: diffused!)
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
                        error?.settle(i, index: k, match: diffused!)
                        if let code {
                            prefix = code
                            continue
                        }
                        let key = UInt32(prefix << 8 | k)
                        bits.write(prefix, width: codeSize)
                        slots[s] = key << 12 | UInt32(next)
                        if diffused != nil {
                            nextSibling[next] = firstChild[prefix]
                            firstChild[prefix] = UInt16(next)
                            lastIndex[next] = UInt8(k)
                        }
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
                            if diffused != nil { firstChild = [UInt16](repeating: noCode, count: 4096) }
                            codeSize = minCodeSize + 1
                            next = clear + 2
                        }
                        prefix = k
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
    /// In `target`: the pixel may take another colour.
    static let freeFlag: UInt32 = 1 << 24
    /// Per pixel, the colour it wants (0x00BBGGRR), with `freeFlag` where it may change.
    let target: [UInt32]
    /// The palette the indices refer to (without the transparent entry).
    let palette: [RGB]
    /// Row length of the pixels, for diffusing error down.
    let width: Int
    /// Per pixel, the largest RGB distance (levels) from the wanted colour, error included.
    let tolerance: [UInt8]

    @inline(__always)
    func isFree(_ i: Int) -> Bool { target[i] & Self.freeFlag != 0 }

    /// The tolerance of pixel `i` in the units of `DiffusedError`, squared.
    @inline(__always)
    func toleranceSquared(_ i: Int) -> Int {
        let t = Int(tolerance[i]) * DiffusedError.unit
        return t * t
    }
}

/// The lossy path `GIFLZW` follows from a free pixel: the longest string of table entries the
/// pixels ahead in its row can take within their latitude, found depth first, and the pixels
/// of it not yet written.
struct LossyPath {
    /// Entries a search may try: it ends there with the longest path found so far, so a search
    /// costs at most this much whatever the table holds (and the string goes on from where the
    /// path ends). On the mesh bench 64 gave 0.1 % more bytes than 256, 2048 the same as 256.
    static let maxVisits = 256
    private(set) var rowEnd = 0
    var visits = 0
    private var current: [(index: Int, code: Int)] = []
    private var best: [(index: Int, code: Int)] = []
    private var bestSquaredSum = 0
    private var taken = 0

    /// Clears the path for a search from a pixel of the row ending before pixel `rowEnd`.
    mutating func start(rowEnd: Int) {
        self.rowEnd = rowEnd
        visits = 0
        current.removeAll(keepingCapacity: true)
        best.removeAll(keepingCapacity: true)
        bestSquaredSum = 0
        taken = 0
    }

    mutating func push(index: Int, code: Int) { current.append((index, code)) }
    mutating func pop() { current.removeLast() }

    /// Keeps the path searched so far when it is longer than the best one, or as long with
    /// fewer squared errors.
    mutating func consider(squaredSum: Int) {
        if current.count > best.count || current.count == best.count && squaredSum < bestSquaredSum {
            best = current
            bestSquaredSum = squaredSum
        }
    }

    /// The next pixel's palette index and the code of the string through it, if the path has one.
    mutating func next() -> (Int, Int)? {
        guard taken < best.count else { return nil }
        taken += 1
        return best[taken - 1]
    }
}

/// The error diffused onto the next pixel of the row and onto the three pixels below, in 1/16
/// levels (integers, so the output does not depend on floating-point evaluation order).
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
    /// What the pixels to the left of a pixel pass on to it: the error diffused to the right
    /// and the run error.
    struct Carry {
        var right = (0, 0, 0)
        var run = (0, 0, 0)
    }

    private var carry = Carry()
    /// The error the row before passed down to each pixel of this row, and the error this row
    /// passes down to the next (both with one pixel of margin at either end), three per pixel.
    private var fromAbove: [Int]
    private var toBelow: [Int]
    private let width: Int

    init(width: Int) {
        self.width = width
        fromAbove = [Int](repeating: 0, count: 3 * (width + 2))
        toBelow = fromAbove
    }

    /// What reaches pixel `i` from its left (nothing at the start of a row).
    func carry(into i: Int) -> Carry { i % width == 0 ? Carry() : carry }

    /// Pixel `i` taking palette entry `index` with `carry` coming in from its left: its error
    /// (its colour's deviation plus the error diffused onto it), squared, whether its run error
    /// stays within `runTolerance`, and what it passes on to its right.
    func trial(_ i: Int, index: Int, carry: Carry, match: GIFDiffusedMatch)
        -> (squared: Int, runWithin: Bool, next: Carry, error: (Int, Int, Int)) {
        let o = 3 * (i % width + 1)
        let t = RGB(match.target[i]), p = match.palette[index]
        let d = (Self.unit * Int(p.r - t.r), Self.unit * Int(p.g - t.g), Self.unit * Int(p.b - t.b))
        let e = (carry.right.0 + fromAbove[o] + d.0, carry.right.1 + fromAbove[o + 1] + d.1,
                 carry.right.2 + fromAbove[o + 2] + d.2)
        let run = (carry.run.0 * Self.runDecay / 256 + d.0, carry.run.1 * Self.runDecay / 256 + d.1,
                   carry.run.2 * Self.runDecay / 256 + d.2)
        let runLimit = Self.runTolerance * Self.unit
        let next = Carry(right: (Self.share(e.0, Self.weights.right), Self.share(e.1, Self.weights.right),
                                 Self.share(e.2, Self.weights.right)), run: run)
        return (e.0 * e.0 + e.1 * e.1 + e.2 * e.2,
                run.0 * run.0 + run.1 * run.1 + run.2 * run.2 <= runLimit * runLimit, next, e)
    }

    /// Division truncates toward zero, so positive and negative errors decay alike.
    private static func share(_ e: Int, _ weight: Int) -> Int { e * weight * scale / whole }

    /// Records that pixel `i` took palette entry `index`, passing its error on. Called for every
    /// pixel in order.
    mutating func settle(_ i: Int, index: Int, match: GIFDiffusedMatch) {
        let x = i % width
        defer {
            if x == width - 1 {
                // The row is done: what it passed down is what the next row reads.
                swap(&fromAbove, &toBelow)
                toBelow.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            }
        }
        guard match.isFree(i), index < match.palette.count else {
            carry = Carry()
            return
        }
        let trial = self.trial(i, index: index, carry: carry(into: i), match: match)
        carry = trial.next
        let (r, g, b) = trial.error
        func pass(toColumn column: Int, _ weight: Int) {
            let o = 3 * (column + 1)
            toBelow[o] += Self.share(r, weight)
            toBelow[o + 1] += Self.share(g, weight)
            toBelow[o + 2] += Self.share(b, weight)
        }
        pass(toColumn: x - 1, Self.weights.belowLeft)
        pass(toColumn: x, Self.weights.below)
        pass(toColumn: x + 1, Self.weights.belowRight)
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
