/// The byte layout of GIF89a's blocks (see the GIF89a specification, sections 17–27).
/// Multi-byte numbers are little-endian.
enum GIFBlocks {
    /// "GIF89a", then the logical screen descriptor and the global colour table.
    static func header(width: Int, height: Int, globalTable: GIFPalette) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        appendUInt16(width, to: &out)
        appendUInt16(height, to: &out)
        // Global table present, 8 bits per primary colour, not sorted, table size field.
        out.append(0x80 | 0x70 | UInt8(globalTable.bits - 1))
        out.append(0)  // background colour index
        out.append(0)  // no pixel aspect ratio
        out += globalTable.tableBytes()
        return out
    }

    /// The NETSCAPE2.0 application extension: play `count` more times after the first, 0 for
    /// forever.
    static func loop(count: Int) -> [UInt8] {
        var out: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        appendUInt16(count, to: &out)
        out.append(0)
        return out
    }

    /// The Graphic Control Extension before a frame: its delay in centiseconds (0...65535),
    /// transparent index and disposal: 1, "leave in place", as every frame is the change from the
    /// picture before it; 2, "restore to background" (browsers clear to transparent), before a
    /// transparent GIF's frame that turns pixels transparent.
    static func graphicControl(delay: Int, transparentIndex: Int?, disposal: UInt8 = 1) -> [UInt8] {
        var out: [UInt8] = [0x21, 0xF9, 4, disposal << 2 | (transparentIndex == nil ? 0 : 1)]
        appendUInt16(delay, to: &out)
        out += [UInt8(transparentIndex ?? 0), 0]
        return out
    }

    /// An image descriptor, its local colour table when it has one, and its LZW data.
    static func image(rect: GIFRect, localTable: GIFPalette?, minCodeSize: Int, lzw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x2C]
        out.reserveCapacity(lzw.count + lzw.count / 255 + 800)
        for v in [rect.x, rect.y, rect.width, rect.height] { appendUInt16(v, to: &out) }
        if let table = localTable {
            out.append(0x80 | UInt8(table.bits - 1))
            out += table.tableBytes()
        } else {
            out.append(0)
        }
        out.append(UInt8(minCodeSize))
        appendSubBlocks(lzw, to: &out)
        return out
    }

    /// The trailer that ends the file.
    static let trailer: [UInt8] = [0x3B]

    /// Data as sub-blocks of at most 255 bytes, each preceded by its length, then a 0 block.
    static func appendSubBlocks(_ data: [UInt8], to out: inout [UInt8]) {
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n))
            out += data[i..<i + n]
            i += n
        }
        out.append(0)
    }

    static func appendUInt16(_ v: Int, to out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF))
        out.append(UInt8((v >> 8) & 0xFF))
    }
}
