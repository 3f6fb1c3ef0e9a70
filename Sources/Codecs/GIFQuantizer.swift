/// Chooses at most `capacity` palette colours for a histogram and maps every colour to one.
///
/// UI frames are a few flat colours with anti-aliased edges between them, so:
/// - when the frame has no more colours than the palette holds, the palette is exact;
/// - otherwise the colours covering at least `flatPixels` pixels (fills, long straight edges)
///   are kept exactly, up to half the palette, and the rest of the palette is spent on the
///   remaining colours (the anti-aliased edges): variance-splitting median cut, then a few
///   rounds of k-means that move only those entries. Both minimise squared RGB error, which
///   is what PSNR measures;
/// - a smooth gradient (`isGradient`) keeps only its darkest and brightest colours exactly
///   (`extremes`), where the ramp's palette would draw them off (`extremeTolerance`): the rest of the palette spreads over its ramp, which the encoder then dithers.
///
/// There is no dithering: error diffusion puts noise on flat areas and breaks the runs LZW
/// compresses. ffmpeg on the benchmark frames: Floyd–Steinberg 1.36 MB at 53.3 dB against
/// 1.25 MB at 53.8 dB undithered; Bayer 1.50 MB at 42.1 dB against 1.24 MB at 51.3 dB. Edge
/// colours are few enough per frame that nearest-colour mapping keeps their error small.
enum GIFQuantizer {
    /// Pixels a colour must cover to be kept exactly when the palette is too small. On the
    /// benchmark frames at 64 colours, 256 beat 16 by 0.9 dB at 1 % fewer bytes; 64 and 1024
    /// were within 0.1 dB of it.
    static let flatPixels = 256
    /// Rounds of k-means after the median cut (10 rounds gained under 0.05 dB over 4).
    static let refinementRounds = 4

    /// Whether a histogram is a smooth gradient rather than flat fills: it has more colours
    /// than the palette holds, and more of them cover `flatPixels` each than half the palette
    /// could keep exactly, so they are the steps of slow ramps, not fills; keeping some of them
    /// exactly would leave the rest of the ramp in a few coarse bands.
    static func isGradient(_ histogram: GIFHistogram, capacity: Int) -> Bool {
        histogram.count > capacity && histogram.counts.lazy.filter { $0 >= flatPixels }.count > capacity / 2
    }

    /// The palette (0x00BBGGRR colours) and, for each histogram entry, its palette index.
    /// Without `keepingFlats` (for gradients) no colour is kept exactly for its pixel count,
    /// only the extremes that the ramp's palette would draw too far off.
    static func palette(for histogram: GIFHistogram, capacity: Int,
                        keepingFlats: Bool = true) -> (colours: [UInt32], index: [UInt8]) {
        let n = histogram.count
        // Most pixels first, then the lower colour: sorted as one 64-bit key per entry (the
        // count's complement above the 24-bit colour; a frame holds fewer than 2^32 pixels),
        // which sorted faster than comparing through a closure.
        let byCount = histogram.colours.indices.map { e in
            UInt64(UInt32.max - UInt32(histogram.counts[e])) << 24 | UInt64(histogram.colours[e])
        }.sorted().map { histogram.entry(of: UInt32(truncatingIfNeeded: $0) & 0xFF_FFFF)! }
        if n <= capacity {
            var index = [UInt8](repeating: 0, count: n)
            for (i, e) in byCount.enumerated() { index[e] = UInt8(i) }
            return (byCount.map { histogram.colours[$0] }, index)
        }
        guard !keepingFlats else {
            let flats = byCount.prefix { histogram.counts[$0] >= flatPixels }.count
            return Cut(histogram, byCount: byCount, capacity: capacity,
                       keeping: Array(byCount.prefix(min(capacity / 2, flats)))).refined()
        }
        // A gradient keeps its extremes exactly only where the ramp's palette draws them more
        // than `extremeTolerance` away: where it does not, reserving them would only thin the
        // middle of the ramp, and a later frame could no longer carry the palette over. That is
        // judged on the median cut's colours, so only the palette kept is refined: judged on the
        // refined palette, every frame of the mesh bench (bench/mesh_frames.py) was cut and
        // refined twice, and refining was two fifths of its planning time.
        let plain = Cut(histogram, byCount: byCount, capacity: capacity, keeping: [])
        let nearest = NearestColour(plain.centres)
        let far = extremes(of: histogram).filter {
            let c = RGB(histogram.colours[$0])
            return c.distance(to: plain.centres[nearest.nearest(c)]) > extremeTolerance
        }
        return (far.isEmpty ? plain : Cut(histogram, byCount: byCount, capacity: capacity, keeping: far)).refined()
    }

