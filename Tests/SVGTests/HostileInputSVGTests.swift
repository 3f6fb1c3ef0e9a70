@testable import SVG
import Testing

@Suite struct HostileInputSVGTests {
    /// The document parsed with or without reusing entity expansions: every node as name, offset,
    /// text and attributes in document order (or the problem), and how many times replacement
    /// text was parsed.
    private static func parse(_ text: String, reusing: Bool) -> (nodes: [String], problem: String?, parses: Int) {
        var parser = MarkupParser(bytes: Array(text.utf8))
        parser.entities.reusesExpansions = reusing
        do {
            var nodes: [String] = []
            func walk(_ element: MarkupElement) {
                let attributes = element.attributes.map { "\($0.name)=\($0.value)@\($0.valueOffset)" }
                nodes.append("\(element.name)@\(element.offset) \(element.text) \(attributes.joined(separator: " "))")
                element.children.forEach(walk)
            }
            walk(try parser.parseDocument())
            return (nodes, nil, parser.entities.parses)
        } catch let problem as SourceProblem {
            return ([], "\(problem.offset): \(problem.message)", parser.entities.parses)
        } catch {
            return ([], "\(error)", parser.entities.parses)
        }
    }

    /// Entities of ten references to entities of ten references, under the budget, used in text,
    /// in attribute values and inside an entity of markup: the same nodes at the same offsets
    /// as parsing every reference, from one parse of each entity per use.
    @Test func reusedExpansionsGiveTheSameNodesAtTheSameOffsets() {
        var doctype = "<!ENTITY l0 \"lol\">"
        for level in 1...4 { doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        doctype += "<!ENTITY box '<rect width=\"&l1;\" id=\"a&l0;\"/>&l2;'>"
        let text = "<!DOCTYPE svg [\(doctype)]><svg class=\"&l3;\"><text>&l4; &l1;</text>&box;<g>&box;&l2;</g><desc>&l3;</desc></svg>"
        let parsed = Self.parse(text, reusing: false), reused = Self.parse(text, reusing: true)
        #expect(parsed.problem == nil)
        #expect(reused.problem == nil)
        #expect(reused.nodes.count == parsed.nodes.count)
        #expect(reused.nodes.count > 11_000)
        #expect(reused.nodes.hashValue == parsed.nodes.hashValue)
        #expect(reused.nodes.first { $0.hasPrefix("rect@") }?.contains("id=alol@") == true)
        #expect(parsed.parses > 12_000)
        #expect(reused.parses < 30, "\(reused.parses)")
    }

    /// Past the budget a reused expansion is parsed again, so the error names the same entity
    /// at the same offset as parsing every reference does.
    @Test func theBudgetStopsAtTheSameReference() {
        let big = String(repeating: "x", count: 60_000)
        let text = "<!DOCTYPE svg [<!ENTITY big \"\(big)\"><!ENTITY b4 \"&big;&big;&big;&big;\"><!ENTITY b16 \"&b4;&b4;&b4;&b4;\">]>"
            + "<svg><text>&b16;</text><desc>&b16;</desc></svg>"
        let parsed = Self.parse(text, reusing: false), reused = Self.parse(text, reusing: true)
        #expect(parsed.problem?.hasSuffix("entities expand to more than 1 MiB (at '&big;'); the file is not read") == true)
        #expect(reused.problem == parsed.problem)
        #expect(reused.parses < parsed.parses)
    }

    /// The billion laughs are refused after one parse of each entity, not the ~350,000 tiny
    /// expansions that spend the budget, with the error parsing every reference gives (checked
    /// on a budget-crossing case above; here the message and where it points).
    @Test func theBillionLaughsParseEachEntityOnce() throws {
        var doctype = "<!ENTITY l0 \"lol\">"
        for level in 1...9 { doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        let reused = Self.parse("<!DOCTYPE svg [\(doctype)]><svg><text>&l9;</text></svg>", reusing: true)
        #expect(reused.problem?.hasSuffix(": entities expand to more than 1 MiB (at '&l0;'); the file is not read") == true,
                "\(reused.problem ?? "")")
        #expect(reused.parses < 100, "\(reused.parses)")
        #expect(throws: SVGError(file: "t.svg", line: 1, column: 29 + doctype.count,
                                 message: "entities expand to more than 1 MiB (at '&l0;'); the file is not read")) {
            try VectorImage.parse(text: "<!DOCTYPE svg [\(doctype)]><svg><text>&l9;</text></svg>", name: "t.svg")
        }
    }

    /// Filter primitives are counted across the document, each function of a CSS filter list as
    /// one and each `<filter>` as its primitives, for every element drawn through them: up to
    /// the limit the file reads, and the element that passes it is named with the limit.
    @Test func filtersApplyABoundedNumberOfPrimitivesInAll() throws {
        #expect(VectorImageReader.maximumAppliedFilterPrimitives == 10_000)
        let list = Array(repeating: "opacity(0.9)", count: 500).joined(separator: " ")
        let head = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><style>rect{filter:\(list)}</style>"
        let rect = "<rect width=\"4\" height=\"4\"/>"
        let message = "filters apply more than 10000 primitives in all (each filter function counts one, each <filter> its primitives, for every element drawn through it)"
        let atLimit = try VectorImage.parse(text: head + String(repeating: rect, count: 20) + "</svg>", name: "f.svg")
        #expect(atLimit.warnings.isEmpty)
        #expect(throws: SVGError(file: "f.svg", line: 1, column: head.count + 20 * rect.count + 1, message: message)) {
            try VectorImage.parse(text: head + String(repeating: rect, count: 21) + "</svg>", name: "f.svg")
        }
        // A <filter> of four primitives, drawn 2,500 times through <use>, is at the limit; once more passes it.
        let filter = "<filter id=\"f\"><feOffset dx=\"1\"/><feOffset dx=\"1\"/><feOffset dx=\"1\"/><feOffset dx=\"1\"/></filter>"
        func uses(_ count: Int) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><defs>\(filter)<rect id=\"r\" width=\"4\" height=\"4\" filter=\"url(#f)\"/></defs>"
                + String(repeating: "<use href=\"#r\"/>", count: count) + "</svg>"
        }
        #expect(try VectorImage.parse(text: uses(2_500), name: "u.svg").warnings.isEmpty)
        #expect(throws: SVGError.self) { try VectorImage.parse(text: uses(2_501), name: "u.svg") }
    }
}
