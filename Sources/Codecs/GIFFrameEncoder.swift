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
    /// Colour to palette index (a histogram filled in palette order).
    let lookup: GIFHistogram
    var transparentIndex: Int { palette.colours.count }

    init(colours: [UInt32]) {
        palette = GIFPalette(colours: colours, reserved: 1)
        var lookup = GIFHistogram()
        for c in colours { lookup.add(c, count: 1) }
        self.lookup = lookup
    }

    /// The palette index of every histogram entry, or `nil` when a colour is not in the table.
    func indices(of histogram: GIFHistogram) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: histogram.count)
        for (e, c) in histogram.colours.enumerated() {
            guard let i = lookup.entry(of: c) else { return nil }
            out[e] = UInt8(i)
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
                             transparentIndex: nil, local: false)
        return (encoded, global)
    }

    /// Encodes a later frame: with the global table when it holds every colour exactly,
    /// otherwise with a local table of just this frame's colours.
    static func encode(_ frame: GIFFramePixels, global: GIFGlobalPalette) -> GIFEncodedFrame {
        let histogram = GIFHistogram(pixels: frame.pixels)
        if let index = global.indices(of: histogram) {
            return encode(frame, histogram: histogram, palette: global.palette, index: index,
                          transparentIndex: frame.hasUnchanged ? global.transparentIndex : nil, local: false)
        }
        let reserved = frame.hasUnchanged ? 1 : 0
        let (colours, index) = GIFQuantizer.palette(for: histogram, capacity: 256 - reserved)
        return encode(frame, histogram: histogram, palette: GIFPalette(colours: colours, reserved: reserved),
                      index: index, transparentIndex: frame.hasUnchanged ? colours.count : nil, local: true)
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

    /// The palette index of every pixel. A pixel already on screen becomes transparent, unless
    /// the index just written shows exactly its colour: then that index continues, which keeps
    /// LZW runs long and the picture the same or closer to the source.
    static func paletteIndices(_ pixels: [UInt32], histogram: GIFHistogram, index: [UInt8], colours: [UInt32],
                               transparentIndex: Int?) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        let transparent = UInt8(transparentIndex ?? 0)
        pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                var lastPixel = UInt32.max
                var last = transparent
                for i in 0..<px.count {
                    let p = px[i]
                    if p != lastPixel {
                        lastPixel = p
                        if p & GIFFramePixels.unchangedFlag == 0 {
                            // Every changed pixel was counted into the histogram.
                            last = index[histogram.entry(of: p)!]
                        } else if last == transparent || Int(last) >= colours.count
                                    || colours[Int(last)] != p & GIFFramePixels.colourMask {
                            last = transparent
                        }
                    }
                    dst[i] = last
                }
            }
        }
        return out
    }
}
