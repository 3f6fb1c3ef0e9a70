import CLibDeflate

/// A zlib stream of one fixed-Huffman deflate block whose only matches are runs of a repeated
/// byte (distance 1), the way PNG frames of a UI are fastest to compress: with every row
/// filtered against the row above, nearly all bytes are zero and most of a frame is a few
/// long runs, found eight bytes at a time. About five times as fast as libdeflate's fastest
/// level, for files about twice as large.
enum RunLengthDeflate {
    /// The zlib stream (header, one final fixed-Huffman block, Adler-32) of `count` bytes.
    static func zlib(_ data: UnsafePointer<UInt8>, count: Int) -> [UInt8] {
        // Read once: each access to a static would check that it is initialised.
        let literals = Table.literals, literalBits = Table.literalBits
        let lengths = Table.lengths, lengthBits = Table.lengthBits
        var out = BitWriter(capacity: count / 8 + 64)  // deflate packs bits LSB first, as GIF
        out.write(0x0178, width: 16)  // zlib header: deflate, 32K window, no dictionary
        out.write(0b011, width: 3)  // final block, fixed Huffman codes
        var i = 0
        while i < count {
            let byte = data[i]
            var run = 0
            if i > 0 && byte == data[i - 1] {
                run = runLength(data, from: i, count: count, of: byte)
            }
            if run >= 3 {
                var left = run
                while left >= 3 {
                    let length = min(left, 258)
                    out.write(lengths[length], width: lengthBits[length])
                    out.write(0, width: 5)  // distance 1
                    left -= length
                }
                for _ in 0..<left { out.write(literals[Int(byte)], width: literalBits[Int(byte)]) }
                i += run
            } else {
                out.write(literals[Int(byte)], width: literalBits[Int(byte)])
                i += 1
            }
        }
        out.write(0, width: 7)  // end of block: code 256 is seven zero bits
        var bytes = out.finish()
        let adler = libdeflate_adler32(1, data, count)
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
        return bytes
    }

    /// How many bytes from `i` on equal `byte`.
    @inline(__always)
    private static func runLength(_ data: UnsafePointer<UInt8>, from i: Int, count: Int, of byte: UInt8) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(data)
        var j = i
        while j + 8 <= count {
            let difference = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) ^ pattern
            if difference != 0 { return j - i + difference.trailingZeroBitCount / 8 }
            j += 8
        }
        while j < count && data[j] == byte { j += 1 }
        return j - i
    }

    /// The fixed Huffman codes of RFC 1951 §3.2.6, bit-reversed for an LSB-first writer.
    private enum Table {
        static let literals: [Int] = (0..<256).map { v in
            v < 144 ? reversed(0x30 + v, 8) : reversed(0x190 + v - 144, 9)
        }
        static let literalBits: [Int] = (0..<256).map { $0 < 144 ? 8 : 9 }
        /// For a match length 3...258: its length code and extra bits, as one bit string.
        static let lengths: [Int] = (0...258).map { length in length < 3 ? 0 : lengthCode(length).bits }
        static let lengthBits: [Int] = (0...258).map { length in length < 3 ? 0 : lengthCode(length).count }

        private static let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                    67, 83, 99, 115, 131, 163, 195, 227, 258]
        private static let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
                                     5, 5, 5, 5, 0]

        private static func lengthCode(_ length: Int) -> (bits: Int, count: Int) {
            let index = bases.lastIndex { $0 <= length }!
            let symbol = 257 + index
            let (code, count) = symbol < 280 ? (reversed(symbol - 256, 7), 7) : (reversed(0xC0 + symbol - 280, 8), 8)
            return (code | (length - bases[index]) << count, count + extras[index])
        }

        private static func reversed(_ code: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { bits, i in bits | ((code >> i) & 1) << (count - 1 - i) }
        }
    }
}
