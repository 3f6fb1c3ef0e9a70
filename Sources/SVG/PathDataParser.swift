import Geometry
import Raster

/// Parses the `d` attribute of `<path>` (SVG 1.1 §8.3, the whole grammar: every command in
/// absolute and relative form, implicit repetition, implicit lineto after moveto, compact
/// numbers and arc flags) into a Raster `Path` in the path's own user space.
///
/// As the SVG spec says, a path with an error renders up to the last complete segment before
/// it (`parsePartial`); `parse` rejects it as a whole, for callers that want strictness.
struct PathDataParser {
    private var scanner: NumberScanner
    private var path = Path()
    /// The current point and where the current subpath started.
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The control point a following S or T reflects, set only by the curve kind it pairs with.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?
    /// Where the arguments of the segment being read start, for reporting overflow.
    private var segmentStart = 0

    /// Parses `data`; a problem is thrown as a `ValueProblem` at its byte in `data`.
    static func parse(_ data: String) throws -> Path {
        var parser = PathDataParser(scanner: NumberScanner(data))
        do {
            try parser.parseAll()
        } catch let problem as ValueProblem {
            throw ValueProblem(index: problem.index, message: "path data: \(problem.message)")
        }
        return parser.path
    }

    /// Parses `data` up to its first error: the path so far, and the problem if there was one.
    static func parsePartial(_ data: String) -> (Path, ValueProblem?) {
        var parser = PathDataParser(scanner: NumberScanner(data))
        do {
            try parser.parseAll()
            return (parser.path, nil)
        } catch let problem as ValueProblem {
            return (parser.path, ValueProblem(index: problem.index, message: "path data: \(problem.message)"))
        } catch {
            return (parser.path, nil)
        }
    }

    private init(scanner: NumberScanner) { self.scanner = scanner }

    private mutating func parseAll() throws {
        scanner.skipSpace()
        var command: UInt8?
        while !scanner.isAtEnd {
            let at = scanner.index
            if let b = scanner.current, Self.commandLetters.contains(b) {
                command = b
                scanner.advance()
                scanner.skipSpace()
            } else if command == nil {
                throw ValueProblem(index: at, message: "must start with a moveto ('M' or 'm')")
            } else if !scanner.isAtNumber {
                throw ValueProblem(index: at, message: "unexpected '\(Self.describe(scanner.current))'")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw ValueProblem(index: at, message: "expected a command after 'Z', not a number")
            }
            guard let c = command else { continue }
            if path.isEmpty, c != UInt8(ascii: "M"), c != UInt8(ascii: "m") {
                throw ValueProblem(index: at, message: "must start with a moveto ('M' or 'm')")
            }
            try parseSegment(c)
            // Numbers after a moveto are linetos of the same relativity.
            if c == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if c == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
    }

    /// Reads the arguments of one segment of command `c` and appends it.
    private mutating func parseSegment(_ c: UInt8) throws {
        let letter = Character(Unicode.Scalar(c))
        segmentStart = scanner.index
        let relative = c >= UInt8(ascii: "a")
        let origin = relative ? current : .zero
        func point() throws -> Point {
            let x = try scanner.numberAndSeparator("after '\(letter)'")
            let y = try scanner.numberAndSeparator("after '\(letter)'")
            return Point(origin.x + x, origin.y + y)
        }
        var cubicControl: Point?
        var quadControl: Point?
        switch c | 0x20 {
        case UInt8(ascii: "m"):
            let p = try point()
            path.move(to: try checked(p))
            current = p
            subpathStart = p
        case UInt8(ascii: "l"):
            try lineTo(try point())
        case UInt8(ascii: "h"):
            let x = try scanner.numberAndSeparator("after '\(letter)'")
            try lineTo(Point(origin.x + x, current.y))
        case UInt8(ascii: "v"):
            let y = try scanner.numberAndSeparator("after '\(letter)'")
            try lineTo(Point(current.x, origin.y + y))
        case UInt8(ascii: "c"):
            let c1 = try point(), c2 = try point(), p = try point()
            try cubicTo(p, c1, c2)
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = reflect(lastCubicControl)
            let c2 = try point(), p = try point()
            try cubicTo(p, c1, c2)
            cubicControl = c2
        case UInt8(ascii: "q"):
            let q = try point(), p = try point()
            try quadTo(p, q)
            quadControl = q
        case UInt8(ascii: "t"):
            let q = reflect(lastQuadControl)
            let p = try point()
            try quadTo(p, q)
            quadControl = q
        case UInt8(ascii: "a"):
            let rx = try scanner.numberAndSeparator("after '\(letter)'")
            let ry = try scanner.numberAndSeparator("after '\(letter)'")
            let rotation = try scanner.numberAndSeparator("after '\(letter)'")
            let largeArc = try scanner.flag("for the large-arc flag of '\(letter)'")
            let sweep = try scanner.flag("for the sweep flag of '\(letter)'")
            let p = try point()
            let arc = EllipticalArc(from: current, to: p, radiusX: rx, radiusY: ry,
                                    rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
            if let cubics = arc.cubics() {
                for (i, segment) in cubics.enumerated() {
                    try cubicTo(segment.end, segment.control1, segment.control2, arc: true, continuing: i > 0)
                }
            } else {
                try lineTo(p)
            }
            current = p
        default: // z
            path.close()
            current = subpathStart
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// The reflection of the previous control point about the current point, or the current
    /// point itself when the previous segment was not the matching kind of curve.
    private func reflect(_ control: Point?) -> Point {
        guard let control else { return current }
        return Point(2 * current.x - control.x, 2 * current.y - control.y)
    }

    private mutating func lineTo(_ p: Point) throws {
        path.line(to: try checked(p))
        current = p
    }

    private mutating func quadTo(_ p: Point, _ q: Point) throws {
        path.quad(to: try checked(p), control: try checked(q))
        current = p
    }

    /// A cubic to `p`; `arc` when it stands for a piece of an elliptical arc, `continuing` when
    /// not its first (see `Path.arcCubics`).
    private mutating func cubicTo(_ p: Point, _ c1: Point, _ c2: Point, arc: Bool = false, continuing: Bool = false) throws {
        let (p, c1, c2) = (try checked(p), try checked(c1), try checked(c2))
        if arc {
            path.arcCubic(to: p, control1: c1, control2: c2, continuing: continuing)
        } else {
            path.cubic(to: p, control1: c1, control2: c2)
        }
        current = p
    }

    /// `p`, checked: coordinates that overflow Double are an error, not a path.
    private func checked(_ p: Point) throws -> Point {
        guard p.x.isFinite, p.y.isFinite else {
            throw ValueProblem(index: segmentStart, message: "coordinate out of range")
        }
        return p
    }

    private static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    private static func describe(_ b: UInt8?) -> String {
        guard let b else { return "end" }
        return b >= 0x20 && b < 0x7F ? String(Character(Unicode.Scalar(b))) : "byte 0x" + String(b, radix: 16)
    }
}
