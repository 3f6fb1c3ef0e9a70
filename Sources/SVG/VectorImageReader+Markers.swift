import Geometry
import Raster

/// `marker` (SVG 1.1 §11.6, with SVG 2's directions at closed subpaths): the content of a
/// `<marker>` drawn at the vertices of a `path`, `line`, `polyline` or `polygon` after its fill
/// and stroke, `marker-start` at the first vertex, `marker-end` at the last and `marker-mid`
/// at every other. Orientation `auto` bisects the directions into and out of the vertex (found
/// from unit vectors, no trigonometry); a missing marker is ignored with a warning and a marker
/// that draws itself is not drawn again inside.
extension VectorImageReader {
    /// One vertex of a path with the directions of the segments into and out of it (`nil`
    /// where there is no such segment or it has no length).
    struct MarkerVertex {
        var point: Point
        var incoming: Point?
        var outgoing: Point?
    }

    /// The markers `style` asks for at the vertices of `path` (user space of `context`).
    func markers(on path: Path, element: MarkupElement, _ context: Context) -> [VectorNode] {
        guard !context.clipping,
              context.style.markerStart != nil || context.style.markerMid != nil || context.style.markerEnd != nil else { return [] }
        let vertices = Self.markerVertices(path)
        var nodes: [VectorNode] = []
        for (index, vertex) in vertices.enumerated() {
            for id in Self.markerIDs(at: index, of: vertices.count, context) {
                nodes += marker(id, at: vertex, isStart: index == 0, element: element, context)
            }
        }
        return nodes
    }

    /// The markers drawn at vertex `index` of `count`: `marker-start` at the first,
    /// `marker-mid` between, `marker-end` at the last (a lone vertex takes start and end).
    private static func markerIDs(at index: Int, of count: Int, _ context: Context) -> [String] {
        let isFirst = index == 0, isLast = index == count - 1
        return [isFirst ? context.style.markerStart : nil, !isFirst && !isLast ? context.style.markerMid : nil,
                isLast ? context.style.markerEnd : nil].compactMap { $0 }
    }

    /// One marker instance at `vertex`.
    private func marker(_ id: String, at vertex: MarkerVertex, isStart: Bool, element: MarkupElement,
                        _ context: Context) -> [VectorNode] {
        guard let marker = elements[id], marker.name == "marker" else {
            warn(at: element.offset, "marker: no <marker> '#\(id)' in this file, ignored")
            return []
        }
        guard !expanding.contains("marker:" + id) else {
            warn(at: element.offset, "marker: '#\(id)' is drawn inside itself; not drawn there")
            return []
        }
        guard enter("marker #\(id)", at: element.offset) else { return [] }
        defer { leave("marker #\(id)") }
        expanding.insert("marker:" + id)
        defer { expanding.remove("marker:" + id) }
        guard let (inner, size) = markerPlacement(marker, at: vertex, isStart: isStart, context) else { return [] }
        return wrap(viewport(marker, rect: Rect(0, 0, size.width, size.height), inner), element: marker, inner)
    }

    /// The context a marker's viewport is placed in at `vertex` (scaled by the stroke width
    /// unless its units are `userSpaceOnUse`, turned by `orient`), with the viewport's size;
    /// `nil` when it has no area.
    @inline(never)
    private func markerPlacement(_ marker: MarkupElement, at vertex: MarkerVertex, isStart: Bool,
                                 _ context: Context) -> (Context, Size)? {
        var inner = Context(style: Style(), transform: .identity, viewport: context.viewport, fonts: fonts)
        inner.style = style(of: marker, parent: inner)
        let lengths = inner.lengths
        let width = length(marker, "markerWidth", .x, lengths, nonNegative: true) ?? 3
        let height = length(marker, "markerHeight", .y, lengths, nonNegative: true) ?? 3
        guard width > 0, height > 0 else { return nil }
        var reference = Point(length(marker, "refX", .x, lengths) ?? 0, length(marker, "refY", .y, lengths) ?? 0)
        if let viewBox = viewBox(of: marker),
           let placement = aspectRatio(of: marker).transform(viewBox, into: Rect(0, 0, width, height)) {
            reference = placement.apply(reference)
        }
        let units = marker.attribute("markerUnits")?.value.trimmingSpace()
        let scale = units == "userSpaceOnUse" ? 1 : context.style.strokeWidth
        guard scale > 0 else { return nil }
        inner.transform = AffineTransform.translation(-reference.x, -reference.y)
            .concatenating(.scale(scale, scale))
            .concatenating(orientation(of: marker, at: vertex, isStart: isStart))
            .concatenating(.translation(vertex.point.x, vertex.point.y))
            .concatenating(context.transform)
        return (inner, Size(width, height))
    }

