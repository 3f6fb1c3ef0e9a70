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

    /// The largest image `decode` accepts, in pixels (a 16k × 16k image), so a hostile header
    /// cannot make us allocate gigabytes.
    public static let maxPixels: UInt64 = 16384 * 16384

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
    /// `name` is used in the error text. Corrupt or truncated data throws, never crashes.
    public static func decode(_ data: [UInt8], name: String = "PNG") throws -> Pixmap {
        if let pixmap = PNGFastDecoder.decode(data) { return pixmap }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { d in
            pr_png_decode(d.baseAddress, d.count, maxPixels, &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let px = pixels else {
            throw CodecError.malformed(input: name, reason: "not a valid PNG: \(String(cString: message))")
        }
        defer { pr_png_free(px) }
        let count = Int(width) * Int(height) * 4
        return Pixmap(width: Int(width), height: Int(height),
                      straight: Array(UnsafeBufferPointer(start: px, count: count)))
    }

    /// Reads and decodes a PNG file.
    public static func read(path: String) throws -> Pixmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw CodecError.unreadable(path: path, reason: reason)
        }
        return try decode([UInt8](data), name: path)
    }

    /// Encodes and writes a PNG atomically (temporary file, then rename).
    public static func write(_ pixmap: Pixmap, to path: String, compression: Compression = .fast) throws {
        try AtomicOutput.write(encode(pixmap, compression: compression), to: path)
    }
}
