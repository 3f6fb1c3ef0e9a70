import CLibDeflate
import CLibPNG
import Foundation
import Raster

/// PNG reading and writing through libpng.
///
/// libpng is the reference implementation and is fast; what our golden tests compare is the
/// decoded RGBA, never the compressed bytes, so a different zlib build cannot break them.
public enum PNG {
    /// How hard deflate works. UI frames are flat colour: 97 % of a 750×1334 owl frame's bytes
    /// equal the byte above, so `frames` (rows filtered against the row above, then runs) is
    /// about five times as fast as libdeflate's fastest level; other levels without filters go
    /// through libdeflate, adaptive filters through libpng (level 6 adaptive took 4× as long as
    /// unfiltered for a slightly smaller file).
    public struct Compression: Sendable, Equatable {
        /// zlib level, 0 (store) to 9 (smallest).
        public var level: Int32
        /// Whether libpng chooses a row filter per row (better for photos, slower).
        public var adaptiveFilters: Bool
        /// Whether rows are filtered against the row above and compressed as runs
        /// (`RunLengthDeflate`) instead of by libdeflate; `level` is then ignored.
        public var runLengths: Bool

        public init(level: Int32, adaptiveFilters: Bool, runLengths: Bool = false) {
            self.level = min(9, max(0, level))
            self.adaptiveFilters = adaptiveFilters
            self.runLengths = runLengths && !adaptiveFilters
        }

        /// Level 2, no filter (libdeflate): the default for single images, small and fast.
        public static let fast = Compression(level: 2, adaptiveFilters: false)
        /// Level 1, no filter (libdeflate's fastest): for many small images made on the way, as
        /// a report's frame patches; 40 % less time than `fast` on a failing owl check's
        /// patches, for 0.2 % more bytes.
        public static let quick = Compression(level: 1, adaptiveFilters: false)
        /// Rows filtered against the row above and compressed as runs (see `RunLengthDeflate`);
        /// for folders of frames, where speed matters more than size.
        public static let frames = Compression(level: 1, adaptiveFilters: false, runLengths: true)
        /// Level 9 with adaptive filters: for files that are committed (goldens, docs).
        public static let small = Compression(level: 9, adaptiveFilters: true)
    }

    /// The pixel budget `decode` and `read` use unless told otherwise: 32 megapixels (128 MB of
    /// RGBA, an 8192 × 4096 image, several times a 3× iPhone screen), so a hostile header of a
    /// few bytes cannot make us allocate gigabytes. Callers may raise it up to `maxPixelsCeiling`.
    public static let defaultMaxPixels = 1 << 25

    /// The highest pixel budget a caller may ask for: 16384 × 16384 (1 GB of RGBA).
    public static let maxPixelsCeiling = 16384 * 16384

    /// Deflate's largest expansion is about 1032 : 1 (a 258-byte match per 2-bit code), so image
    /// data that needs more bytes than this many times the file's size cannot be in the file.
    static let maxInflationRatio = 1100

    /// Encodes a pixmap as an 8-bit RGBA PNG with no ancillary chunks (no time stamp), so the same
    /// pixels give the same file. Unfiltered rows are compressed by libdeflate, which is several
    /// times faster than zlib for the same size; adaptive filters go through libpng.
    public static func encode(_ pixmap: Pixmap, compression: Compression = .fast) throws -> [UInt8] {
        if !compression.adaptiveFilters,
           let bytes = encodeUnfiltered(pixmap, level: compression.level, runLengths: compression.runLengths) {
            return bytes
        }
        let rgba = pixmap.straightRGBA()
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer { px in
            pr_png_encode(px.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height), compression.level,
                          compression.adaptiveFilters ? 1 : 0,
                          &out, &length, &message, message.count)
        }
        guard status == 0, let bytes = out else {
            throw CodecError.malformed(input: "PNG", reason: "cannot encode: \(String(cString: message))")
        }
        defer { pr_png_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// An 8-bit RGBA PNG without adaptive filters; nil when libdeflate cannot allocate. With
    /// `runLengths` every row is filtered against the row above ("Up") and compressed as
    /// runs (`RunLengthDeflate`), the fastest for UI frames; otherwise rows are left
    /// unfiltered and deflated by libdeflate at `level` (0 stores them).
    private static func encodeUnfiltered(_ pixmap: Pixmap, level: Int32, runLengths up: Bool) -> [UInt8]? {
        let rowBytes = pixmap.width * 4 + 1
        let rawCount = rowBytes * pixmap.height
        let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, rawCount))
        defer { raw.deallocate() }
        if up {
            let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
            defer { rows.deallocate() }
            var above = rows, current = rows + rowBytes
            above.initialize(repeating: 0, count: rowBytes)
            for y in 0..<pixmap.height {
                let row = raw + y * rowBytes
                row[0] = 2
                pixmap.straightRow(y, into: current)
                for i in 0..<(rowBytes - 1) { row[1 + i] = current[i] &- above[i] }
                swap(&above, &current)
            }
        } else {
            for y in 0..<pixmap.height {
                raw[y * rowBytes] = 0
                pixmap.straightRow(y, into: raw + y * rowBytes + 1)
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(UInt32(pixmap.width))
        header.appendBigEndian(UInt32(pixmap.height))
        header += [8, 6, 0, 0, 0]  // 8 bits per channel, RGBA, deflate, adaptive filtering method, no interlace
        png.appendChunk("IHDR", header)
        if up {
            png.appendChunk("IDAT", RunLengthDeflate.zlib(raw, count: rawCount))
        } else {
            guard let deflater = libdeflate_alloc_compressor(level) else { return nil }
            defer { libdeflate_free_compressor(deflater) }
            let bound = libdeflate_zlib_compress_bound(deflater, rawCount)
            // Not zeroed first: only the compressed bytes are written, and only their pages touched.
            let deflated = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                count = libdeflate_zlib_compress(deflater, raw, rawCount, out.baseAddress, bound)
            }
            guard !deflated.isEmpty else { return nil }
            png.appendChunk("IDAT", deflated)
        }
        png.appendChunk("IEND", [])
        return png
    }

