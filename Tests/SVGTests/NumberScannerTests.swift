@testable import SVG
import Testing

@Suite struct NumberTests {
    @Test(arguments: [("+.5", 0.5), ("5.", 5), ("-0", 0), (".5e+2", 50), ("1E-3", 0.001), ("007", 7)])
    func numbersInEverySpelling(text: String, value: Double) throws {
        var scanner = NumberScanner(text)
        #expect(try scanner.number("") == value)
        #expect(scanner.isAtEnd)
    }

    /// Numbers of at most 15 digits without an exponent are read without strtod: each of
    /// 20,000 spellings (signs, leading and trailing points, 1 to 17 digits) reads as the same
    /// double, bit for bit, as `Double(String)` reads it.
    @Test func shortDecimalsReadAsDoubleReadsThemBitForBit() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var differing: [String] = []
        for _ in 0..<20_000 {
            let whole = next(9), fraction = next(10), point = fraction > 0 || next(2) == 0
            guard whole + fraction > 0 else { continue }
            let digits = (0..<(whole + fraction)).map { _ in String(next(10)) }
            let text = ["", "-", "+"][next(3)] + digits[..<whole].joined() + (point ? "." : "") + digits[whole...].joined()
            var scanner = NumberScanner(text)
            guard let value = Double(text), try scanner.number("").bitPattern == value.bitPattern else { differing.append(text); continue }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first \(differing.prefix(3))")
    }

    /// `firstIndex(ofASCII:)` finds the character `firstIndex(of:)` finds, also where a
    /// combining mark joins the byte to a character of its own.
    @Test(arguments: ["xlink:href", "a:b:c", "no colon", ":", "a:\u{301}b:c", "\u{600}:x", "é:à", "url(#a) red", ""])
    func asciiCharactersAreFoundAsCharactersAre(text: String) {
        for c in [":", ")"] as [Unicode.Scalar] {
            #expect(text.firstIndex(ofASCII: c) == text.firstIndex(of: Character(c)))
        }
    }

    @Test func numbersTooLargeForDoubleAreErrors() {
        var scanner = NumberScanner("1e400")
        #expect { try scanner.number("") } throws: { ($0 as? ValueProblem)?.message == "number out of range" }
    }
}
