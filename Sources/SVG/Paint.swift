import Geometry

/// A `fill` or `stroke` value as written: `none`, a colour, `currentColor`, or a reference to
/// a paint server with an optional fallback (`url(#g) red`) for when the reference is missing.
indirect enum PaintValue: Equatable {
    case none
    case color(Color)
    case currentColor
    case reference(id: String, fallback: PaintValue?)

    /// Parses a paint; `nil` when `text` is not one (the caller warns and ignores it).
    static func parse(_ text: String) -> PaintValue? {
        let value = text.trimmingSpace()
        let lower = value.lowercased()
        if lower == "none" { return PaintValue.none }
        if lower == "currentcolor" { return .currentColor }
        if lower.hasPrefix("url(") {
            guard let close = value.firstIndex(ofASCII: ")") else { return nil }
            var target = String(value[value.index(value.startIndex, offsetBy: 4)..<close]).trimmingSpace()
            if target.count >= 2, let q = target.first, q == "'" || q == "\"", target.last == q {
                target = String(target.dropFirst().dropLast())
            }
            guard target.hasPrefix("#") else { return nil }
            let rest = String(value[value.index(after: close)...]).trimmingSpace()
            if rest.isEmpty { return .reference(id: String(target.dropFirst()), fallback: nil) }
            guard let fallback = parse(rest), fallback.isPlain else { return nil }
            return .reference(id: String(target.dropFirst()), fallback: fallback)
        }
        return CSSColor.parse(value).map(PaintValue.color)
    }

    /// True for a paint that refers to nothing else (what a fallback may be).
    private var isPlain: Bool {
        if case .reference = self { return false }
        return true
    }
}

extension String {
    /// The first `character` (an ASCII one) standing as a character of its own, as
    /// `firstIndex(of: Character)` finds it, found by its byte: a byte between ASCII bytes is a
    /// whole character (no combining mark follows it, no prepended mark precedes it), and only
    /// otherwise are characters compared.
    func firstIndex(ofASCII character: Unicode.Scalar) -> String.Index? {
        let byte = UInt8(ascii: character), bytes = utf8
        guard let index = bytes.firstIndex(of: byte) else { return nil }
        let after = bytes.index(after: index)
        if (index == bytes.startIndex || bytes[bytes.index(before: index)] < 0x80), after == bytes.endIndex || bytes[after] < 0x80 {
            return index
        }
        return firstIndex(of: Character(character))
    }

    /// The string without leading and trailing XML whitespace.
    func trimmingSpace() -> String {
        // Most values have no space around them: the string itself, not a copy.
        guard let head = utf8.first, let tail = utf8.last else { return self }
        if !NumberScanner.isSpace(head), !NumberScanner.isSpace(tail) { return self }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !NumberScanner.isSpace($0) }),
              let last = bytes.lastIndex(where: { !NumberScanner.isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
