import Geometry

/// Colour glyph bitmaps from `CBLC` (where) and `CBDT` (the PNG images), as Noto Color Emoji
/// stores its emoji (OpenType 1.9 §CBLC, §CBDT; Google's colour bitmap extension of `EBLC`/`EBDT`).
///
/// Only the largest strike (the bitmaps drawn for the most pixels per em) is kept: glyphs are
/// scaled from it to any size, as FreeType scales a CBDT strike (`FT_LOAD_COLOR` with
/// `FT_Select_Size` and scaling) and Chromium draws Noto Color Emoji. Index subtable formats 1
/// to 5 and image formats 17, 18 and 19 (PNG with small, big or shared metrics) are read; every
/// offset and length is checked here, when the font is loaded, and the PNG bytes are only sliced,
/// not decoded, until a glyph is drawn.
struct ColorBitmaps: Sendable {
    /// One glyph's image: where its PNG lies in the file and how it sits on the pen position.
    struct Glyph: Sendable, Equatable {
        /// The PNG's bytes in the font file.
        let png: Range<Int>
        /// The bitmap's size in pixels of the strike, as its metrics give it.
        let width: Int, height: Int
        /// From the pen position to the bitmap's left edge, and from the baseline up to its top,
        /// in pixels of the strike.
        let bearingX: Int, bearingY: Int
    }

    /// The most glyph images a strike may list: a font has at most 65,535 glyphs.
    static let maxGlyphs = 65536

    /// The font file the PNGs lie in.
    let file: [UInt8]
    /// Pixels per em of the strike the bitmaps belong to.
    let pixelsPerEm: Int
    /// The glyphs with an image, by glyph id.
    let glyphs: [Int: Glyph]

    /// The box `glyph`'s bitmap covers in font units, y up, from the pen position on the baseline.
    func bounds(of glyph: Glyph, unitsPerEm: Int) -> Rect {
        let unit = Double(unitsPerEm) / Double(pixelsPerEm)
        return Rect(Double(glyph.bearingX) * unit, Double(glyph.bearingY - glyph.height) * unit,
                    Double(glyph.width) * unit, Double(glyph.height) * unit)
    }

    /// Reads the largest strike's index from `CBLC` and checks each image's record in `CBDT`;
    /// nil when the font has neither table. Throws when either is malformed.
    init?(_ tables: TableDirectory, numGlyphs: Int) throws {
        guard let cblc = tables["CBLC"] else { return nil }
        let cbdt = try tables.required("CBDT")
        file = cbdt.file
        try cblc.require(0, 8, "the CBLC header")
        let major = try cblc.u16(0)
        guard major == 2 || major == 3 else { throw cblc.malformed("version \(major); only 2 and 3 are read") }
        let sizes = Int(try cblc.u32(4))
        guard sizes > 0 else { throw cblc.malformed("no bitmap sizes") }
        try cblc.require(8, sizes * 48, "the \(sizes) bitmap size records")
        let ppems = try (0..<sizes).map { try cblc.u8(8 + $0 * 48 + 45) }
        let largest = ppems.indices.max { ppems[$0] < ppems[$1] } ?? 0
        let best = 8 + largest * 48
        pixelsPerEm = Int(ppems[largest])
        guard pixelsPerEm > 0 else { throw cblc.malformed("a strike of 0 pixels per em") }
        let arrayOffset = Int(try cblc.u32(best)), subtables = Int(try cblc.u32(best + 8))
        let array = try cblc.slice(arrayOffset, subtables * 8, context: "strike of \(pixelsPerEm) ppem",
                                   "the index subtable array of \(subtables) subtables")
        var glyphs: [Int: Glyph] = [:]
        for s in 0..<subtables {
            let first = Int(try array.u16(s * 8)), last = Int(try array.u16(s * 8 + 2))
            guard first <= last, last < numGlyphs else {
                throw array.malformed("index subtable \(s) covers glyphs \(first)...\(last) of \(numGlyphs)")
            }
            guard glyphs.count + (last - first + 1) <= Self.maxGlyphs else {
                throw array.malformed("the index subtables list more than \(Self.maxGlyphs) glyphs")
            }
            let subtable = try cblc.suffix(from: arrayOffset + Int(try array.u32(s * 8 + 4)), "index subtable \(s)")
            try Self.read(subtable, glyphs: first...last, data: cbdt, into: &glyphs)
        }
        self.glyphs = glyphs
    }

