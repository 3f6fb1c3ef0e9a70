import CLibDeflate
import Raster

/// A fast path for the PNGs frame sequences are made of: 8-bit RGB or RGBA, not interlaced,
/// without a tRNS chunk. It inflates with libdeflate, which is 8–10× faster than zlib on flat
/// UI frames (zlib copies the distance-4 matches of repeated pixels a byte at a time), and
/// undoes the row filters itself. Anything else, or anything malformed (bad CRC, truncated
/// data, unknown critical chunk), returns `nil` so libpng decodes it or reports the error.
///
/// Ancillary chunks are skipped, as the libpng path does (it applies no gamma or colour profile).
enum PNGFastDecoder {
    static func decode(_ data: [UInt8]) -> Pixmap? {
        data.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let image = parse(base, count: bytes.count) else { return nil }
            return inflateAndUnfilter(image)
        }
    }

    private struct Parsed {
        var width = 0
        var height = 0
        var channels = 0
        var compressed: [UInt8] = []
    }

    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Walks the chunks, checking every CRC, and gathers the IDAT data.
    private static func parse(_ d: UnsafePointer<UInt8>, count: Int) -> Parsed? {
        guard count >= 8, (0..<8).allSatisfy({ d[$0] == signature[$0] }) else { return nil }
        func be32(_ at: Int) -> UInt32 {
            UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
        }
        var image = Parsed()
        var pos = 8
        var sawHeader = false
        while pos + 12 <= count {
            let length = Int(be32(pos))
            guard length <= count - pos - 12 else { return nil }
            let type = Array(UnsafeBufferPointer(start: d + pos + 4, count: 4))
            let body = pos + 8
            guard libdeflate_crc32(0, d + pos + 4, length + 4) == be32(body + length) else { return nil }
            switch String(decoding: type, as: UTF8.self) {
            case "IHDR":
                guard !sawHeader, pos == 8, length == 13 else { return nil }
                sawHeader = true
                image.width = Int(be32(body))
                image.height = Int(be32(body + 4))
                let (depth, colour, method, filter, interlace) = (d[body + 8], d[body + 9], d[body + 10],
                                                                 d[body + 11], d[body + 12])
                guard depth == 8, colour == 2 || colour == 6, method == 0, filter == 0, interlace == 0,
                      image.width > 0, image.height > 0,
                      image.width * image.height <= PNG.maxPixelsCeiling else { return nil }
                image.channels = colour == 6 ? 4 : 3
            case "IDAT":
                guard sawHeader else { return nil }
                image.compressed.append(contentsOf: UnsafeBufferPointer(start: d + body, count: length))
            case "IEND":
                return sawHeader ? image : nil
            case "tRNS":
                return nil
            default:
                // Bit 5 of the first letter clear (upper case) marks a critical chunk.
                if type[0] & 0x20 == 0 && type != Array("PLTE".utf8) { return nil }
            }
            pos = body + length + 4
        }
        return nil
    }

    /// Inflates into one buffer and reconstructs the rows in it, moving each row down over the
    /// filter bytes (and, for RGB, spreading it to RGBA from the right) so no second image-sized
    /// buffer is needed.
    private static func inflateAndUnfilter(_ image: Parsed) -> Pixmap? {
        let rowBytes = image.width * image.channels
        let rawCount = image.height * (rowBytes + 1)
        let rgbaCount = image.width * image.height * 4
        // More image data than the compressed bytes can inflate to: truncated, or a bomb.
        guard rawCount <= image.compressed.count * PNG.maxInflationRatio else { return nil }
        // Every byte is written below (inflated, then moved or spread), so skip zero-filling.
        var pixels = [UInt8](unsafeUninitializedCapacity: max(rawCount, rgbaCount)) { _, count in
            count = max(rawCount, rgbaCount)
        }
        guard let inflater = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(inflater) }
        var produced = 0
        let status = pixels.withUnsafeMutableBytes { out in
            image.compressed.withUnsafeBytes { input in
                libdeflate_zlib_decompress(inflater, input.baseAddress, input.count, out.baseAddress, rawCount,
                                           &produced)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, produced == rawCount else { return nil }
        let ok = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
            let base = buffer.baseAddress!
            for y in 0..<image.height {
                let filtered = base + y * (rowBytes + 1)
                let row = base + y * rowBytes
                let previous: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(row - rowBytes) : nil
                guard PNGFilter.undo(filtered[0], row: filtered + 1, previous: previous, count: rowBytes,
                                     bytesPerPixel: image.channels) else { return false }
                row.update(from: filtered + 1, count: rowBytes)
            }
            if image.channels == 3 {
                // Spread RGB to RGBA from the last pixel back, so nothing is overwritten unread.
                for i in stride(from: image.width * image.height - 1, through: 0, by: -1) {
                    base[4 * i + 3] = 255
                    base[4 * i + 2] = base[3 * i + 2]
                    base[4 * i + 1] = base[3 * i + 1]
                    base[4 * i] = base[3 * i]
                }
            }
            return true
        }
        guard ok else { return nil }
        pixels.removeLast(pixels.count - rgbaCount)
        return image.channels == 3
            ? Pixmap(width: image.width, height: image.height, premultiplied: pixels)
            : Pixmap(width: image.width, height: image.height, straight: pixels)
    }
}

