/// How a label wraps its lines and what it does with text that does not fit
/// (NSLineBreakMode, with UIKit's names). Since iOS 6 the mode's truncation or clipping applies
/// to the last line shown; the lines before it wrap at words (at characters for `byCharWrapping`).
public enum LineBreakMode: String, CaseIterable, Sendable {
    /// Wraps at word boundaries; a word longer than a line is broken between characters.
    case byWordWrapping
    /// Wraps between characters.
    case byCharWrapping
    /// Wraps at words; the last line is the rest of its paragraph, cut at the label's edge.
    case byClipping
    /// Wraps at words; the last line shows the end of its paragraph after an ellipsis.
    case byTruncatingHead
    /// Wraps at words; the last line ends with an ellipsis where the text was cut (UILabel's default).
    case byTruncatingTail
    /// Wraps at words; the last line keeps its start and end around an ellipsis.
    case byTruncatingMiddle
}
