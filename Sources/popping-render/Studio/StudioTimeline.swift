import Foundation
import PoppingRender

/// What the studio's timeline shows of one render: the script's steps (taps, typing, waits…)
/// and each animation's span, named, on the 60 Hz clock, with the view tree at every frame for
/// the inspector (`inspect --json`'s tree).
struct StudioTimeline: Encodable {
    /// A step of the script, frames `start...end`.
    struct Step: Encodable {
        var label: String
        var start: Int
        var end: Int
    }

    /// One animation (a POP key, a UIKit block's view) moving over frames `start...end`.
    struct Span: Encodable {
        var name: String
        var start: Int
        var end: Int
    }

    var steps: [Step] = []
    var animations: [Span] = []
    /// The view tree at each frame; served one frame at a time, so not encoded here.
    var trees: [ViewSnapshot] = []

    enum CodingKeys: CodingKey { case steps, animations }

    /// Replays `run` without drawing, reading its input and what moves at each frame; stops
    /// with `nil` as soon as `keepGoing` says the render is no longer wanted.
    static func read(_ run: DemoRun, keepGoing: () -> Bool) -> StudioTimeline? {
        var timeline = StudioTimeline()
        timeline.steps = steps(run.stage.scheduledEvents, end: run.frameCount)
        var open: [String: Int] = [:]
        var cancelled = false
        run.replay(through: run.frameCount - 1) { f in
            guard !cancelled else { return }
            if f % 30 == 0, !keepGoing() { cancelled = true }
            timeline.trees.append(run.stage.window.snapshot)
            let moving = Set(run.stage.movingNames)
            for name in run.stage.movingNames where open[name] == nil { open[name] = f }
            for (name, start) in open where !moving.contains(name) {
                timeline.animations.append(Span(name: name, start: start, end: f - 1))
                open[name] = nil
            }
        }
        guard !cancelled else { return nil }
        for (name, start) in open { timeline.animations.append(Span(name: name, start: start, end: run.frameCount - 1)) }
        timeline.animations.sort { ($0.start, $0.name) < ($1.start, $1.name) }
        return timeline
    }

    /// The script's steps from its events: a tap from finger down to up, a run of typed keys or
    /// deletes as one step, and the waits between steps and after the last one (to `end`).
    static func steps(_ events: [(frame: Int, event: Event)], end: Int) -> [Step] {
        var steps: [Step] = []
        func target(_ t: Script.Target) -> String {
            switch t {
            case let .view(id): return id
            case let .point(p): return "[\(StudioTimeline.number(p.x)), \(StudioTimeline.number(p.y))]"
            }
        }
        for (frame, event) in events {
            switch event {
            case let .touchDown(t): steps.append(Step(label: "tap \(target(t))", start: frame, end: frame))
            case let .touchUp(t):
                if let i = steps.lastIndex(where: { $0.label == "tap \(target(t))" }) { steps[i].end = frame }
            case let .key(c):
                if let last = steps.last, last.label.hasPrefix("type “"), last.end >= frame - 30 {
                    steps[steps.count - 1].label = String(last.label.dropLast()) + "\(c)”"
                    steps[steps.count - 1].end = frame
                } else {
                    steps.append(Step(label: "type “\(c)”", start: frame, end: frame))
                }
            case .backspace:
                if let last = steps.last, last.label.hasPrefix("delete"), last.end >= frame - 30 {
                    steps[steps.count - 1].end = frame
                } else {
                    steps.append(Step(label: "delete", start: frame, end: frame))
                }
            case let .rotate(o): steps.append(Step(label: "rotate \(o.rawValue)", start: frame, end: frame))
            case let .scroll(id, _): steps.append(Step(label: "scroll \(id)", start: frame, end: frame))
            case let .drag(id, _, duration):
                steps.append(Step(label: "drag \(id)", start: frame, end: frame + Int(saturating: (duration * 60).rounded())))
            }
        }
        var withWaits: [Step] = []
        var free = 0
        for step in steps + [Step(label: "", start: end, end: end)] {
            if step.start > free {
                let seconds = (Double(step.start - free) / 60 * 100).rounded() / 100
                withWaits.append(Step(label: "wait \(number(seconds)) s", start: free, end: step.start - 1))
            }
            if !step.label.isEmpty { withWaits.append(step) }
            free = max(free, step.end + 1)
        }
        return withWaits
    }

    /// A number as people write it: 2, 0.5, 187.5.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(saturating: value)) : String(format: "%g", value)
    }
}
