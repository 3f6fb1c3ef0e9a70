import Geometry
import Raster

/// `filter` (Filter Effects 1): the `<filter>` elements and CSS filter functions an element
/// lists, read into `VectorFilter`s for that element. A reference to a missing element is
/// ignored (the element is drawn unfiltered, with a warning); a filter with no primitives, an
/// empty region or a region relative to an empty bounding box draws nothing (the spec's filter
/// in error, as both references treat the cases they share), each with a warning.
extension VectorImageReader {
    /// What an element's `filter` reference comes to.
    enum FilterOutcome {
        /// No filter: the reference is missing (warned) and the element is drawn as it is.
        case ignored
        /// The filter is in error: the element is not rendered.
        case notRendered
        case filter(VectorFilter)
    }

    /// The most primitives one filter may have; a longer one is in error (hostile files).
    static let maximumFilterPrimitives = 100

    /// The filters of an element's `filter` list for `group`, drawn in `context`, the first
    /// applied to the element and each next one to the previous result: empty when the list is
    /// ignored (a reference to a missing filter ignores the whole list, as Filter Effects 1 says
    /// and rsvg-convert does; Chromium drops that item alone), `nil` when the element is not
    /// rendered.
    func filters(_ values: [FilterValue], for group: VectorGroup, _ context: Context, at element: MarkupElement) -> [VectorFilter]? {
        var filters: [VectorFilter] = []
        var content = group
        for value in values {
            let next: VectorFilter?
            switch value {
            case let .reference(id):
                switch filter(id, for: content, context, at: element) {
                case .ignored: return []
                case .notRendered: return nil
                case let .filter(filter): next = filter
                }
            case let .function(effect):
                next = functionFilter(effect, for: content, context)
            case let .currentColorShadow(dx, dy, sigma):
                next = functionFilter(.dropShadow(dx: dx, dy: dy, x: sigma, y: sigma, color: context.style.color),
                                      for: content, context)
            }
            guard let next, applyFilterPrimitives(next.primitives.count, at: element.offset) else { return nil }
            filters.append(next)
            content = VectorGroup(children: [.group(content)], filter: next)
        }
        return filters
    }

    /// A CSS filter function as a one-primitive filter in sRGB, over `group`'s bounds grown by
    /// what a blur or a shadow adds; `nil` when the group has no bounds.
    private func functionFilter(_ effect: FilterEffect, for group: VectorGroup, _ context: Context) -> VectorFilter? {
        guard let bounds = group.bounds, let inverse = context.transform.inverted else { return nil }
        let box = inverse.apply(bounds)
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        switch effect {
        case let .gaussianBlur(x, y):
            (left, right, top, bottom) = (3 * x, 3 * x, 3 * y, 3 * y)
        case let .dropShadow(dx, dy, x, y, _):
            (left, right) = (3 * x + max(0, -dx), 3 * x + max(0, dx))
            (top, bottom) = (3 * y + max(0, -dy), 3 * y + max(0, dy))
        default: break
        }
        let region = Rect(box.x - left, box.y - top, box.width + left + right, box.height + top + bottom)
        guard [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite) else { return nil }
        return VectorFilter(region: region, transform: context.transform, primitives: [
            FilterPrimitive(effect: effect, inputs: [.sourceGraphic], subregion: region, linearRGB: false),
        ])
    }

    /// Reads the `<filter>` with `id` for `group`, drawn in `context`.
    private func filter(_ id: String, for group: VectorGroup, _ context: Context, at element: MarkupElement) -> FilterOutcome {
        guard let filter = elements[id], filter.name == "filter" else {
            warn(at: element.offset, "filter: no <filter> '#\(id)' in this file, ignored")
            return .ignored
        }
        let box = objectBox(group, context)
        guard let region = region(of: filter, units: "filterUnits", box: box, context) else {
            warn(at: element.offset, "filter: '#\(id)' has an empty region here; not drawn")
            return .notRendered
        }
        let boundingBoxUnits = filter.attribute("primitiveUnits")?.value.trimmingSpace() == "objectBoundingBox"
        if boundingBoxUnits, box.map({ $0.width <= 0 || $0.height <= 0 }) ?? true {
            warn(at: element.offset, "filter: '#\(id)' uses objectBoundingBox units on an element with no area; not drawn")
            return .notRendered
        }
        let filterContext = Context(style: style(of: filter, parent: Context(style: Style(), transform: .identity,
                                                                            viewport: context.viewport, fonts: fonts)),
                                    transform: context.transform, viewport: context.viewport, fonts: fonts)
        var reader = PrimitiveReader(region: region, box: boundingBoxUnits ? box : nil, context: filterContext)
        for child in filter.children where !child.isText && child.name.hasPrefix("fe") {
            guard reader.primitives.count < Self.maximumFilterPrimitives else {
                warn(at: child.offset, "filter: '#\(id)' has more than \(Self.maximumFilterPrimitives) primitives; not drawn")
                return .notRendered
            }
            primitive(child, &reader)
        }
        guard !reader.primitives.isEmpty else {
            warn(at: filter.offset, "filter: '#\(id)' has no primitives; the element using it is not drawn")
            return .notRendered
        }
        return .filter(VectorFilter(region: region, transform: context.transform, primitives: reader.primitives))
    }

