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

    /// The glyphs of every line of text a view draws itself.
    static func drawnGlyphs(of view: View) -> [Int] {
        var list = DisplayList(width: 1, height: 1)
        view.drawContent(into: &list, context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0))
        return list.items.flatMap { item -> [Int] in
            if case let .text(line, _, _) = item { return line.glyphs.map(\.glyph) }
            return []
        }
    }

    @Test func theStatusBarsAreShapedInTheStagesLocale() {
        let stage = Stage(screenSize: Size(402, 874), tintColor: .black)
        let modern = ModernStatusBar(screen: .plain(Size(375, 667)), width: 375, height: 20)
        let classic = StatusBar(width: 320)
        for bar in [modern, classic] as [View] { stage.window.addSubview(bar) }
        // ţ (t with cedilla) takes Inter's and Nunito Sans's Romanian form, with a comma below.
        modern.time = "ţ"
        classic.carrier = "ţ"
        let english = [Self.drawnGlyphs(of: modern), Self.drawnGlyphs(of: classic)]
        stage.localeIdentifier = "ro"
        let romanian = [Self.drawnGlyphs(of: modern), Self.drawnGlyphs(of: classic)]
        #expect(english[0].count == 1 && romanian[0].count == 1 && english[0] != romanian[0])
        #expect(english[1].count == romanian[1].count && english[1] != romanian[1])
    }

    @Test func controlsAreMeasuredInTheLanguageTheyAreDrawnIn() {
        // Catalan l·l is one glyph pair without the middle dot's own advance.
        let stage = Stage(screenSize: Size(320, 480), tintColor: .black)
        let button = Button(title: "l·l l·l", font: Self.font, frame: Rect(0, 0, 100, 44))
        stage.window.addSubview(button)
        let english = button.intrinsicContentSize?.width ?? 0
        stage.localeIdentifier = "ca"
        let catalan = button.intrinsicContentSize?.width ?? 0
        #expect(catalan < english)
    }
}
