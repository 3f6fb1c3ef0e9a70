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
        var d = data
        for i in stride(from: 0, to: d.count, by: 4) {
            let a = UInt32(d[i + 3])
            if a == 255 { continue }
            if a == 0 { d[i] = 0; d[i + 1] = 0; d[i + 2] = 0; continue }
            for c in 0..<3 { d[i + c] = UInt8(min(255, (UInt32(d[i + c]) * 255 + a / 2) / a)) }
        }
        return d
    }

    /// The premultiplied RGBA of one pixel.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }
}
