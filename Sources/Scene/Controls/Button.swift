import Geometry
import Text

/// A button with a one-line title, as UIButton: `custom` draws its background colour and a
/// coloured title; `system` draws only the title in the tint colour, dimmed while pressed.
open class Button: Control {
    open override var kind: String { "button" }

    public enum Style: Sendable { case custom, system }

    public var style: Style
    public var title: String
    public var font: Font
    /// The title colour of a custom button; a system button uses the tint colour.
    public var titleColor: Color
    /// Added to the title's size for the intrinsic size, as FlatButton adds (56, 8).
    public var contentPadding = Size(0, 0)

    public init(name: String = "", style: Style = .custom, title: String, font: Font,
                titleColor: Color = .white, frame: Rect = .zero) {
        self.style = style
        self.title = title
        self.font = font
        self.titleColor = titleColor
        super.init(name: name, frame: frame)
    }

    /// The title's size plus `contentPadding`; a system button is at least 30 pt tall, as in iOS 7.
    open override var intrinsicContentSize: Size? {
        let text = LabelLayout.intrinsicSize(of: title, font: font, scale: 2, language: typesettingLanguage)
        let height = text.height + contentPadding.height
        return Size(text.width + contentPadding.width, style == .system ? max(30, height) : height)
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        var color = style == .system ? context.tintColor : titleColor
        if style == .system, isHighlighted { color = color.multiplyingAlpha(by: 0.2) }
        list.appendLine(title, font: font, color: color, in: Rect(origin: .zero, size: bounds.size), alignment: .center,
                        language: typesettingLanguage)
    }
}
