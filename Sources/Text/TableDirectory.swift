/// The sfnt header's table records: where each table lies in the file.
struct TableDirectory {
    private let tables: [String: FontBytes]

    /// Reads the directory and checks that every table lies inside the file. Accepts TrueType
    /// outlines (version 0x00010000 or 'true'); CFF fonts ('OTTO') and collections ('ttcf') throw.
    init(file: [UInt8]) throws {
        let whole = FontBytes(file: file, table: "sfnt header")
        try whole.require(0, 12, "the sfnt header")
        switch try whole.u32(0) {
        case 0x0001_0000, Self.tag("true"): break
        case Self.tag("OTTO"): throw FontError.unsupported(reason: "CFF (PostScript) outlines; only TrueType 'glyf' outlines are read")
        case Self.tag("ttcf"): throw FontError.unsupported(reason: "a font collection (.ttc); pass a single .ttf")
        case let v: throw FontError.unsupported(reason: "not a TrueType font (it starts with 0x\(String(v, radix: 16)))")
        }
        let n = Int(try whole.u16(4))
        try whole.require(12, n * 16, "the table records of \(n) tables")
        var tables: [String: FontBytes] = [:]
        for i in 0..<n {
            let record = 12 + i * 16
            let tag = Self.name(try whole.u32(record))
            let offset = Int(try whole.u32(record + 8)), length = Int(try whole.u32(record + 12))
            tables[tag] = try whole.slice(offset, length, table: tag, "the '\(tag)' table")
        }
        self.tables = tables
    }

    /// The table, or `nil` when the font has none.
    subscript(tag: String) -> FontBytes? { tables[tag] }

    /// The table, throwing `FontError.missingTable` when the font has none.
    func required(_ tag: String) throws -> FontBytes {
        guard let t = tables[tag] else { throw FontError.missingTable(tag) }
        return t
    }

    private static func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The tag as text; bytes outside printable ASCII (only in damaged files) show as '?'.
    private static func name(_ tag: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { (byte: Int) -> UInt8 in
            let c = UInt8(truncatingIfNeeded: tag >> byte)
            return (0x20...0x7E).contains(c) ? c : 0x3F
        }, as: UTF8.self)
    }
}