    /// Reads one index subtable for the glyphs `range` and each image's record in `data` (CBDT).
    private static func read(_ subtable: FontBytes, glyphs range: ClosedRange<Int>, data: FontBytes,
                             into glyphs: inout [Int: Glyph]) throws {
        try subtable.require(0, 8, "the index subtable header")
        let indexFormat = try subtable.u16(0), imageFormat = try subtable.u16(2)
        let imageData = Int(try subtable.u32(4))
        let count = range.count
        /// Each glyph's image as an offset from `imageData` and a length; shared metrics for formats 2 and 5.
        var images: [(glyph: Int, offset: Int, length: Int)] = []
        var shared: FontBytes?
        switch indexFormat {
        case 1, 3:
            let wide = indexFormat == 1
            try subtable.require(8, (count + 1) * (wide ? 4 : 2), "the \(count + 1) image offsets")
            let offset = { (i: Int) throws -> Int in
                wide ? Int(try subtable.u32(8 + 4 * i)) : Int(try subtable.u16(8 + 2 * i))
            }
            for i in 0..<count {
                let start = try offset(i), end = try offset(i + 1)
                guard end >= start else { throw subtable.malformed("image offsets decrease at glyph \(range.lowerBound + i)") }
                if end > start { images.append((range.lowerBound + i, start, end - start)) }
            }
        case 2:
            try subtable.require(8, 12, "the image size and metrics")
            let size = Int(try subtable.u32(8))
            shared = try subtable.slice(12, 8, "the shared metrics")
            images = (0..<count).map { (range.lowerBound + $0, $0 * size, size) }
        case 4:
            let n = Int(try subtable.u32(8))
            guard n <= count else { throw subtable.malformed("\(n) glyphs listed for a range of \(count)") }
            try subtable.require(12, (n + 1) * 4, "the \(n + 1) glyph and offset pairs")
            for i in 0..<n {
                let glyph = Int(try subtable.u16(12 + 4 * i))
                let start = Int(try subtable.u16(14 + 4 * i)), end = Int(try subtable.u16(18 + 4 * i))
                guard range.contains(glyph), end >= start else {
                    throw subtable.malformed("entry \(i) (glyph \(glyph), offsets \(start)..<\(end)) is out of order or range")
                }
                images.append((glyph, start, end - start))
            }
        case 5:
            try subtable.require(8, 16, "the image size, metrics and glyph count")
            let size = Int(try subtable.u32(8))
            shared = try subtable.slice(12, 8, "the shared metrics")
            let n = Int(try subtable.u32(20))
            guard n <= count else { throw subtable.malformed("\(n) glyphs listed for a range of \(count)") }
            for (i, glyph) in try subtable.u16Array(24, n, "the \(n) glyph ids").enumerated() {
                guard range.contains(Int(glyph)) else { throw subtable.malformed("glyph \(glyph) is outside \(range)") }
                images.append((Int(glyph), i * size, size))
            }
        default:
            throw subtable.malformed("index format \(indexFormat); only 1 to 5 are read")
        }
        for image in images {
            let record = try data.slice(imageData + image.offset, image.length, context: "glyph \(image.glyph)",
                                        "the glyph's image")
            glyphs[image.glyph] = try Self.glyph(record, format: imageFormat, shared: shared)
        }
    }

    /// One image record of CBDT: metrics (its own, or `shared` from the index), then the PNG's
    /// length and bytes.
    private static func glyph(_ record: FontBytes, format: UInt16, shared: FontBytes?) throws -> Glyph {
        let metrics: FontBytes, pngStart: Int
        switch format {
        case 17: metrics = try record.slice(0, 5, "the small metrics"); pngStart = 9
        case 18: metrics = try record.slice(0, 8, "the big metrics"); pngStart = 12
        case 19:
            guard let shared else { throw record.malformed("image format 19 needs metrics from index format 2 or 5") }
            metrics = shared; pngStart = 4
        default: throw record.malformed("image format \(format); only the PNG formats 17, 18 and 19 are read")
        }
        let length = Int(try record.u32(pngStart - 4))
        let png = try record.slice(pngStart, length, "the PNG of \(length) bytes")
        let width = Int(try metrics.u8(1)), height = Int(try metrics.u8(0))
        guard width > 0, height > 0 else { throw record.malformed("a \(width)×\(height) bitmap") }
        // The PNG must be the size its metrics say, so decoding it never allocates more.
        try png.require(0, 24, "the PNG's signature and header")
        guard try png.u32(0) == 0x8950_4E47, try png.u32(12) == 0x4948_4452,
              try png.u32(16) == UInt32(width), try png.u32(20) == UInt32(height) else {
            throw record.malformed("the image is not a \(width)×\(height) PNG, as its metrics say")
        }
        return Glyph(png: png.start..<png.start + png.count, width: width, height: height,
                     bearingX: Int(try metrics.i8(2)), bearingY: Int(try metrics.i8(3)))
    }
}
