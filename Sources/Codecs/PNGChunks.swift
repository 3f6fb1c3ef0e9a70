import CLibDeflate

/// PNG's chunk layout (PNG specification, section 5): a 4-byte big-endian length, a 4-letter
/// type, the data and a CRC-32 of type and data. The APNG encoder and decoder cut and build
/// chunks with it; libpng writes and reads the pixels inside them.
enum PNGChunks {
    /// The 8 bytes every PNG starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// One chunk of a parsed file: its type and where its data lies.
    struct Chunk {
        let type: String
        let data: Range<Int>
    }

    /// A complete chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        appendUInt32(UInt32(data.count), to: &out)
        out += Array(type.utf8)
        out += data
        let crc = out.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + 4, data.count + 4) }
        appendUInt32(crc, to: &out)
        return out
    }

    /// The chunks of a PNG file up to and including IEND, with every length and CRC checked.
    /// Throws `CodecError.malformed` naming `name` for a bad signature, a chunk running past the
    /// end, a wrong CRC or a missing IEND.
    static func parse(_ bytes: [UInt8], name: String) throws -> [Chunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw CodecError.malformed(input: name, reason: "not a PNG file (bad signature)")
        }
        var chunks: [Chunk] = []
        var pos = 8
        while pos + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at: pos))
            guard length <= bytes.count - pos - 12 else {
                throw CodecError.malformed(input: name, reason: "chunk at byte \(pos) runs past the end (file is truncated)")
            }
            let typeBytes = bytes[pos + 4..<pos + 8]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw CodecError.malformed(input: name, reason: "chunk at byte \(pos) has no valid type")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let crc = bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + pos + 4, length + 4) }
            guard crc == readUInt32(bytes, at: pos + 8 + length) else {
                throw CodecError.malformed(input: name, reason: "\(type) chunk at byte \(pos) has a wrong CRC")
            }
            chunks.append(Chunk(type: type, data: pos + 8..<pos + 8 + length))
            if type == "IEND" { return chunks }
            pos += length + 12
        }
        throw CodecError.malformed(input: name, reason: "file is truncated (no IEND chunk)")
    }

    static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func appendUInt16(_ v: Int, to out: inout [UInt8]) {
        out += [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func readUInt32(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    static func readUInt16(_ bytes: [UInt8], at i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
}
