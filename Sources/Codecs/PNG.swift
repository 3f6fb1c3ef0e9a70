import CLibPNG
import Foundation
import Raster

/// PNG reading and writing through libpng.
///
/// libpng is the reference implementation and is fast; what our golden tests compare is the
/// decoded RGBA, never the compressed bytes, so a different zlib build cannot break them.
public enum PNG {
    /// How hard zlib works. UI frames are flat colour, where no row filter at level 1–3 is both
    /// fast and small (libpng's defaults, level 6 with adaptive filtering, took 4× as long on
    /// a 750×1334 frame for a slightly smaller file; see ../shared/bench/README.md).
    public struct Compression: Sendable, Equatable {
        /// zlib level, 0 (store) to 9 (smallest).
        public var level: Int32
        /// Whether libpng chooses a row filter per row (better for photos, slower).
        public var adaptiveFilters: Bool

        public init(level: Int32, adaptiveFilters: Bool) {
            self.level = min(9, max(0, level))
            self.adaptiveFilters = adaptiveFilters
        }

        /// Level 2, no filter: the default, tuned for UI frames.
        public static let fast = Compression(level: 2, adaptiveFilters: false)
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
    /// pixels give the same file.
    public static func encode(_ pixmap: Pixmap, compression: Compression = .fast) throws -> [UInt8] {
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
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
            throw CodecError.unreadable(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CodecError.unreadable(path: path, reason: "is a directory")
        // A device or pipe (/dev/zero) could stream forever.
        default: throw CodecError.unreadable(path: path, reason: "is not a regular file")
        }
        // 16-bit RGBA stored uncompressed is 8 bytes a pixel, plus filter bytes and chunk headers.
        let largest = Int64(maxPixels) * 9 + (1 << 20)
        if Int64(info.st_size) > largest {
            throw CodecError.unreadable(path: path, reason: "is \(info.st_size) bytes, more than a PNG of "
                                                          + "\(maxPixels) pixels can be")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodecError.unreadable(path: path, reason: "permission denied")
        }
        return try decode([UInt8](data), name: path, maxPixels: maxPixels)
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
