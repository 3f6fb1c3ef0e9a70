@testable import SVG
import Testing

@Suite struct NumberTests {
    @Test(arguments: [("+.5", 0.5), ("5.", 5), ("-0", 0), (".5e+2", 50), ("1E-3", 0.001), ("007", 7)])
    func numbersInEverySpelling(text: String, value: Double) throws {
        var scanner = NumberScanner(text)
        #expect(try scanner.number("") == value)
        #expect(scanner.isAtEnd)
    }

    @Test func numbersTooLargeForDoubleAreErrors() {
        var scanner = NumberScanner("1e400")
        #expect { try scanner.number("") } throws: { ($0 as? ValueProblem)?.message == "number out of range" }
    }
}