    /// The rotation `orient` gives a marker at `vertex`: a fixed angle in degrees, or along
    /// the path (`auto`, and `auto-start-reverse` turned half round at the start).
    private func orientation(of marker: MarkupElement, at vertex: MarkerVertex, isStart: Bool) -> AffineTransform {
        guard let attribute = marker.attribute("orient") else { return .identity }
        let value = attribute.value.trimmingSpace()
        if value == "auto" || value == "auto-start-reverse" {
            guard var direction = Self.bisector(vertex.incoming, vertex.outgoing) else { return .identity }
            if value == "auto-start-reverse", isStart { direction = Point(-direction.x, -direction.y) }
            return AffineTransform(a: direction.x, b: direction.y, c: -direction.y, d: direction.x, tx: 0, ty: 0)
        }
        var scanner = NumberScanner(value)
        let angle = try? scanner.number("orient")
        let suffix = String(decoding: value.utf8.dropFirst(scanner.index), as: UTF8.self)
        guard let angle, let unit = Self.angleUnits[suffix] else {
            warn(at: attribute.valueOffset, "orient: invalid value '\(value)', ignored")
            return .identity
        }
        return .rotation(angle * unit)
    }

    /// Radians per unit of the angle units `orient` accepts (none means degrees).
    private static let angleUnits: [String: Double] = ["": .pi / 180, "deg": .pi / 180, "rad": 1, "grad": .pi / 200,
                                                       "turn": 2 * .pi]

    /// The unit direction halfway between two directions (either may be missing), `nil` when
    /// both are; opposite directions give the incoming one turned a quarter clockwise.
    static func bisector(_ incoming: Point?, _ outgoing: Point?) -> Point? {
        let units = [incoming, outgoing].compactMap { $0.flatMap(unit) }
        guard let first = units.first else { return nil }
        guard units.count == 2 else { return first }
        return unit(Point(first.x + units[1].x, first.y + units[1].y)) ?? Point(-first.y, first.x)
    }

    /// `v` scaled to length 1, `nil` for a zero (or non-finite) vector.
    private static func unit(_ v: Point) -> Point? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return Point(v.x / length, v.y / length)
    }

    /// Every vertex of `path` in order: each subpath's start, each segment's end, and the
    /// start again where a subpath is closed. A closed subpath's start comes in along its
    /// closing segment; the closing vertex leaves along the subpath's first segment.
    static func markerVertices(_ path: Path) -> [MarkerVertex] {
        var vertices: [MarkerVertex] = []
        var index = 0
        var current = Point(0, 0), start = Point(0, 0)
        var startVertex = 0
        var firstDirection: Point?
        func direction(_ from: Point, _ to: Point) -> Point? {
            let d = Point(to.x - from.x, to.y - from.y)
            return d.x == 0 && d.y == 0 ? nil : d
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                current = path.points[index]
                start = current
                index += 1
                startVertex = vertices.count
                firstDirection = nil
                vertices.append(MarkerVertex(point: current))
            case .line, .quad, .cubic:
                let count = verb == .line ? 1 : verb == .quad ? 2 : 3
                let p = Array(path.points[index..<index + count])
                index += count
                let end = p[count - 1]
                // A curve leaves toward its first distinct control point and arrives from its last.
                let leaving = ([current] + p).dropFirst().lazy.compactMap { direction(current, $0) }.first
                let arriving = ([current] + p).reversed().dropFirst().lazy.compactMap { direction($0, end) }.first
                if vertices.isEmpty { vertices.append(MarkerVertex(point: current)) }
                vertices[vertices.count - 1].outgoing = leaving
                if firstDirection == nil { firstDirection = leaving }
                vertices.append(MarkerVertex(point: end, incoming: arriving))
                current = end
            case .close:
                guard !vertices.isEmpty else { continue }
                let closing = direction(current, start) ?? vertices[vertices.count - 1].incoming
                vertices[vertices.count - 1].outgoing = direction(current, start) ?? firstDirection
                vertices[startVertex].incoming = closing
                vertices.append(MarkerVertex(point: start, incoming: closing, outgoing: firstDirection))
                current = start
            }
        }
        return vertices
    }
}
