import Foundation
@testable import GoldenFrames
import Testing

@Suite struct ReportPageTests {
    /// What could end the `<script>` element or change how the HTML parser reads it (`<`, `>`,
    /// `&`) and the JavaScript line separators become `\u` escapes; every other byte, other
    /// characters starting with the same UTF-8 byte as U+2028 (E2) included, passes unchanged.
    @Test func scriptJSONEscapesWhatEndsAScriptAndNothingElse() throws {
        let text = "[\"</script><!--&\u{2028}\u{2029}€—é\"]"
        let escaped = ReportPage.scriptJSON(Data(text.utf8))
        #expect(escaped == "[\"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029€—é\"]")
        let decoded = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String]
        #expect(decoded == ["</script><!--&\u{2028}\u{2029}€—é"])
        // U+2027 and U+202A sit either side of the separators (E2 80 A7, E2 80 AA); a text
        // ending in the first bytes of one is copied as it is.
        #expect(ReportPage.scriptJSON(Data("a\u{2027}\u{202A}b\u{2028}".utf8).dropLast(1)) == "a\u{2027}\u{202A}b\u{FFFD}")
    }
}
