import Geometry
import Scene
import Testing

/// A 320×568 stage with a field at (20, 88) and the keyboard installed in the window: up from
/// the first frame when the field is focused first, below the screen otherwise.
final class KeyboardFixture {
    let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
    let field = TextField(name: "f", placeholder: "", frame: Rect(20, 88, 280, 36))
    let keyboard: KeyboardView

    init(focused: Bool) {
        stage.window.addSubview(field)
        if focused { stage.focus(field) }
        keyboard = stage.installKeyboard(in: stage.window)
    }

    /// What the keyboard draws on each of `frames` frames.
    func drawings(frames: Int) -> [DisplayList] {
        (0..<frames).map { _ in
            stage.advanceFrame()
            defer { stage.endFrame() }
            var list = DisplayList(width: 320, height: 216)
            keyboard.drawContent(into: &list, context: DrawContext(scale: 1, snapping: .round, tintColor: .black,
                                                                   frame: stage.frame))
            return list
        }
    }

    /// How many items the keyboard draws on each of `frames` frames.
    func itemCounts(frames: Int) -> [Int] { drawings(frames: frames).map(\.items.count) }

    /// The keyboard's presented frame on each of `frames` frames, running `script` from now.
    func keyboardFrames(_ script: Script, frames: Int) -> [Rect] {
        stage.play(script)
        return (0..<frames).map { _ in
            stage.advanceFrame()
            defer { stage.endFrame() }
            return keyboard.presentedFrame
        }
    }
}

@Suite struct KeyboardViewTests {
    /// How many white key faces a drawing has (a lit function key turns white).
    static func whiteFills(_ list: DisplayList) -> Int {
        list.items.filter { if case let .fill(_, color, _, _) = $0 { return color == .white } else { return false } }.count
    }

    @Test func keyboardIs216PointsTallAtTheBottomOfTheScreen() {
        let f = KeyboardFixture(focused: true)
        #expect(f.keyboard.frame == Rect(0, 352, 320, 216))
    }

    @Test func aTypedKeyShowsItsPopupForTheHoldTimeOnly() {
        let f = KeyboardFixture(focused: true)
        f.stage.play(Script([.wait(0.1), .type("q", interval: 0.1)]))
        let counts = f.itemCounts(frames: 30)
        let pressed = 12
        #expect(counts[pressed - 1] < counts[pressed])
        #expect(Set(counts[pressed..<(pressed + KeyboardView.holdFrames)]).count == 1)
        #expect(counts[pressed + KeyboardView.holdFrames] == counts[pressed - 1])
        #expect(f.field.text == "q")
    }

    @Test func capitalsPopTheirLetterKeyAndCharactersWithoutAKeyShowNothing() {
        let f = KeyboardFixture(focused: true)
        f.stage.play(Script([.type("Q", interval: 0.1), .type("1", interval: 0.5)]))
        let counts = f.itemCounts(frames: 40)
        #expect(counts[6] > counts[0])
        #expect(counts[36] == counts[0])
        #expect(f.field.text == "Q1")
    }

    @Test func deleteLightsItsKeyEvenInAnEmptyField() {
        let f = KeyboardFixture(focused: true)
        f.stage.play(Script([.deleteBackward(count: 1, interval: 0.1)]))
        let whites = f.drawings(frames: 20).map(Self.whiteFills)
        #expect(whites.max() == whites[0] + 1)
        #expect(whites.last == whites[0])
        #expect(f.field.text.isEmpty)
    }

    @Test func noKeyShowsWithoutAFirstResponder() {
        let f = KeyboardFixture(focused: true)
        f.stage.focus(nil)
        f.stage.play(Script([.type("ab", interval: 0.05)]))
        let counts = f.itemCounts(frames: 10)
        #expect(Set(counts).count == 1)
        #expect(f.field.text.isEmpty)
    }
}

@Suite struct KeyboardDockingTests {

    @Test func theKeyboardWaitsBelowTheScreenUntilAFieldIsFocused() {
        let f = KeyboardFixture(focused: false)
        #expect(f.keyboard.frame == Rect(0, 568, 320, 216))
    }

