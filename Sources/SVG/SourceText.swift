/// The bytes of one SVG file with its name, so any byte offset can be reported as a
/// `file:line:column` position.
struct SourceText {
    /// The name errors report: the path the file was loaded from, or the name given to `parse`.
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.name = name
        bytes = Array(text.utf8)
    }

    /// The 1-based line and column (counted in Unicode scalars) of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
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
