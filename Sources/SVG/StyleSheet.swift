/// The rules of an SVG file's `<style>` elements (type `text/css` or no type), parsed well
/// enough for what design tools export: type, universal, class, id and attribute selectors
/// (`[a]`, `=`, `~=`, `|=`, `^=`, `$=`, `*=`), compound selectors, descendant and child
/// combinators, selector lists, and `!important`. At-rules, pseudo-classes and
/// pseudo-elements are skipped (a selector using one never matches), as a browser skips what
/// it does not support.
struct StyleSheet {
    struct Rule {
        let selector: Selector
        let declarations: [(property: String, value: String, important: Bool, offset: Int)]
        /// (ids, classes and attributes, types), compared lexicographically.
        let specificity: (Int, Int, Int)
        /// Position in the file, for ties.
        let order: Int
    }

    private(set) var rules: [Rule] = []

    /// Adds the rules of one style sheet's text.
    mutating func add(_ css: String) {
        var text = Array(css.utf8)
        Self.removeComments(&text)
        var i = 0
        while i < text.count {
            // A selector (or at-rule prelude) runs to `{`; an at-rule ending in `;` has none.
            let start = i
            while i < text.count, text[i] != UInt8(ascii: "{"), text[i] != UInt8(ascii: ";") { i += 1 }
            guard i < text.count else { break }
            let prelude = String(decoding: text[start..<i], as: UTF8.self).trimmingSpace()
            if text[i] == UInt8(ascii: ";") { i += 1; continue }
            // The block runs to its matching `}` (at-rules may nest blocks).
            var depth = 0
            let bodyStart = i + 1
            while i < text.count {
                if text[i] == UInt8(ascii: "{") { depth += 1 }
                if text[i] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { break } }
                i += 1
            }
            let body = String(decoding: text[bodyStart..<min(i, text.count)], as: UTF8.self)
            i += 1
            guard !prelude.hasPrefix("@") else { continue }
            let declarations = Self.declarations(body)
            for part in prelude.split(separator: ",") {
                guard let selector = Selector(String(part)) else { continue }
                rules.append(Rule(selector: selector, declarations: declarations, specificity: selector.specificity,
                                  order: rules.count))
            }
        }
    }

    /// The `name: value` pairs of a declaration block or `style` attribute, with `!important`
    /// taken off the values and the UTF-8 offset of each value in `body`.
    static func declarations(_ body: String) -> [(property: String, value: String, important: Bool, offset: Int)] {
        let bytes = Array(body.utf8)
        var result: [(property: String, value: String, important: Bool, offset: Int)] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) {
                let name = Self.trimmedLowercase(bytes[start..<colon])
                let valueBytes = Self.trimmed(bytes[(colon + 1)..<end])
                var value = String(decoding: valueBytes, as: UTF8.self)
                var important = false
                // A value without a `!` byte holds no `!` character: no character search.
                if valueBytes.contains(UInt8(ascii: "!")), let bang = value.firstIndex(of: "!") {
                    important = String(value[bang...].dropFirst()).trimmingSpace().lowercased() == "important"
                    value = String(value[..<bang]).trimmingSpace()
                }
                if !name.isEmpty { result.append((name, value, important, valueBytes.startIndex)) }
            }
            start = end + 1
        }
        return result
    }

    /// The rules matching `element`, in cascade order (ascending specificity, then source
    /// order), and every rule's progress at it for its children. `parents` is the progress at
    /// the element's parent (empty at the root). Walking the tree top-down this way, each rule
    /// takes a few word operations per element, so matching is linear in rules × elements
    /// however deep the tree or long the selectors.
    func matching(_ element: MarkupElement, after parents: [Selector.Progress]) -> (rules: [Rule], progress: [Selector.Progress]) {
        guard !rules.isEmpty else { return ([], []) }
        var matched: [Rule] = []
        var progress: [Selector.Progress] = []
        progress.reserveCapacity(rules.count)
        for (i, rule) in rules.enumerated() {
            let step = rule.selector.step(from: parents.isEmpty ? Selector.Progress() : parents[i], at: element)
            progress.append(step.progress)
            if step.matches { matched.append(rule) }
        }
        matched.sort { $0.specificity != $1.specificity ? $0.specificity < $1.specificity : $0.order < $1.order }
        return (matched, progress)
    }

    /// `bytes` without the XML whitespace around them.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, NumberScanner.isSpace(bytes[start]) { start += 1 }
        while end > start, NumberScanner.isSpace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }

    /// `bytes` without the XML whitespace around them, lowercased (a property name).
    private static func trimmedLowercase(_ bytes: ArraySlice<UInt8>) -> String {
        let name = trimmed(bytes)
        if !name.contains(where: { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            return String(decoding: name, as: UTF8.self)
        }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    private static func removeComments(_ text: inout [UInt8]) {
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            if i + 1 < text.count, text[i] == UInt8(ascii: "/"), text[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < text.count, !(text[i] == UInt8(ascii: "*") && text[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            out.append(text[i])
            i += 1
        }
        text = out
    }
}

/// One complex selector: compound selectors joined by descendant (space) or child (`>`) combinators.
struct Selector {
    /// One condition a compound selector puts on an element.
    enum Condition {
        case type(String)
        case id(String)
        case className(String)
        case attribute(name: String, op: String?, value: String)
    }

    /// The compounds from the leftmost to the subject.
    private var compounds: [[Condition]] = []
    /// Bit k set when compound k may match any descendant of the element compound k - 1 matched
    /// (a descendant combinator), not only a child (`>`).
    private var descendantCombinators: UInt64 = 0

    /// The most compounds a selector may have: its progress fits in one word. A longer one never
    /// matches, as a selector a browser cannot parse.
    static let maximumCompounds = 63

    /// How far a selector has matched at one element of a top-down walk.
    struct Progress {
        /// Bit k: compounds 0..<k matched this element or an ancestor, with a descendant
        /// combinator after compound k - 1, so compound k may match any element below.
        var lasting: UInt64 = 0
        /// Bit k: compounds 0..<k matched, compound k - 1 at this element, so compound k may
        /// match its children.
        var here: UInt64 = 0
    }

    init?(_ text: String) {
        var chars = Array(text.trimmingSpace())
        guard !chars.isEmpty else { return nil }
        chars.append(" ")
        var list: [(conditions: [Condition], childOf: Bool)] = []
        var current: [Condition] = []
        var sawCompound = false
        var nextIsChild = false
        var i = 0
        func word() -> String {
            let start = i
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "-" || chars[i] == "_" {
                i += 1
            }
            return String(chars[start..<i])
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t", "\n", ">", "+", "~":
                if c == "+" || c == "~" { return nil }
                if sawCompound {
                    list.append((current, nextIsChild))
                    current = []
                    sawCompound = false
                    nextIsChild = false
                }
                if c == ">" { nextIsChild = true }
                i += 1
            case "*":
                sawCompound = true
                i += 1
            case "#", ".":
                i += 1
                let name = word()
                guard !name.isEmpty else { return nil }
                current.append(c == "#" ? .id(name) : .className(name))
                sawCompound = true
            case "[":
                i += 1
                guard let close = chars[i...].firstIndex(of: "]") else { return nil }
                let inside = String(chars[i..<close])
                i = close + 1
                sawCompound = true
                guard let condition = Self.attributeCondition(inside) else { return nil }
                current.append(condition)
            case ":":
                return nil
            default:
                let name = word()
                guard !name.isEmpty else { return nil }
                current.append(.type(name))
                sawCompound = true
            }
        }
        guard !list.isEmpty, list.count <= Self.maximumCompounds else { return nil }
        // Each entry's flag says whether the compound before it must be its parent.
        compounds = list.map(\.conditions)
        for (k, entry) in list.enumerated() where k > 0 && !entry.childOf { descendantCombinators |= 1 << UInt64(k) }
    }

    private static func attributeCondition(_ text: String) -> Condition? {
        let ops = ["~=", "|=", "^=", "$=", "*=", "="]
        let chars = Array(text)
        for op in ops {
            let opChars = Array(op)
            if let at = chars.indices.first(where: { chars[$0...].starts(with: opChars) }) {
                let name = String(chars[..<at]).trimmingSpace()
                var value = String(chars[(at + opChars.count)...]).trimmingSpace()
                if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                    value = String(value.dropFirst().dropLast())
                }
                return name.isEmpty ? nil : .attribute(name: name, op: op, value: value)
            }
        }
        let name = text.trimmingSpace()
        return name.isEmpty ? nil : .attribute(name: name, op: nil, value: "")
    }

    /// (ids, classes and attributes, types) as CSS counts them.
    var specificity: (Int, Int, Int) {
        var result = (0, 0, 0)
        for compound in compounds {
            for condition in compound {
                switch condition {
                case .id: result.0 += 1
                case .className, .attribute: result.1 += 1
                case .type: result.2 += 1
                }
            }
        }
        return result
    }

    /// The selector's progress at `element`, given its progress at the element's parent, and
    /// whether it matches `element`: compound 0 may match any element, and compound k one the
    /// progress says compounds 0..<k lead to.
    func step(from parent: Progress, at element: MarkupElement) -> (progress: Progress, matches: Bool) {
        var open = parent.lasting | parent.here | 1
        var here: UInt64 = 0
        while open != 0 {
            let k = open.trailingZeroBitCount
            open &= open - 1
            if k < compounds.count, Self.matches(compounds[k], element) { here |= 1 << UInt64(k + 1) }
        }
        let matches = here & (1 << UInt64(compounds.count)) != 0
        return (Progress(lasting: parent.lasting | (here & descendantCombinators), here: here), matches)
    }

    private static func matches(_ conditions: [Condition], _ element: MarkupElement) -> Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case let .type(name): return element.name == name
            case let .id(id): return element.attribute("id")?.value == id
            case let .className(name):
                return element.attribute("class")?.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                    .contains { $0 == name } ?? false
            case let .attribute(name, op, value):
                guard let actual = element.attribute(name)?.value else { return false }
                switch op {
                case nil: return true
                case "=": return actual == value
                case "~=": return actual.split(separator: " ").contains { $0 == value }
                case "|=": return actual == value || actual.hasPrefix(value + "-")
                case "^=": return !value.isEmpty && actual.hasPrefix(value)
                case "$=": return !value.isEmpty && actual.hasSuffix(value)
                default: return !value.isEmpty && actual.contains(value)
                }
            }
        }
    }
}
