import Geometry

/// Horizontal placement of a label's lines in its bounds (NSTextAlignment).
public enum TextAlignment: String, CaseIterable, Sendable {
    /// The lines start at the left edge.
    case left
    /// The lines are centred between the edges.
    case center
    /// The lines end at the right edge.
    case right
    /// Every line of a paragraph but its last fills the width, the space going between words;
    /// the last line is placed as `natural`.
    case justified
    /// The reading direction's start: left for left-to-right layout, right for right-to-left.
    case natural
}

/// A label's text placed in its bounds as UILabel places it: wrapped into at most
/// `numberOfLines` lines (0 for as many as needed, and never more than the bounds' height holds,
/// at least one), the last line shown truncated or clipped by the line break mode when text
/// remains, each line aligned horizontally, and the block of lines centred vertically with the
/// first baseline at `ascender` below the block's top. Lines are `lineHeight` apart. Secure text
/// entry shows one bullet (U+2022) per character.
public struct LabelLayout: Equatable, Sendable {
    /// One line of the label.
    public struct Line: Equatable, Sendable {
        /// The glyphs to draw.
        public let line: TextLine
        /// Where the line's first glyph origin sits: the start of the baseline, in the bounds' coordinates.
        public let baselineOrigin: Point
        /// Whether the line runs past the bounds and must be clipped to them (`byClipping`).
        public let clipped: Bool
    }

    /// The lines, top to bottom.
    public let lines: [Line]

    /// The first line's glyphs (a one-line label's only line), empty when there is no text.
    public var line: TextLine { lines.first?.line ?? TextLine(glyphs: [], font: font) }
    /// Where the first line's baseline starts.
    public var baselineOrigin: Point { lines.first?.baselineOrigin ?? .zero }

    private let font: Font

    /// Lays out `text` in `bounds` as a UILabel (or a secure UITextField when `secure`).
    /// `rightToLeft` is the layout direction `natural` alignment follows; `language` the language
    /// the text is typeset in (nil for English), as `ShapedParagraphs` takes it.
    public init(text: String, font: Font, in bounds: Rect, alignment: TextAlignment = .left, secure: Bool = false,
                numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail, rightToLeft: Bool = false,
                language: String? = nil) {
        self.init(ShapedParagraphs(LabelLayout.shown(text, secure: secure), font: font, language: language), in: bounds,
                  alignment: alignment, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, rightToLeft: rightToLeft)
    }

    /// Lays out already shaped text in `bounds` (what a label caches between frames).
    public init(_ shaped: ShapedParagraphs, in bounds: Rect, alignment: TextAlignment = .left,
                numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail, rightToLeft: Bool = false) {
        let font = shaped.font
        self.font = font
        let fitting = max(1, Int(saturating: ((bounds.height + 1e-9) / font.lineHeight).rounded(.down)))
        let limit = numberOfLines > 0 ? min(numberOfLines, fitting) : fitting
        let wrapped = LineWrapper(shaped, width: bounds.width, mode: lineBreakMode, maxLines: limit).lines
        let top = bounds.minY + (bounds.height - Double(wrapped.count) * font.lineHeight) / 2 + font.ascender
        lines = wrapped.enumerated().map { i, wrappedLine in
            var line = wrappedLine.line
            let natural: TextAlignment = rightToLeft ? .right : .left
            var placement = alignment == .natural ? natural : alignment
            if placement == .justified {
                if wrappedLine.endsParagraph || line.width > bounds.width {
                    placement = natural
                } else {
                    line = line.justified(toWidth: bounds.width)
                    placement = .left
                }
            }
            let x: Double
            switch placement {
            case .center: x = bounds.minX + (bounds.width - line.width) / 2
            case .right: x = bounds.maxX - line.width
            default: x = bounds.minX
            }
            return Line(line: line, baselineOrigin: Point(x, top + Double(i) * font.lineHeight), clipped: wrappedLine.clipped)
        }
    }

    /// The characters drawn for `text`: itself, or one bullet per character for secure entry.
    public static func shown(_ text: String, secure: Bool) -> String {
        secure ? String(repeating: "\u{2022}", count: text.count) : text
    }

    /// A one-line label's intrinsicContentSize: the text's size rounded up to whole device pixels
    /// at `scale` (UILabel rounds `sizeWithAttributes:` up this way, e.g. 20.5 pt at 2×), shaped
    /// in `language` (the view's typesetting language; nil for English).
    public static func intrinsicSize(of text: String, font: Font, scale: Double, language: String?) -> Size {
        roundedUp(font.size(of: text, language: language), scale: scale)
    }

    /// A label's intrinsicContentSize: the size of its lines wrapped at `maxWidth` (UILabel's
    /// `preferredMaxLayoutWidth`; `nil` wraps only at line separators) and limited to
    /// `numberOfLines` (0 for no limit), the widest line by the lines' height, rounded up to whole
    /// device pixels at `scale`. Empty text is one empty line.
    public static func intrinsicSize(of shaped: ShapedParagraphs, maxWidth: Double?, numberOfLines: Int,
                                     lineBreakMode: LineBreakMode, scale: Double) -> Size {
        let lines = LineWrapper(shaped, width: maxWidth ?? .infinity, mode: lineBreakMode,
                                maxLines: numberOfLines > 0 ? numberOfLines : .max).lines
        let width = lines.map { $0.clipped ? min($0.line.width, maxWidth ?? .infinity) : $0.line.width }.max() ?? 0
        return roundedUp(Size(width, Double(lines.count) * shaped.font.lineHeight), scale: scale)
    }

    /// A size rounded up to whole device pixels; a value within a billionth of a pixel boundary
    /// stays on it, so float noise cannot add a pixel.
    private static func roundedUp(_ size: Size, scale: Double) -> Size {
        let up = { (v: Double) in (v * scale - 1e-9).rounded(.up) / scale }
        return Size(up(size.width), up(size.height))
    }
}