    /// Decodes PNG bytes of any colour type, bit depth and interlacing into a pixmap.
    /// `name` is used in the error text. Corrupt or truncated data throws, never crashes. An image
    /// of more than `maxPixels` pixels, or whose header declares more pixels than its bytes can
    /// hold (a decompression bomb), throws before any pixel memory is allocated.
    public static func decode(_ data: [UInt8], name: String = "PNG", maxPixels: Int = defaultMaxPixels) throws -> Pixmap {
        try checkBudget(data, name: name, maxPixels: maxPixels)
        if let pixmap = PNGFastDecoder.decode(data) { return pixmap }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { d in
            pr_png_decode(d.baseAddress, d.count, UInt64(maxPixels), &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let px = pixels else {
            throw CodecError.malformed(input: name, reason: "not a valid PNG: \(String(cString: message))")
        }
        defer { pr_png_free(px) }
        let count = Int(width) * Int(height) * 4
        return Pixmap(width: Int(width), height: Int(height),
                      straight: Array(UnsafeBufferPointer(start: px, count: count)))
    }

    /// Reads and decodes a PNG file, within the pixel budget `maxPixels`. A file too large to
    /// hold an image within the budget is refused before it is read.
    public static func read(path: String, maxPixels: Int = defaultMaxPixels) throws -> Pixmap {
        // 16-bit RGBA stored uncompressed is 8 bytes a pixel, plus filter bytes and chunk headers.
        let data = try ImageFile.contents(path: path, largest: Int64(maxPixels) * 9 + (1 << 20),
                                          tooLarge: "more than a PNG of \(maxPixels) pixels can be")
        return try decode(data, name: path, maxPixels: maxPixels)
    }

    /// Reads the size in the IHDR chunk (always the first chunk) and throws if the image is over
    /// the budget or needs more image data than `data` could inflate to. Files without a readable
    /// header pass, for the decoders to report.
    static func checkBudget(_ data: [UInt8], name: String, maxPixels: Int) throws {
        guard data.count >= 29, Array(data[12..<16]) == Array("IHDR".utf8) else { return }
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width < 1 << 31, height < 1 << 31 else {
            throw CodecError.malformed(input: name, reason: "not a valid PNG: the size \(width)×\(height) is out of range")
        }
        if width * height > maxPixels {
            throw CodecError.tooManyPixels(input: name, width: width, height: height, limit: maxPixels)
        }
        let samples = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(data[25])] ?? 1
        let rowBytes = (width * samples * max(1, Int(data[24])) + 7) / 8
        if height * (rowBytes + 1) > data.count * maxInflationRatio {
            throw CodecError.malformed(input: name, reason: "not a valid PNG: declares \(width)×\(height) pixels but holds only "
                                                          + "\(data.count) bytes (truncated, or a decompression bomb)")
        }
    }

    /// Encodes and writes a PNG atomically (temporary file, then rename).
    public static func write(_ pixmap: Pixmap, to path: String, compression: Compression = .fast) throws {
        try AtomicOutput.write(encode(pixmap, compression: compression), to: path)
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendBigEndian(_ v: UInt32) {
        append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)])
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    fileprivate mutating func appendChunk<Data: Collection>(_ type: String, _ data: Data) where Data.Element == UInt8 {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: type.utf8)
        append(contentsOf: data)
        let crc = withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + start, count - start) }
        appendBigEndian(crc)
    }
}

/// Encodes and writes PNG files on worker threads, so a folder of frames uses every core: at
/// most `orderedWorkLookahead` files are in flight, and a failure is thrown by a later `write`
/// or by `finish`, the first one in submission order.
public final class PNGFileWriter {
    private let compression: PNG.Compression
    private let work = OrderedWork<(any Error)?>(label: "popping-render.png")
    private var submitted = 0
    private var collected = 0

    public init(compression: PNG.Compression = .frames) {
        self.compression = compression
    }

    /// Starts writing `pixmap` to `path` (atomically, as `PNG.write`).
    public func write(_ pixmap: Pixmap, to path: String) throws {
        while submitted - collected >= orderedWorkLookahead { try collect() }
        let compression = compression
        work.submit {
            do {
                try PNG.write(pixmap, to: path, compression: compression)
                return nil
            } catch {
                return error
            }
        }
        submitted += 1
    }

    /// Waits for every file; throws the first failure.
    public func finish() throws {
        while collected < submitted { try collect() }
    }

    /// Waits for every file, ignoring failures (before the caller removes what was written).
    public func cancel() {
        while collected < submitted { try? collect() }
    }

    private func collect() throws {
        let failure = work.take(collected)
        collected += 1
        if let failure = failure ?? nil { throw failure }
    }
}
