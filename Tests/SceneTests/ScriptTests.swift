import Geometry
import Scene
import Testing

@Suite struct ScriptTests {
    @Test func stepsBecomeEventsOnTheSixtyHertzClock() {
        let (events, end) = Script([
            .wait(0.5), .tap(.view("b"), hold: 0.1), .type("ab", interval: 0.25), .deleteBackward(count: 1, interval: 0.5),
        ]).timeline()
        #expect(events.map(\.frame) == [30, 36, 51, 66, 96])
        #expect(events.map(\.event) == [.touchDown(.view("b")), .touchUp(.view("b")), .key("a"), .key("b"), .backspace])
        #expect(end == 96)
    }
}
