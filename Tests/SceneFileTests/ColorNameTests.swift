import Foundation
import Testing

/// Colours in scene files: UIKit's system and semantic names, and an unknown name's message.
@Suite struct ColorNameTests {
    @Test func systemAndSemanticColourNamesAreAccepted() {
        let found = SceneProblemTests.problems("""
            screen: {background: systemGroupedBackground, tintColor: systemIndigo}
            views:
              - {label: l, text: hi, textColor: secondaryLabel, backgroundColor: tertiarySystemFill}
              - {view: v, backgroundColor: systemMint, borderWidth: 1, borderColor: separator}
            """)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func anUnknownColourNamesTheClosestKnownOneAndTheAcceptedForms() {
        let found = SceneProblemTests.problems("views:\n  - {view: v, backgroundColor: systemGreem}\n")
        #expect(found.count == 1)
        let message = found.first ?? ""
        #expect(message.contains("unknown colour 'systemGreem'; the closest known colour is 'systemGreen'"), "\(message)")
        #expect(message.contains("#RRGGBB") && message.contains("rgba(r, g, b, a)") && message.contains("{light: …, dark: …}"))
    }

    @Test func aColourSpeltInAnotherCaseOrWithDashesIsPointedToItsName() {
        let found = SceneProblemTests.problems("views:\n  - {view: v, backgroundColor: system-background}\n")
        #expect(found.first?.contains("the closest known colour is 'systemBackground'") == true, "\(found)")
        let darker = SceneProblemTests.problems("views:\n  - {view: v, backgroundColor: darkGreen}\n")
        #expect(darker.first?.contains("the closest known colour is 'systemGreen'") == true, "\(darker)")
    }
}