    /// The state of one filter being read: its primitives so far and their result names.
    struct PrimitiveReader {
        let region: Rect
        /// The object bounding box when `primitiveUnits` is `objectBoundingBox`.
        let box: Rect?
        let context: Context
        var primitives: [FilterPrimitive] = []
        var results: [String: Int] = [:]

        /// A user-space length from a number in primitive units along x or y.
        func scaled(_ v: Double, _ axis: LengthAxis) -> Double {
            guard let box else { return v }
            return v * (axis == .x ? box.width : box.height)
        }
    }

    /// Reads one filter primitive element (a supported `fe…` element; others are skipped).
    private func primitive(_ element: MarkupElement, _ reader: inout PrimitiveReader) {
        let style = self.style(of: element, parent: reader.context)
        func input(_ name: String) -> FilterInput { filterInput(element, name, reader) }
        func numbers(_ name: String, count: ClosedRange<Int>, default value: [Double]) -> [Double] {
            numberList(element, name, count: count) ?? value
        }
        var floodColor: Color {
            let color: Color
            switch style.floodColor {
            case let .color(c): color = c
            default: color = style.color
            }
            return color.multiplyingAlpha(by: style.floodOpacity)
        }
        var effect: FilterEffect
        var inputs: [FilterInput]
        switch element.name {
        case "feFlood":
            effect = .flood(floodColor)
            inputs = []
        case "feColorMatrix":
            effect = .colorMatrix(colorMatrix(element))
            inputs = [input("in")]
        case "feOffset":
            let dx = numbers("dx", count: 1...1, default: [0])[0], dy = numbers("dy", count: 1...1, default: [0])[0]
            effect = .offset(dx: reader.scaled(dx, .x), dy: reader.scaled(dy, .y))
            inputs = [input("in")]
        case "feGaussianBlur":
            let (x, y) = deviations(element, default: 0)
            effect = .gaussianBlur(x: reader.scaled(x, .x), y: reader.scaled(y, .y))
            inputs = [input("in")]
        case "feDropShadow":
            let (x, y) = deviations(element, default: 2)
            let dx = numbers("dx", count: 1...1, default: [2])[0], dy = numbers("dy", count: 1...1, default: [2])[0]
            effect = .dropShadow(dx: reader.scaled(dx, .x), dy: reader.scaled(dy, .y), x: reader.scaled(x, .x),
                                 y: reader.scaled(y, .y), color: floodColor)
            inputs = [input("in")]
        case "feMorphology":
            var dilate = false
            if let attribute = element.attribute("operator") {
                switch attribute.value.trimmingSpace() {
                case "erode": break
                case "dilate": dilate = true
                case let other: warn(at: attribute.valueOffset, "operator: invalid value '\(other)', ignored")
                }
            }
            let radii = numbers("radius", count: 1...2, default: [0])
            let x = radii[0], y = radii.count > 1 ? radii[1] : radii[0]
            if x < 0 || y < 0, let attribute = element.attribute("radius") {
                warn(at: attribute.valueOffset, "radius: must not be negative; the morphology is disabled")
            }
            // A zero or negative radius disables the primitive: the input passes through.
            effect = x > 0 && y > 0 ? .morphology(dilate: dilate, x: reader.scaled(x, .x), y: reader.scaled(y, .y))
                : .offset(dx: 0, dy: 0)
            inputs = [input("in")]
        case "feComponentTransfer":
            effect = .componentTransfer(["feFuncR", "feFuncG", "feFuncB", "feFuncA"].map { name in
                element.children.last { $0.name == name }.map(transferFunction) ?? .identity
            })
            inputs = [input("in")]
        case "feBlend":
            var mode = FilterEffect.BlendMode.normal
            if let attribute = element.attribute("mode") {
                let value = attribute.value.trimmingSpace()
                if let m = FilterEffect.BlendMode(rawValue: value) { mode = m } else {
                    warn(at: attribute.valueOffset, "mode: invalid value '\(value)', ignored")
                }
            }
            effect = .blend(mode)
            inputs = [input("in"), input("in2")]
        case "feComposite":
            effect = .composite(compositeOperator(element))
            inputs = [input("in"), input("in2")]
        case "feMerge":
            effect = .merge
            inputs = element.children.filter { $0.name == "feMergeNode" }.map { filterInput($0, "in", reader) }
        case "feTurbulence":
            effect = turbulence(element)
            inputs = []
        case "feConvolveMatrix":
            effect = convolveMatrix(element)
            inputs = [input("in")]
        case "feDisplacementMap":
            effect = displacementMap(element, reader)
            inputs = [input("in"), input("in2")]
        case "feDiffuseLighting", "feSpecularLighting":
            effect = lighting(element, reader, style: style)
            inputs = [input("in")]
        case "feTile":
            effect = .tile
            inputs = [input("in")]
        case "feImage":
            effect = .image(VectorGroup(children: [])) // placed below, once the subregion is known
            inputs = []
        default:
            return
        }
        // feTile's subregion defaults to the filter region, not its input's (Filter Effects 1
        // § 8.1: its purpose is to fill more than the input).
        let subregion = self.subregion(of: element, inputs: element.name == "feTile" ? [] : inputs, reader)
        if case .image = effect {
            effect = .image(filterImage(element, subregion: subregion, style: style, reader.context))
        }
        reader.primitives.append(FilterPrimitive(effect: effect, inputs: inputs, subregion: subregion,
                                                 linearRGB: style.filtersInLinearRGB))
        if let name = element.attribute("result")?.value.trimmingSpace(), !name.isEmpty {
            reader.results[name] = reader.primitives.count - 1
        }
    }

