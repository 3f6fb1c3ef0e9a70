import Geometry
import Raster

/// Turns the element tree of one SVG file into a `VectorImage`: resolves the root's viewBox
/// and size, walks groups accumulating transforms and presentation properties, and converts
/// each shape element to a path. Elements outside the subset (`title`, `desc`, `defs`,
/// `metadata`, …) are skipped with their content.
struct VectorImageReader {
    let source: SourceText

    func read() throws -> VectorImage {
        var markup = MarkupParser(bytes: source.bytes)
        let root = try located { try markup.parseDocument() }
        guard root.name == "svg" else { throw source.error(at: root.offset, "the root element is <\(root.name)>, not <svg>") }
        let (viewBox, size) = try frame(of: root)
        var shapes: [Shape] = []
        try visitChildren(of: root, presentation: try presentation(of: root, inheriting: Presentation()),
                          transform: .identity, into: &shapes)
        return VectorImage(viewBox: viewBox, size: size, shapes: shapes)
    }

    // MARK: - The root

    /// The root's viewBox and intrinsic size; either may be derived from the other.
    private func frame(of root: MarkupElement) throws -> (Rect, Size) {
        let width = try optionalLength(root, "width", allowZero: false)
        let height = try optionalLength(root, "height", allowZero: false)
        var viewBox: Rect?
        if let attribute = root.attribute("viewBox") {
            let v = try value(attribute) { text -> [Double] in
                var scanner = NumberScanner(text)
                scanner.skipSpace()
                let v = try scanner.numbers(4, "in viewBox (min-x min-y width height)")
                guard scanner.isAtEnd else { throw ValueProblem(index: scanner.index, message: "viewBox has more than 4 numbers") }
                guard v[2] > 0, v[3] > 0 else { throw ValueProblem(index: 0, message: "viewBox width and height must be positive") }
                return v
            }
            viewBox = Rect(v[0], v[1], v[2], v[3])
        }
        guard let box = viewBox ?? width.flatMap({ w in height.map { Rect(0, 0, w, $0) } }) else {
            throw source.error(at: root.offset, "<svg> needs a viewBox or both width and height")
        }
        return (box, Size(width ?? box.width, height ?? box.height))
    }

    // MARK: - Walking the tree

    private func visitChildren(of element: MarkupElement, presentation: Presentation, transform: AffineTransform,
                               into shapes: inout [Shape]) throws {
        for child in element.children {
            guard Self.shapeElements.contains(child.name) || child.name == "g" else { continue }
            let style = try self.presentation(of: child, inheriting: presentation)
            guard style.isDisplayed else { continue }
            var local = transform
            if let attribute = child.attribute("transform") {
                local = try value(attribute, TransformList.parse).concatenating(transform)
            }
            if child.name == "g" {
                try visitChildren(of: child, presentation: style, transform: local, into: &shapes)
                continue
            }
            let path = try self.path(of: child)
            if let shape = style.shape(path, transform: local) {
                guard shape.path.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                    throw source.error(at: child.offset, "<\(child.name)>: coordinates overflow after its transform")
                }
                shapes.append(shape)
            }
        }
    }

    private static let shapeElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polygon", "polyline"]

    private func presentation(of element: MarkupElement, inheriting inherited: Presentation) throws -> Presentation {
        try located { try inherited.applying(Declaration.all(of: element)) }
    }

    // MARK: - Attribute values

    /// Runs `parse` on an attribute's value, reporting its problems at their place in the file.
    func value<T>(_ attribute: MarkupAttribute, _ parse: (String) throws -> T) throws -> T {
        do {
            return try parse(attribute.value)
        } catch let problem as ValueProblem {
            throw source.error(at: attribute.offset(ofValueByte: problem.index), problem.message)
        }
    }

    /// A length attribute (a number with an optional `px`), or `nil` when it is absent.
    func optionalLength(_ element: MarkupElement, _ name: String, allowZero: Bool = true) throws -> Double? {
        try number(element, name) { try Presentation.length($0.trimmingSpace(), allowZero: allowZero) }
    }

    /// A coordinate attribute (any sign, an optional `px`), 0 when absent.
    func coordinate(_ element: MarkupElement, _ name: String) throws -> Double {
        try number(element, name) { try Presentation.number(Presentation.withoutPixelUnit($0)) } ?? 0
    }

    /// Parses attribute `name` with `parse`, or `nil` when it is absent; problems are reported
    /// at their place in the file, prefixed with the attribute's name.
    private func number(_ element: MarkupElement, _ name: String,
                        _ parse: (String) throws -> Double) throws -> Double? {
        guard let attribute = element.attribute(name) else { return nil }
        return try value(attribute) { text in
            do {
                return try parse(text)
            } catch let problem as ValueProblem {
                throw ValueProblem(index: problem.index, message: "\(name): \(problem.message)")
            }
        }
    }

    /// Runs `body`, turning a `SourceProblem` into an error naming this file.
    private func located<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as SourceProblem {
            throw source.error(at: problem.offset, problem.message)
        }
    }
}
