import Geometry
import Raster
import Text

/// An editable single line of text, as UITextField: a placeholder while empty, bullets for
/// secure entry, an optional left view, and a blinking tint-coloured caret while it is the
/// first responder.
open class TextField: Control {
    open override var kind: String { "textField" }

    public enum BorderStyle: Sendable {
        /// No border; the owner styles the background.
        case none
        /// iOS 7's white field with a thin light-grey border and 5 pt corners.
        case roundedRect
    }

    public var text = ""
    public var placeholder: String
    public var isSecureTextEntry = false
    public var borderStyle: BorderStyle
    public var font = Font.named("system", size: 17)
    public var textColor = Color.black
    /// Shown at the left edge, always (`leftViewMode = UITextFieldViewModeAlways`).
    public var leftView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = leftView { addSubview(v) }
        }
    }

    /// True while the field is the first responder and shows the caret.
    public internal(set) var isEditing = false
    /// The frame on which the caret last restarted its blink (focus or a keystroke).
    var caretEpoch = 0
    private var caretVisible = false

    /// The placeholder's colour: UIKit's 70 % grey in light, and `placeholderText`'s dark value
    /// in dark (iOS 13's dark placeholder; the light one stays iOS 7's grey the demos show).
    public static let placeholderColor = DynamicColor(light: Color(white: 0.7), dark: SystemColors.named("placeholderText")!.dark)

    public init(name: String = "", placeholder: String, borderStyle: BorderStyle = .none, frame: Rect = .zero) {
        self.placeholder = placeholder
        self.borderStyle = borderStyle
        super.init(name: name, frame: frame)
        if borderStyle == .roundedRect {
            backgroundColor = .white
            cornerRadius = 5
            border = (0.5, Color(r255: 199, g: 199, b: 204))
        }
    }

    /// The placeholder's size, 30 pt tall for a rounded-rect field as in iOS 7.
    open override var intrinsicContentSize: Size? {
        let text = LabelLayout.intrinsicSize(of: placeholder, font: font, scale: 2, language: typesettingLanguage)
        return Size(text.width + 14, borderStyle == .roundedRect ? 30 : text.height)
    }

    /// What the field shows: the text, or one bullet per character for secure entry.
    public var displayedText: String {
        LabelLayout.shown(text, secure: isSecureTextEntry)
    }

    /// The rect text is laid out in: after the left view, inset 7 pt in a rounded-rect field.
    var textRect: Rect {
        let left = leftView.map { $0.frame.maxX } ?? (borderStyle == .roundedRect ? 7 : 0)
        let right: Double = borderStyle == .roundedRect ? 7 : 0
        return Rect(left, 0, max(0, bounds.width - left - right), bounds.height)
    }

    /// The caret blinks on for half a second and off for half a second, restarting on every edit.
    open override func advance(toFrame frame: Int) {
        caretVisible = isEditing && ((frame - caretEpoch) / 30) % 2 == 0
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let box = textRect
        // UITextField's natural alignment: the text starts at the right edge in a right-to-left layout.
        let rightToLeft = isRightToLeft
        let alignment: TextAlignment = rightToLeft ? .right : .left
        if text.isEmpty {
            list.appendLine(placeholder, font: font, color: context.resolve(TextField.placeholderColor), in: box, alignment: alignment,
                            language: typesettingLanguage)
        } else {
            list.appendLine(text, font: font, color: textColor, in: box, alignment: alignment, secure: isSecureTextEntry,
                            language: typesettingLanguage)
        }
        guard caretVisible else { return }
        let width = text.isEmpty ? 0 : TextLine(displayedText, font: font, language: typesettingLanguage).width
        let caretHeight = (font.ascender - font.descender) + 2
        let caretX = rightToLeft ? box.maxX - 1 : box.x + min(width, box.width) + 1
        let caret = Rect(caretX, (bounds.height - caretHeight) / 2, 2, caretHeight)
        list.append(.fill(Path(roundedRect: caret, cornerRadius: 1), color: context.tintColor, rule: .nonZero,
                          transform: .identity))
    }
}
