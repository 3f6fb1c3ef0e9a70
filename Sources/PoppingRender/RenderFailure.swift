/// A render or golden-frame check that cannot be done as asked (a bad option value, an output that
/// cannot be written, a malformed golden): bad input rather than a failed check.
/// Its description names the input and the problem in one line: `out.gif: no frames to write`.
public struct RenderFailure: Error, CustomStringConvertible, Equatable {
    /// The option, path or name at fault.
    public let input: String
    /// What is wrong with it.
    public let problem: String

    public init(_ input: String, _ problem: String) {
        self.input = input
        self.problem = problem
    }

    public var description: String { "\(input): \(problem)" }
}
