/// A malformed visual format string, reported the way UIKit's exception reason reads:
///
///     Unable to parse constraint format: 
///     Unable to find view with name blackBox 
///     |[whiteBox2][blackBox] 
///                          ^
///
/// (each of the first three lines ends in a space, as Apple's do).
public struct VisualFormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in Apple's words.
    public let message: String
    /// The format string as given.
    public let format: String
    /// 0-based index of the character the caret points at (the format's length at its end).
    public let position: Int

    /// An error with `message` about `format`, the caret under character `position`.
    public init(message: String, format: String, position: Int) {
        self.message = message
        self.format = format
        self.position = position
    }

    /// The full text, as UIKit's exception reason reads.
    public var description: String {
        "Unable to parse constraint format: \n\(message) \n\(format) \n\(String(repeating: " ", count: position))^"
    }
}
