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
        let text = prefixed ? "popping-render: \(Self.shortened(description))" : Self.shortened(description)
        FileHandle.standardError.write(Data("\(text)\n".utf8))
        Foundation.exit(2)
    }

    /// The longest word (an echoed argument, a path) a message shows whole, in characters.
    static let longestWord = 120

    /// `text` with every longer word cut to its start and end around an ellipsis, and every line
    /// to at most `longestLine` characters, so a huge argument cannot flood a terminal or CI log.
    static func shortened(_ text: String) -> String {
        let keep = longestWord / 2 - 1
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                word.count <= longestWord ? String(word) : "\(word.prefix(keep))…\(word.suffix(keep))"
            }.joined(separator: " ")
            return words.count <= longestLine ? words : words.prefix(longestLine) + "…"
        }.joined(separator: "\n")
    }

    /// The longest line a message shows whole, in characters.
    static let longestLine = 1000
}
