import Geometry
import GoldenTesting
import Layout
import Testing

/// Mutated and truncated formats either parse or throw a positioned error; never a crash or hang.
@Suite struct VisualFormatFuzzTests {
    private static let corpus = [
        "H:|-(20)-[a]-(20)-|", "H:|-(20)-[a]-(20)-[b(==a)]-(20)-|", "V:|-(88)-[a]-(20)-[b(==a)]-(20)-|",
        "|-[find]-[findNext]-[findField(>=20)]-|", "[flexibleButton(>=70,<=100)]", "[button(100@20)]",
        "V:[topField]-10-[bottomField]", "[a]-(>=8@750,<=gap)-[b]", "|-(-5)-[a(w@low)]-|", "H:[a(1.5e1)][b]",
    ]
    private static let alphabet = Array("HV:|-[]()=<>@,.0123456789eE+-_abfindgapwlo é\t")

    private let engine: LayoutEngine
    private var views: [String: LayoutItem] = [:]

    init() {
        let root = LayoutBox("superview")
        engine = LayoutEngine(root: root, size: Size(320, 480))
        for name in ["a", "b", "find", "findNext", "findField", "flexibleButton", "button", "topField", "bottomField"] {
            let box = LayoutBox(name)
            engine.add(box, to: root)
            views[name] = box
        }
    }

    /// `text` with one to four random deletions, insertions, replacements or truncations.
    private func mutated(_ text: String, _ alphabet: [Character], _ rng: inout SeededGenerator) -> String {
        var chars = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let i = Int.random(in: 0...chars.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where i < chars.count: chars.remove(at: i)
            case 1: chars.insert(alphabet.randomElement(using: &rng)!, at: i)
            case 2 where i < chars.count: chars[i] = alphabet.randomElement(using: &rng)!
            default: chars = Array(chars.prefix(i))
            }
        }
        return String(chars)
    }

    private func parse(_ format: String) {
        do {
            let cs = try engine.constraints(withVisualFormat: format, options: [], metrics: ["gap": 12, "w": 40, "low": 250],
                                            views: views)
            engine.activate(cs)
            engine.deactivate(cs)
        } catch {
            #expect(error.position >= 0 && error.position <= format.count, "\(format)")
            #expect(!error.message.isEmpty)
            #expect(error.description.hasSuffix("\n\(format) \n\(String(repeating: " ", count: error.position))^"))
        }
    }

    @Test func mutatedFormatsThrowOrParse() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<3000 {
            parse(mutated(Self.corpus.randomElement(using: &rng)!, Self.alphabet, &rng))
        }
        #expect(engine.constraints.count == 4)
    }

    @Test func everyPrefixOfEveryExampleThrowsOrParses() {
        for format in Self.corpus {
            for n in 0...format.count { parse(String(format.prefix(n))) }
        }
    }

    @Test func mutatedConstraintTextThrowsOrParses() {
        let texts = ["a.centerX == superview.centerX * 0.5 + 10 @750", "b.width >= 44", "a.top == b.bottom - 8",
                     "find.height <= 2e1 @ 1"]
        var items = views
        items["superview"] = LayoutBox("superview")
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("ab.=<>*+-@ 0123456789eE_superviewcnterXYwidthé")
        for _ in 0..<3000 {
            let text = mutated(texts.randomElement(using: &rng)!, alphabet, &rng)
            do {
                _ = try engine.constraint(parsing: text, items: items)
            } catch {
                #expect(error.position >= 0 && error.position <= text.count, "\(text)")
                #expect(error.description.hasSuffix("\n\(text) \n\(String(repeating: " ", count: error.position))^"))
            }
        }
    }
}
