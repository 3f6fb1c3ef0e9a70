import Foundation
import Raster

/// A PNG or JPEG image, told apart by its first bytes (not its name), for `<image>` in SVG.
public enum ImageFile {
    /// Decodes PNG or JPEG bytes within the pixel budget, and within `DecodedPixelBudget.current`
    /// when one is set (the same bytes decoded again come from its cache); anything else is an error.
    public static func decode(_ data: [UInt8], name: String, maxPixels: Int = PNG.defaultMaxPixels) throws -> Pixmap {
        if let budget = DecodedPixelBudget.current {
            return try budget.image(data: data, name: name) { try decodeOnce(data, name: name, maxPixels: min(maxPixels, $0)) }
        }
        return try decodeOnce(data, name: name, maxPixels: maxPixels)
    }

    private static func decodeOnce(_ data: [UInt8], name: String, maxPixels: Int) throws -> Pixmap {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNG.decode(data, name: name, maxPixels: maxPixels) }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEG.decode(data, name: name, maxPixels: maxPixels) }
        throw CodecError.malformed(input: name, reason: "not a PNG or JPEG image")
    }

    /// Reads and decodes a PNG or JPEG file within the pixel budget, and within
    /// `DecodedPixelBudget.current` when one is set (the same file read again comes from its cache).
    public static func read(path: String, maxPixels: Int = PNG.defaultMaxPixels) throws -> Pixmap {
        if let budget = DecodedPixelBudget.current {
            return try budget.image(path: path) { try readOnce(path: path, maxPixels: min(maxPixels, $0)) }
        }
        return try readOnce(path: path, maxPixels: maxPixels)
    }

    private static func readOnce(path: String, maxPixels: Int) throws -> Pixmap {
        // Neither format holds an image of the budget in more than 9 bytes a pixel.
        let data = try contents(path: path, largest: Int64(maxPixels) * 9 + (1 << 20),
                                tooLarge: "more than an image of \(maxPixels) pixels can be")
        return try decodeOnce(data, name: path, maxPixels: maxPixels)
    }

    /// The bytes of a regular file of at most `largest` bytes; a missing file, a folder, a
    /// device or pipe (which could stream forever) or a larger file is an error naming `path`.
    static func contents(path: String, largest: Int64, tooLarge: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
            throw CodecError.unreadable(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CodecError.unreadable(path: path, reason: "is a directory")
        default: throw CodecError.unreadable(path: path, reason: "is not a regular file")
        }
        if Int64(info.st_size) > largest {
            throw CodecError.unreadable(path: path, reason: "is \(info.st_size) bytes, \(tooLarge)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodecError.unreadable(path: path, reason: "permission denied")
        }
        return [UInt8](data)
    }
}