    /// Squared RGB distance (2 levels on each channel) within which a gradient's palette draws
    /// its darkest and brightest colours well enough not to keep them exactly. The mesh bench's
    /// glow peak was drawn 8 levels darker; a slow ramp's end box, 4 shades wide, lies 1.5 levels
    /// from its end.
    static let extremeTolerance: Int32 = 12

    /// A palette being made: the histogram entries `fixedEntries` kept exactly (first), the rest
    /// median cut, not yet refined.
    private struct Cut {
        let histogram: GIFHistogram
        let byCount: [Int]
        let fixedEntries: [Int]
        let isFixed: [Bool]
        /// The colours that are not kept exactly, in `byCount` order.
        let rest: [WeightedColour]
        /// The fixed colours, then the means of the median cut's boxes.
        let centres: [RGB]

        init(_ histogram: GIFHistogram, byCount: [Int], capacity: Int, keeping fixedEntries: [Int]) {
            self.histogram = histogram
            self.byCount = byCount
            self.fixedEntries = fixedEntries
            var isFixed = [Bool](repeating: false, count: histogram.count)
            for e in fixedEntries { isFixed[e] = true }
            self.isFixed = isFixed
            rest = byCount.filter { !isFixed[$0] }.map {
                WeightedColour(colour: RGB(histogram.colours[$0]), weight: histogram.counts[$0])
            }
            centres = fixedEntries.map { RGB(histogram.colours[$0]) }
                + medianCut(rest, into: capacity - fixedEntries.count)
        }

        /// The palette after `refinementRounds` of k-means that move only the median cut's
        /// colours, and every histogram entry's index in it.
        func refined() -> (colours: [UInt32], index: [UInt8]) {
            var centres = self.centres
            // Each member's centre in the round before: the centres move little between rounds,
            // so it bounds the next search closely (the same answers, in fewer comparisons).
            var assigned = [UInt8]()
            for _ in 0..<refinementRounds {
                centres = refine(centres, movable: fixedEntries.count..<centres.count, members: rest,
                                 assigned: &assigned)
            }
            let lookup = NearestColour(centres)
            var index = [UInt8](repeating: 0, count: histogram.count)
            var restPosition = 0
            for e in byCount where !isFixed[e] {
                let hint = restPosition < assigned.count ? Int(assigned[restPosition]) : nil
                index[e] = UInt8(lookup.nearest(RGB(histogram.colours[e]), hint: hint))
                restPosition += 1
            }
            for (i, e) in fixedEntries.enumerated() { index[e] = UInt8(i) }
            return (centres.map(\.packed), index)
        }
    }

    /// The histogram entries of a gradient's darkest and brightest colours (Rec. 709 luma,
    /// 0.2126 R + 0.7152 G + 0.0722 B, in integer weights 2126/7152/722; ties to the first
    /// seen), one entry when they are the same. Every palette colour of the median cut is a mean
    /// of several colours, so without them a glow's brightest peak and a gradient's darkest end
    /// lie outside every mix the dither can make and are drawn a few levels towards the middle.
    static func extremes(of histogram: GIFHistogram) -> [Int] {
        var darkest = 0, brightest = 0, low = Int.max, high = Int.min
        for (e, c) in histogram.colours.enumerated() {
            let luma = 2126 * Int(c & 0xFF) + 7152 * Int((c >> 8) & 0xFF) + 722 * Int((c >> 16) & 0xFF)
            if luma < low { (low, darkest) = (luma, e) }
            if luma > high { (high, brightest) = (luma, e) }
        }
        return darkest == brightest ? [darkest] : [darkest, brightest]
    }

