import Foundation

/// A failure the user caused (bad input, unwritable output). It is printed as one line,
/// `popping-render: <what>: <problem>`, on stderr, and the process exits with status 2.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    /// Whether `exit` puts `popping-render: ` before the message; lines that already name their
    /// place (`FILE:LINE:COLUMN: message`) are printed as they are, for editors to read.
    private var prefixed = true

    init(_ description: String) { self.description = description }

    /// Several problems, one line each, printed without a prefix.
    init(lines: [String]) {
        description = lines.joined(separator: "\n")
        prefixed = false
    }

    /// Names the input (a path, an option) and the problem with it.
    init(_ input: String, _ problem: String) { description = "\(input): \(problem)" }

    func exit() -> Never {
        FileHandle.standardError.write(Data(((prefixed ? "popping-render: " : "") + "\(description)\n").utf8))
        Foundation.exit(2)
    }
}
