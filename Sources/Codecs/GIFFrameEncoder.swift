/// A frame's image block (descriptor, local colour table, LZW data), ready to follow the
/// Graphic Control Extension that gives its delay.
struct GIFEncodedFrame: Sendable {
    let bytes: [UInt8]
    let transparentIndex: Int?
}

/// The global colour table: the first frame's colours plus one reserved entry that later
/// frames use as their transparent index.
struct GIFGlobalPalette: Sendable {
    let palette: GIFPalette
    let lookup: GIFPaletteLookup
    /// Whether the first frame was dithered (a gradient or soft shadows fill most of it).
    let firstFrameDithered: Bool
    var transparentIndex: Int { palette.colours.count }

    init(colours: [UInt32], firstFrameDithered: Bool = false) {
        palette = GIFPalette(colours: colours, reserved: 1)
        lookup = GIFPaletteLookup(colours)
        self.firstFrameDithered = firstFrameDithered
    }

    /// The palette index of every histogram entry, or `nil` when a colour is not in the table.
    func indices(of histogram: GIFHistogram) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: histogram.count)
        for (e, c) in histogram.colours.enumerated() {
            guard let i = lookup.index(of: c) else { return nil }
            out[e] = i
        }
        return out
    }
}

/// How a later frame's changed colours map to palette entries. It is chosen on the encoder's
/// thread, in frame order, because a gradient frame may carry over the palette of the frame
/// before it; the frame is then encoded on a worker.
struct GIFFramePlan: Sendable {
    /// The frame's changed colours.
    let histogram: GIFHistogram
    /// The palette, 0x00BBGGRR.
    let colours: [UInt32]
    /// The palette index of every histogram entry.
    let index: [UInt8]
    /// Ordered dithering of every histogram entry, or `nil` for an undithered frame.
    let mix: [GIFDither.Mix]?
    /// The palette's squared error (summed over pixels) on the changed pixels of the frame that
    /// chose it, and their number: how well it serves the colours it was made for.
    let error: Int
    let pixels: Int
    /// The number of the frame that chose this palette: the frames from it on that carry the
    /// palette over show every colour with the same index at the same position.
    let paletteStart: Int

    init(histogram: GIFHistogram, colours: [UInt32], index: [UInt8], mix: [GIFDither.Mix]?, error: Int,
         pixels: Int? = nil, paletteStart: Int) {
        self.histogram = histogram
        self.colours = colours
        self.index = index
        self.mix = mix
        self.error = error
        self.pixels = pixels ?? histogram.counts.reduce(0, +)
        self.paletteStart = paletteStart
    }
}

