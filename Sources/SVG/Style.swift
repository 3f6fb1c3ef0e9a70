import Geometry
import Raster

/// One property declaration that applies to an element, from a presentation attribute, a
/// `style` attribute or a `<style>` sheet, with the byte where it was written for warnings.
struct Declaration {
    let property: String
    let value: String
    let offset: Int
    /// Whether the property is one of `Style.properties`, one of `Style.fontProperties`, and
    /// one of `Style.cssOnly`: looked up once here (one lookup for the three), not each time a
    /// style is computed from the declaration.
    let isKnown: Bool, isFont: Bool, isCSSOnly: Bool

    init(property: String, value: String, offset: Int) {
        self.property = property
        self.value = value
        self.offset = offset
        let kind = Style.kinds[property]
        (isKnown, isFont, isCSSOnly) = (kind != nil, kind?.isFont ?? false, kind?.isCSSOnly ?? false)
    }
}

/// The computed painting properties of an element: inherited ones come from the parent's
/// style, the others start at their initial values (SVG 1.1 §6 and the property index).
struct Style {
    // Inherited.
    var fill: PaintValue = .color(.black)
    var fillOpacity = 1.0
    var fillRule = FillRule.nonZero
    var stroke: PaintValue = .none
    var strokeWidth = 1.0
    var strokeOpacity = 1.0
    var lineCap = StrokeStyle.Cap.butt
    var lineJoin = StrokeStyle.Join.miter
    var miterLimit = 4.0
    var dashArray: [Double] = []
    var dashOffset = 0.0
    var clipRule = FillRule.nonZero
    var color = Color.black
    var isVisible = true
    var fontSize = 16.0
    /// The `font-family` list as written; empty for the initial value (the user agent's
    /// standard font).
    var fontFamily = ""
    var fontWeight = 400
    var fontStyle = FontStyle.normal
    var textAnchor = 0.0
    /// `letter-spacing` and `word-spacing` in user units (a percentage of the font size, as
    /// Chromium): added after each typographic character and after each word separator (CSS
    /// Text 3 §8.2, §8.3).
    var letterSpacing = 0.0
    var wordSpacing = 0.0
    /// `font-variant`: which letters are drawn as small capitals.
    var capitals = Capitals.normal
    /// Whether text keeps its white space (`xml:space="preserve"`, CSS `white-space` `pre`,
    /// `pre-wrap` or `break-spaces`, or `white-space-collapse` `preserve` or `break-spaces`):
    /// each space, tab and line break is a space, none collapsed.
    var preservesSpaces = false
    /// `direction: rtl`: text's paragraphs run right to left, and `text-anchor`'s start is their right end.
    var rightToLeft = false
    /// The language the text is in (`xml:lang`, else `lang`), `nil` when unknown.
    var language: String?
    /// The ids of the `<marker>`s drawn at a path's first, middle and last vertices.
    var markerStart: String?
    var markerMid: String?
    var markerEnd: String?
    /// Whether filter primitives work on linear-light RGB (`color-interpolation-filters`,
    /// `linearRGB` and `auto`, the initial value) rather than on sRGB values.
    var filtersInLinearRGB = true
    // Not inherited.
    var opacity = 1.0
    var isDisplayed = true
    var clipPath: String?
    var mask: String?
    var stopColor = PaintValue.color(.black)
    var stopOpacity = 1.0
    var transformOrigin: (x: Double, y: Double)?
    /// The `<filter>` references and filter functions the element is drawn through, in order.
    var filters: [FilterValue] = []
    /// `feFlood`'s and `feDropShadow`'s colour and opacity.
    var floodColor = PaintValue.color(.black)
    var floodOpacity = 1.0
    /// `feDiffuseLighting`'s and `feSpecularLighting`'s light colour (`lighting-color`).
    var lightingColor = PaintValue.color(.white)
    /// `mix-blend-mode`: how the element blends with what is under it.
    var blendMode = BlendMode.normal
    /// `isolation: isolate`: the element's content blends only within it.
    var isolated = false
    /// `unicode-bidi`: how the element's text takes part in the Bidirectional Algorithm.
    var unicodeBidi = UnicodeBidi.normal