    /// Splits the colours into at most `count` boxes, always splitting the box with the largest
    /// squared error across its widest axis at the weighted mean, and returns each box's mean.
    /// The boxes are ranges of one array of the colours, split by partitioning in place (a box's
    /// mean and error are sums, whatever the order of its colours).
    static func medianCut(_ colours: [WeightedColour], into count: Int) -> [RGB] {
        guard !colours.isEmpty, count > 0 else { return [] }
        var members = colours
        var boxes = [ColourBox(members, 0..<members.count)]
        while boxes.count < count {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[worst].error > 0, let (a, b) = boxes[worst].split(&members) else { break }
            boxes[worst] = a
            boxes.append(b)
        }
        return boxes.map(\.mean)
    }

    /// One k-means round: every member joins its nearest centre, and each movable centre moves
    /// to the weighted mean of its members. `assigned` holds each member's centre from the round
    /// before (empty before the first), a hint for the search, and is set to this round's.
    static func refine(_ centres: [RGB], movable: Range<Int>, members: [WeightedColour],
                       assigned: inout [UInt8]) -> [RGB] {
        let lookup = NearestColour(centres)
        var sums = [WeightedSum](repeating: WeightedSum(), count: centres.count)
        let hinted = assigned.count == members.count
        if !hinted { assigned = [UInt8](repeating: 0, count: members.count) }
        for (j, m) in members.enumerated() {
            let k = lookup.nearest(m.colour, hint: hinted ? Int(assigned[j]) : nil)
            assigned[j] = UInt8(k)
            sums[k].add(m)
        }
        var out = centres
        for k in movable where sums[k].weight > 0 { out[k] = sums[k].mean }
        return out
    }
}

/// An 8-bit RGB colour with integer arithmetic.
struct RGB: Equatable, Sendable {
    var r: Int32
    var g: Int32
    var b: Int32

    init(r: Int, g: Int, b: Int) {
        self.r = Int32(r)
        self.g = Int32(g)
        self.b = Int32(b)
    }

    /// From 0x00BBGGRR.
    init(_ packed: UInt32) {
        r = Int32(packed & 0xFF)
        g = Int32((packed >> 8) & 0xFF)
        b = Int32((packed >> 16) & 0xFF)
    }

    /// As 0x00BBGGRR.
    var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 }

    @inline(__always)
    func distance(to o: RGB) -> Int32 {
        let dr = r - o.r, dg = g - o.g, db = b - o.b
        return dr * dr + dg * dg + db * db
    }
}

/// A colour with the number of pixels it covers.
struct WeightedColour: Sendable {
    var colour: RGB
    var weight: Int
}

/// Running sums of weighted colours, for their rounded weighted mean.
struct WeightedSum {
    /// Each channel summed, weighted.
    private(set) var r = 0, g = 0, b = 0
    private(set) var weight = 0

    mutating func add(_ m: WeightedColour) {
        r += Int(m.colour.r) * m.weight
        g += Int(m.colour.g) * m.weight
        b += Int(m.colour.b) * m.weight
        weight += m.weight
    }

    /// The mean rounded to nearest, each channel; black when nothing was added.
    var mean: RGB {
        let w = max(1, weight)
        return RGB(r: (r + w / 2) / w, g: (g + w / 2) / w, b: (b + w / 2) / w)
    }
}

