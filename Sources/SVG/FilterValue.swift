import Foundation
import Geometry

/// One item of the `filter` property: a reference to a `<filter>` element, or a CSS filter
/// function (Filter Effects 1 §12), which Chromium and rsvg-convert both apply to SVG elements.
/// Functions are kept as the primitive they stand for, in sRGB as the spec defines them.
enum FilterValue: Equatable {
    case reference(String)
    /// `blur()`, `drop-shadow()` and the colour functions as one primitive's effect.
    case function(FilterEffect)
    /// `drop-shadow()` without a colour: in the element's `color`, which the reader knows.
    case currentColorShadow(dx: Double, dy: Double, sigma: Double)

    /// Parses `none` (an empty list) or a space-separated list of `url(#id)` and functions;
    /// `nil` when any item is invalid (the declaration is then ignored with a warning).
    static func parseList(_ text: String, lengths: LengthContext) -> [FilterValue]? {
        let value = text.trimmingSpace()
        if value == "none" { return [] }
        var items: [FilterValue] = []
        var rest = Substring(value)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            guard let open = rest.firstIndex(of: "(") else { return nil }
            // The matching parenthesis (arguments such as rgba() nest).
            var depth = 0
            var close: Substring.Index?
            for index in rest[open...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                if depth == 0 { close = index; break }
            }
            guard let close else { return nil }
            let name = rest[..<open].lowercased()
            let arguments = String(rest[rest.index(after: open)..<close]).trimmingSpace()
            if name == "url" {
                guard case let .reference(id, nil)? = PaintValue.parse(String(rest[...close])) else { return nil }
                items.append(.reference(id))
            } else {
                if name == "drop-shadow" {
                    guard let shadow = dropShadow(arguments, lengths) else { return nil }
                    items.append(shadow)
                } else {
                    guard let effect = function(name, arguments, lengths) else { return nil }
                    items.append(.function(effect))
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        return items.isEmpty ? nil : items
    }

    /// One filter function as the primitive the spec gives as its equivalent.
    private static func function(_ name: String, _ arguments: String, _ lengths: LengthContext) -> FilterEffect? {
        /// An amount: a number or a percentage, 1 when omitted; `nil` when negative or invalid.
        func amount(clamped: Bool) -> Double? {
            if arguments.isEmpty { return 1 }
            let v = arguments.hasSuffix("%") ? Double(arguments.dropLast()).map { $0 / 100 } : Double(arguments)
            guard let v, v.isFinite, v >= 0 else { return nil }
            return clamped ? min(v, 1) : v
        }
        let rgb = { (f: FilterEffect.TransferFunction) in FilterEffect.componentTransfer([f, f, f, .identity]) }
        switch name {
        case "blur":
            if arguments.isEmpty { return .gaussianBlur(x: 0, y: 0) }
            guard let v = lengths.length(arguments, .other), v >= 0, !arguments.hasSuffix("%") else { return nil }
            return .gaussianBlur(x: v, y: v)
        case "grayscale": return amount(clamped: true).map { .colorMatrix(FilterEffect.grayscaleMatrix($0)) }
        case "sepia": return amount(clamped: true).map { .colorMatrix(FilterEffect.sepiaMatrix($0)) }
        case "saturate": return amount(clamped: false).map { .colorMatrix(FilterEffect.saturateMatrix($0)) }
        case "invert": return amount(clamped: true).map { rgb(.table([$0, 1 - $0])) }
        case "opacity": return amount(clamped: true).map { .componentTransfer([.identity, .identity, .identity, .table([0, $0])]) }
        case "brightness": return amount(clamped: false).map { rgb(.linear(slope: $0, intercept: 0)) }
        case "contrast": return amount(clamped: false).map { rgb(.linear(slope: $0, intercept: 0.5 - 0.5 * $0)) }
        case "hue-rotate":
            guard let degrees = angle(arguments) else { return nil }
            return .colorMatrix(FilterEffect.hueRotateMatrix(degrees))
        default: return nil
        }
    }

    /// A CSS angle in degrees (deg, rad, grad, turn; a bare 0), 0 when omitted.
    private static func angle(_ text: String) -> Double? {
        if text.isEmpty || text == "0" { return 0 }
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            guard let v = Double(text.dropLast(unit.count)), v.isFinite else { return nil }
            return v * factor
        }
        return nil
    }

    /// `drop-shadow(<color>? <dx> <dy> <blur>? <color>?)`: the blur length is twice the
    /// standard deviation; the colour defaults to `currentColor`.
    private static func dropShadow(_ arguments: String, _ lengths: LengthContext) -> FilterValue? {
        var words: [String] = []
        var depth = 0, word = ""
        for character in arguments {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character.isWhitespace, depth == 0 {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        var color: Color?
        var numbers: [Double] = []
        for word in words {
            if let v = lengths.length(word, .other), !word.hasSuffix("%") {
                numbers.append(v)
            } else if color == nil, let c = CSSColor.parse(word) {
                color = c
            } else {
                return nil
            }
        }
        guard numbers.count == 2 || numbers.count == 3, numbers.count < 3 || numbers[2] >= 0 else { return nil }
        let sigma = numbers.count == 3 ? numbers[2] / 2 : 0
        guard let color else { return .currentColorShadow(dx: numbers[0], dy: numbers[1], sigma: sigma) }
        return .function(.dropShadow(dx: numbers[0], dy: numbers[1], x: sigma, y: sigma, color: color))
    }
}

extension FilterEffect {
    /// `feColorMatrix type="saturate"` (and `saturate()`), Rec. 709 luma weights.
    static func saturateMatrix(_ s: Double) -> [Double] {
        let (lr, lg, lb) = (0.213, 0.715, 0.072)
        return [lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0, 0,
                lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0, 0,
                lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0, 0,
                0, 0, 0, 1, 0]
    }

    /// `feColorMatrix type="hueRotate"` (and `hue-rotate()`) by `degrees`.
    static func hueRotateMatrix(_ degrees: Double) -> [Double] {
        let (lr, lg, lb) = (0.213, 0.715, 0.072)
        let angle = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let c = cos(angle), s = sin(angle)
        return [lr + c * (1 - lr) - s * lr, lg - c * lg - s * lg, lb - c * lb + s * (1 - lb), 0, 0,
                lr - c * lr + s * 0.143, lg + c * (1 - lg) + s * 0.140, lb - c * lb - s * 0.283, 0, 0,
                lr - c * lr - s * (1 - lr), lg - c * lg + s * lg, lb + c * (1 - lb) + s * lb, 0, 0,
                0, 0, 0, 1, 0]
    }

    /// `grayscale(amount)` (Filter Effects 1 §12.1.5).
    static func grayscaleMatrix(_ amount: Double) -> [Double] {
        let a = 1 - amount
        return [0.2126 + 0.7874 * a, 0.7152 - 0.7152 * a, 0.0722 - 0.0722 * a, 0, 0,
                0.2126 - 0.2126 * a, 0.7152 + 0.2848 * a, 0.0722 - 0.0722 * a, 0, 0,
                0.2126 - 0.2126 * a, 0.7152 - 0.7152 * a, 0.0722 + 0.9278 * a, 0, 0,
                0, 0, 0, 1, 0]
    }

    /// `sepia(amount)` (Filter Effects 1 §12.1.8).
    static func sepiaMatrix(_ amount: Double) -> [Double] {
        let a = 1 - amount
        return [0.393 + 0.607 * a, 0.769 - 0.769 * a, 0.189 - 0.189 * a, 0, 0,
                0.349 - 0.349 * a, 0.686 + 0.314 * a, 0.168 - 0.168 * a, 0, 0,
                0.272 - 0.272 * a, 0.534 - 0.534 * a, 0.131 + 0.869 * a, 0, 0,
                0, 0, 0, 1, 0]
    }
}
