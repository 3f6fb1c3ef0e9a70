import Geometry

/// Which viewport dimension a percentage length is relative to.
enum LengthAxis {
    case x, y
    /// Neither: the viewport's diagonal over √2 (SVG 1.1 §7.10).
    case other
}

/// Resolves SVG lengths to user units: px (or no unit), pt, pc, mm, cm, in, em (the element's
/// font size), ex (its font's x-height) and percentages of the nearest viewport.
struct LengthContext {
    var viewport: Size
    var fontSize: Double
    /// The element's font properties, which pick the face whose x-height `ex` is.
    var font: FontRequest
    /// Where that face is found; looked up only when an `ex` length is read.
    let fonts: FontFinder

    /// The lengths of an element with `style` in `viewport`.
    init(viewport: Size, style: Style, fonts: FontFinder) {
        self.viewport = viewport
        fontSize = style.fontSize
        font = style.font
        self.fonts = fonts
    }

    /// The length `text` means in user units, or `nil` when it is not a length.
    func length(_ text: String, _ axis: LengthAxis) -> Double? {
        let value = text.trimmingSpace()
        var scanner = NumberScanner(value)
        guard let number = try? scanner.number("") else { return nil }
        let unit = String(decoding: scanner.bytes[scanner.index...], as: UTF8.self)
        let factor: Double
        switch unit {
        case "", "px": factor = 1
        case "pt": factor = 4.0 / 3
        case "pc": factor = 16
        case "mm": factor = 96 / 25.4
        case "cm": factor = 96 / 2.54
        case "in": factor = 96
        case "em": factor = fontSize
        case "ex": factor = fontSize * fonts.xHeight(font)
        case "%":
            switch axis {
            case .x: factor = viewport.width / 100
            case .y: factor = viewport.height / 100
            case .other:
                factor = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot() / 100
            }
        default: return nil
        }
        let result = number * factor
        return result.isFinite ? result : nil
    }
}
