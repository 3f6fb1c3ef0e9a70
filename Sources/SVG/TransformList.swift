import func Foundation.tan
import Geometry

/// Parses an SVG `transform` attribute: a list of `matrix`, `translate`, `scale`, `rotate`
/// (with an optional centre), `skewX` and `skewY`, separated by whitespace or commas. The
/// functions apply right to left, as nested groups would: `translate(10) scale(2)` scales first.
enum TransformList {
    static func parse(_ text: String) throws -> AffineTransform {
        var scanner = NumberScanner(text)
        var result = AffineTransform.identity
        scanner.skipCommaSpace()
        while !scanner.isAtEnd {
            let nameStart = scanner.index
            while let b = scanner.current, Self.isLetter(b) { scanner.advance() }
            let name = String(decoding: scanner.bytes[nameStart..<scanner.index], as: UTF8.self)
            guard let arity = arities[name] else {
                throw ValueProblem(index: nameStart, message: name.isEmpty
                    ? "transform: expected a transform function" : "transform: unknown function '\(name)'")
            }
            scanner.skipSpace()
            guard scanner.current == UInt8(ascii: "(") else {
                throw ValueProblem(index: scanner.index, message: "transform: expected '(' after '\(name)'")
            }
            scanner.advance()
            scanner.skipSpace()
            var arguments: [Double] = []
            while scanner.isAtNumber { arguments.append(try scanner.numberAndSeparator("in '\(name)'")) }
            guard scanner.current == UInt8(ascii: ")") else {
                throw ValueProblem(index: scanner.index, message: "transform: expected a number or ')' in '\(name)'")
            }
            guard arity.contains(arguments.count) else {
                let counts = arity.map(String.init).joined(separator: " or ")
                throw ValueProblem(index: nameStart, message: "transform: '\(name)' takes \(counts) numbers, not \(arguments.count)")
            }
            scanner.advance()
            scanner.skipCommaSpace()
            result = function(name, arguments).concatenating(result)
        }
        return result
    }

    /// How many arguments each function accepts.
    private static let arities: [String: [Int]] = [
        "matrix": [6], "translate": [1, 2], "scale": [1, 2], "rotate": [1, 3], "skewX": [1], "skewY": [1],
    ]

    private static func function(_ name: String, _ v: [Double]) -> AffineTransform {
        let radians = (v.first ?? 0) * .pi / 180
        switch name {
        case "matrix": return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case "translate": return .translation(v[0], v.count > 1 ? v[1] : 0)
        case "scale": return .scale(v[0], v.count > 1 ? v[1] : v[0])
        case "rotate":
            let rotation = AffineTransform.rotation(radians)
            guard v.count == 3 else { return rotation }
            return AffineTransform.translation(-v[1], -v[2]).concatenating(rotation).concatenating(.translation(v[1], v[2]))
        case "skewX": return AffineTransform(a: 1, b: 0, c: tan(radians), d: 1, tx: 0, ty: 0)
        default: return AffineTransform(a: 1, b: tan(radians), c: 0, d: 1, tx: 0, ty: 0)
        }
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
}
