/// Why a timing function's text was rejected.
public struct TimingFunctionParseError: Error, CustomStringConvertible, Equatable {
    public let description: String
}

extension TimingFunction {
    /// Parses a curve name (`default`, `linear`, `easeIn`, `easeOut`, `easeInEaseOut`) or CSS
    /// syntax `cubic-bezier(x1, y1, x2, y2)` with both x values in 0...1 and both y values in
    /// -100...100 (far past any real overshoot, and small enough that values stay finite).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace
        if let named = TimingFunction.named.first(where: { $0.name == trimmed }) {
            self = named.function
            return
        }
        let prefix = "cubic-bezier("
        guard trimmed.hasPrefix(prefix) else {
            let names = TimingFunction.named.map(\.name).joined(separator: ", ")
            throw TimingFunctionParseError(
                description: "unknown timing function '\(text)' (expected \(names) or cubic-bezier(x1,y1,x2,y2))")
        }
        guard trimmed.hasSuffix(")") else {
            throw TimingFunctionParseError(description: "cubic-bezier is missing its closing parenthesis")
        }
        let inner = trimmed.dropFirst(prefix.count).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw TimingFunctionParseError(description: "cubic-bezier takes 4 numbers, got \(parts.count)")
        }
        var numbers: [Double] = []
        for part in parts {
            let word = String(part).trimmingWhitespace
            guard let n = Double(word), n.isFinite else {
                throw TimingFunctionParseError(description: "cubic-bezier: '\(word)' is not a finite number")
            }
            numbers.append(n)
        }
        guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            throw TimingFunctionParseError(description: "cubic-bezier: x1 and x2 must lie in 0...1")
        }
        guard (-100...100).contains(numbers[1]), (-100...100).contains(numbers[3]) else {
            throw TimingFunctionParseError(description: "cubic-bezier: y1 and y2 must lie in -100...100")
        }
        self.init(numbers[0], numbers[1], numbers[2], numbers[3])
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