/// A set of colours the median cut may split: a range of the array `GIFQuantizer.medianCut`
/// partitions.
struct ColourBox {
    let range: Range<Int>
    let mean: RGB
    /// Sum over members of weight × squared distance to the mean.
    let error: Int64
    private let axisVariance: (r: Int64, g: Int64, b: Int64)

    init(_ members: [WeightedColour], _ range: Range<Int>) {
        self.range = range
        // One pass: the weighted sums of each channel and of its square give the squared
        // deviations from the rounded mean m exactly, as Σ w (c - m)² = Σ w c² - 2 m Σ w c + m² Σ w.
        var sum = WeightedSum()
        var squares = (r: Int64(0), g: Int64(0), b: Int64(0))
        members.withUnsafeBufferPointer { members in
            for k in range {
                let m = members[k], w = Int64(m.weight)
                sum.add(m)
                squares.r += Int64(m.colour.r * m.colour.r) * w
                squares.g += Int64(m.colour.g * m.colour.g) * w
                squares.b += Int64(m.colour.b * m.colour.b) * w
            }
        }
        mean = sum.mean
        let w = Int64(sum.weight)
        func deviation(_ squares: Int64, _ sum: Int, _ m: Int32) -> Int64 {
            squares - 2 * Int64(m) * Int64(sum) + Int64(m) * Int64(m) * w
        }
        let v = (r: deviation(squares.r, sum.r, mean.r), g: deviation(squares.g, sum.g, mean.g),
                 b: deviation(squares.b, sum.b, mean.b))
        axisVariance = v
        error = v.r + v.g + v.b
    }

    /// Two boxes split across the axis with the largest variance at the mean, its members moved
    /// in `members` to either side of the cut; `nil` when all members would fall on one side.
    func split(_ members: inout [WeightedColour]) -> (ColourBox, ColourBox)? {
        let v = axisVariance
        // The channel by its number, not a key path or a closure: key path reads cost a generic
        // metadata lookup each (a tenth of the encoding time of gradient frames), a closure an
        // indirect call per member (half of the median cut's time).
        let axis = v.r >= v.g && v.r >= v.b ? 0 : (v.g >= v.b ? 1 : 2)
        @inline(__always) func channel(_ c: RGB) -> Int32 { axis == 0 ? c.r : (axis == 1 ? c.g : c.b) }
        let cut = channel(mean)
        /// Moves the members whose channel is below the cut (or, `orAt`, at most at it) to the
        /// front of the range; returns where the rest start.
        func partition(orAt: Bool) -> Int {
            let limit = orAt ? cut + 1 : cut
            return members.withUnsafeMutableBufferPointer { members in
                var m = range.lowerBound
                for k in range where channel(members[k].colour) < limit {
                    members.swapAt(k, m)
                    m += 1
                }
                return m
            }
        }
        var middle = partition(orAt: false)
        if middle == range.lowerBound || middle == range.upperBound { middle = partition(orAt: true) }
        guard middle > range.lowerBound, middle < range.upperBound else { return nil }
        return (ColourBox(members, range.lowerBound..<middle), ColourBox(members, middle..<range.upperBound))
    }
}

/// Nearest-colour search over a palette of at most 256 entries. The entries are sorted along
/// the channel they spread most on, and the search walks outward from the query's value on it,
/// stopping on each side once that channel's difference alone exceeds the best distance found:
/// the same answer as comparing every entry (ties go to the lower index), in a fraction of the
/// comparisons on a gradient's 256-colour palette, which every distinct colour of every frame
/// is matched against several times while planning (brute force was a third of the encoding
/// time on the mesh-gradient bench). The walk starts from a table of the first entry at each
/// value of the channel, and reads the entries from one packed buffer: a binary search and
/// three arrays took 1.6 times as long per query on a mesh frame's colours.
struct NearestColour {
    /// Entries in search order, four words each: the sorting channel, the other two, the
    /// palette index.
    private let entries: [Int32]
    /// For each value of the sorting channel (and 256), the first entry whose value is at least it.
    private let start: [UInt16]
    /// Which channel is the key: 0 red, 1 green, 2 blue.
    private let axis: Int
    /// The palette in its own order.
    private let colours: [RGB]
    /// For each entry, a quarter of the squared distance to the nearest other entry: a colour
    /// nearer an entry than that (in squared distance, four times nearer) is nearer to it than
    /// to any other (the triangle inequality), so a hint that close is the answer without a
    /// walk. K-means members mostly stay with the centre they had the round before.
    private let alone: [Int32]

