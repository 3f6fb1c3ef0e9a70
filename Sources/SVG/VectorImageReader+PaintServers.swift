import Geometry
import Raster

/// What a `url(#id)` paint resolved to.
enum PaintServerResult {
    /// A paint server was found; `nil` when it paints nothing (no stops, an empty bounding box).
    case found(Paint?)
    /// There is no usable paint server: the fallback, if any, applies.
    case missing
}

/// `linearGradient` and `radialGradient` (SVG 1.1 §13.2 with SVG 2's `fr`): attributes and
/// stops inherited through `href` chains, units, `gradientTransform` and `spreadMethod`.
extension VectorImageReader {
    func paintServer(_ id: String, box: Rect, _ context: Context, at element: MarkupElement) -> PaintServerResult {
        guard let server = elements[id] else {
            warn(at: element.offset, "paint: no element '#\(id)' in this file")
            return .missing
        }
        guard server.name == "linearGradient" || server.name == "radialGradient" else {
            warn(at: element.offset, "paint: '#\(id)' is a <\(server.name)>, which cannot paint (only gradients can)")
            return .missing
        }
        let chain = gradientChain(server)
        func attribute(_ name: String) -> MarkupAttribute? { chain.lazy.compactMap { $0.attribute(name) }.first }
        let boundingBox = attribute("gradientUnits")?.value.trimmingSpace() != "userSpaceOnUse"
        let lengths = boundingBox ? LengthContext(viewport: Size(1, 1), fontSize: context.style.fontSize) : context.lengths
        func number(_ name: String, _ axis: LengthAxis, _ fallback: Double) -> Double {
            guard let a = attribute(name) else { return fallback }
            guard let v = lengths.length(a.value, axis) else {
                warn(at: a.valueOffset, "\(name): invalid length '\(a.value)', ignored")
                return fallback
            }
            return v
        }
        let stops = self.stops(chain.first { $0.children.contains { $0.name == "stop" } }, context)
        guard let last = stops.last else { return .found(nil) }
        if stops.count == 1 { return .found(.solid(last.color)) }

        var units = AffineTransform.identity
        if boundingBox {
            guard box.width > 0, box.height > 0 else { return .found(nil) }
            units = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
        }
        let gradientTransform = attribute("gradientTransform").map { _ in
            transform(of: chain.first { $0.attribute("gradientTransform") != nil }!, context, attribute: "gradientTransform")
        } ?? .identity
        let kind: Gradient.Kind
        if server.name == "linearGradient" {
            kind = .linear(start: Point(number("x1", .x, 0), number("y1", .y, 0)),
                           end: Point(number("x2", .x, boundingBox ? 1 : lengths.viewport.width), number("y2", .y, 0)))
        } else {
            let half = boundingBox ? 0.5 : nil as Double?
            let cx = number("cx", .x, half ?? lengths.viewport.width / 2)
            let cy = number("cy", .y, half ?? lengths.viewport.height / 2)
            let r = number("r", .other, half ?? lengths.length("50%", .other) ?? 0)
            let fx = number("fx", .x, cx), fy = number("fy", .y, cy), fr = number("fr", .other, 0)
            guard r >= 0, fr >= 0 else {
                warn(at: server.offset, "<radialGradient>: a negative radius; not painted")
                return .found(nil)
            }
            kind = .radial(center: Point(cx, cy), radius: r, focus: Point(fx, fy), focalRadius: fr)
        }
        let spreads: [String: Gradient.Spread] = ["pad": .pad, "reflect": .reflect, "repeat": .repeat]
        var spread = Gradient.Spread.pad
        if let a = attribute("spreadMethod") {
            if let s = spreads[a.value.trimmingSpace()] { spread = s } else {
                warn(at: a.valueOffset, "spreadMethod: expected pad, reflect or repeat, not '\(a.value)', ignored")
            }
        }
        // Straight interpolation: Chromium and librsvg agree on it for SVG gradients.
        return .found(.gradient(Gradient(kind: kind, stops: stops, spread: spread,
                                         transform: gradientTransform.concatenating(units).concatenating(context.transform),
                                         interpolation: .straight)))
    }

    /// The gradient and the gradients its `href` chain leads to, stopping at a cycle, a
    /// missing element or one that is not a gradient.
    private func gradientChain(_ start: MarkupElement) -> [MarkupElement] {
        var chain = [start]
        var seen: Set<Int> = [start.offset]
        var current = start
        while chain.count < 64, let attribute = current.attribute("href") ?? current.attribute("xlink:href") {
            let value = attribute.value.trimmingSpace()
            guard value.hasPrefix("#"), let next = elements[String(value.dropFirst())],
                  next.name == "linearGradient" || next.name == "radialGradient" else {
                warn(at: attribute.valueOffset, "href: '\(value)' is not a gradient in this file, ignored")
                break
            }
            guard seen.insert(next.offset).inserted else {
                warn(at: attribute.valueOffset, "href: '\(value)' leads back to this gradient, ignored")
                break
            }
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The stops of `gradient`: offsets clamped to 0...1 and made non-decreasing, colours
    /// with `stop-opacity` folded in.
    private func stops(_ gradient: MarkupElement?, _ context: Context) -> [GradientStop] {
        guard let gradient else { return [] }
        var base = context
        base.style = Style()
        base.style = style(of: gradient, parent: base)
        var stops: [GradientStop] = []
        var floor = 0.0
        for stop in gradient.children where stop.name == "stop" {
            var offset = 0.0
            if let a = stop.attribute("offset") {
                let text = a.value.trimmingSpace()
                let v = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
                if let v, v.isFinite { offset = v } else { warn(at: a.valueOffset, "offset: invalid number '\(a.value)', taken as 0") }
            }
            offset = max(min(max(offset, 0), 1), floor)
            floor = offset
            let style = self.style(of: stop, parent: base)
            let color: Color
            switch style.stopColor {
            case let .color(c): color = c
            case .currentColor: color = style.color
            default: color = .black
            }
            stops.append(GradientStop(location: offset, color: color.multiplyingAlpha(by: style.stopOpacity)))
        }
        return stops
    }
}
