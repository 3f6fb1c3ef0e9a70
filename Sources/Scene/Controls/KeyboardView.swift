import Geometry
import Raster
import Text

/// iOS 7's portrait keyboard (216 pt): a light grey board with white letter keys, grey
/// function keys (shift, delete, 123, return) and a space bar, each key a rounded rect with a
/// darker line under it. A key being typed shows the iOS 7 key-popup balloon, the key grown up
/// out of the board with its character large; the delete key lights up white instead.
///
/// `Stage.installKeyboard(in:)` docks one and shows each key the script types with `press(_:atFrame:)`.
open class KeyboardView: View {
    open override var kind: String { "keyboard" }

    /// The keyboard's height in portrait on an iPhone.
    public static let height = 216.0
    /// The keyboard's height in landscape on an iPhone (iOS 7).
    public static let landscapeHeight = 162.0
    /// How long a key stays down when typed: 0.1 s.
    public static let holdFrames = 6

    static let boardColor = Color(r255: 209, g: 213, b: 219)
    static let functionKeyColor = Color(r255: 172, g: 179, b: 188)
    static let keyShadowColor = Color(r255: 136, g: 138, b: 142)
    static let capFont = Font.named("HelveticaNeue-Light", size: 22)
    static let popupFont = Font.named("HelveticaNeue-Light", size: 40)
    static let wordFont = Font.named("system", size: 16)

    /// One key: where it is, what it types and how it looks.
    struct Key: Equatable {
        enum Kind: Equatable { case character(Character), shift, delete, numbers, space, returnKey }
        var kind: Kind
        var frame: Rect

        /// The function keys are grey; letters and the space bar white.
        var isFunction: Bool {
            switch kind {
            case .character, .space: return false
            default: return true
            }
        }
    }

    /// Every key, laid out for the size the keyboard shows now, so the keys follow the board
    /// while it animates to a new size in a rotation (the order is the same at every size, so
    /// a pressed key keeps its index).
    var keys: [Key] { KeyboardView.layout(size: presentedFrame.size) }
    private var press: (key: Int, character: Character?, frame: Int)?
    private var showsPress = false

    /// A keyboard `width` wide whose top edge is at `y` in its superview.
    public init(width: Double, y: Double) {
        super.init(name: "keyboard", frame: Rect(0, y, width, KeyboardView.height))
        backgroundColor = KeyboardView.boardColor
    }

    /// As wide as its superview and as tall as an iPhone keyboard is in the superview's
    /// orientation (216 pt in portrait, 162 pt in landscape), for Auto Layout to dock it.
    open override var intrinsicContentSize: Size? {
        guard let host = superview?.bounds.size else { return nil }
        return Size(host.width, host.width > host.height ? KeyboardView.landscapeHeight : KeyboardView.height)
    }

    /// The iPhone's rows: ten letter keys across with 6 pt gaps, the second row indented half
    /// a key, shift and delete beside the third, then 123, space and return. In portrait (216 pt)
    /// rows are 39 pt tall and 15 pt apart from 10 pt down; the shorter landscape board (162 pt)
    /// keeps the widths and packs 33 pt rows 7 pt apart from 6 pt down.
    static func layout(size: Size) -> [Key] {
        let width = size.width
        let portrait = size.height >= KeyboardView.height
        let pitch = width / 10, keyWidth = pitch - 6
        let rowHeight = portrait ? 39.0 : 33, gap = portrait ? 15.0 : 7, top = portrait ? 10.0 : 6
        func row(_ i: Int) -> Double { top + Double(i) * (rowHeight + gap) }
        var keys: [Key] = []
        for (r, (letters, indent)) in [("qwertyuiop", 0.0), ("asdfghjkl", 0.5), ("zxcvbnm", 1.5)].enumerated() {
            for (i, c) in letters.enumerated() {
                keys.append(Key(kind: .character(c),
                                frame: Rect(3 + (indent + Double(i)) * pitch, row(r), keyWidth, rowHeight)))
            }
        }
        let side = pitch * 1.5 - 12
        keys.append(Key(kind: .shift, frame: Rect(3, row(2), side, rowHeight)))
        keys.append(Key(kind: .delete, frame: Rect(width - 3 - side, row(2), side, rowHeight)))
        keys.append(Key(kind: .numbers, frame: Rect(3, row(3), side, rowHeight)))
        let returnWidth = pitch * 2.5 - 6
        keys.append(Key(kind: .returnKey, frame: Rect(width - 3 - returnWidth, row(3), returnWidth, rowHeight)))
        let spaceX = 3 + side + 6
        keys.append(Key(kind: .space, frame: Rect(spaceX, row(3), width - 3 - returnWidth - 6 - spaceX, rowHeight)))
        return keys
    }

