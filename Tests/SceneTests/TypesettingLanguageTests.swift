import Geometry
import Scene
import Testing
import Text

/// The scene's locale reaches every view's text as its typesetting language, as
/// `traitCollection.typesettingLanguage` does in UIKit.
@Suite struct TypesettingLanguageTests {
    static let font = Font.named("system", size: 17)

    static func glyphs(of label: Label) -> [Int] { label.layout.lines.flatMap { $0.line.glyphs.map(\.glyph) } }

    @Test func aLabelIsShapedInTheStagesLocaleAndFollowsItWhenItChanges() {
        let container = View(frame: Rect(0, 0, 200, 100))
        let label = Label(text: "Bună dimineaţa", font: Self.font, frame: Rect(10, 10, 180, 30))
        container.addSubview(label)
        let stage = Stage(screenSize: Size(200, 100), tintColor: .black)
        stage.window.addSubview(container)
        #expect(label.typesettingLanguage == nil)
        let english = Self.glyphs(of: label)
        stage.localeIdentifier = "ro"
        #expect(label.typesettingLanguage == "ro")
        let romanian = Self.glyphs(of: label)
        // Only ţ (t with cedilla) takes Inter's Romanian form, with a comma below.
        #expect(english.count == romanian.count)
        #expect(zip(english, romanian).filter { $0 != $1 }.count == 1)
        stage.localeIdentifier = nil
        #expect(Self.glyphs(of: label) == english)
    }
}
