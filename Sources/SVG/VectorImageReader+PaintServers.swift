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
        if server.name == "pattern" { return pattern(server, id: id, box: box, context, at: element) }
        guard server.name == "linearGradient" || server.name == "radialGradient" else {
            warn(at: element.offset, "paint: '#\(id)' is a <\(server.name)>, which cannot paint")
            return .missing
        }
        return gradient(server, box: box, context)
    }

    /// A `linearGradient` or `radialGradient` for an element with bounding box `box`. Apart
    /// from `paintServer`, which a chain of patterns recurses through, to keep that function's
    /// stack frame small.
    @inline(never)
    private func gradient(_ server: MarkupElement, box: Rect, _ context: Context) -> PaintServerResult {
        let chain = gradientChain(server)
        func attribute(_ name: String) -> MarkupAttribute? { chain.lazy.compactMap { $0.attribute(name) }.first }
        let boundingBox = attribute("gradientUnits")?.value.trimmingSpace() != "userSpaceOnUse"
        let lengths = boundingBox ? LengthContext(viewport: Size(1, 1), style: context.style, fonts: fonts) : context.lengths
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

    /// The gradient (or pattern) and those its `href` chain leads to, stopping at a cycle, a
    /// missing element or one of another kind.
    private func gradientChain(_ start: MarkupElement) -> [MarkupElement] {
        let kinds: Set<String> = start.name == "pattern" ? ["pattern"] : ["linearGradient", "radialGradient"]
        var chain = [start]
        var seen: Set<Int> = [start.offset]
        var current = start
        while chain.count < 64, let attribute = current.attribute("href") ?? current.attribute("xlink:href") {
            let value = attribute.value.trimmingSpace()
            guard value.hasPrefix("#"), let next = elements[String(value.dropFirst())], kinds.contains(next.name) else {
                warn(at: attribute.valueOffset, "href: '\(value)' is not a <\(start.name)> in this file, ignored")
                break
            }
            guard seen.insert(next.offset).inserted else {
                warn(at: attribute.valueOffset, "href: '\(value)' leads back to this <\(start.name)>, ignored")
                break
            }
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The largest pattern tile rendered, in pixels a side.
    static let maximumTileSide = 1024

    /// The most pattern tile pixels one file renders, all patterns together (patterns filling
    /// patterns multiply): 32 full-size tiles, a second or so of drawing.
    static let maximumPatternPixels = 32 << 20

    /// A pattern tile about to be rendered: the context its content is read in (from `holder`,
    /// the first pattern of the `href` chain with children), its size in pixels, where its
    /// pixels go in viewBox coordinates and its key in `patternTiles`.
    private struct PatternTile {
        var context: Context
        var holder: MarkupElement
        var pixelsWide: Double, pixelsHigh: Double
        var pixelsToViewBox: AffineTransform
        var key: String
    }

    /// A pattern's tile to render, or what it paints without one.
    private enum PatternPlan {
        case render(PatternTile)
        case done(PaintServerResult)
    }

    /// `<pattern>`: its tile (x, y, width, height in `patternUnits`) rendered once with its
    /// content (in `patternContentUnits`, or fitted by its viewBox) at twice the scale the tile
    /// is drawn at, then repeated as an `ImagePattern`.
    private func pattern(_ server: MarkupElement, id: String, box: Rect, _ context: Context,
                         at element: MarkupElement) -> PaintServerResult {
        guard !expanding.contains("pattern:" + id) else {
            warn(at: element.offset, "paint: pattern '#\(id)' is used inside itself; not painted")
            return .found(nil)
        }
        guard enter("pattern #\(id)", at: element.offset) else { return .found(nil) }
        defer { leave("pattern #\(id)") }
        expanding.insert("pattern:" + id)
        defer { expanding.remove("pattern:" + id) }
        let tile: PatternTile
        switch patternPlan(server, id: id, box: box, context, at: element) {
        case let .done(result): return result
        case let .render(planned): tile = planned
        }
        patternNesting += 1
        let nodes = children(of: tile.holder, tile.context)
        patternNesting -= 1
        return .found(render(tile, nodes))
    }

    /// The tile `pattern` renders for an element with bounding box `box`, unless the tile is
    /// empty, already rendered or past the file's budget of tile pixels.
    @inline(never)
    private func patternPlan(_ server: MarkupElement, id: String, box: Rect, _ context: Context,
                             at element: MarkupElement) -> PatternPlan {
        let chain = gradientChain(server)
        func attribute(_ name: String) -> MarkupAttribute? { chain.lazy.compactMap { $0.attribute(name) }.first }
        let boundingBox = attribute("patternUnits")?.value.trimmingSpace() != "userSpaceOnUse"
        let lengths = boundingBox ? LengthContext(viewport: Size(1, 1), style: context.style, fonts: fonts) : context.lengths
        func number(_ name: String, _ axis: LengthAxis) -> Double {
            guard let a = attribute(name) else { return 0 }
            return lengths.length(a.value, axis) ?? 0
        }
        var tile = Rect(number("x", .x), number("y", .y), number("width", .x), number("height", .y))
        if boundingBox {
            guard box.width > 0, box.height > 0 else { return .done(.found(nil)) }
            tile = Rect(box.x + tile.x * box.width, box.y + tile.y * box.height, tile.width * box.width, tile.height * box.height)
        }
        guard tile.width > 0, tile.height > 0 else { return .done(.found(nil)) }
        let patternTransform = chain.first { $0.attribute("patternTransform") != nil }
            .map { transform(of: $0, context, attribute: "patternTransform") } ?? .identity
        // Tile space (origin at the tile's corner) to viewBox coordinates.
        let tileToViewBox = AffineTransform.translation(tile.x, tile.y).concatenating(patternTransform)
            .concatenating(context.transform)
        var content = AffineTransform.identity
        if let holder = chain.first(where: { $0.attribute("viewBox") != nil }), let viewBox = viewBox(of: holder) {
            guard let fit = aspectRatio(of: holder).transform(viewBox, into: Rect(0, 0, tile.width, tile.height)) else {
                return .done(.found(nil))
            }
            content = fit
        } else if attribute("patternContentUnits")?.value.trimmingSpace() == "objectBoundingBox" {
            content = .scale(box.width, box.height)
        }
        // Rendered at twice the scale it is shown at (within the size limit), then filtered down.
        // A pattern inside another's tile is already drawn at the outer tile's doubled scale, so
        // it is not doubled again (nested patterns would otherwise double per level).
        let shown = max(tileToViewBox.axisScales.x, tileToViewBox.axisScales.y) * (patternNesting == 0 ? 2 : 1)
        let limit = Double(Self.maximumTileSide)
        let pixelsWide = min(limit, max(1, (tile.width * shown).rounded(.up)))
        let pixelsHigh = min(limit, max(1, (tile.height * shown).rounded(.up)))
        guard pixelsWide.isFinite, pixelsHigh.isFinite else { return .done(.found(nil)) }
        let toPixels = AffineTransform.scale(pixelsWide / tile.width, pixelsHigh / tile.height)
        let key = "\(id) \(tile) \(tileToViewBox) \(content) \(context.viewport)"
        if let rendered = patternTiles[key] { return .done(.found(rendered)) }
        let pixels = Int(pixelsWide * pixelsHigh)
        guard patternPixels + pixels <= Self.maximumPatternPixels else {
            warn(at: element.offset, "paint: the file's patterns need more than \(Self.maximumPatternPixels) pixels of tiles; '#\(id)' is not painted")
            patternTiles[key] = .some(nil)
            return .done(.found(nil))
        }
        patternPixels += pixels
        var inner = referencedContext(server, context)
        inner.transform = content.concatenating(toPixels)
        inner.clipping = false
        let pixelsToViewBox = AffineTransform.scale(tile.width / pixelsWide, tile.height / pixelsHigh).concatenating(tileToViewBox)
        return .render(PatternTile(context: inner, holder: chain.first { $0.children.contains { !$0.isText } } ?? server,
                                   pixelsWide: pixelsWide, pixelsHigh: pixelsHigh, pixelsToViewBox: pixelsToViewBox, key: key))
    }

    /// `tile` rendered with its content `nodes`, as a paint (kept in `patternTiles`).
    @inline(never)
    private func render(_ tile: PatternTile, _ nodes: [VectorNode]) -> Paint {
        let canvas = Canvas(width: Int(tile.pixelsWide), height: Int(tile.pixelsHigh))
        canvas.draw(VectorGroup(children: nodes), transform: .identity)
        let paint = Paint.pattern(ImagePattern(tile: canvas.pixmap, transform: tile.pixelsToViewBox))
        patternTiles[tile.key] = paint
        return paint
    }

    /// The stops of `gradient`: offsets clamped to 0...1 and made non-decreasing, colours
    /// with `stop-opacity` folded in.
    private func stops(_ gradient: MarkupElement?, _ context: Context) -> [GradientStop] {
        guard let gradient else { return [] }
        // Stops depend only on their elements (their styles cascade from the initial one) and,
        // for the lengths in those styles, on the viewport.
        let key = StopListKey(element: gradient.offset, viewport: context.viewport)
        if let known = stopLists[key] {
            for warning in known.warnings { warn(at: warning.offset, warning.message) }
            return known.stops
        }
        recordedWarnings = []
        let stops = readStops(gradient, context)
        stopLists[key] = (stops, recordedWarnings ?? [])
        recordedWarnings = nil
        return stops
    }

    /// The stops of `gradient`, read (see `stops`).
    private func readStops(_ gradient: MarkupElement, _ context: Context) -> [GradientStop] {
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
