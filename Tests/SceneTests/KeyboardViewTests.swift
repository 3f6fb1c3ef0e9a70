import Geometry
import Scene
import Testing

@Suite struct KeyboardViewTests {
    /// A stage with a focused field and the keyboard listening to its key events.
    final class Fixture {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let keyboard = KeyboardView(width: 320, y: 568 - KeyboardView.height)
        let field = TextField(name: "f", placeholder: "", frame: Rect(20, 88, 280, 36))

        init() {
            stage.window.addSubview(field)
            stage.window.addSubview(keyboard)
            stage.onKey = { [unowned self] e in keyboard.press(e, atFrame: stage.frame) }
            stage.focus(field)
        }

        /// How many items the keyboard draws on each of `frames` frames.
        func itemCounts(frames: Int) -> [Int] {
            (0..<frames).map { _ in
                stage.advanceFrame()
                var list = DisplayList(width: 320, height: 216)
                keyboard.drawContent(into: &list, context: DrawContext(scale: 1, snapping: .round, tintColor: .black,
                                                                       frame: stage.frame))
                stage.endFrame()
                return list.items.count
            }
        }
    }

    @Test func keyboardIs216PointsTallAtTheBottomOfTheScreen() {
        let f = Fixture()
        #expect(f.keyboard.frame == Rect(0, 352, 320, 216))
    }

    @Test func aTypedKeyShowsItsPopupForTheHoldTimeOnly() {
        let f = Fixture()
        f.stage.play(Script([.wait(0.1), .type("q", interval: 0.1)]))
        let counts = f.itemCounts(frames: 30)
        let pressed = 12
        #expect(counts[pressed - 1] < counts[pressed])
        #expect(Set(counts[pressed..<(pressed + KeyboardView.holdFrames)]).count == 1)
        #expect(counts[pressed + KeyboardView.holdFrames] == counts[pressed - 1])
        #expect(f.field.text == "q")
    }

    @Test func capitalsPopTheirLetterKeyAndCharactersWithoutAKeyShowNothing() {
        let f = Fixture()
        f.stage.play(Script([.type("Q", interval: 0.1), .type("1", interval: 0.5)]))
        let counts = f.itemCounts(frames: 40)
        #expect(counts[6] > counts[0])
        #expect(counts[36] == counts[0])
        #expect(f.field.text == "Q1")
    }

    @Test func deleteReachesTheKeyboardEvenInAnEmptyField() {
        let f = Fixture()
        var presses: [Event] = []
        f.stage.onKey = { presses.append($0) }
        f.stage.play(Script([.deleteBackward(count: 1, interval: 0.1)]))
        _ = f.itemCounts(frames: 10)
        #expect(presses == [.backspace])
    }

    @Test func noKeyEventsReachTheKeyboardWithoutAFirstResponder() {
        let f = Fixture()
        f.stage.focus(nil)
        var presses = 0
        f.stage.onKey = { _ in presses += 1 }
        f.stage.play(Script([.type("ab", interval: 0.05)]))
        _ = f.itemCounts(frames: 10)
        #expect(presses == 0)
    }
}
