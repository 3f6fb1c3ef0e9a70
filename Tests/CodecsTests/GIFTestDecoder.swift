/// A strict GIF89a decoder written independently of the encoder, for round-trip tests. It
/// rejects anything a careless encoder might get away with in lenient decoders: codes past the
/// next free code, a missing clear or EOI code, pixel counts that differ from the rectangle,
/// indices outside the colour table, frames outside the screen, bytes after the trailer.
struct DecodedGIF {
    struct Frame {
        /// x, y, width, height of the image descriptor.
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var hasLocalTable: Bool
        /// The indices as stored, row by row.
        var indices: [UInt8]
        /// The whole screen after this frame is drawn, as 0x00BBGGRR (0xFF000000 where nothing
        /// was ever drawn).
        var screen: [UInt32]
    }

    var width = 0
    var height = 0
    var globalTable: [UInt32] = []
    var loopCount: Int?
    var frames: [Frame] = []
}

struct GIFDecodingError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

enum GIFTestDecoder {
    static let blank: UInt32 = 0xFF00_0000

    static func decode(_ data: [UInt8]) throws -> DecodedGIF {
        var r = Reader(data: data)
        guard try r.bytes(6) == Array("GIF89a".utf8) else { throw GIFDecodingError("not GIF89a") }
        var gif = DecodedGIF()
        gif.width = try r.u16()
        gif.height = try r.u16()
        let flags = try r.byte()
        _ = try r.bytes(2)
        if flags & 0x80 != 0 { gif.globalTable = try r.table(bits: Int(flags & 7) + 1) }
        var screen = [UInt32](repeating: blank, count: gif.width * gif.height)
        var control: (delay: Int, disposal: Int, transparent: Int?)?
        while true {
            switch try r.byte() {
            case 0x3B:
                guard r.pos == data.count else { throw GIFDecodingError("bytes after the trailer") }
                return gif
            case 0x21:
                let label = try r.byte()
                let blocks = try r.subBlocks()
                if label == 0xF9 {
                    guard blocks.count == 1, blocks[0].count == 4 else { throw GIFDecodingError("bad GCE") }
                    let b = blocks[0]
                    control = (Int(b[1]) | Int(b[2]) << 8, Int(b[0] >> 2) & 7, b[0] & 1 != 0 ? Int(b[3]) : nil)
                } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8) {
                    guard blocks[1].count == 3, blocks[1][0] == 1 else { throw GIFDecodingError("bad NETSCAPE block") }
                    gif.loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
            case 0x2C:
                let x = try r.u16(), y = try r.u16(), w = try r.u16(), h = try r.u16()
                let packed = try r.byte()
                guard x + w <= gif.width, y + h <= gif.height, w > 0, h > 0 else {
                    throw GIFDecodingError("frame outside the screen")
                }
                guard packed & 0x40 == 0 else { throw GIFDecodingError("interlaced") }
                let local = packed & 0x80 != 0
                let table = local ? try r.table(bits: Int(packed & 7) + 1) : gif.globalTable
                guard !table.isEmpty else { throw GIFDecodingError("no colour table") }
                let minCodeSize = Int(try r.byte())
                let lzw = try r.subBlocks().flatMap { $0 }
                let indices = try lzwDecode(lzw, minCodeSize: minCodeSize, pixelCount: w * h)
                let c = control ?? (0, 0, nil)
                for (i, k) in indices.enumerated() {
                    guard Int(k) < table.count else { throw GIFDecodingError("index \(k) outside the table") }
                    if Int(k) == c.transparent { continue }
                    screen[(y + i / w) * gif.width + x + i % w] = table[Int(k)]
                }
                gif.frames.append(.init(rect: (x, y, w, h), delay: c.delay, disposal: c.disposal,
                                        transparentIndex: c.transparent, hasLocalTable: local, indices: indices,
                                        screen: screen))
                guard c.disposal <= 2 else { throw GIFDecodingError("disposal \(c.disposal) not expected") }
                if c.disposal == 2 {
                    // Restore to background: the frame's rectangle is cleared, as browsers do.
                    for i in 0..<w * h { screen[(y + i / w) * gif.width + x + i % w] = blank }
                }
                control = nil
            case let b:
                throw GIFDecodingError("unknown block 0x\(String(b, radix: 16))")
            }
        }
    }

