import Geometry

/// Horizontal placement of a label's line in its bounds (NSTextAlignment; `.natural` is `.left`
/// for left-to-right text).
public enum TextAlignment: String, CaseIterable, Sendable {
    /// The line starts at the left edge.
    case left
    /// The line is centred between the edges.
    case center
    /// The line ends at the right edge.
    case right
}

/// A single-line label placed in its bounds as UILabel places it: truncated at the tail with an
/// ellipsis when too wide, aligned horizontally, and centred vertically with the baseline at
/// `ascender` below the top of the centred line box. Secure text entry shows one bullet (U+2022)
/// per character.
public struct LabelLayout: Equatable, Sendable {
    /// The glyphs to draw.
    public let line: TextLine
    /// Where the line's first glyph origin sits: the start of the baseline, in the bounds' coordinates.
    public let baselineOrigin: Point

    /// Lays out `text` in `bounds` as a one-line UILabel (or a secure UITextField when `secure`).
    public init(text: String, font: Font, in bounds: Rect, alignment: TextAlignment = .left, secure: Bool = false) {
        line = TextLine(LabelLayout.shown(text, secure: secure), font: font).truncated(toWidth: bounds.width)
        let x: Double
        switch alignment {
        case .left: x = bounds.minX
        case .center: x = bounds.minX + (bounds.width - line.width) / 2
        case .right: x = bounds.maxX - line.width
        }
        baselineOrigin = Point(x, bounds.minY + (bounds.height - font.lineHeight) / 2 + font.ascender)
    }

    /// The characters drawn for `text`: itself, or one bullet per character for secure entry.
    public static func shown(_ text: String, secure: Bool) -> String {
        secure ? String(repeating: "\u{2022}", count: text.count) : text
    }

    /// A label's intrinsicContentSize: the text's size rounded up to whole device pixels at
    /// `scale` (UILabel rounds `sizeWithAttributes:` up this way, e.g. 20.5 pt at 2×). A size
    /// within a billionth of a pixel boundary stays on it, so float noise cannot add a pixel.
    public static func intrinsicSize(of text: String, font: Font, scale: Double) -> Size {
        let size = font.size(of: text)
        let up = { (v: Double) in (v * scale - 1e-9).rounded(.up) / scale }
        return Size(up(size.width), up(size.height))
    }
}
