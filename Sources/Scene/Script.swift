import Geometry

/// What the user does in a demo, step by step, as a person would do it on the device:
/// taps, typing, waiting. A script compiles to events on the 60 Hz frame clock.
public struct Script: Sendable {
    /// Where a tap lands.
    public enum Target: Sendable, Equatable {
        /// The centre of the view with this name, wherever it is when the finger comes down.
        case view(String)
        /// A point on the screen, in points.
        case point(Point)
    }

    public enum Step: Sendable, Equatable {
        /// Nothing happens for this many seconds.
        case wait(Double)
        /// Finger down on the target, held `hold` seconds, then lifted.
        case tap(Target, hold: Double = 0.12)
        /// Finger down on the target, staying down until a `release`.
        case press(Target)
        /// The finger lifts (where it went down).
        case release(Target)
        /// Types each character, one every `interval` seconds, into the focused text field.
        case type(String, interval: Double = 0.18)
        /// Presses the delete key `count` times, one every `interval` seconds.
        case deleteBackward(count: Int, interval: Double = 0.15)
        /// Turns the device to the given interface orientation.
        case rotate(Orientation)
        /// A finger scrolls the named scroll view: a drag lasts its duration, a flick is instant
        /// (the content then decelerates on its own).
        case scroll(String, ScrollGesture)
        /// A finger drags the named slider's thumb to `value` over `duration` seconds.
        case drag(String, value: Double, duration: Double)
    }

    /// How a finger moves a scroll view's content.
    public enum ScrollGesture: Sendable, Equatable {
        /// The content offset moves from `from` (nil: where it is) to `to` over `duration` seconds.
        case drag(from: Point?, to: Point, duration: Double)
        /// The finger lifts with the content moving at `velocity`, in points per second of the
        /// content offset (positive y scrolls towards the end).
        case flick(velocity: Point)
    }

    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    /// The events with the frame (at `fps`) on which each happens, and the frame after the last step.
    public func timeline(fps: Double = 60) -> (events: [(frame: Int, event: Event)], end: Int) {
        var t = 0.0
        var events: [(Int, Event)] = []
        func at(_ time: Double, _ e: Event) { events.append((Int(saturating: (time * fps).rounded()), e)) }
        for step in steps {
            switch step {
            case let .wait(s): t += s
            case let .tap(target, hold):
                at(t, .touchDown(target))
                t += hold
                at(t, .touchUp(target))
            case let .press(target): at(t, .touchDown(target))
            case let .release(target): at(t, .touchUp(target))
            case let .type(text, interval):
                for c in text {
                    t += interval
                    at(t, .key(c))
                }
            case let .deleteBackward(count, interval):
                for _ in 0..<count {
                    t += interval
                    at(t, .backspace)
                }
            case let .rotate(o): at(t, .rotate(o))
            case let .scroll(name, gesture):
                at(t, .scroll(name, gesture))
                if case let .drag(_, _, duration) = gesture { t += duration }
            case let .drag(name, value, duration):
                at(t, .drag(name, value: value, duration: duration))
                t += duration
            }
        }
        return (events, Int(saturating: (t * fps).rounded()))
    }
}

/// One input event delivered on a frame.
public enum Event: Sendable, Equatable {
    case touchDown(Script.Target)
    case touchUp(Script.Target)
    case key(Character)
    case backspace
    case rotate(Orientation)
    case scroll(String, Script.ScrollGesture)
    case drag(String, value: Double, duration: Double)
}

/// The interface orientation of the device.
public enum Orientation: String, Sendable, CaseIterable {
    case portrait
    case landscape
}
