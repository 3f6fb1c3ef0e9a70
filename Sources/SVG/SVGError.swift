/// Why an SVG file could not be read, with the place in the file, printed the way compilers
/// print diagnostics: `Assets/Owl/face.svg:12:18: path data: expected a number after 'C'`.
public struct SVGError: Error, Equatable, CustomStringConvertible {
    /// The path or name of the file.
    public let file: String
    /// 1-based line, or 0 when the problem is with the file as a whole (it cannot be read).
    public let line: Int
    /// 1-based column in Unicode scalars, or 0 with `line`.
    public let column: Int
    /// What is wrong, in words.
    public let message: String

    /// An error at `line`:`column` of `file` (both 0 for the file as a whole).
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` without a place.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
