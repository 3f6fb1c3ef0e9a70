import Geometry
import Raster

/// The outline of each shape element in its own user space (before any transform), as SVG 1.1
/// chapter 9 defines it. A zero width, height or radius gives an empty path (nothing is drawn);
/// a negative one is an error.
extension VectorImageReader {
    func path(of element: MarkupElement) throws -> Path {
        switch element.name {
        case "path":
            guard let d = element.attribute("d") else { return Path() }
            return try value(d, PathDataParser.parse)
        case "rect": return try rect(element)
        case "circle":
            let r = try optionalLength(element, "r") ?? 0
            guard r > 0 else { return Path() }
            return Path(circleCenter: Point(try coordinate(element, "cx"), try coordinate(element, "cy")), radius: r)
        case "ellipse":
            let rx = try optionalLength(element, "rx") ?? 0, ry = try optionalLength(element, "ry") ?? 0
            guard rx > 0, ry > 0 else { return Path() }
            let cx = try coordinate(element, "cx"), cy = try coordinate(element, "cy")
            return Path(ellipseIn: Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
        case "line":
            var path = Path()
            path.move(to: Point(try coordinate(element, "x1"), try coordinate(element, "y1")))
            path.line(to: Point(try coordinate(element, "x2"), try coordinate(element, "y2")))
            return path
        default:
            return try polyline(element, closed: element.name == "polygon")
        }
    }

    /// `<rect>` with optional elliptical corners: a missing `rx` or `ry` takes the other's value,
    /// and each is clamped to half the rect's side.
    private func rect(_ element: MarkupElement) throws -> Path {
        let width = try optionalLength(element, "width") ?? 0, height = try optionalLength(element, "height") ?? 0
        guard width > 0, height > 0 else { return Path() }
        let origin = Point(try coordinate(element, "x"), try coordinate(element, "y"))
        let rxValue = try optionalLength(element, "rx"), ryValue = try optionalLength(element, "ry")
        let rx = min(rxValue ?? ryValue ?? 0, width / 2), ry = min(ryValue ?? rxValue ?? 0, height / 2)
        guard rx > 0, ry > 0 else { return Path(rect: Rect(origin.x, origin.y, width, height)) }
        // Elliptical corners are circular corners of radius rx stretched vertically by ry/rx.
        let stretch = ry / rx
        return Path(roundedRect: Rect(0, 0, width, height / stretch), cornerRadius: rx)
            .transformed(by: AffineTransform.scale(1, stretch).concatenating(.translation(origin.x, origin.y)))
    }

    /// `<polyline>` and `<polygon>`: pairs of coordinates in `points`.
    private func polyline(_ element: MarkupElement, closed: Bool) throws -> Path {
        guard let attribute = element.attribute("points") else { return Path() }
        return try value(attribute) { text in
            var scanner = NumberScanner(text)
            var path = Path()
            scanner.skipSpace()
            while !scanner.isAtEnd {
                let x = try scanner.numberAndSeparator("in points")
                guard scanner.isAtNumber else {
                    throw ValueProblem(index: scanner.index, message: "points: expected the y coordinate after \(x)")
                }
                let p = Point(x, try scanner.numberAndSeparator("in points"))
                if path.isEmpty { path.move(to: p) } else { path.line(to: p) }
            }
            if closed { path.close() }
            return path
        }
    }
}
