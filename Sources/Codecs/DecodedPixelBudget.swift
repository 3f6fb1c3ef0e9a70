import Foundation
import Raster

/// One pixel budget for every image a render decodes (a scene's `image:` files, an SVG's
/// `<image>` files and data URLs, PNG or JPEG): the sum of their decoded pixels stays within
/// `limit`, so a few small files whose headers claim huge sizes, or many different large
/// images, cannot take a render past a few hundred megabytes. Each image's size is read from
/// its header and checked before any pixel memory is allocated. The same file (or the same
/// data URL bytes) decoded again is taken from the budget's cache and counted once.
///
/// `ImageFile.read` and `ImageFile.decode` draw on `current` when one is set.
public final class DecodedPixelBudget: @unchecked Sendable {
    /// 64 megapixels (256 MB of RGBA): two images at the largest single-image size
    /// (`PNG.defaultMaxPixels`), or about 40 full 3× iPhone 15 Pro screens (1179 × 2556).
    public static let defaultLimit = 1 << 26

    /// The budget images decoded in this task draw on; nil decodes each image against
    /// `PNG.defaultMaxPixels` alone.
    @TaskLocal public static var current: DecodedPixelBudget?

    /// The most decoded pixels, summed over distinct images, this budget allows.
    public let limit: Int
    private let lock = NSLock()
    private var spentPixels = 0
    private var files: [String: Pixmap] = [:]
    private var dataURLs: [[UInt8]: Pixmap] = [:]
    private var firstRefusal: Refusal?

    /// A budget of `limit` pixels (at most `PNG.maxPixelsCeiling`).
    public init(limit: Int = defaultLimit) {
        self.limit = min(max(0, limit), PNG.maxPixelsCeiling)
    }

    /// The pixels decoded so far, each distinct image counted once.
    public var spent: Int { lock.withLock { spentPixels } }

    /// The first image this budget refused, kept so a reader that only warns about images it
    /// cannot draw (SVG) can still end the render with this error.
    public var refusal: Refusal? { lock.withLock { firstRefusal } }

    /// An image whose decoded pixels would take the render past its budget.
    public struct Refusal: Error, CustomStringConvertible, Equatable, Sendable {
        /// The file, or what the data URL is called in errors.
        public let input: String
        public let width: Int, height: Int
        /// The pixels decoded before this image, and the budget.
        public let spent: Int, limit: Int

        /// A refusal of `input`, `width` × `height`, after `spent` of `limit` pixels.
        public init(input: String, width: Int, height: Int, spent: Int, limit: Int) {
            (self.input, self.width, self.height, self.spent, self.limit) = (input, width, height, spent, limit)
        }

        public var description: String {
            "\(input): \(width)×\(height) pixels would take the images decoded in this render to "
                + "\(spent + width * height) pixels, over the budget of \(limit) (\(limit >> 20) megapixels)"
        }
    }

    /// The decoded image of the file at `path`, from the cache when it was decoded before.
    func image(path: String, decode: (_ maxPixels: Int) throws -> Pixmap) throws -> Pixmap {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if let hit = lock.withLock({ files[key] }) { return hit }
        let pixmap = try charge(name: path, decode: decode)
        lock.withLock { files[key] = pixmap }
        return pixmap
    }

    /// The decoded image of `data` (a data URL's bytes), from the cache when the same bytes were decoded before.
    func image(data: [UInt8], name: String, decode: (_ maxPixels: Int) throws -> Pixmap) throws -> Pixmap {
        if let hit = lock.withLock({ dataURLs[data] }) { return hit }
        let pixmap = try charge(name: name, decode: decode)
        lock.withLock { dataURLs[data] = pixmap }
        return pixmap
    }

    /// Decodes with what is left of the budget as the decoder's pixel limit (the decoders check
    /// the header's size before allocating), then counts the image.
    private func charge(name: String, decode: (_ maxPixels: Int) throws -> Pixmap) throws -> Pixmap {
        let spentBefore = spent
        let remaining = max(0, limit - spentBefore)
        let pixmap: Pixmap
        do {
            pixmap = try decode(min(remaining, PNG.defaultMaxPixels))
        } catch let CodecError.tooManyPixels(input, width, height, _) where width * height <= PNG.defaultMaxPixels {
            let refusal = Refusal(input: input, width: width, height: height, spent: spentBefore, limit: limit)
            lock.withLock { if firstRefusal == nil { firstRefusal = refusal } }
            throw refusal
        }
        lock.withLock { spentPixels += pixmap.width * pixmap.height }
        return pixmap
    }
}