    /// An `in` or `in2` attribute: a standard input, an earlier result, or (absent, or naming no
    /// earlier result, as the spec asks) the previous primitive's result, SourceGraphic for the first.
    private func filterInput(_ element: MarkupElement, _ name: String, _ reader: PrimitiveReader) -> FilterInput {
        let previous = reader.primitives.isEmpty ? FilterInput.sourceGraphic : .result(reader.primitives.count - 1)
        guard let attribute = element.attribute(name) else { return previous }
        let value = attribute.value.trimmingSpace()
        switch value {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint": return .transparent
        default:
            if let index = reader.results[value] { return .result(index) }
            warn(at: attribute.valueOffset, "\(name): no result '\(value)' before this primitive; the previous result is used")
            return previous
        }
    }

    /// The primitive subregion: x, y, width and height in primitive units, each defaulting to
    /// the union of the inputs' subregions (the filter region when an input is a standard one
    /// or there is none), clipped to the filter region.
    private func subregion(of element: MarkupElement, inputs: [FilterInput], _ reader: PrimitiveReader) -> Rect {
        var fallback: Rect?
        for input in inputs {
            guard case let .result(index) = input else {
                fallback = reader.region
                break
            }
            let sub = reader.primitives[index].subregion
            fallback = fallback.map { $0.union(sub) } ?? sub
        }
        let base = fallback ?? reader.region
        var x = base.x, y = base.y, width = base.width, height = base.height
        if let box = reader.box {
            let fractions = LengthContext(viewport: Size(1, 1), style: reader.context.style, fonts: fonts)
            if let v = length(element, "x", .x, fractions) { x = box.x + v * box.width }
            if let v = length(element, "y", .y, fractions) { y = box.y + v * box.height }
            if let v = length(element, "width", .x, fractions, nonNegative: true) { width = v * box.width }
            if let v = length(element, "height", .y, fractions, nonNegative: true) { height = v * box.height }
        } else {
            let lengths = reader.context.lengths
            if let v = length(element, "x", .x, lengths) { x = v }
            if let v = length(element, "y", .y, lengths) { y = v }
            if let v = length(element, "width", .x, lengths, nonNegative: true) { width = v }
            if let v = length(element, "height", .y, lengths, nonNegative: true) { height = v }
        }
        return Rect(x, y, width, height).intersection(reader.region) ?? Rect(x, y, 0, 0)
    }