    /// Shows the key for a typed character (case-insensitively) or delete going down on `frame`
    /// for `holdFrames` frames; other events and characters with no key are ignored.
    public func press(_ event: Event, atFrame frame: Int) {
        let index: Int?
        var character: Character?
        switch event {
        case let .key(c):
            index = keys.firstIndex { key in
                switch key.kind {
                case let .character(k): return String(k) == c.lowercased()
                case .space: return c == " "
                default: return false
                }
            }
            character = c
        case .backspace:
            index = keys.firstIndex { $0.kind == .delete }
        default:
            index = nil
        }
        guard let index else { return }
        press = (index, character, frame)
    }

    open override func advance(toFrame frame: Int) {
        showsPress = press.map { frame - $0.frame < KeyboardView.holdFrames } ?? false
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let keys = self.keys
        guard let last = keys.last, last.frame.width > 0 else { return }
        let down = showsPress ? press : nil
        for (i, key) in keys.enumerated() where i != down?.key || key.kind == .delete || key.kind == .space {
            drawKey(key, lit: i == down?.key, into: &list)
        }
        if let down, let character = down.character, keys[down.key].kind != .space {
            drawPopup(over: keys[down.key].frame, character: character, into: &list)
        }
    }

    private func drawKey(_ key: Key, lit: Bool, into list: inout DisplayList) {
        let shape = Path(roundedRect: key.frame, cornerRadius: 5)
        list.append(.fill(shape, color: KeyboardView.keyShadowColor, rule: .nonZero, transform: .translation(0, 1)))
        let face: Color
        if lit { face = key.isFunction ? .white : KeyboardView.functionKeyColor } else {
            face = key.isFunction ? KeyboardView.functionKeyColor : .white
        }
        list.append(.fill(shape, color: face, rule: .nonZero, transform: .identity))
        let language = typesettingLanguage
        func word(_ text: String) {
            list.appendLine(text, font: KeyboardView.wordFont, color: .black, in: key.frame, alignment: .center, language: language)
        }
        switch key.kind {
        case let .character(c):
            list.appendLine(c.uppercased(), font: KeyboardView.capFont, color: .black, in: key.frame.offsetBy(dx: 0, dy: -1),
                            alignment: .center, language: language)
        case .numbers: word("123")
        case .space: word("space")
        case .returnKey: word("return")
        case .shift: list.append(.fill(KeyboardView.shiftGlyph(in: key.frame), color: .black, rule: .nonZero, transform: .identity))
        case .delete: list.append(.fill(KeyboardView.deleteGlyph(in: key.frame), color: .black, rule: .nonZero, transform: .identity))
        }
    }

    /// The balloon: the key's face continued upwards through a flared neck into a wider
    /// rounded head holding the character, kept inside the keyboard at the edges.
    private func drawPopup(over key: Rect, character: Character, into list: inout DisplayList) {
        let boardWidth = presentedFrame.width
        let shape = KeyboardView.popupShape(over: key, boardWidth: boardWidth)
        // An outline keeps the balloon apart from white content above the keyboard.
        list.append(.fill(shape.stroked(StrokeStyle(width: 1), tolerance: 0.02), color: KeyboardView.keyShadowColor.withAlpha(0.5),
                          rule: .nonZero, transform: .identity))
        list.append(.fill(shape, color: KeyboardView.keyShadowColor, rule: .nonZero, transform: .translation(0, 1)))
        list.append(.fill(shape, color: .white, rule: .nonZero, transform: .identity))
        let head = KeyboardView.popupHead(over: key, boardWidth: boardWidth)
        list.appendLine(String(character), font: KeyboardView.popupFont, color: .black, in: head, alignment: .center,
                        language: typesettingLanguage)
    }

