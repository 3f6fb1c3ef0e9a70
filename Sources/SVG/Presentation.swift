import Geometry
import Raster

/// One property setting on an element, from a presentation attribute or from its `style`,
/// with where its value starts so errors point into it.
struct Declaration {
    let property: String
    let value: String
    let attribute: MarkupAttribute
    /// Byte index of `value` within the attribute's value.
    let index: Int

    /// Every declaration of `element`: presentation attributes first, then the `style`
    /// attribute's, so a later one for the same property wins, as CSS specificity has it.
    static func all(of element: MarkupElement) -> [Declaration] {
        var result = element.attributes.filter { Presentation.properties.contains($0.name) }
            .map { Declaration(property: $0.name, value: $0.value, attribute: $0, index: 0) }
        guard let style = element.attribute("style") else { return result }
        let bytes = Array(style.value.utf8)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) {
                let name = String(decoding: bytes[start..<colon], as: UTF8.self).trimmingSpace()
                var valueStart = colon + 1
                while valueStart < end, NumberScanner.isSpace(bytes[valueStart]) { valueStart += 1 }
                result.append(Declaration(property: name, value: String(decoding: bytes[valueStart..<end], as: UTF8.self),
                                          attribute: style, index: valueStart))
            }
            start = end + 1
        }
        return result
    }
}

/// The painting properties in effect for an element: what it inherits from its groups,
/// updated by its own declarations.
struct Presentation {
    var fill: Color? = .black
    var stroke: Color?
    var strokeWidth = 1.0
    var lineCap = StrokeStyle.Cap.butt
    var lineJoin = StrokeStyle.Join.miter
    var miterLimit = 4.0
    var fillRule = FillRule.nonZero
    var fillOpacity = 1.0
    var strokeOpacity = 1.0
    /// The product of the element's and its ancestors' `opacity`.
    var opacity = 1.0
    var isDisplayed = true

    /// The properties the subset understands; any other attribute or style property is ignored.
    static let properties: Set<String> = [
        "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "fill-rule", "opacity", "fill-opacity", "stroke-opacity", "display",
    ]

    /// This presentation updated by `declarations`, the last one for each property winning.
    /// `opacity` multiplies into the inherited value (group opacity is approximated per shape,
    /// which is exact where a group's shapes do not overlap).
    func applying(_ declarations: [Declaration]) throws -> Presentation {
        var p = self
        var seen = Set<String>()
        for d in declarations.reversed() where Self.properties.contains(d.property) && !seen.contains(d.property) {
            seen.insert(d.property)
            let value = d.value.trimmingSpace()
            if value == "inherit" { continue }
            do {
                try p.set(d.property, value)
            } catch let problem as ValueProblem {
                throw SourceProblem(offset: d.attribute.offset(ofValueByte: d.index + problem.index),
                                    message: "\(d.property): \(problem.message)")
            }
        }
        return p
    }

    private mutating func set(_ property: String, _ value: String) throws {
        switch property {
        case "fill": fill = try Paint.parse(value)
        case "stroke": stroke = try Paint.parse(value)
        case "stroke-width": strokeWidth = try Self.length(value, allowZero: true)
        case "stroke-miterlimit": miterLimit = max(1, try Self.number(value))
        case "stroke-linecap": lineCap = try Self.keyword(value, ["butt": .butt, "round": .round, "square": .square])
        case "stroke-linejoin": lineJoin = try Self.keyword(value, ["miter": .miter, "round": .round, "bevel": .bevel])
        case "fill-rule": fillRule = try Self.keyword(value, ["nonzero": .nonZero, "evenodd": .evenOdd])
        case "opacity": opacity *= try Self.unitInterval(value)
        case "fill-opacity": fillOpacity = try Self.unitInterval(value)
        case "stroke-opacity": strokeOpacity = try Self.unitInterval(value)
        default: isDisplayed = value != "none"
        }
    }

    /// The shape these properties paint `path` as, or `nil` when they paint nothing.
    func shape(_ path: Path, transform: AffineTransform) -> Shape? {
        let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        let fillColor = fill.map { $0.multiplyingAlpha(by: fillOpacity) }
        let strokeColor = stroke.map { $0.multiplyingAlpha(by: strokeOpacity) }
        let width = strokeWidth * scale
        let outline = strokeColor.flatMap { color in
            width > 0 ? Stroke(color: color, style: StrokeStyle(width: width, cap: lineCap, join: lineJoin, miterLimit: miterLimit)) : nil
        }
        guard isDisplayed, opacity > 0, fillColor != nil || outline != nil, !path.isEmpty else { return nil }
        return Shape(path: path.transformed(by: transform), fill: fillColor, fillRule: fillRule, stroke: outline, opacity: opacity)
    }

    /// `text` without a trailing `px` unit.
    static func withoutPixelUnit(_ text: String) -> String { text.hasSuffix("px") ? String(text.dropLast(2)) : text }

    /// A number, with an optional `px` unit.
    static func length(_ text: String, allowZero: Bool) throws -> Double {
        let v = try number(withoutPixelUnit(text))
        guard v > 0 || (allowZero && v == 0) else {
            throw ValueProblem(index: 0, message: allowZero ? "must not be negative" : "must be positive")
        }
        return v
    }

    /// Exactly one number and nothing else.
    static func number(_ text: String) throws -> Double {
        var scanner = NumberScanner(text)
        scanner.skipSpace()
        let v = try scanner.number("")
        scanner.skipSpace()
        guard scanner.isAtEnd else { throw ValueProblem(index: scanner.index, message: "unexpected text after the number") }
        return v
    }

    /// A number clamped to 0...1, as CSS clamps opacities.
    private static func unitInterval(_ text: String) throws -> Double { min(1, max(0, try number(text))) }

    private static func keyword<T>(_ text: String, _ values: KeyValuePairs<String, T>) throws -> T {
        guard let v = values.first(where: { $0.key == text })?.value else {
            throw ValueProblem(index: 0, message: "expected \(values.map(\.key).joined(separator: ", ")), not '\(text)'")
        }
        return v
    }
}
