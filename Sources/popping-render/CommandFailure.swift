import Foundation

/// A failure the user caused (bad input, unwritable output). It is printed as one line,
/// `popping-render: <what>: <problem>`, on stderr, and the process exits with status 2.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// Names the input (a path, an option) and the problem with it.
    init(_ input: String, _ problem: String) { description = "\(input): \(problem)" }

    func exit() -> Never {
        FileHandle.standardError.write(Data("popping-render: \(description)\n".utf8))
        Foundation.exit(2)
    }
}
