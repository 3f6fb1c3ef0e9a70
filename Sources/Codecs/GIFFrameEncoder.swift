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
    static func encodeFirst(_ frame: GIFFramePixels) -> (GIFEncodedFrame, GIFGlobalPalette) {
        let histogram = GIFHistogram(pixels: frame.pixels)
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: 255)
        let global = GIFGlobalPalette(colours: colours)
        let encoded = encode(frame, histogram: histogram, palette: global.palette, index: index,
                             transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false)
        return (encoded, global)
    }

    /// Encodes a later frame with a local table of at most `maxColours` of its own colours.
    /// The global table is used instead only when it holds every colour exactly and the frame
    /// comes out smaller with it: it saves the local table's 3 bytes per entry but its codes are
    /// as wide as the first frame's palette needs, so it pays only for frames with many colours.
    static func encode(_ frame: GIFFramePixels, global: GIFGlobalPalette, maxColours: Int) -> GIFEncodedFrame {
        let histogram = GIFHistogram(pixels: frame.pixels)
        let reserved = frame.hasUnchanged ? 1 : 0
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: maxColours - reserved)
        let local = encode(frame, histogram: histogram, palette: GIFPalette(colours: colours, reserved: reserved),
                           index: index, transparentIndex: frame.hasUnchanged ? colours.count : nil, local: true)
        guard let globalIndex = global.indices(of: histogram) else { return local }
        let shared = encode(frame, histogram: histogram, palette: global.palette, index: globalIndex,
                            transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false)
        return shared.bytes.count < local.bytes.count ? shared : local
    }

    private static func encode(_ frame: GIFFramePixels, histogram: GIFHistogram, palette: GIFPalette,
                               index: [UInt8], transparentIndex: Int?, local: Bool) -> GIFEncodedFrame {
        let indices = paletteIndices(frame.pixels, histogram: histogram, index: index, colours: palette.colours,
                                     transparentIndex: transparentIndex)
        let lzw = GIFLZW.encode(indices, minCodeSize: palette.minCodeSize)
        let bytes = GIFBlocks.image(rect: frame.rect, localTable: local ? palette : nil,
                                    minCodeSize: palette.minCodeSize, lzw: lzw)
        return GIFEncodedFrame(bytes: bytes, transparentIndex: transparentIndex)
    }

    /// The palette index of every pixel. A changed pixel gets its palette colour. A run of
    /// pixels already on screen can be transparent or, when the palette holds its colour
    /// exactly, that colour: both leave the picture as close to the source as before. The
    /// choice per run minimises the number of index changes along the pixel stream (dynamic
    /// programming over runs), since every change starts a new LZW string.
    static func paletteIndices(_ pixels: [UInt32], histogram: GIFHistogram, index: [UInt8], colours: [UInt32],
                               transparentIndex: Int?) -> [UInt8] {
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
                while j < px.count && px[j] == p { j += 1 }
                if p & GIFFramePixels.unchangedFlag == 0 {
                    // Every changed pixel was counted into the histogram.
                    let k = index[histogram.entry(of: p)!]
                    options.append((k, k))
                } else if p & GIFFramePixels.clearFlag == GIFFramePixels.clearFlag {
                    options.append((transparent, transparent))
                } else {
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