/// PNG's five row filters (PNG specification, section 9), undone in place.
enum PNGFilter {
    /// Reconstructs one row from its filtered bytes and the reconstructed row above (`nil` for
    /// the first row, which PNG treats as zeros). Returns `false` for an unknown filter type.
    static func undo(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
                     count: Int, bytesPerPixel bpp: Int) -> Bool {
        switch type {
        case 0:
            return true
        case 1:
            for i in bpp..<max(bpp, count) { row[i] &+= row[i - bpp] }
        case 2:
            guard let up = previous else { return true }
            var i = 0
            while i + 16 <= count {
                let sum = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    &+ UnsafeRawPointer(up + i).loadUnaligned(as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(row + i).storeBytes(of: sum, as: SIMD16<UInt8>.self)
                i += 16
            }
            while i < count {
                row[i] &+= up[i]
                i += 1
            }
        case 3:
            for i in 0..<count {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                let above = previous.map { Int($0[i]) } ?? 0
                row[i] &+= UInt8((left + above) >> 1)
            }
        case 4:
            guard let up = previous else { return undo(1, row: row, previous: nil, count: count, bytesPerPixel: bpp) }
            // Three or four bytes a pixel (RGB, RGBA), one pixel per step with its channels in a
            // vector: the moving-mesh bench's RGB frames are three quarters Paeth rows, and the
            // loop below was 5 % of encoding them as a GIF.
            if bpp == 4 {
                paethVector(row: row, previous: up, count: count, bytesPerPixel: 4)
                return true
            }
            if bpp == 3 {
                paethVector(row: row, previous: up, count: count, bytesPerPixel: 3)
                return true
            }
            var a = 0, c = 0
            for i in 0..<count {
                if i >= bpp {
                    a = Int(row[i - bpp])
                    c = Int(up[i - bpp])
                }
                let b = Int(up[i])
                // The Paeth predictor: p − a = b − c, p − b = a − c, p − c = a + b − 2c.
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                row[i] &+= UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            }
        default:
            return false
        }
        return true
    }

    /// Paeth for `bytesPerPixel` 3 or 4 (a constant where it is called, so each is its own loop),
    /// one pixel per step with its channels in a vector (a fourth lane unused for three).
    @inline(__always)
    private static func paethVector(row: UnsafeMutablePointer<UInt8>, previous up: UnsafePointer<UInt8>, count: Int,
                                    bytesPerPixel bpp: Int) {
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Int16> {
            bpp == 4 ? SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
                : SIMD4<Int16>(Int16(p[0]), Int16(p[1]), Int16(p[2]), 0)
        }
        @inline(__always) func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> { pointwiseMax(v, 0 &- v) }
        var a = SIMD4<Int16>(repeating: 0), c = a
        var i = 0
        while i + bpp <= count {
            let b = load(up + i)
            let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
            let predicted = c.replacing(with: b, where: pb .<= pc).replacing(with: a, where: (pa .<= pb) .& (pa .<= pc))
            let value = (load(row + i) &+ predicted) & 0xFF
            if bpp == 4 {
                UnsafeMutableRawPointer(row + i).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: value),
                                                            as: SIMD4<UInt8>.self)
            } else {
                row[i] = UInt8(truncatingIfNeeded: value[0])
                row[i + 1] = UInt8(truncatingIfNeeded: value[1])
                row[i + 2] = UInt8(truncatingIfNeeded: value[2])
            }
            a = value
            c = b
            i += bpp
        }
    }
}