/// Turns the changed pixels of one frame into an image block: palette, indices, LZW. Encoding
/// is a pure function of its input, so frames can be encoded on any thread in any order.
enum GIFFrameEncoder {
    /// Chooses the first frame's palette, which becomes the global colour table.
    static func planFirst(_ frame: GIFFramePixels, dither: Bool = false) -> (GIFFramePlan, GIFGlobalPalette) {
        let histogram = GIFHistogram(pixels: frame.pixels)
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: 255,
                                                    keepingFlats: !(dither && GIFQuantizer.isGradient(histogram, capacity: 255)))
        let mix = dither ? GIFDither.mixes(histogram: histogram, index: index, colours: colours) : nil
        let global = GIFGlobalPalette(colours: colours, firstFrameDithered: mix != nil)
        let plan = GIFFramePlan(histogram: histogram, colours: colours, index: index, mix: mix,
                                error: squaredError(histogram, index, colours), paletteStart: 0)
        return (plan, global)
    }

    /// Encodes the first frame as `planFirst` planned it, in the global table. `next`: the frame
    /// after it, if any (see `diffusedMatch`).
    static func encodeFirst(_ frame: GIFFramePixels, plan: GIFFramePlan, global: GIFGlobalPalette, lossy: Int? = nil,
                            redrawnBy next: GIFNextFrame = .nothing) -> GIFEncodedFrame {
        encode(frame, histogram: plan.histogram, palette: global.palette, index: plan.index, mix: plan.mix,
               transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false, lossy: lossy,
               next: next)
    }

    /// Chooses a later frame's palette: at most `maxColours` of its own colours, or
    /// `gradientColours` (when more) for a smooth gradient, one fewer when it needs a transparent
    /// index; dithered where that pays (`GIFDither.pays`) or where the
    /// frame is a smooth gradient (`GIFQuantizer.isGradient`), whose palette then spreads over
    /// the whole ramp instead of keeping its widest bands exactly. A dithered frame carries over
    /// the palette of a dithered `previous` frame when that serves its colours as well as a
    /// palette of its own, or as well as it served the frame that chose it: a moving or settling
    /// gradient then keeps the index of every pixel whose colour stays, so such pixels can stay
    /// transparent, and no seams appear where some pixels are written again under another palette.
    /// With `coloursBefore` (the colours the frame's changed pixels had, as `GIFCanvas.take`
    /// gives them), it is carried over only where enough pixels keep their index under it
    /// (`keepsEnoughIndices`).
    static func plan(_ frame: GIFFramePixels, maxColours: Int, gradientColours: Int? = nil, dither: Bool,
                     frameNumber: Int, previous: GIFFramePlan?, coloursBefore: [UInt32]? = nil) -> GIFFramePlan {
        let gradientColours = gradientColours ?? maxColours
        let histogram = GIFHistogram(pixels: frame.pixels)
        var capacity = maxColours - (frame.hasUnchanged ? 1 : 0)
        if dither, gradientColours > maxColours, GIFQuantizer.isGradient(histogram, capacity: capacity) {
            capacity = gradientColours - (frame.hasUnchanged ? 1 : 0)
        }
        // The previous palette's index for every colour, and its error, when it may be carried over.
        var carried: (index: [UInt8], error: Int, nearest: NearestColour)?
        if dither, let previous, previous.mix != nil, previous.colours.count <= capacity {
            let nearest = NearestColour(previous.colours.map(RGB.init))
            // A colour the previous frame had too has its nearest entry there already, which
            // bounds the search (the same answers).
            let index = histogram.colours.map { c in
                UInt8(nearest.nearest(RGB(c), hint: previous.histogram.entry(of: c).map { Int(previous.index[$0]) }))
            }
            carried = (index, squaredError(histogram, index, previous.colours), nearest)
        }
        let pixels = histogram.counts.reduce(0, +)
        // Whether enough pixels keep their index under the carried palette, once asked.
        var keepsIndices: Bool?
        func carriedOver(within error: Int) -> GIFFramePlan? {
            guard let previous, let carried,
                  carried.error <= max(error, previous.error * pixels / max(1, previous.pixels)) else { return nil }
            if keepsIndices == nil {
                keepsIndices = coloursBefore.map {
                    keepsEnoughIndices(frame, before: $0, histogram: histogram, index: carried.index, under: carried.nearest)
                } ?? true
            }
            guard keepsIndices! else { return nil }
            return GIFFramePlan(histogram: histogram, colours: previous.colours, index: carried.index,
                                mix: GIFDither.mixes(histogram: histogram, index: carried.index,
                                                     colours: previous.colours, always: true),
                                error: previous.error, pixels: previous.pixels, paletteStart: previous.paletteStart)
        }
        // A gradient frame is always dithered, so when the carried palette serves it as well as it
        // served the frame that chose it, a palette of its own could not change the choice: it is
        // not computed (most of the planning time of a moving gradient).
        let gradient = dither && GIFQuantizer.isGradient(histogram, capacity: capacity)
        if gradient, let plan = carriedOver(within: 0) { return plan }
        var (colours, index) = GIFQuantizer.palette(for: histogram, capacity: capacity, keepingFlats: !gradient)
        let dithered = gradient || dither && GIFDither.pays(histogram: histogram, index: index, colours: colours)
        if dithered && !frame.hasUnchanged && colours.count == capacity {
            // One entry stays free, so that later frames can carry the palette over with a
            // transparent index.
            (colours, index) = GIFQuantizer.palette(for: histogram, capacity: capacity - 1, keepingFlats: !gradient)
        }
        let error = squaredError(histogram, index, colours)
        guard dithered else {
            return GIFFramePlan(histogram: histogram, colours: colours, index: index, mix: nil, error: error,
                                paletteStart: frameNumber)
        }
        if let plan = carriedOver(within: error) { return plan }
        return GIFFramePlan(histogram: histogram, colours: colours, index: index,
                            mix: GIFDither.mixes(histogram: histogram, index: index, colours: colours, always: true),
                            error: error, paletteStart: frameNumber)
    }

    /// The share of a frame's changed pixels, among those last written under the palette it may
    /// carry over, that must keep their index under that palette for it to be carried over. Where
    /// fewer do, the pixels the carried palette lets stay transparent are too few and too
    /// scattered to pay for the palette that fits the frame less well: on the mesh bench
    /// (bench/mesh_frames.py, full-frame gradients moving a median 5 levels a frame) frames 3
    /// and 4 kept 14 % and 15 % and came to 77.7 and 75.5 KB under the carried palette against
    /// 67.5 and 66.8 KB under their own, at the same blurred PSNR; the settling gradient of
    /// GIFDitherTests, which the carried palette is for, keeps 25 %.
    static let minimumKeptShare = 0.2

    /// Whether at least `minimumKeptShare` of the changed pixels of `frame` whose colour before
    /// (`before`, flagged `GIFFramePixels.carriedFlag`) was written under the palette `nearest`
    /// searches get the same entry for their new colour (`index`, per `histogram` entry) as for
    /// that colour, dither aside. Every fifth pixel is looked at.
    static func keepsEnoughIndices(_ frame: GIFFramePixels, before: [UInt32], histogram: GIFHistogram,
                                   index: [UInt8], under nearest: NearestColour) -> Bool {
        var kept = 0, looked = 0
        for i in stride(from: 0, to: before.count, by: 5) {
            let w = before[i], p = frame.pixels[i]
            guard w & GIFFramePixels.carriedFlag != 0, p & GIFFramePixels.unchangedFlag == 0,
                  let e = histogram.entry(of: p) else { continue }
            looked += 1
            if nearest.nearest(RGB(w & GIFFramePixels.colourMask)) == Int(index[e]) { kept += 1 }
        }
        return Double(kept) >= minimumKeptShare * Double(looked)
    }

    /// Sum over a histogram of count × squared distance to its palette colour.
    static func squaredError(_ histogram: GIFHistogram, _ index: [UInt8], _ colours: [UInt32]) -> Int {
        var sum = 0
        for (e, c) in histogram.colours.enumerated() {
            sum += Int(RGB(c).distance(to: RGB(colours[Int(index[e])]))) * histogram.counts[e]
        }
        return sum
    }

    /// Encodes a later frame as planned, in a local table. With `previous` (the colour each
    /// changed pixel was last written with, flagged `GIFFramePixels.carriedFlag` where that was
    /// under this palette), a changed pixel that keeps its index may stay transparent. An
    /// undithered frame is written with the global table instead when that holds every colour
    /// exactly and comes out smaller: it saves the local table's 3 bytes per entry but its codes
    /// are as wide as the first frame's palette needs, so it pays only for frames with many colours.
    /// `next`: the frame after it, if any (see `diffusedMatch`).
    static func encode(_ frame: GIFFramePixels, plan: GIFFramePlan, previous: [UInt32]? = nil,
                       global: GIFGlobalPalette, lossy: Int? = nil, redrawnBy next: GIFNextFrame = .nothing) -> GIFEncodedFrame {
        let histogram = plan.histogram
        // A dithered frame's palette keeps an entry free for the transparent index (see `plan`),
        // which pixels that keep their index under a carried-over palette use.
        let transparent = frame.hasUnchanged || plan.mix != nil && plan.colours.count < 256
            && GIFPalette(colours: plan.colours, reserved: 1).bits == GIFPalette(colours: plan.colours).bits
        let local = encode(frame, histogram: histogram,
                           palette: GIFPalette(colours: plan.colours, reserved: transparent ? 1 : 0),
                           index: plan.index, mix: plan.mix,
                           transparentIndex: transparent ? plan.colours.count : nil, local: true,
                           previous: previous, lossy: lossy, next: next)
        guard plan.mix == nil, let globalIndex = global.indices(of: histogram) else { return local }
        let shared = encode(frame, histogram: histogram, palette: global.palette, index: globalIndex, mix: nil,
                            transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false,
                            lossy: lossy)
        return shared.bytes.count < local.bytes.count ? shared : local
    }

    private static func encode(_ frame: GIFFramePixels, histogram: GIFHistogram, palette: GIFPalette,
                               index: [UInt8], mix: [GIFDither.Mix]?, transparentIndex: Int?, local: Bool,
                               previous: [UInt32]? = nil, lossy: Int? = nil, next: GIFNextFrame = .nothing) -> GIFEncodedFrame {
        let indices = paletteIndices(frame.pixels, histogram: histogram, index: index, colours: palette.colours,
                                     transparentIndex: transparentIndex, rect: frame.rect, mix: mix,
                                     previous: previous)
        let similar = lossy.flatMap { $0 > 0 ? GIFLZW.similarColours(palette.colours, transparentIndex: transparentIndex, lossy: $0) : nil }
        // An explicit lossy 0 is exact LZW: dithered pixels keep their quantised colours too.
        let diffused = lossy == 0 ? nil : mix.map { _ in
            diffusedMatch(frame, indices: indices, palette: palette, transparentIndex: transparentIndex, redrawnBy: next)
        }
        let lzw = GIFLZW.encode(indices, minCodeSize: palette.minCodeSize, similar: similar, diffused: diffused)
        let bytes = GIFBlocks.image(rect: frame.rect, localTable: local ? palette : nil,
                                    minCodeSize: palette.minCodeSize, lzw: lzw)
        return GIFEncodedFrame(bytes: bytes, transparentIndex: transparentIndex)
    }

    /// Lossy LZW tolerance (RGB distance, levels) of dithered pixels in the first frame, and in
    /// any frame drawn over a screen it was not compared with. What the first frame leaves stays
    /// on screen for the whole animation, so it gets only a little: on the gradient bench, 4 saved
    /// 9 % of the first frame for 0.02 dB; 6 saved 20 % for 0.4 dB.
    static let settledTolerance: UInt8 = 4
    /// Later frames give a dithered pixel 1.5 times how far it moved since the screen showed it,
    /// up to this: a pixel moving fast is redrawn soon and its noise is gone in a frame, while
    /// one settling on its last colour moves little and stays nearly exact. On the gradient bench
    /// (a card and its shadow sliding over a gradient), later frames shrank from 144 to 120 KB,
    /// every change redrawn, and the worst frame's blurred PSNR rose 0.1 dB. 1.2 times the change,
    /// up to 16, made 5 % more bytes; 2 times the change lost 0.16 dB on the worst frame.
    static let maxMovingTolerance = 24
    /// A dithered pixel that the next frame draws again gets at least this latitude, however
    /// little it moved: its noise is on screen for one frame, and its error still diffuses onto
    /// its neighbours, while a pixel the next frame leaves keeps its small latitude. On the mesh
    /// bench (bench/mesh_frames.py, where the next frame redraws 96 % of the pixels, against
    /// ffmpeg palettegen + paletteuse at 3,577,450 B and 47.70 / 50.92 dB min / mean 5 × 5-box-blurred
    /// PSNR), 10 levels for every pixel of a frame changing three quarters of the canvas took the
    /// file from 2,391,227 to 1,997,171 B (0.67 to 0.56 of ffmpeg's) at 50.61 / 51.17 dB (was 51.04 /
    /// 51.64); 8 gave 0.59 at 51.42 mean, 12 gave 0.53 at 50.84 (below ffmpeg's mean).
    static let redrawnTolerance = 10

    /// What `GIFLZW` may change in a dithered frame: changed pixels whose colour the palette does
    /// not hold exactly (exact colours, as UI fills and text are, never change), each within its
    /// tolerance: `settledTolerance` in a first frame, 1.5 times its change up to
    /// `maxMovingTolerance` in later ones, at least `redrawnTolerance` where `next` (the frame
    /// after this one) changes the pixel.
    static func diffusedMatch(_ frame: GIFFramePixels, indices: [UInt8], palette: GIFPalette,
                              transparentIndex: Int?, redrawnBy next: GIFNextFrame = .nothing) -> GIFDiffusedMatch {
        let rect = frame.rect
        var tolerance = [UInt8](repeating: GIFDiffusedMatch.notFree, count: indices.count)
        let settled = frame.change.isEmpty
        let transparent = transparentIndex ?? -1
        // Walked row by row through pointers, with the next frame's pixels on the same canvas
        // row found once per row (a lookup through GIFNextFrame per pixel, with the bounds
        // checks, was most of its time, 4.7 % of the mesh bench's CPU).
        let nextFrame: GIFFramePixels? = if case .frame(let f) = next { f } else { nil }
        let nextPixels = nextFrame?.pixels ?? []
        frame.pixels.withUnsafeBufferPointer { px in
            frame.change.withUnsafeBufferPointer { change in
                nextPixels.withUnsafeBufferPointer { nextPixels in
                    palette.colours.withUnsafeBufferPointer { colours in
                        indices.withUnsafeBufferPointer { indices in
                            tolerance.withUnsafeMutableBufferPointer { tolerance in
                                for row in 0..<rect.height {
                                    // The columns of this row the next frame covers, and where its row starts
                                    // (in its pixels, less its first column).
                                    var covered = 0..<0, nextRow = 0
                                    switch next {
                                    case .nothing: break
                                    case .everything: covered = 0..<rect.width
                                    case .frame(let f):
                                        let y = rect.y + row
                                        if (f.rect.y..<f.rect.maxY).contains(y) {
                                            let first = max(0, f.rect.x - rect.x)
                                            covered = first..<max(first, min(rect.width, f.rect.maxX - rect.x))
                                            nextRow = (y - f.rect.y) * f.rect.width + rect.x - f.rect.x
                                        }
                                    }
                                    let everything = nextFrame == nil
                                    for column in 0..<rect.width {
                                        let i = row * rect.width + column, p = px[i]
                                        guard p & GIFFramePixels.unchangedFlag == 0 else { continue }
                                        // A colour the palette holds is its own entry (its nearest, never
                                        // dithered), so the pixel's index tells whether the palette holds
                                        // its colour exactly.
                                        let k = Int(indices[i])
                                        guard k != transparent, colours[k] != p & GIFFramePixels.colourMask else { continue }
                                        let own = settled ? Int(settledTolerance) : Int(change[i]) &* 3 / 2
                                        let redrawn = covered.contains(column)
                                            && (everything || nextPixels[nextRow &+ column] & GIFFramePixels.unchangedFlag == 0)
                                        tolerance[i] = UInt8(truncatingIfNeeded: min(maxMovingTolerance, max(redrawn ? redrawnTolerance : 0, own)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return GIFDiffusedMatch(target: frame.pixels, palette: palette.colours.map(RGB.init), width: frame.rect.width,
                                tolerance: tolerance)
    }

    /// The palette index of every pixel. A changed pixel gets its palette colour. A run of
    /// pixels already on screen can be transparent or, when the palette holds its colour
    /// exactly, that colour: both leave the picture as close to the source as before. So can a
    /// changed pixel whose `previous` colour, written under this palette, had the index it has
    /// now (a gradient pixel that moved less than its dither step). The choice per run
    /// minimises the number of index changes along the pixel stream (dynamic programming over
    /// runs), since every change starts a new LZW string. With `mix` (ordered dithering), a
    /// changed pixel whose colour is not in the palette takes its entry's second colour where
    /// the dither matrix at its position on the canvas is below the entry's threshold.
    static func paletteIndices(_ pixels: [UInt32], histogram: GIFHistogram, index: [UInt8], colours: [UInt32],
                               transparentIndex: Int?, rect: GIFRect = GIFRect(x: 0, y: 0, width: 0, height: 0),
                               mix: [GIFDither.Mix]? = nil, previous: [UInt32]? = nil) -> [UInt8] {
        let transparent = UInt8(transparentIndex ?? 0)
        let exact = GIFPaletteLookup(transparentIndex == nil ? [] : colours)
        let carried = transparentIndex == nil ? nil : previous
        let before = carried.map { GIFIndexer(histogram: histogram, index: index, colours: colours, mix: mix, adding: $0) }
        var out = [UInt8](repeating: 0, count: pixels.count)
        var runs = IndexRuns()
        // Read through pointers: the entry's index and mix, with bounds checks and the optional
        // mix looked at twice per pixel, were a fifth of the time here.
        let mixes = mix ?? []
        pixels.withUnsafeBufferPointer { px in
            index.withUnsafeBufferPointer { index in
                mixes.withUnsafeBufferPointer { mixes in
                    out.withUnsafeMutableBufferPointer { out in
                        // The row of the pixels being looked at (they only move forward), for the
                        // canvas positions of dithered and carried pixels.
                        var rowStart = 0, y = rect.y
                        func position(_ i: Int) -> (x: Int, y: Int) {
                            while i >= rowStart + rect.width {
                                rowStart += rect.width
                                y += 1
                            }
                            return (rect.x + i - rowStart, y)
                        }
                        // Neighbouring pixels often share a colour: its histogram entry is looked up once.
                        var lastColour = GIFFramePixels.unchangedFlag, lastEntry = 0
                        var i = 0
                        while i < px.count {
                            let p = px[i]
                            var j = i + 1
                            if p & GIFFramePixels.unchangedFlag == 0 {
                                // Every changed pixel was counted into the histogram.
                                if p != lastColour {
                                    lastColour = p
                                    lastEntry = histogram.entry(of: p)!
                                }
                                let e = lastEntry
                                var k = index[e]
                                let m = mixes.isEmpty ? GIFDither.Mix(second: k, threshold: 0) : mixes[e]
                                let dithered = m.threshold > 0
                                if dithered {
                                    let (x, y) = position(i)
                                    if GIFDither.takesSecond(m, x: x, y: y) { k = m.second }
                                }
                                if let carried, let before, carried[i] & GIFFramePixels.carriedFlag != 0 {
                                    // One pixel per run: whether it may stay depends on its own colour before.
                                    let (x, y) = position(i)
                                    let kept = before.index(of: carried[i] & GIFFramePixels.colourMask, x: x, y: y) == k
                                    runs.add(begin: i, (kept ? transparent : k, k), out: out)
                                } else {
                                    // A dithered colour takes one pixel per run, its index from the matrix.
                                    if !dithered {
                                        while j < px.count && px[j] == p && (carried?[j] ?? 0) & GIFFramePixels.carriedFlag == 0 {
                                            j += 1
                                        }
                                    }
                                    runs.add(begin: i, (k, k), out: out)
                                }
                            } else if p & GIFFramePixels.clearFlag == GIFFramePixels.clearFlag {
                                while j < px.count && px[j] == p { j += 1 }
                                runs.add(begin: i, (transparent, transparent), out: out)
                            } else {
                                while j < px.count && px[j] == p { j += 1 }
                                runs.add(begin: i, (transparent, exact.index(of: p & GIFFramePixels.colourMask) ?? transparent),
                                         out: out)
                            }
                            i = j
                        }
                        runs.finish(end: px.count, out: out)
                    }
                }
            }
        }
        return out
    }
}

/// The dynamic programme of `GIFFrameEncoder.paletteIndices`: runs of pixels, each with one or
/// two candidate indices, and for each candidate the fewest index changes up to it. A run with
/// one candidate (every dithered pixel of a gradient is one) settles the choice of every run
/// before it, so those are written out then and only the runs since are kept: the same indices
/// as a programme over the whole frame, in memory for the longest stretch of two-candidate runs
/// (it held 12 bytes for every run of the frame, a dithered pixel being one).
struct IndexRuns {
    /// The last one-candidate run: where it starts and its index (begin -1: none yet).
    private var anchorBegin = -1
    private var anchorIndex: UInt8 = 0
    /// The two-candidate runs after it: where each starts, its candidates, and whether its first
    /// (bit 0) and its second candidate (bit 1) are best reached from the second candidate of
    /// the run before. Only the first `count` entries are in use.
    private var begin: [Int] = [], first: [UInt8] = [], second: [UInt8] = [], fromSecond: [UInt8] = []
    private var count = 0
    /// The fewest index changes up to the last run, taking its first or its second candidate.
    private var cost = (0, 0)

    /// Adds the run starting at pixel `begin` (where the one before ends) with its candidates.
    @inline(__always)
    mutating func add(begin b: Int, _ options: (UInt8, UInt8), out: UnsafeMutableBufferPointer<UInt8>) {
        if count == 0 && anchorBegin >= 0 && options.0 == options.1 {
            // One one-candidate run after another (every dithered pixel of a gradient): the
            // anchor's run is settled, and either candidate costs the cheaper of the two so far
            // plus a change where the index differs, as below.
            let c = min(cost.0, cost.1) + (anchorIndex == options.0 ? 0 : 1)
            cost = (c, c)
            fill(out, anchorBegin..<b, anchorIndex)
            (anchorBegin, anchorIndex) = (b, options.0)
            return
        }
        addAfterTwoCandidates(begin: b, options, out: out)
    }

    /// `add` for a run that has two candidates or follows runs that do (or comes first).
    private mutating func addAfterTwoCandidates(begin b: Int, _ options: (UInt8, UInt8),
                                                out: UnsafeMutableBufferPointer<UInt8>) {
        let previous: (UInt8, UInt8)
        if count > 0 {
            previous = (first[count - 1], second[count - 1])
        } else if anchorBegin >= 0 {
            previous = (anchorIndex, anchorIndex)
        } else {
            // The first run: nothing to change from.
            if options.0 == options.1 { (anchorBegin, anchorIndex) = (b, options.0) } else { push(b, options, 0) }
            return
        }
        func best(_ o: UInt8) -> (Int, Bool) {
            let a = cost.0 + (previous.0 == o ? 0 : 1), c = cost.1 + (previous.1 == o ? 0 : 1)
            return c < a ? (c, true) : (a, false)
        }
        let (c0, f0) = best(options.0), (c1, f1) = best(options.1)
        cost = (c0, c1)
        guard options.0 == options.1 else {
            push(b, options, (f0 ? 1 : 0) | (f1 ? 2 : 0))
            return
        }
        // Whichever candidate this run takes, the run before takes the same one.
        write(takingSecond: f0, end: b, out: out)
        (anchorBegin, anchorIndex) = (b, options.0)
    }

    /// Writes the runs kept, the last ending before pixel `end`, with the best choice.
    mutating func finish(end: Int, out: UnsafeMutableBufferPointer<UInt8>) {
        write(takingSecond: cost.1 < cost.0, end: end, out: out)
    }

    private mutating func push(_ b: Int, _ options: (UInt8, UInt8), _ bits: UInt8) {
        if count == begin.count {
            begin.append(b)
            first.append(options.0)
            second.append(options.1)
            fromSecond.append(bits)
        } else {
            begin[count] = b
            first[count] = options.0
            second[count] = options.1
            fromSecond[count] = bits
        }
        count += 1
    }

    /// Writes the runs kept and empties them: the last ends before pixel `end` and takes its
    /// second candidate when `takingSecond`, each one before the candidate that leads there,
    /// the anchor its index.
    private mutating func write(takingSecond: Bool, end: Int, out: UnsafeMutableBufferPointer<UInt8>) {
        var takeSecond = takingSecond, end = end
        for r in stride(from: count - 1, through: 0, by: -1) {
            fill(out, begin[r]..<end, takeSecond ? second[r] : first[r])
            end = begin[r]
            takeSecond = fromSecond[r] & (takeSecond ? 2 : 1) != 0
        }
        count = 0
        if anchorBegin >= 0 { fill(out, anchorBegin..<end, anchorIndex) }
    }

    /// Writes `k` over `range` of `out`; a run of one pixel (most, in a dithered frame) without
    /// the call to memset a loop becomes.
    @inline(__always)
    private func fill(_ out: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, _ k: UInt8) {
        if range.count == 1 {
            out[range.lowerBound] = k
        } else {
            out[range].update(repeating: k)
        }
    }
}

/// Ordered dithering that is stable from frame to frame: each colour not in the palette is drawn
/// as a mix of its nearest palette colour and a second one on the far side of it, in the
/// proportion that averages back to the colour, chosen per pixel by a 2 × 2 Bayer matrix at the
/// pixel's position on the canvas. A pixel's index depends only on its colour, its position and
/// the palette, so static areas never shimmer, and colours the palette holds exactly (the flat
/// fills of UI frames) are never dithered.
///
/// 2 × 2, not 8 × 8: the checkerboard-like pattern is at the highest frequency, which the eye
/// (and a radius-1 blur) averages away, and it repeats along rows every 2 pixels, which LZW
/// matches more often. On the gradient bench (bench/gradient_frames.py) it gave 2.3 % fewer bytes
/// than 8 × 8 at the same blurred PSNR (50.53 against 50.54 dB, worst frame), 1.6 % with lossy
/// matching; its quarter steps are fine enough, as neighbouring palette colours are only a few
/// levels apart.
enum GIFDither {
    /// A colour's second palette index and how many 64ths of the pixels take it (0...32).
    struct Mix: Sendable {
        var second: UInt8
        var threshold: UInt8
    }

    /// The 2 × 2 Bayer matrix (0 2 / 3 1), in 64ths at the centre of each quarter, so a threshold
    /// of t/64 gives t/64 rounded to the nearest quarter of the cells.
    private static let matrix: [UInt8] = [8, 40, 56, 24]

    /// Whether the pixel at canvas position (x, y) takes `mix`'s second colour.
    @inline(__always)
    static func takesSecond(_ mix: Mix, x: Int, y: Int) -> Bool {
        matrix[(y & 1) << 1 | (x & 1)] < mix.threshold
    }

    /// Dithering pays only where colours the palette lacks cover at least this share of a frame's
    /// changed pixels (gradients, soft shadows). In UI frames they are anti-aliased edges, where
    /// dithering everything cost the owl 1 % more bytes for 1.3 dB less with no band to hide; at
    /// a quarter or a half, some of the benchmark's UI frames still dithered (0.8 and 0.5 dB less).
    static let minimumInexactShare = 0.75

    /// Whether colours the palette lacks cover at least `minimumInexactShare` of the pixels.
    static func pays(histogram: GIFHistogram, index: [UInt8], colours: [UInt32]) -> Bool {
        var inexact = 0, total = 0
        for (e, packed) in histogram.colours.enumerated() {
            total += histogram.counts[e]
            if colours[Int(index[e])] != packed { inexact += histogram.counts[e] }
        }
        return Double(inexact) >= minimumInexactShare * Double(total)
    }

    /// For every histogram entry: the palette colour to mix with its nearest one and the share
    /// of pixels (0...32 of 64) that take it; 0 for colours the palette holds exactly. `nil`
    /// when too few pixels are inexact for dithering to help, unless `always`.
    static func mixes(histogram: GIFHistogram, index: [UInt8], colours: [UInt32], always: Bool = false) -> [Mix]? {
        guard always || pays(histogram: histogram, index: index, colours: colours) else { return nil }
        let palette = colours.map(RGB.init)
        let nearest = NearestColour(palette)
        return histogram.colours.enumerated().map { e, packed in
            mix(for: RGB(packed), nearestIndex: Int(index[e]), palette: palette, nearest: nearest)
        }
    }

    /// How colour `c` is dithered when `n1` is its palette entry: with the palette colour
    /// nearest the point mirrored through `c` (on its far side from entry `n1`), in the
    /// proportion that averages back to `c`.
    static func mix(for c: RGB, nearestIndex n1: Int, palette: [RGB], nearest: NearestColour) -> Mix {
        let p1 = palette[n1]
        if p1 == c { return Mix(second: UInt8(n1), threshold: 0) }
        let mirrored = RGB(r: Int(min(255, max(0, 2 * c.r - p1.r))), g: Int(min(255, max(0, 2 * c.g - p1.g))),
                           b: Int(min(255, max(0, 2 * c.b - p1.b))))
        // n1 is twice as far from the mirrored point as from c: a bound for the search.
        let n2 = nearest.nearest(mirrored, hint: n1)
        let p2 = palette[n2]
        let span = p2.distance(to: p1)
        guard n2 != n1, span > 0 else { return Mix(second: UInt8(n1), threshold: 0) }
        // c's position along p1 → p2, as 64ths (rounded), at most half way.
        let along = (c.r - p1.r) * (p2.r - p1.r) + (c.g - p1.g) * (p2.g - p1.g) + (c.b - p1.b) * (p2.b - p1.b)
        let share = min(32, max(0, (Int(along) * 64 + Int(span) / 2) / Int(span)))
        return Mix(second: UInt8(n2), threshold: UInt8(share))
    }
}

/// The palette index a frame's plan gives a colour at a canvas position, for the colours a
/// frame's pixels had before it too (which need not be among its own colours): their entry is
/// the nearest palette colour, dithered as the frame's colours are.
struct GIFIndexer {
    private let histogram: GIFHistogram
    private let index: [UInt8]
    private let mix: [GIFDither.Mix]?
    private var others = GIFHistogram()
    private var otherIndex: [UInt8] = []
    private var otherMix: [GIFDither.Mix] = []

    /// `adding`: words whose colour bits (where flagged `GIFFramePixels.carriedFlag`) may be asked about.
    init(histogram: GIFHistogram, index: [UInt8], colours: [UInt32], mix: [GIFDither.Mix]?, adding: [UInt32]) {
        self.histogram = histogram
        self.index = index
        self.mix = mix
        for w in adding where w & GIFFramePixels.carriedFlag != 0 {
            let c = w & GIFFramePixels.colourMask
            if histogram.entry(of: c) == nil && others.entry(of: c) == nil { others.add(c, count: 1) }
        }
        guard others.count > 0 else { return }
        let palette = colours.map(RGB.init)
        let nearest = NearestColour(palette)
        otherIndex = others.colours.map { UInt8(nearest.nearest(RGB($0))) }
        if mix != nil {
            otherMix = zip(others.colours, otherIndex).map {
                GIFDither.mix(for: RGB($0), nearestIndex: Int($1), palette: palette, nearest: nearest)
            }
        }
    }

    func index(of colour: UInt32, x: Int, y: Int) -> UInt8 {
        let k: UInt8, m: GIFDither.Mix?
        if let e = histogram.entry(of: colour) {
            k = index[e]
            m = mix?[e]
        } else {
            let e = others.entry(of: colour)!
            k = otherIndex[e]
            m = otherMix.isEmpty ? nil : otherMix[e]
        }
        guard let m, m.threshold > 0 else { return k }
        return GIFDither.takesSecond(m, x: x, y: y) ? m.second : k
    }
}