    /// The style a child starts from: inherited properties carried over, the rest reset.
    var inherited: Style {
        var s = self
        s.opacity = 1
        s.isDisplayed = true
        s.clipPath = nil
        s.mask = nil
        s.stopColor = .color(.black)
        s.stopOpacity = 1
        s.transformOrigin = nil
        s.filters = []
        s.floodColor = .color(.black)
        s.floodOpacity = 1
        s.lightingColor = .color(.white)
        s.blendMode = .normal
        s.isolated = false
        s.unicodeBidi = .normal
        return s
    }

    /// Every property the reader understands; other attributes and declarations are ignored.
    /// (`overflow` and `mask-type` are only read by viewports and masks, from the cascaded
    /// declarations.)
    static let properties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "clip-rule", "color",
        "visibility", "font-size", "font-family", "font-weight", "font-style", "text-anchor", "opacity", "display",
        "clip-path", "mask", "stop-color", "stop-opacity", "transform-origin", "overflow", "mask-type",
        "marker", "marker-start", "marker-mid", "marker-end", "filter", "flood-color", "flood-opacity",
        "lighting-color",
        "color-interpolation-filters", "mix-blend-mode", "isolation",
        "letter-spacing", "word-spacing", "font-variant", "font", "direction", "unicode-bidi",
        "white-space", "white-space-collapse",
    ]

    /// Properties that only CSS sets (a `style` attribute or a style sheet), not presentation
    /// attributes: Compositing and Blending 1 defines them as CSS properties only, and browsers
    /// ignore `mix-blend-mode="multiply"` written as an attribute.
    /// So is the `font` shorthand: SVG 2 §6.6 makes presentation attributes of longhands only;
    /// and `white-space` and `white-space-collapse`, which Chromium ignores as attributes.
    static let cssOnly: Set<String> = ["mix-blend-mode", "isolation", "font", "white-space", "white-space-collapse"]

    /// Every property of `properties`, with whether it is one of `fontProperties` and of `cssOnly`.
    static let kinds: [String: (isFont: Bool, isCSSOnly: Bool)] =
        Dictionary(uniqueKeysWithValues: properties.map { ($0, (fontProperties.contains($0), cssOnly.contains($0))) })

    /// The properties that pick the font, applied before the others (with the parent's
    /// `lengths`, so `em` and `ex` in `font-size` are the parent's), since `em` and `ex` in the
    /// others are measured in the element's own font.
    static let fontProperties: Set<String> = ["font-size", "font-family", "font-weight", "font-style", "font-variant", "font"]

    /// The face the font properties ask for.
    var font: FontRequest { FontRequest(families: fontFamily, weight: fontWeight, style: fontStyle) }

    /// Applies one declaration (already cascaded into order); returns a warning message when
    /// the value is invalid, in which case the property keeps its previous value. `lengths` is
    /// the parent's font for `fontProperties` and the element's own for the rest.
    mutating func apply(_ d: Declaration, parent: Style, lengths: LengthContext) -> String? {
        let value = d.value.trimmingSpace()
        if value == "inherit" {
            inherit(d.property, from: parent)
            return nil
        }
        func invalid() -> String { "\(d.property): invalid value '\(value)', ignored" }
        func number() -> Double? { Double(value).flatMap { $0.isFinite ? $0 : nil } }
        func unit() -> Double? {
            if value.hasSuffix("%") { return Double(value.dropLast()).map { min(max($0 / 100, 0), 1) } }
            return number().map { min(max($0, 0), 1) }
        }
        func length(_ axis: LengthAxis, nonNegative: Bool) -> Double? {
            guard let v = lengths.length(value, axis), !nonNegative || v >= 0 else { return nil }
            return v
        }
        func keyword<T>(_ table: [String: T], _ key: String? = nil) -> T? { table[key ?? value] }
        switch d.property {
        case "fill":
            guard let p = PaintValue.parse(value) else { return invalid() }
            fill = p
        case "stroke":
            guard let p = PaintValue.parse(value) else { return invalid() }
            stroke = p
        case "stop-color":
            guard let p = PaintValue.parse(value), p != .none else { return invalid() }
            stopColor = p
        case "color":
            guard let c = CSSColor.parse(value) else { return invalid() }
            color = c
        case "fill-opacity": guard let v = unit() else { return invalid() }; fillOpacity = v
        case "stroke-opacity": guard let v = unit() else { return invalid() }; strokeOpacity = v
        case "stop-opacity": guard let v = unit() else { return invalid() }; stopOpacity = v
        case "flood-opacity": guard let v = unit() else { return invalid() }; floodOpacity = v
        case "flood-color", "lighting-color":
            let color: PaintValue
            switch PaintValue.parse(value) {
            case let p? where p == .currentColor: color = p
            case let .color(c)?: color = .color(c)
            default: return invalid()
            }
            if d.property == "flood-color" { floodColor = color } else { lightingColor = color }
        case "color-interpolation-filters":
            guard let v = keyword(["auto": true, "linearRGB": true, "sRGB": false]) else { return invalid() }
            filtersInLinearRGB = v
        case "opacity": guard let v = unit() else { return invalid() }; opacity = v
        case "mix-blend-mode": guard let v = BlendMode(rawValue: value) else { return invalid() }; blendMode = v
        case "isolation": guard let v = keyword(["auto": false, "isolate": true]) else { return invalid() }; isolated = v
        case "fill-rule": guard let v = keyword(["nonzero": FillRule.nonZero, "evenodd": .evenOdd]) else { return invalid() }; fillRule = v
        case "clip-rule": guard let v = keyword(["nonzero": FillRule.nonZero, "evenodd": .evenOdd]) else { return invalid() }; clipRule = v
        case "stroke-width": guard let v = length(.other, nonNegative: true) else { return invalid() }; strokeWidth = v
        case "stroke-miterlimit":
            guard let v = number(), v >= 1 else { return invalid() }
            miterLimit = v
        case "stroke-linecap":
            guard let v = keyword(["butt": StrokeStyle.Cap.butt, "round": .round, "square": .square]) else { return invalid() }
            lineCap = v
        case "stroke-linejoin":
            guard let v = keyword(["miter": StrokeStyle.Join.miter, "round": .round, "bevel": .bevel, "miter-clip": .miter,
                                   "arcs": .miter]) else { return invalid() }
            lineJoin = v
        case "stroke-dasharray":
            if value == "none" { dashArray = []; return nil }
            let parts = value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
            var list: [Double] = []
            for part in parts {
                guard let v = lengths.length(String(part), .other), v >= 0 else { return invalid() }
                list.append(v)
            }
            dashArray = list
        case "stroke-dashoffset": guard let v = length(.other, nonNegative: false) else { return invalid() }; dashOffset = v
        case "visibility":
            guard let v = keyword(["visible": true, "hidden": false, "collapse": false]) else { return invalid() }
            isVisible = v
        case "display": isDisplayed = value != "none"
        case "filter":
            guard let list = FilterValue.parseList(value, lengths: lengths) else { return invalid() }
            filters = list
        case "clip-path", "mask", "marker-start", "marker-mid", "marker-end", "marker":
            var reference: String?
            if value != "none" {
                guard case let .reference(id, nil)? = PaintValue.parse(value) else { return invalid() }
                reference = id
            }
            switch d.property {
            case "mask": mask = reference
            case "clip-path": clipPath = reference
            case "marker-start": markerStart = reference
            case "marker-mid": markerMid = reference
            case "marker-end": markerEnd = reference
            default: (markerStart, markerMid, markerEnd) = (reference, reference, reference)
            }
        case "font-size":
            let keywords = ["xx-small": 9.0, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32]
            if let v = keywords[value] { fontSize = v; return nil }
            guard let v = value.hasSuffix("%") ? Double(value.dropLast()).map({ $0 / 100 * parent.fontSize })
                    : lengths.length(value, .other), v >= 0 else { return invalid() }
            fontSize = v
        case "font-family": fontFamily = value
        case "font-weight":
            switch value {
            case "normal": fontWeight = 400
            case "bold": fontWeight = 700
            case "bolder": fontWeight = min(900, parent.fontWeight + 300)
            case "lighter": fontWeight = max(100, parent.fontWeight - 300)
            default:
                guard let v = Int(value), (1...1000).contains(v) else { return invalid() }
                fontWeight = v
            }
        case "font-style":
            // `oblique` may be followed by an angle (CSS Fonts 4); any slant is drawn as oblique.
            let slant = value.hasPrefix("oblique ") ? "oblique" : value
            guard let v = keyword(["normal": FontStyle.normal, "italic": .italic, "oblique": .oblique], slant) else { return invalid() }
            fontStyle = v
        case "letter-spacing", "word-spacing":
            let v: Double
            if value == "normal" {
                v = 0
            } else {
                // CSS Text 4's `<length-percentage>`: Chromium takes a percentage of the font size
                // for both properties (its widths: 10 % of 30 px adds 3 px after each character).
                if value.hasSuffix("%") {
                    guard let percent = Double(value.dropLast()), percent.isFinite else { return invalid() }
                    v = percent / 100 * lengths.fontSize
                } else {
                    guard let length = lengths.length(value, .other) else { return invalid() }
                    v = length
                }
            }
            if d.property == "letter-spacing" { letterSpacing = v } else { wordSpacing = v }
        case "font-variant":
            guard let v = keyword(["normal": Capitals.normal, "none": .normal, "small-caps": .small,
                                   "all-small-caps": .all]) else { return invalid() }
            capitals = v
        case "font":
            // The shorthand resets every longhand it does not name to its initial value.
            guard let longhands = Self.fontLonghands(value) else { return invalid() }
            var set = self
            (set.fontStyle, set.capitals, set.fontWeight) = (.normal, .normal, 400)
            for (property, text) in longhands {
                let longhand = Declaration(property: property, value: text, offset: d.offset)
                guard set.apply(longhand, parent: parent, lengths: lengths) == nil else { return invalid() }
            }
            self = set
        case "white-space":
            // Chromium lays SVG text on one line, a preserved tab or line break as a space:
            // `pre`, `pre-wrap` and `break-spaces` keep every space, the others collapse them.
            guard let v = keyword(["normal": false, "nowrap": false, "pre-line": false, "pre": true, "pre-wrap": true,
                                   "break-spaces": true]) else { return invalid() }
            preservesSpaces = v
        case "white-space-collapse":
            // CSS Text 4's longhand, as Chromium takes it (it has no `preserve-spaces`).
            guard let v = keyword(["collapse": false, "preserve-breaks": false, "preserve": true,
                                   "break-spaces": true]) else { return invalid() }
            preservesSpaces = v
        case "direction":
            guard let v = keyword(["ltr": false, "rtl": true]) else { return invalid() }
            rightToLeft = v
        case "unicode-bidi":
            guard let v = keyword(["normal": UnicodeBidi.normal, "embed": .embed, "isolate": .isolate,
                                   "bidi-override": .override, "isolate-override": .isolateOverride,
                                   "plaintext": .plaintext]) else { return invalid() }
            unicodeBidi = v
        case "text-anchor":
            guard let v = keyword(["start": 0.0, "middle": 0.5, "end": 1]) else { return invalid() }
            textAnchor = v
        case "transform-origin":
            let parts = value.split(separator: " ")
            let keywords = ["left": 0.0, "top": 0, "center": 0.5, "right": 1, "bottom": 1]
            var coordinates: [Double] = []
            for (index, part) in parts.prefix(2).enumerated() {
                let axis: LengthAxis = index == 0 ? .x : .y
                if let k = keywords[String(part)] {
                    coordinates.append(k * (axis == .x ? lengths.viewport.width : lengths.viewport.height))
                } else if let v = lengths.length(String(part), axis) {
                    coordinates.append(v)
                } else {
                    return invalid()
                }
            }
            guard !coordinates.isEmpty else { return invalid() }
            transformOrigin = (coordinates[0], coordinates.count > 1 ? coordinates[1] : lengths.viewport.height / 2)
        default:
            break
        }
        return nil
    }

    /// `font-stretch` keywords, which the `font` shorthand may hold (faces are not chosen by width).
    private static let stretches: Set<String> = ["ultra-condensed", "extra-condensed", "condensed", "semi-condensed",
                                                 "semi-expanded", "expanded", "extra-expanded", "ultra-expanded"]

    /// The longhands a `font` shorthand value sets, in CSS Fonts 3's grammar (§3.7): style,
    /// variant, weight and stretch in any order (each at most once, `normal` for any), then
    /// the size, an optional `/ line-height` (SVG text has no lines: ignored) and the family
    /// list; `nil` when the value does not parse. The system font keywords (`caption`, `menu`…)
    /// are not supported.
    static func fontLonghands(_ value: String) -> [(property: String, value: String)]? {
        var rest = Substring(value)
        var longhands: [(property: String, value: String)] = []
        var named: Set<String> = [], words = 0
        func token() -> Substring {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            return rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "/" }
        }
        while true {
            let next = token(), word = next.lowercased()
            let property: String?
            switch word {
            case "normal": property = nil
            case "italic", "oblique": property = "font-style"
            case "small-caps": property = "font-variant"
            case "bold", "bolder", "lighter": property = "font-weight"
            case _ where Int(word).map({ (1...1000).contains($0) }) == true: property = "font-weight"
            case _ where stretches.contains(word): property = "font-stretch"
            default: property = "size"
            }
            guard property != "size" else { break }
            words += 1
            if let property {
                guard named.insert(property).inserted else { return nil }
                if property != "font-stretch" { longhands.append((property, word)) }
            }
            guard words <= 4 else { return nil }
            rest = rest.dropFirst(next.count)
        }
        let size = token()
        guard !size.isEmpty else { return nil }
        longhands.append(("font-size", String(size)))
        rest = rest.dropFirst(size.count)
        rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if rest.first == "/" {
            rest = rest.dropFirst()
            guard !token().isEmpty else { return nil }
            rest = rest.dropFirst(token().count)
        }
        let family = String(rest).trimmingSpace()
        guard !family.isEmpty else { return nil }
        longhands.append(("font-family", family))
        return longhands
    }

    /// Copies one property from the parent (the `inherit` keyword).
    private mutating func inherit(_ property: String, from parent: Style) {
        switch property {
        case "opacity": opacity = parent.opacity
        case "display": isDisplayed = parent.isDisplayed
        case "clip-path": clipPath = parent.clipPath
        case "mask": mask = parent.mask
        case "stop-color": stopColor = parent.stopColor
        case "stop-opacity": stopOpacity = parent.stopOpacity
        case "transform-origin": transformOrigin = parent.transformOrigin
        case "filter": filters = parent.filters
        case "flood-color": floodColor = parent.floodColor
        case "flood-opacity": floodOpacity = parent.floodOpacity
        case "lighting-color": lightingColor = parent.lightingColor
        case "mix-blend-mode": blendMode = parent.blendMode
        case "isolation": isolated = parent.isolated
        case "unicode-bidi": unicodeBidi = parent.unicodeBidi
        default: break // Inherited properties already hold the parent's value.
        }
    }
}

/// `unicode-bidi` (CSS Writing Modes 3 §2.2): how an element's text takes part in the
/// Bidirectional Algorithm, as the directional controls of Unicode's table (UAX #9 §2) around it.
enum UnicodeBidi: Hashable {
    /// No embedding: the text is part of its parent's.
    case normal
    /// An embedding (LRE/RLE … PDF) in the element's `direction`.
    case embed
    /// An isolate (LRI/RLI … PDI) in the element's `direction`.
    case isolate
    /// Every character in the element's `direction` (LRO/RLO … PDF).
    case override
    /// An isolate whose characters are all in the element's `direction`.
    case isolateOverride
    /// An isolate whose direction is found from its first strong character (FSI … PDI).
    case plaintext
}

/// CSS `font-variant` (its capitals): which letters are drawn as small capitals.
enum Capitals: Hashable {
    case normal
    /// `small-caps`: lower-case letters.
    case small
    /// `all-small-caps`: every letter with a case.
    case all
}
