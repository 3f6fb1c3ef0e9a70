/// The bytes of one SVG file with its name, so any byte offset can be reported as a
/// `file:line:column` position.
struct SourceText {
    /// The name errors report: the path the file was loaded from, or the name given to `parse`.
    let name: String
    /// The text as UTF-8, whatever the file's encoding.
    let bytes: [UInt8]
    /// Offsets past the end of `bytes` name text that entities expanded to; these ranges map
    /// them back to the offset of the reference (`EntityTable.expansions`).
    var expansions: [(range: Range<Int>, reference: Int)] = []

    init(name: String, text: String) {
        self.name = name
        bytes = Array(text.utf8)
    }

    /// The file's bytes in the encoding its byte-order mark or XML declaration names, as XML
    /// parsers read them: UTF-8 (the default), UTF-16 (little- or big-endian, with a
    /// byte-order mark or the `<?xml` that starts the file), ISO-8859-1 (Latin-1),
    /// windows-1252 and US-ASCII. Anything else, and bytes invalid in the encoding, is an
    /// error naming the file.
    init(name: String, data: [UInt8]) throws {
        self.name = name
        func failure(_ message: String) -> SVGError { SVGError(file: name, line: 0, column: 0, message: message) }
        if let bigEndian = Self.utf16Order(data) {
            var units: [UInt16] = []
            units.reserveCapacity(data.count / 2)
            var k = 0
            while k + 1 < data.count {
                units.append(bigEndian ? UInt16(data[k]) << 8 | UInt16(data[k + 1]) : UInt16(data[k + 1]) << 8 | UInt16(data[k]))
                k += 2
            }
            guard data.count % 2 == 0, let text = String(validating: units, as: UTF16.self) else {
                throw failure("the file is not valid UTF-16 text")
            }
            bytes = Array(text.utf8)
            return
        }
        switch Self.declaredEncoding(data) {
        case nil, "utf-8", "utf8":
            guard String(validating: data, as: UTF8.self) != nil else { throw failure("the file is not UTF-8 text") }
            bytes = data
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "l1", "us-ascii", "ascii":
            bytes = Array(String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) })).utf8)
        case "windows-1252", "cp1252":
            bytes = Array(String(String.UnicodeScalarView(data.map(Self.windows1252))).utf8)
        case let other?:
            throw failure("the file's encoding '\(other)' is not read (UTF-8, UTF-16, ISO-8859-1, windows-1252 and US-ASCII are)")
        }
    }

    /// True for big-endian UTF-16, false for little-endian, nil when the data is not UTF-16
    /// (by its byte-order mark, or by `<?` as two 16-bit units).
    private static func utf16Order(_ data: [UInt8]) -> Bool? {
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return true }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return false }
        return nil
    }

    /// The lowercased `encoding` of an XML declaration that opens the data, if any.
    private static func declaredEncoding(_ data: [UInt8]) -> String? {
        guard data.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = data.prefix(200)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote }).lowercased()
    }

    /// A windows-1252 byte as a scalar: Latin-1 except 0x80...0x9F, which hold punctuation.
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
                              0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                              0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        guard (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(high[Int(byte) - 0x80]) else { return Unicode.Scalar(byte) }
        return scalar
    }

    /// The 1-based line and column (counted in Unicode scalars) of a byte offset; an offset in
    /// an entity's replacement text is reported at the reference.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var offset = offset
        while offset > bytes.count, let found = expansion(containing: offset) { offset = found }
        let end = min(max(offset, 0), bytes.count)
        var line = 1, column = 1
        for b in bytes[..<end] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The reference offset of the expansion holding `offset` (expansions are in increasing order).
    private func expansion(containing offset: Int) -> Int? {
        var low = 0, high = expansions.count
        while low < high {
            let mid = (low + high) / 2
            if expansions[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < expansions.count, expansions[low].range.contains(offset) else { return nil }
        return expansions[low].reference
    }

    /// An error at `offset` naming this file.
    func error(at offset: Int, _ message: String) -> SVGError {
        let (line, column) = location(of: offset)
        return SVGError(file: name, line: line, column: column, message: message)
    }
}

/// A problem found at a byte offset of the source; the reader turns it into an `SVGError`
/// once it knows the file.
struct SourceProblem: Error {
    let offset: Int
    let message: String
}