    @Test func focusingAFieldSlidesTheKeyboardUpOnAnEaseOut() {
        let f = KeyboardFixture(focused: false)
        let frames = f.keyboardFrames(Script([.tap(.view("f"))]), frames: 60)
        let ys = frames.map(\.y)
        let up = ys.firstIndex { $0 < 568 } ?? 0
        #expect(up > 0)
        // Rising on every frame until it docks at the bottom 0.5 s after it starts.
        #expect(zip(ys[(up - 1)...], ys[up...]).prefix(30).allSatisfy { $0 > $1 })
        #expect(ys[up + 29] == 352)
        #expect(ys[up + 7] < 352 + 216 / 2, "more than half way in a quarter of the time")
        #expect(frames.allSatisfy { $0.height == 216 && $0.width == 320 })
    }

    @Test func backgroundTapThatEndsEditingSlidesTheKeyboardAway() {
        let f = KeyboardFixture(focused: false)
        f.stage.onBackgroundTap = { [unowned f] in f.stage.focus(nil) }
        let ys = f.keyboardFrames(Script([.tap(.view("f")), .wait(1), .tap(.point(Point(160, 300))), .wait(1)]),
                                  frames: 150).map(\.y)
        #expect(ys.contains(352))
        #expect(ys.last == 568)
    }

    @Test func switchingFieldsKeepsTheKeyboardUp() {
        let f = KeyboardFixture(focused: false)
        let other = TextField(name: "g", placeholder: "", frame: Rect(20, 140, 280, 36))
        f.stage.window.addSubview(other)
        let ys = f.keyboardFrames(Script([.tap(.view("f")), .wait(1), .tap(.view("g")), .wait(1)]), frames: 140).map(\.y)
        let docked = ys.firstIndex(of: 352) ?? ys.count
        #expect(ys[docked...].allSatisfy { $0 == 352 })
    }

    /// A keyboard installed on a `screen` whose one field is already focused.
    static func keyboardAfterFocusing(on screen: Size) -> (Stage, KeyboardView) {
        let stage = Stage(screenSize: screen, tintColor: .black)
        let field = TextField(name: "f", placeholder: "", frame: Rect(20, 20, screen.width - 40, 30))
        stage.window.addSubview(field)
        stage.focus(field)
        return (stage, stage.installKeyboard(in: stage.window))
    }

    @Test func aFieldFocusedBeforeInstallingStartsWithTheKeyboardUp() {
        let (stage, keyboard) = Self.keyboardAfterFocusing(on: Size(320, 568))
        stage.advanceFrame()
        #expect(keyboard.presentedFrame == Rect(0, 352, 320, 216))
    }

    @Test func aLandscapeHostGetsTheShorterKeyboardWithEveryKeyInside() {
        let (_, keyboard) = Self.keyboardAfterFocusing(on: Size(568, 320))
        #expect(keyboard.frame == Rect(0, 320 - KeyboardView.landscapeHeight, 568, KeyboardView.landscapeHeight))
        var list = DisplayList(width: 568, height: 162)
        keyboard.drawContent(into: &list, context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0))
        let shapes: [Rect] = list.items.compactMap {
            if case let .fill(path, _, _, transform) = $0 { return path.bounds.offsetBy(dx: transform.tx, dy: transform.ty) }
            return nil
        }
        #expect(shapes.count > 30)
        #expect(shapes.allSatisfy { $0.minX >= 0 && $0.maxX <= 568 && $0.minY >= 0 && $0.maxY <= KeyboardView.landscapeHeight })
    }

    @Test func typedKeysReachTheInstalledKeyboard() {
        let f = KeyboardFixture(focused: false)
        f.stage.play(Script([.tap(.view("f")), .wait(0.6), .type("q", interval: 0.1)]))
        var counts: [Int] = []
        for _ in 0..<80 {
            f.stage.advanceFrame()
            var list = DisplayList(width: 320, height: 216)
            f.keyboard.drawContent(into: &list, context: DrawContext(scale: 1, snapping: .round, tintColor: .black,
                                                                     frame: f.stage.frame))
            counts.append(list.items.count)
            f.stage.endFrame()
        }
        #expect(Set(counts).count == 2, "the popup shows for the key's hold time")
        #expect(f.field.text == "q")
    }
}