    /// The balloon's head: 12 pt wider than the key each side, 56 pt tall, its bottom 6 pt into the key.
    static func popupHead(over key: Rect, boardWidth: Double) -> Rect {
        let flare = 12.0
        var x = key.minX - flare
        let width = key.width + 2 * flare
        x = min(max(x, 1), boardWidth - 1 - width)
        return Rect(x, key.minY - 50, width, 56)
    }

    static func popupShape(over key: Rect, boardWidth: Double) -> Path {
        let head = popupHead(over: key, boardWidth: boardWidth)
        let r = 8.0, neckTop = head.maxY, neckBottom = key.minY + 18
        var p = Path()
        p.move(to: Point(head.minX, head.minY + r))
        p.quad(to: Point(head.minX + r, head.minY), control: Point(head.minX, head.minY))
        p.line(to: Point(head.maxX - r, head.minY))
        p.quad(to: Point(head.maxX, head.minY + r), control: Point(head.maxX, head.minY))
        p.line(to: Point(head.maxX, neckTop - 4))
        p.cubic(to: Point(key.maxX, neckBottom), control1: Point(head.maxX, neckTop + 4), control2: Point(key.maxX, neckBottom - 8))
        p.line(to: Point(key.maxX, key.maxY - 5))
        p.quad(to: Point(key.maxX - 5, key.maxY), control: Point(key.maxX, key.maxY))
        p.line(to: Point(key.minX + 5, key.maxY))
        p.quad(to: Point(key.minX, key.maxY - 5), control: Point(key.minX, key.maxY))
        p.line(to: Point(key.minX, neckBottom))
        p.cubic(to: Point(head.minX, neckTop - 4), control1: Point(key.minX, neckBottom - 8), control2: Point(head.minX, neckTop + 4))
        p.close()
        return p
    }

    /// iOS 7's shift key: an outlined upward arrow.
    static func shiftGlyph(in key: Rect) -> Path {
        let c = key.center
        var arrow = Path()
        arrow.move(to: Point(c.x, c.y - 9))
        arrow.line(to: Point(c.x + 9, c.y + 1))
        arrow.line(to: Point(c.x + 4.5, c.y + 1))
        arrow.line(to: Point(c.x + 4.5, c.y + 8))
        arrow.line(to: Point(c.x - 4.5, c.y + 8))
        arrow.line(to: Point(c.x - 4.5, c.y + 1))
        arrow.line(to: Point(c.x - 9, c.y + 1))
        arrow.close()
        return arrow.stroked(StrokeStyle(width: 1, join: .miter), tolerance: 0.02)
    }

    /// iOS 7's delete key: an outlined tag pointing left with a cross in it.
    static func deleteGlyph(in key: Rect) -> Path {
        let c = key.center
        var tag = Path()
        tag.move(to: Point(c.x - 11, c.y))
        tag.line(to: Point(c.x - 5, c.y - 7))
        tag.line(to: Point(c.x + 11, c.y - 7))
        tag.line(to: Point(c.x + 11, c.y + 7))
        tag.line(to: Point(c.x - 5, c.y + 7))
        tag.close()
        tag.move(to: Point(c.x - 1.5, c.y - 3.5))
        tag.line(to: Point(c.x + 5.5, c.y + 3.5))
        tag.move(to: Point(c.x + 5.5, c.y - 3.5))
        tag.line(to: Point(c.x - 1.5, c.y + 3.5))
        return tag.stroked(StrokeStyle(width: 1, join: .miter), tolerance: 0.02)
    }
}
