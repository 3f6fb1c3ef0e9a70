import Foundation
import Geometry
import Text

/// UILabel: text in its bounds, wrapped into `numberOfLines` lines (1 by default, 0 for as many as
/// needed), broken and truncated by `lineBreakMode`, each line aligned by `alignment`, the block
/// of lines centred vertically. Its text is shaped once and its lines kept between frames while
/// the text, font and bounds stay the same.
open class Label: View {
    open override var kind: String { "label" }

    /// The one line a single-line label shows.
    open override var laidOutLines: [String]? { [text] }

    public var text: String
    public var font: Font
    public var textColor: Color
    public var alignment: TextAlignment
    /// The most lines shown; 0 shows as many as the text needs.
    public var numberOfLines: Int
    /// How lines wrap and how the last one shows text that does not fit.
    public var lineBreakMode: LineBreakMode
    /// The width the intrinsic size wraps the text at (UILabel's `preferredMaxLayoutWidth`); `nil`
    /// for automatic: a multi-line label wraps at the width Auto Layout gives it.
    public var preferredMaxLayoutWidth: Double?

    private let cache = LabelCache()

    public init(name: String = "", text: String, font: Font, textColor: Color = .black,
                alignment: TextAlignment = .left, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail,
                frame: Rect = .zero) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        super.init(name: name, frame: frame)
    }

    /// The size of the text's lines, wrapped at `preferredMaxLayoutWidth` (or, for a multi-line
    /// label without one, at its current width) and rounded up to whole pixels at 2x, as UILabel
    /// reports it.
    open override var intrinsicContentSize: Size? {
        let automatic = numberOfLines != 1 && bounds.width > 0 ? bounds.width : nil
        let maxWidth = preferredMaxLayoutWidth ?? automatic
        return cache.intrinsicSize(shaped, maxWidth: maxWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
    }

    /// A multi-line label without `preferredMaxLayoutWidth` wraps at the width layout gives it.
    open override var intrinsicContentSizeFollowsWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == nil }

    /// The lines as drawn in the current bounds.
    public var layout: LabelLayout {
        cache.layout(shaped, in: Rect(origin: .zero, size: bounds.size), alignment: alignment,
                     numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, rightToLeft: isRightToLeft)
    }

    private var shaped: ShapedParagraphs {
        cache.shaped(text, font: font, rightToLeft: isRightToLeft, language: typesettingLanguage)
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard !text.isEmpty, bounds.width > 0, textColor.alpha > 0 else { return }
        list.append(layout, color: textColor, clip: Rect(origin: .zero, size: bounds.size))
    }
}

/// A label's shaped text, last layout and last intrinsic size, each reused while what it depends
/// on is unchanged (wrapped text is laid out once, not every frame).
private final class LabelCache: @unchecked Sendable {
    private let lock = NSLock()
    private var shaped: (text: String, font: Font, rightToLeft: Bool, language: String?, value: ShapedParagraphs)?
    private var layout: (key: LayoutKey, value: LabelLayout)?
    private var intrinsic: (key: LayoutKey, value: Size)?

    private struct LayoutKey: Equatable {
        let shaped: ShapedParagraphs
        let bounds: Rect
        let alignment: TextAlignment
        let numberOfLines: Int
        let lineBreakMode: LineBreakMode
        var rightToLeft = false
    }

    func shaped(_ text: String, font: Font, rightToLeft: Bool, language: String?) -> ShapedParagraphs {
        lock.withLock {
            if let shaped, shaped.font == font, shaped.text == text, shaped.rightToLeft == rightToLeft,
               shaped.language == language { return shaped.value }
            let made = ShapedParagraphs(text, font: font, rightToLeft: rightToLeft, language: language)
            shaped = (text, font, rightToLeft, language, made)
            return made
        }
    }

    func layout(_ text: ShapedParagraphs, in bounds: Rect, alignment: TextAlignment, numberOfLines: Int,
                lineBreakMode: LineBreakMode, rightToLeft: Bool) -> LabelLayout {
        let key = LayoutKey(shaped: text, bounds: bounds, alignment: alignment, numberOfLines: numberOfLines,
                            lineBreakMode: lineBreakMode, rightToLeft: rightToLeft)
        return lock.withLock {
            if let layout, layout.key == key { return layout.value }
            let made = LabelLayout(text, in: bounds, alignment: alignment, numberOfLines: numberOfLines,
                                   lineBreakMode: lineBreakMode, rightToLeft: rightToLeft)
            layout = (key, made)
            return made
        }
    }

    func intrinsicSize(_ text: ShapedParagraphs, maxWidth: Double?, numberOfLines: Int, lineBreakMode: LineBreakMode) -> Size {
        let key = LayoutKey(shaped: text, bounds: Rect(0, 0, maxWidth ?? -1, 0), alignment: .left,
                            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        return lock.withLock {
            if let intrinsic, intrinsic.key == key { return intrinsic.value }
            let made = LabelLayout.intrinsicSize(of: text, maxWidth: maxWidth, numberOfLines: numberOfLines,
                                                 lineBreakMode: lineBreakMode, scale: 2)
            intrinsic = (key, made)
            return made
        }
    }
}