    init(_ palette: [RGB]) {
        colours = palette
        func channels(_ c: RGB) -> [Int32] { [c.r, c.g, c.b] }
        var spread = [Int32](repeating: 0, count: 3)
        for a in 0..<3 {
            let values = palette.map { channels($0)[a] }
            spread[a] = (values.max() ?? 0) - (values.min() ?? 0)
        }
        let axis = spread[0] >= spread[1] && spread[0] >= spread[2] ? 0 : (spread[1] >= spread[2] ? 1 : 2)
        let order = palette.indices.sorted { (channels(palette[$0])[axis], $0) < (channels(palette[$1])[axis], $1) }
        self.axis = axis
        var alone = [Int32](repeating: Int32.max, count: palette.count)
        let keys = palette.map { channels($0)[axis] }
        // Each entry's nearest other, walking the sorted order outward from it as `nearest` does.
        for (position, a) in order.enumerated() {
            var d = Int32.max
            for step in [1, -1] {
                var o = position + step
                while o >= 0 && o < order.count {
                    let dk = keys[order[o]] - keys[a]
                    if dk * dk > d { break }
                    d = min(d, palette[a].distance(to: palette[order[o]]))
                    o += step
                }
            }
            alone[a] = d
        }
        self.alone = alone
        var start = [UInt16](repeating: 0, count: 257)
        var k = 0
        for v in 0...256 {
            while k < order.count && channels(palette[order[k]])[axis] < v { k += 1 }
            start[v] = UInt16(k)
        }
        self.start = start
        entries = order.flatMap { k -> [Int32] in
            let c = channels(palette[k])
            return [c[axis], c[(axis + 1) % 3], c[(axis + 2) % 3], Int32(k)]
        }
    }

    /// The index of the palette colour nearest `c` (the lowest of equally near ones). `hint`, a
    /// guess at it, only shortens the search: its distance bounds the walk from the start.
    func nearest(_ c: RGB, hint: Int? = nil) -> Int {
        let (q, qu, qv): (Int32, Int32, Int32) = axis == 0 ? (c.r, c.g, c.b) : axis == 1 ? (c.g, c.b, c.r) : (c.b, c.r, c.g)
        var best: Int32 = 0
        var bestDistance = Int32.max
        if let hint {
            best = Int32(hint)
            bestDistance = colours[hint].distance(to: c)
            // 2 d < s, as 4 d² < s² (s the distance to the hint's nearest other entry): every
            // other entry is more than s - d > d away.
            if Int64(bestDistance) * 4 < Int64(alone[hint]) { return hint }
        }
        return entries.withUnsafeBufferPointer { e in
            let count = e.count / 4
            let low = Int(start[Int(min(256, max(0, q)))])
            @inline(__always) func consider(_ k: Int, _ dk: Int32) {
                let du = e[4 * k + 1] - qu, dv = e[4 * k + 2] - qv
                let d = dk * dk + du * du + dv * dv
                if d < bestDistance || d == bestDistance && e[4 * k + 3] < best {
                    bestDistance = d
                    best = e[4 * k + 3]
                }
            }
            var up = low
            while up < count {
                let dk = e[4 * up] - q
                if dk * dk > bestDistance { break }
                consider(up, dk)
                up += 1
            }
            var down = low - 1
            while down >= 0 {
                let dk = q - e[4 * down]
                if dk * dk > bestDistance { break }
                consider(down, dk)
                down -= 1
            }
            return Int(best)
        }
    }
}
