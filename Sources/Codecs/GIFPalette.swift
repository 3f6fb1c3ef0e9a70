/// A GIF colour table: up to 256 colours, written padded to a power of two.
struct GIFPalette: Sendable {
    /// 0x00BBGGRR colours; index = position.
    let colours: [UInt32]
    /// Entries the table needs beyond `colours` (a reserved transparent index).
    let reserved: Int

    init(colours: [UInt32], reserved: Int = 0) {
        precondition(colours.count + reserved <= 256 && colours.count + reserved > 0, "GIF palettes hold 1...256 colours")
        self.colours = colours
        self.reserved = reserved
    }

    /// Bits per index: the table holds `1 << bits` entries (GIF allows 2...256).
    var bits: Int {
        var b = 1
        while 1 << b < colours.count + reserved { b += 1 }
        return b
    }

    /// The LZW minimum code size for indices into this table (GIF requires at least 2).
    var minCodeSize: Int { max(2, bits) }

    /// The table as stored in the file: R, G, B per entry, padded with black.
    func tableBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 3 << bits)
        for (i, c) in colours.enumerated() {
            out[3 * i] = UInt8(c & 0xFF)
            out[3 * i + 1] = UInt8((c >> 8) & 0xFF)
            out[3 * i + 2] = UInt8((c >> 16) & 0xFF)
        }
        return out
    }
}

/// Finds the palette index that holds a colour exactly (the first, when a colour repeats).
struct GIFPaletteLookup: Sendable {
    private var entries = GIFHistogram()
    private var positions: [UInt8] = []

    init(_ colours: [UInt32]) {
        for (i, c) in colours.enumerated() where entries.entry(of: c) == nil {
            entries.add(c, count: 1)
            positions.append(UInt8(i))
        }
    }

    func index(of colour: UInt32) -> UInt8? { entries.entry(of: colour).map { positions[$0] } }
}
