import Geometry
import Text

/// A single line of text, as UILabel with `numberOfLines = 1`: aligned within its bounds,
/// centred vertically, truncated with an ellipsis when it does not fit.
open class Label: View {
    public var text: String
    public var font: Font
    public var textColor: Color
    public var alignment: TextAlignment

    public init(name: String = "", text: String, font: Font, textColor: Color = .black,
                alignment: TextAlignment = .left, frame: Rect = .zero) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        super.init(name: name, frame: frame)
    }

    /// The text's size rounded up to whole pixels at 2x, as UILabel reports it.
    open override var intrinsicContentSize: Size? { LabelLayout.intrinsicSize(of: text, font: font, scale: 2) }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        list.appendLine(text, font: font, color: textColor, in: Rect(origin: .zero, size: bounds.size), alignment: alignment)
    }
}
