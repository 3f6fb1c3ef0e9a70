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
    var transparentIndex: Int { palette.colours.count }

    init(colours: [UInt32]) {
        palette = GIFPalette(colours: colours, reserved: 1)
        lookup = GIFPaletteLookup(colours)
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

/// Turns the changed pixels of one frame into an image block: palette, indices, LZW. A pure
/// function of its input, so frames can be encoded on any thread in any order.
enum GIFFrameEncoder {
    /// Encodes the first frame, whose palette becomes the global colour table.
    static func encodeFirst(_ frame: GIFFramePixels, dither: Bool = false, lossy: Int = 0)
        -> (GIFEncodedFrame, GIFGlobalPalette) {
        let histogram = GIFHistogram(pixels: frame.pixels)
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: 255)
        let global = GIFGlobalPalette(colours: colours)
        let encoded = encode(frame, histogram: histogram, palette: global.palette, index: index,
                             transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false,
                             dither: dither, lossy: lossy)
        return (encoded, global)
    }

    /// Encodes a later frame with a local table of at most `maxColours` of its own colours.
    /// The global table is used instead only when it holds every colour exactly and the frame
    /// comes out smaller with it: it saves the local table's 3 bytes per entry but its codes are
    /// as wide as the first frame's palette needs, so it pays only for frames with many colours.
    static func encode(_ frame: GIFFramePixels, global: GIFGlobalPalette, maxColours: Int,
                       dither: Bool = false, lossy: Int = 0) -> GIFEncodedFrame {
        let histogram = GIFHistogram(pixels: frame.pixels)
        let reserved = frame.hasUnchanged ? 1 : 0
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: maxColours - reserved)
        let local = encode(frame, histogram: histogram, palette: GIFPalette(colours: colours, reserved: reserved),
                           index: index, transparentIndex: frame.hasUnchanged ? colours.count : nil, local: true,
                           dither: dither, lossy: lossy)
        guard let globalIndex = global.indices(of: histogram) else { return local }
        let shared = encode(frame, histogram: histogram, palette: global.palette, index: globalIndex,
                            transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false,
                            lossy: lossy)
        return shared.bytes.count < local.bytes.count ? shared : local
    }

    private static func encode(_ frame: GIFFramePixels, histogram: GIFHistogram, palette: GIFPalette,
                               index: [UInt8], transparentIndex: Int?, local: Bool,
                               dither: Bool = false, lossy: Int = 0) -> GIFEncodedFrame {
        let mix = dither ? GIFDither.mixes(histogram: histogram, index: index, colours: palette.colours) : nil
        let indices = paletteIndices(frame.pixels, histogram: histogram, index: index, colours: palette.colours,
                                     transparentIndex: transparentIndex, rect: frame.rect, mix: mix)
        let similar = lossy > 0
            ? GIFLZW.similarColours(palette.colours, transparentIndex: transparentIndex, lossy: lossy) : nil
        let lzw = GIFLZW.encode(indices, minCodeSize: palette.minCodeSize, similar: similar)
        let bytes = GIFBlocks.image(rect: frame.rect, localTable: local ? palette : nil,
                                    minCodeSize: palette.minCodeSize, lzw: lzw)
        return GIFEncodedFrame(bytes: bytes, transparentIndex: transparentIndex)
    }

    /// The palette index of every pixel. A changed pixel gets its palette colour. A run of
    /// pixels already on screen can be transparent or, when the palette holds its colour
    /// exactly, that colour: both leave the picture as close to the source as before. The
    /// choice per run minimises the number of index changes along the pixel stream (dynamic
    /// programming over runs), since every change starts a new LZW string. With `mix` (ordered
    /// dithering), a changed pixel whose colour is not in the palette takes its entry's second
    /// colour where the dither matrix at its position on the canvas is below the entry's threshold.
    static func paletteIndices(_ pixels: [UInt32], histogram: GIFHistogram, index: [UInt8], colours: [UInt32],
                               transparentIndex: Int?, rect: GIFRect = GIFRect(x: 0, y: 0, width: 0, height: 0),
                               mix: [GIFDither.Mix]? = nil) -> [UInt8] {
        let transparent = UInt8(transparentIndex ?? 0)
        let exact = GIFPaletteLookup(transparentIndex == nil ? [] : colours)
        // Runs of equal pixels with their one or two candidate indices.
        var runEnd: [Int] = []
        var options: [(UInt8, UInt8)] = []
        pixels.withUnsafeBufferPointer { px in
            var i = 0
            while i < px.count {
                let p = px[i]
                var j = i + 1
                if p & GIFFramePixels.unchangedFlag == 0 {
                    // Every changed pixel was counted into the histogram.
                    let e = histogram.entry(of: p)!
                    var k = index[e]
                    if let m = mix?[e], m.threshold > 0 {
                        // A dithered colour: one pixel per run, its index from the matrix.
                        let x = rect.x + i % rect.width, y = rect.y + i / rect.width
                        if GIFDither.matrix[(y & 7) << 3 | (x & 7)] < m.threshold { k = m.second }
                    } else {
                        while j < px.count && px[j] == p { j += 1 }
                    }
                    options.append((k, k))
                } else if p & GIFFramePixels.clearFlag == GIFFramePixels.clearFlag {
                    while j < px.count && px[j] == p { j += 1 }
                    options.append((transparent, transparent))
                } else {
                    while j < px.count && px[j] == p { j += 1 }
                    options.append((transparent, exact.index(of: p & GIFFramePixels.colourMask) ?? transparent))
                }
                runEnd.append(j)
                i = j
            }
        }
        // cost[o]: fewest index changes up to this run when it takes option o.
        var cost = (0, 0)
        var fromSecond = [(Bool, Bool)](repeating: (false, false), count: options.count)
        for r in 1..<max(1, options.count) {
            let (p0, p1) = options[r - 1], (o0, o1) = options[r]
            func best(_ o: UInt8) -> (Int, Bool) {
                let a = cost.0 + (p0 == o ? 0 : 1), b = cost.1 + (p1 == o ? 0 : 1)
                return b < a ? (b, true) : (a, false)
            }
            let (c0, f0) = best(o0), (c1, f1) = best(o1)
            cost = (c0, c1)
            fromSecond[r] = (f0, f1)
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        var takeSecond = cost.1 < cost.0
        var end = pixels.count
        for r in stride(from: options.count - 1, through: 0, by: -1) {
            let k = takeSecond ? options[r].1 : options[r].0
            let begin = r > 0 ? runEnd[r - 1] : 0
            for i in begin..<end { out[i] = k }
            end = begin
            takeSecond = takeSecond ? fromSecond[r].1 : fromSecond[r].0
        }
        return out
    }
}