    /// What an LZW stream decoded to, with how many clear codes it held and its widest code.
    struct LZWResult {
        var indices: [UInt8] = []
        var clears = 0
        var widestCode = 0
    }

    /// Decodes a GIF LZW stream; throws on any code the decoder could not have expected.
    static func lzwDecode(_ data: [UInt8], minCodeSize: Int, pixelCount: Int) throws -> [UInt8] {
        try lzwStream(data, minCodeSize: minCodeSize, pixelCount: pixelCount).indices
    }

    static func lzwStream(_ data: [UInt8], minCodeSize: Int, pixelCount: Int) throws -> LZWResult {
        guard (2...8).contains(minCodeSize) else { throw GIFDecodingError("min code size \(minCodeSize)") }
        let clear = 1 << minCodeSize, end = clear + 1
        var table: [[UInt8]] = (0..<clear).map { [UInt8($0)] } + [[], []]
        var codeSize = minCodeSize + 1
        var result = LZWResult()
        var out: [UInt8] = []
        var previous: [UInt8]?
        var bitPos = 0
        var first = true
        func read() throws -> Int {
            var v = 0
            for i in 0..<codeSize {
                let byte = (bitPos + i) / 8
                guard byte < data.count else { throw GIFDecodingError("LZW data ended without EOI") }
                v |= Int(data[byte] >> ((bitPos + i) % 8) & 1) << i
            }
            bitPos += codeSize
            result.widestCode = max(result.widestCode, codeSize)
            return v
        }
        while true {
            let code = try read()
            if first && code != clear { throw GIFDecodingError("stream does not start with a clear code") }
            first = false
            if code == clear {
                result.clears += 1
                table.removeSubrange((clear + 2)...)
                codeSize = minCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            guard let prev = previous else {
                guard code < clear else { throw GIFDecodingError("first code after clear is not a literal") }
                out += table[code]
                previous = table[code]
                continue
            }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if code == table.count {
                entry = prev + [prev[0]]
            } else {
                throw GIFDecodingError("code \(code) past the next free code \(table.count)")
            }
            out += entry
            if table.count < 4096 {
                table.append(prev + [entry[0]])
                if table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = entry
        }
        guard (bitPos + 7) / 8 == data.count else { throw GIFDecodingError("bytes after the EOI code") }
        guard out.count == pixelCount else { throw GIFDecodingError("\(out.count) pixels, expected \(pixelCount)") }
        result.indices = out
        return result
    }

    private struct Reader {
        let data: [UInt8]
        var pos = 0

        mutating func byte() throws -> UInt8 {
            guard pos < data.count else { throw GIFDecodingError("truncated at \(pos)") }
            pos += 1
            return data[pos - 1]
        }

        mutating func bytes(_ n: Int) throws -> [UInt8] { try (0..<n).map { _ in try byte() } }

        mutating func u16() throws -> Int { Int(try byte()) | Int(try byte()) << 8 }

        mutating func table(bits: Int) throws -> [UInt32] {
            try (0..<(1 << bits)).map { _ in
                let rgb = try bytes(3)
                return UInt32(rgb[0]) | UInt32(rgb[1]) << 8 | UInt32(rgb[2]) << 16
            }
        }

        mutating func subBlocks() throws -> [[UInt8]] {
            var blocks: [[UInt8]] = []
            while true {
                let n = Int(try byte())
                if n == 0 { return blocks }
                blocks.append(try bytes(n))
            }
        }
    }
}
