import Geometry
import Raster

/// Shape elements: their outline in their own user space (SVG 1.1 chapter 9), and the
/// painted `Shape` in viewBox coordinates. A zero width, height or radius draws nothing; a
/// negative one is invalid (ignored with a warning, so the element draws nothing either).
extension VectorImageReader {
    /// The painted shape, then the markers at its vertices (`path`, `line`, `polyline` and
    /// `polygon` only).
    func shape(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        let path = self.path(of: element, context.lengths)
        guard !path.isEmpty else { return [] }
        let shape = painted(path, element: element, context).map { [$0] } ?? []
        guard ["path", "line", "polyline", "polygon"].contains(element.name) else { return shape }
        return shape + markers(on: path, element: element, context)
    }

    /// `path` (user space) painted with the context's style, in viewBox coordinates.
    func painted(_ path: Path, element: MarkupElement, _ context: Context) -> VectorNode? {
        let outline = path.transformed(by: context.transform)
        guard outline.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            warn(at: element.offset, "<\(element.name)>: coordinates overflow after its transform; not drawn")
            return nil
        }
        guard context.style.isVisible else { return nil }
        if context.clipping { return .shape(Shape(path: outline, fill: .solid(.black), fillRule: context.style.clipRule)) }
        let box = path.tightBounds() ?? .zero
        let fill = paint(context.style.fill, opacity: context.style.fillOpacity, box: box, element: element, context)
        let strokePaint = context.style.strokeWidth > 0
            ? paint(context.style.stroke, opacity: context.style.strokeOpacity, box: box, element: element, context) : nil
        return Self.shape(outline, centerline: path, fill: fill, strokePaint: strokePaint, context)
    }

    /// The shape `outline` filled with `fill` and stroked with `strokePaint` along `centerline`
    /// as the context's style says; `nil` when neither paints. Apart from `painted`, which a
    /// chain of patterns recurses through, to keep that function's stack frame small.
    @inline(never)
    private static func shape(_ outline: Path, centerline: Path, fill: Paint?, strokePaint: Paint?,
                              _ context: Context) -> VectorNode? {
        var stroke: Stroke?
        if let strokePaint {
            let style = context.style
            let dashes = style.dashArray.reduce(0, +) > 0 ? style.dashArray : []
            stroke = Stroke(paint: strokePaint,
                            style: StrokeStyle(width: style.strokeWidth, cap: style.lineCap, join: style.lineJoin,
                                               miterLimit: style.miterLimit),
                            dashes: dashes, dashPhase: style.dashOffset, centerline: centerline, transform: context.transform)
        }
        guard fill != nil || stroke != nil else { return nil }
        return .shape(Shape(path: outline, fill: fill, fillRule: context.style.fillRule, stroke: stroke))
    }

    /// A paint value resolved for an element whose geometry has bounding box `box` (user space).
    func paint(_ value: PaintValue, opacity: Double, box: Rect, element: MarkupElement, _ context: Context) -> Paint? {
        switch value {
        case .none: return nil
        case let .color(color): return .solid(color.multiplyingAlpha(by: opacity))
        case .currentColor: return .solid(context.style.color.multiplyingAlpha(by: opacity))
        case let .reference(id, fallback):
            switch paintServer(id, box: box, context, at: element) {
            case let .found(paint): return paint?.multiplyingAlpha(by: opacity)
            case .missing:
                guard let fallback else { return nil }
                return paint(fallback, opacity: opacity, box: box, element: element, context)
            }
        }
    }

    func path(of element: MarkupElement, _ lengths: LengthContext) -> Path {
        func coordinate(_ name: String, _ axis: LengthAxis) -> Double { length(element, name, axis, lengths) ?? 0 }
        func size(_ name: String, _ axis: LengthAxis) -> Double? { length(element, name, axis, lengths, nonNegative: true) }
        switch element.name {
        case "path":
            guard let d = element.attribute("d") else { return Path() }
            let (path, problem) = PathDataParser.parsePartial(d.value)
            if let problem {
                warn(at: d.offset(ofValueByte: problem.index), "\(problem.message); drawn up to there")
            }
            return path
        case "rect":
            return rect(element, lengths)
        case "circle":
            guard let r = size("r", .other), r > 0 else { return Path() }
            return Path(circleCenter: Point(coordinate("cx", .x), coordinate("cy", .y)), radius: r)
        case "ellipse":
            let rxValue = element.attribute("rx")?.value.trimmingSpace() == "auto" ? nil : size("rx", .x)
            let ryValue = element.attribute("ry")?.value.trimmingSpace() == "auto" ? nil : size("ry", .y)
            guard let rx = rxValue ?? ryValue, let ry = ryValue ?? rxValue, rx > 0, ry > 0 else { return Path() }
            let cx = coordinate("cx", .x), cy = coordinate("cy", .y)
            return Path(ellipseIn: Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
        case "line":
            var path = Path()
            path.move(to: Point(coordinate("x1", .x), coordinate("y1", .y)))
            path.line(to: Point(coordinate("x2", .x), coordinate("y2", .y)))
            return path
        default:
            return polyline(element, closed: element.name == "polygon")
        }
    }

    /// `<rect>` with optional elliptical corners: a missing (or `auto`) `rx` or `ry` takes the
    /// other's value, and each is clamped to half the rect's side.
    private func rect(_ element: MarkupElement, _ lengths: LengthContext) -> Path {
        guard let width = length(element, "width", .x, lengths, nonNegative: true),
              let height = length(element, "height", .y, lengths, nonNegative: true), width > 0, height > 0 else { return Path() }
        let origin = Point(length(element, "x", .x, lengths) ?? 0, length(element, "y", .y, lengths) ?? 0)
        let rxValue = element.attribute("rx")?.value.trimmingSpace() == "auto" ? nil : length(element, "rx", .x, lengths, nonNegative: true)
        let ryValue = element.attribute("ry")?.value.trimmingSpace() == "auto" ? nil : length(element, "ry", .y, lengths, nonNegative: true)
        let rx = min(rxValue ?? ryValue ?? 0, width / 2), ry = min(ryValue ?? rxValue ?? 0, height / 2)
        guard rx > 0, ry > 0 else { return Path(rect: Rect(origin.x, origin.y, width, height)) }
        // Elliptical corners are circular corners of radius rx stretched vertically by ry/rx.
        let stretch = ry / rx
        return Path(roundedRect: Rect(0, 0, width, height / stretch), cornerRadius: rx)
            .transformed(by: AffineTransform.scale(1, stretch).concatenating(.translation(origin.x, origin.y)))
    }

    /// `<polyline>` and `<polygon>`: pairs of coordinates in `points`; an error ends the list
    /// (with a warning) and an odd last number is dropped, as the spec says.
    private func polyline(_ element: MarkupElement, closed: Bool) -> Path {
        guard let attribute = element.attribute("points") else { return Path() }
        var scanner = NumberScanner(attribute.value)
        var path = Path()
        scanner.skipSpace()
        while !scanner.isAtEnd {
            guard let x = try? scanner.numberAndSeparator(""), scanner.isAtNumber,
                  let y = try? scanner.numberAndSeparator("") else {
                warn(at: attribute.offset(ofValueByte: scanner.index), "points: expected pairs of numbers; drawn up to there")
                break
            }
            let p = Point(x, y)
            if path.isEmpty { path.move(to: p) } else { path.line(to: p) }
        }
        if closed { path.close() }
        return path
    }
}