/// Ordered dithering that is stable from frame to frame: each colour not in the palette is drawn
/// as a mix of its nearest palette colour and a second one on the far side of it, in the
/// proportion that averages back to the colour, chosen per pixel by an 8 × 8 Bayer matrix at the
/// pixel's position on the canvas. A pixel's index depends only on its colour, its position and
/// the palette, so static areas never shimmer, and colours the palette holds exactly (the flat
/// fills of UI frames) are never dithered.
enum GIFDither {
    /// A colour's second palette index and how many of the 64 matrix cells take it.
    struct Mix: Sendable {
        var second: UInt8
        var threshold: UInt8
    }

    /// The 8 × 8 Bayer matrix, 0...63.
    static let matrix: [UInt8] = {
        var m = [UInt8](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                let v = x ^ y
                // Interleave the bits of y and x ^ y, reversed: the recursive Bayer order.
                let bits = (v & 1) << 5 | (y & 1) << 4 | (v & 2) << 2 | (y & 2) << 1 | (v & 4) >> 1 | (y & 4) >> 2
                m[y * 8 + x] = UInt8(bits)
            }
        }
        return m
    }()

    /// Dithering pays only where colours the palette lacks cover at least this share of a frame's
    /// changed pixels (gradients, soft shadows). In UI frames they are anti-aliased edges, where
    /// dithering everything cost the owl 1 % more bytes for 1.3 dB less with no band to hide; at
    /// a quarter or a half, some of the benchmark's UI frames still dithered (0.8 and 0.5 dB less).
    static let minimumInexactShare = 0.75

    /// For every histogram entry: the palette colour to mix with its nearest one and the share
    /// of pixels (0...32 of 64) that take it; 0 for colours the palette holds exactly. `nil`
    /// when too few pixels are inexact for dithering to help.
    static func mixes(histogram: GIFHistogram, index: [UInt8], colours: [UInt32]) -> [Mix]? {
        let palette = colours.map(RGB.init)
        var inexact = 0, total = 0
        for (e, packed) in histogram.colours.enumerated() {
            total += histogram.counts[e]
            if palette[Int(index[e])] != RGB(packed) { inexact += histogram.counts[e] }
        }
        guard Double(inexact) >= minimumInexactShare * Double(total) else { return nil }
        let nearest = NearestColour(palette)
        return histogram.colours.enumerated().map { e, packed in
            let c = RGB(packed), n1 = Int(index[e])
            let p1 = palette[n1]
            if p1 == c { return Mix(second: UInt8(n1), threshold: 0) }
            // The palette colour nearest the point mirrored through c: on c's far side from p1.
            let mirrored = RGB(r: Int(min(255, max(0, 2 * c.r - p1.r))), g: Int(min(255, max(0, 2 * c.g - p1.g))),
                               b: Int(min(255, max(0, 2 * c.b - p1.b))))
            let n2 = nearest.nearest(mirrored)
            let p2 = palette[n2]
            let span = p2.distance(to: p1)
            guard n2 != n1, span > 0 else { return Mix(second: UInt8(n1), threshold: 0) }
            // c's position along p1 → p2, as 64ths (rounded), at most half way.
            let along = (c.r - p1.r) * (p2.r - p1.r) + (c.g - p1.g) * (p2.g - p1.g) + (c.b - p1.b) * (p2.b - p1.b)
            let share = min(32, max(0, (Int(along) * 64 + Int(span) / 2) / Int(span)))
            return Mix(second: UInt8(n2), threshold: UInt8(share))
        }
    }
}
