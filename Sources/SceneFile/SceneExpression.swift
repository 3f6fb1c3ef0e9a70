import Foundation
import Geometry
import Scene

/// A value worked out when an animation starts, from other views' values at that moment:
/// `view.property` terms and numbers joined by `+` and `-` (`button.positionY + button.height`).
struct SceneExpression {
    /// The properties a term may read, by their POP or UIKit names.
    static let properties: [String: (View) -> Double] = [
        "positionX": { $0.position.x }, "centerX": { $0.position.x },
        "positionY": { $0.position.y }, "centerY": { $0.position.y },
        "x": { $0.frame.x }, "y": { $0.frame.y },
        "width": { $0.bounds.width }, "height": { $0.bounds.height },
        "opacity": { $0.alpha }, "alpha": { $0.alpha },
        "scaleX": { $0.transform.scaleX }, "scaleY": { $0.transform.scaleY }, "rotation": { $0.transform.rotation },
        "intrinsicWidth": { $0.intrinsicContentSize?.width ?? 0 },
        "intrinsicHeight": { $0.intrinsicContentSize?.height ?? 0 },
        // A slider's value, a progress view's progress: what scrubs a property animator.
        "value": { ($0 as? Slider)?.value ?? ($0 as? ProgressView)?.progress ?? 0 },
    ]

    enum Term {
        case number(Double)
        case read(view: String, property: String)
    }

    /// Signed terms, added up in order.
    var terms: [(sign: Double, term: Term)]

    static func parse(_ text: String, views: [String: View]) -> Result<SceneExpression, SceneValueError> {
        var terms: [(Double, Term)] = []
        var sign = 1.0
        var expectTerm = true
        let tokens = tokenize(text)
        guard !tokens.isEmpty else { return .failure(SceneValueError("an empty expression")) }
        for token in tokens {
            if !expectTerm {
                guard token == "+" || token == "-" else {
                    return .failure(SceneValueError("expected + or - before '\(token)' in '\(text)'"))
                }
                sign = token == "-" ? -1 : 1
                expectTerm = true
                continue
            }
            if token == "-" || token == "+" {
                if token == "-" { sign = -sign }
                continue
            }
            if let n = Double(token), n.isFinite {
                terms.append((sign, .number(n)))
            } else {
                let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2 else {
                    return .failure(SceneValueError("expected a number or view.property, found '\(token)' in '\(text)'"))
                }
                guard views[parts[0]] != nil else { return .failure(SceneValueError("unknown view '\(parts[0])' in '\(text)'")) }
                guard properties[parts[1]] != nil else {
                    return .failure(SceneValueError("unknown property '\(parts[1])' (\(properties.keys.sorted().joined(separator: ", ")))"))
                }
                terms.append((sign, .read(view: parts[0], property: parts[1])))
            }
            expectTerm = false
        }
        guard !expectTerm else { return .failure(SceneValueError("'\(text)' ends with an operator")) }
        return .success(SceneExpression(terms: terms))
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for c in text {
            if c == " " || c == "\t" {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else if (c == "+" || c == "-") && (current.isEmpty || !current.hasSuffix("e")) {
                if !current.isEmpty { tokens.append(current); current = "" }
                tokens.append(String(c))
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The value now.
    func evaluate(_ views: [String: View]) -> Double {
        terms.reduce(0) { sum, t in
            switch t.term {
            case let .number(n): return sum + t.sign * n
            case let .read(view, property):
                guard let v = views[view], let read = Self.properties[property] else { return sum }
                return sum + t.sign * read(v)
            }
        }
    }
}
