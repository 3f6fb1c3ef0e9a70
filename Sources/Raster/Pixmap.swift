import Foundation

/// A raster image in premultiplied RGBA8: four bytes per pixel in the order R, G, B, A, rows
/// top to bottom with no padding. Premultiplied storage makes source-over a multiply-add and
/// keeps transparent pixels all-zero, so equal images have equal bytes.
public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, premultiplied RGBA.
    public var data: [UInt8]

    /// A fully transparent pixmap.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative pixmap size")
        self.width = width
        self.height = height
        data = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps premultiplied RGBA bytes; `data.count` must be `width * height * 4`.
    public init(width: Int, height: Int, premultiplied data: [UInt8]) {
        precondition(data.count == width * height * 4, "pixmap data size does not match its dimensions")
        self.width = width
        self.height = height
        self.data = data
    }

    /// Converts straight (unpremultiplied) RGBA bytes, as PNG stores them, to a pixmap. Opaque
    /// pixels are already premultiplied, so a fully opaque image is taken as it is.
    public init(width: Int, height: Int, straight rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "pixmap data size does not match its dimensions")
        guard !Pixmap.isOpaque(rgba) else {
            self.init(width: width, height: height, premultiplied: rgba)
            return
        }
        var d = rgba
        for i in stride(from: 0, to: d.count, by: 4) where d[i + 3] != 255 {
            let a = UInt32(d[i + 3])
            for c in 0..<3 { d[i + c] = UInt8(Blend.div255(UInt32(d[i + c]) * a)) }
        }
        self.init(width: width, height: height, premultiplied: d)
    }

    /// Whether every alpha byte of RGBA data is 255: AND all 8-byte words together (a loop the
    /// compiler vectorises) and look at the alpha bytes once.
    static func isOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBytes { raw in
            let words = raw.count / 8
            var all = UInt64.max
            for i in 0..<words { all &= raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
            let alpha: UInt64 = 0xFF00_0000_FF00_0000
            return all & alpha == alpha && (8 * words..<raw.count).allSatisfy { $0 % 4 != 3 || raw[$0] == 255 }
        }
    }

    /// The pixels as straight RGBA bytes, as PNG and GIF store them.
    public func straightRGBA() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: data.count) { out, initialized in
            for y in 0..<height { straightRow(y, into: out.baseAddress! + y * width * 4) }
            initialized = data.count
        }
    }

    /// Writes row `y` as straight RGBA bytes (`width * 4` of them) to `out`: opaque pixels, all
    /// of a UI frame but its edges, are copied as they are; the others are divided by alpha.
    public func straightRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        data.withUnsafeBytes { raw in
            let row = raw.baseAddress! + y * width * 4
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            var i = 0
            while i < width {
                // Four opaque pixels at a time are copied as they are.
                if i + 4 <= width {
                    let low = row.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self)
                    let high = row.loadUnaligned(fromByteOffset: 4 * i + 8, as: UInt64.self)
                    let alphas: UInt64 = 0xFF00_0000_FF00_0000
                    if low & high & alphas == alphas {
                        UnsafeMutableRawPointer(out + 4 * i).storeBytes(of: low, as: UInt64.self)
                        UnsafeMutableRawPointer(out + 4 * i + 8).storeBytes(of: high, as: UInt64.self)
                        i += 4
                        continue
                    }
                }
                let word = row.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                let a = word >> 24
                if a == 255 || a == 0 {
                    UnsafeMutableRawPointer(out + 4 * i).storeBytes(of: a == 0 ? 0 : word, as: UInt32.self)
                } else {
                    for c in 0..<3 { out[4 * i + c] = UInt8(min(255, (UInt32(bytes[4 * i + c]) * 255 + a / 2) / a)) }
                    out[4 * i + 3] = UInt8(a)
                }
                i += 1
            }
        }
    }

    /// The premultiplied RGBA of one pixel.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }
}

extension Pixmap {
    /// Whether `other` has this pixmap's size and pixels, byte for byte (see
    /// `[UInt8].hasSameBytes(as:)`).
    public func hasSameBytes(as other: Pixmap) -> Bool {
        width == other.width && height == other.height && data.hasSameBytes(as: other.data)
    }
}

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes: one memory comparison, far cheaper than a hash or an
    /// element-by-element `==`, and none at all when both share one buffer (a frame rendered once
    /// and delivered again).
    public func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard !isEmpty else { return true }
        return withUnsafeBytes { x in
            other.withUnsafeBytes { y in x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