    /// `stdDeviation`: one number for both axes or two; a negative one disables the blur (the
    /// input passes through, as Filter Effects 1 says) with a warning.
    private func deviations(_ element: MarkupElement, default value: Double) -> (Double, Double) {
        let list = numberList(element, "stdDeviation", count: 1...2) ?? [value]
        let x = list[0], y = list.count > 1 ? list[1] : list[0]
        guard x >= 0, y >= 0 else {
            if let attribute = element.attribute("stdDeviation") {
                warn(at: attribute.valueOffset, "stdDeviation: must not be negative; the blur is disabled")
            }
            return (0, 0)
        }
        return (x, y)
    }

    /// `feColorMatrix`'s `type` and `values` as a 4 × 5 matrix; invalid values give the identity
    /// (the spec's default) with a warning.
    private func colorMatrix(_ element: MarkupElement) -> [Double] {
        let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
        let type = element.attribute("type")?.value.trimmingSpace() ?? "matrix"
        switch type {
        case "matrix":
            return numberList(element, "values", count: 20...20) ?? identity
        case "saturate":
            let s = numberList(element, "values", count: 1...1)?[0] ?? 1
            guard s >= 0 else {
                warn(at: element.offset, "values: saturate must not be negative, ignored")
                return identity
            }
            return FilterEffect.saturateMatrix(s)
        case "hueRotate":
            return FilterEffect.hueRotateMatrix(numberList(element, "values", count: 1...1)?[0] ?? 0)
        case "luminanceToAlpha":
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        default:
            if let attribute = element.attribute("type") {
                warn(at: attribute.valueOffset, "type: invalid value '\(type)', ignored")
            }
            return identity
        }
    }

    /// One `feFunc…` element; the identity when its `type` is missing or invalid (warned).
    private func transferFunction(_ element: MarkupElement) -> FilterEffect.TransferFunction {
        func number(_ name: String, _ value: Double) -> Double { numberList(element, name, count: 1...1)?[0] ?? value }
        func values() -> [Double] { numberList(element, "tableValues", count: 0...Self.maximumTableValues) ?? [] }
        let type = element.attribute("type")?.value.trimmingSpace()
        switch type {
        case "identity": return .identity
        case "table": return values().isEmpty ? .identity : .table(values())
        case "discrete": return values().isEmpty ? .identity : .discrete(values())
        case "linear": return .linear(slope: number("slope", 1), intercept: number("intercept", 0))
        case "gamma": return .gamma(amplitude: number("amplitude", 1), exponent: number("exponent", 1), offset: number("offset", 0))
        default:
            warn(at: element.attribute("type")?.valueOffset ?? element.offset,
                 "type: \(type.map { "invalid value '\($0)'" } ?? "missing") on <\(element.name)>; the channel is left as it is")
            return .identity
        }
    }

    /// The most `tableValues` one transfer function may list.
    static let maximumTableValues = 65536

    /// `feComposite`'s `operator` with `k1`…`k4` for arithmetic; `over` when invalid (warned).
    private func compositeOperator(_ element: MarkupElement) -> FilterEffect.CompositeOperator {
        guard let attribute = element.attribute("operator") else { return .over }
        switch attribute.value.trimmingSpace() {
        case "over": return .over
        case "in": return .in
        case "out": return .out
        case "atop": return .atop
        case "xor": return .xor
        case "lighter": return .lighter
        case "arithmetic":
            func k(_ name: String) -> Double { numberList(element, name, count: 1...1)?[0] ?? 0 }
            return .arithmetic(k1: k("k1"), k2: k("k2"), k3: k("k3"), k4: k("k4"))
        case let other:
            warn(at: attribute.valueOffset, "operator: invalid value '\(other)', ignored")
            return .over
        }
    }

    /// A list of `count` numbers separated by commas or whitespace; `nil` when absent or
    /// invalid, with a warning that ends by saying what is drawn instead (`otherwise`).
    func numberList(_ element: MarkupElement, _ name: String, count: ClosedRange<Int>,
                    otherwise: String = "ignored") -> [Double]? {
        guard let attribute = element.attribute(name) else { return nil }
        var scanner = NumberScanner(attribute.value)
        var values: [Double] = []
        scanner.skipSpace()
        while !scanner.isAtEnd, values.count <= count.upperBound {
            guard let v = try? scanner.numberAndSeparator("") else { break }
            values.append(v)
        }
        guard scanner.isAtEnd, count.contains(values.count) else {
            let expected = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)"
            warn(at: attribute.valueOffset, "\(name): expected \(expected) number\(count.upperBound == 1 ? "" : "s"), \(otherwise)")
            return nil
        }
        return values
    }
}
