import Geometry

/// Parses the paint values of `fill` and `stroke`: `none`, `#rgb`, `#rrggbb` and a few colour
/// names. `nil` is `none`.
enum Paint {
    static func parse(_ text: String) throws -> Color? {
        let value = text.trimmingSpace()
        if value == "none" { return nil }
        if let named = names[value.lowercased()] { return named }
        let digits = value.dropFirst()
        guard value.hasPrefix("#"), digits.count == 3 || digits.count == 6, let color = Color(hex: value) else {
            throw ValueProblem(index: 0, message: "unknown colour '\(value)' (use #rgb, #rrggbb, a colour name or none)")
        }
        return color
    }

    /// The colour names the subset knows, each with its CSS value.
    private static let names: [String: Color] = [
        "black": .black, "white": .white, "transparent": .clear,
        "gray": Color(r255: 128, g: 128, b: 128), "grey": Color(r255: 128, g: 128, b: 128),
    ]
}

extension String {
    /// The string without leading and trailing XML whitespace.
    func trimmingSpace() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !NumberScanner.isSpace($0) }),
              let last = bytes.lastIndex(where: { !NumberScanner.isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
