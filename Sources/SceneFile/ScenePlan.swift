import Geometry
import Scene

/// A scene's script on the 60 Hz clock: runs of input steps (taps, typing, rotations) that
/// `Script` turns into events, separated by the steps that act at a frame of their own
/// (`focus`, `seed`) or wait for one (`waitUntilSettled`). Each run after the first starts on
/// a whole frame, so a playback and the dry run that finds the settle frames see the same events.
struct ScenePlan {
    enum Part {
        case input([Script.Step])
        case focus(String?)
        case seed(UInt64)
        /// A `waitUntilSettled`: how long it waits at most, and where it is written.
        case settle(timeoutFrames: Int, step: [PathStep])
    }

    private(set) var parts: [Part] = []

    /// The longest script: ten minutes.
    static let maxFrames = 36_000

    /// Whether a dry run is needed to find when things settle.
    var settles: Bool { parts.contains { if case .settle = $0 { return true } else { return false } } }

    init(_ steps: [StepSpec], builder: SceneBuilder, log: ProblemLog) {
        var run: [Script.Step] = []
        var seconds = 0.0
        func flush() {
            if !run.isEmpty { parts.append(.input(run)) }
            run = []
        }
        for (i, step) in steps.enumerated() {
            let path: [PathStep] = [.key("script"), .index(i)]
            func bad(_ key: String, _ message: String) { log.add(path + [.key(key)], message) }
            let verbs: [(String, Bool)] = [
                ("wait", step.wait != nil), ("tap", step.tap != nil), ("press", step.press != nil),
                ("release", step.release != nil), ("type", step.type != nil), ("delete", step.delete != nil),
                ("focus", step.focus != nil), ("rotate", step.rotate != nil), ("seed", step.seed != nil),
                ("waitUntilSettled", step.waitUntilSettled != nil), ("scroll", step.scroll != nil), ("drag", step.drag != nil),
            ]
            let given = verbs.filter(\.1).map(\.0)
            guard given.count == 1, let verb = given.first else {
                log.add(path, given.isEmpty ? "a step needs one of \(verbs.map(\.0).joined(separator: ", "))"
                                            : "one step per list item, found \(given.joined(separator: " and "))")
                continue
            }
            for (modifier, value, owners) in [("hold", step.hold, ["tap"]), ("interval", step.interval, ["type", "delete"]),
                                              ("timeout", step.timeout, ["waitUntilSettled"]),
                                              ("duration", step.duration, ["scroll", "drag"])] where value != nil {
                if !owners.contains(verb) { log.add(path + [.keyName(modifier)], "'\(modifier)' goes with \(owners.joined(separator: " or "))") }
                if let v = value, !(v >= 0 && v <= 600) { log.add(path + [.key(modifier)], "'\(modifier)' lies in 0…600 seconds") }
            }
            for (key, given) in [("to", step.to != nil), ("from", step.from != nil), ("velocity", step.velocity != nil)]
            where given && verb != "scroll" && verb != "drag" {
                log.add(path + [.keyName(key)], "'\(key)' goes with scroll or drag")
            }
            func target(_ spec: TargetSpec, _ key: String) -> Script.Target? {
                switch spec {
                case let .view(id):
                    guard builder.view(id) != nil else { bad(key, "unknown view '\(id)'"); return nil }
                    return .view(id)
                case let .point(p):
                    guard p.count == 2 else { bad(key, "a point is [x, y]"); return nil }
                    return .point(Point(p[0], p[1]))
                }
            }
            // A step for the other launch orientation is checked like any other, then dropped.
            let kept = step.launchOrientation.map { $0.rawValue == builder.launchOrientation.rawValue } ?? true
            let before = (run, parts, seconds)
            defer { if !kept { (run, parts, seconds) = before } }
            switch verb {
            case "wait":
                let s = step.wait!
                guard s >= 0 && s <= 600 else { bad("wait", "a wait lies in 0…600 seconds"); continue }
                run.append(.wait(s))
                seconds += s
            case "tap":
                guard let t = target(step.tap!, "tap") else { continue }
                run.append(.tap(t, hold: step.hold ?? 0.12))
                seconds += step.hold ?? 0.12
            case "press":
                if let t = target(step.press!, "press") { run.append(.press(t)) }
            case "release":
                if let t = target(step.release!, "release") { run.append(.release(t)) }
            case "type":
                let interval = step.interval ?? 0.18
                run.append(.type(step.type!, interval: interval))
                seconds += interval * Double(step.type!.count)
            case "delete":
                let n = step.delete!
                guard (1...1000).contains(n) else { bad("delete", "delete presses the key 1…1000 times"); continue }
                let interval = step.interval ?? 0.15
                run.append(.deleteBackward(count: n, interval: interval))
                seconds += interval * Double(n)
            case "focus":
                let id = step.focus!
                if id != "none", !(builder.view(id) is TextField) { bad("focus", "unknown text field '\(id)' (or none)") }
                flush()
                parts.append(.focus(id == "none" ? nil : id))
            case "rotate":
                run.append(.rotate(step.rotate == .landscape ? .landscape : .portrait))
            case "scroll", "drag":
                guard let gesture = Self.gesture(step, verb: verb, builder: builder, bad: bad) else { continue }
                run.append(gesture.step)
                seconds += gesture.seconds
            case "seed":
                flush()
                parts.append(.seed(step.seed!))
            default:
                if step.waitUntilSettled == false { bad("waitUntilSettled", "write waitUntilSettled: true, or leave the step out") }
                // An out-of-range timeout is reported above; the plan goes on with the default, so
                // a value like 1e19 never reaches the conversion to whole frames.
                let timeout = step.timeout.flatMap { $0 >= 0 && $0 <= 600 ? $0 : nil } ?? 10
                flush()
                parts.append(.settle(timeoutFrames: Int(saturating: (timeout * 60).rounded()), step: path))
                seconds += timeout
            }
        }
        flush()
        if seconds * 60 > Double(Self.maxFrames) {
            log.add([.key("script")], "the script lasts longer than \(Self.maxFrames / 60) seconds")
        }
    }

    /// A `scroll` step (a drag to an offset, or a flick) or a slider `drag`, and how long it lasts.
    static func gesture(_ step: StepSpec, verb: String, builder: SceneBuilder,
                        bad: (String, String) -> Void) -> (step: Script.Step, seconds: Double)? {
        let duration = step.duration ?? 0.5
        guard duration > 0 else { bad("duration", "a gesture lasts more than 0 seconds"); return nil }
        if verb == "drag" {
            let id = step.drag!
            guard let slider = builder.view(id) as? Slider else { bad("drag", "unknown slider '\(id)'"); return nil }
            if step.velocity != nil || step.from != nil { bad("drag", "a slider drag takes to and duration") }
            guard let to = step.to?.values, to.count == 1 else { bad("drag", "a drag needs to: a value"); return nil }
            guard (slider.minimumValue...slider.maximumValue).contains(to[0]) else {
                bad("to", "the slider's values lie in \(slider.minimumValue)…\(slider.maximumValue)")
                return nil
            }
            return (.drag(id, value: to[0], duration: duration), duration)
        }
        let id = step.scroll!
        guard builder.view(id) is ScrollView else { bad("scroll", "unknown scrollView '\(id)'"); return nil }
        if let v = step.velocity {
            guard v.count == 2, v.allSatisfy({ abs($0) <= 20_000 }) else {
                bad("velocity", "a velocity is [x, y] points per second, each within ±20000")
                return nil
            }
            if step.to != nil || step.from != nil || step.duration != nil { bad("velocity", "a flick takes velocity alone; a drag takes to, from and duration") }
            return (.scroll(id, .flick(velocity: Point(v[0], v[1]))), 0)
        }
        guard let to = step.to?.values, to.count == 2 else { bad("scroll", "a scroll step needs to: [x, y] or velocity: [x, y]"); return nil }
        var from: Point?
        if let f = step.from {
            guard f.count == 2 else { bad("from", "from is [x, y]"); return nil }
            from = Point(f[0], f[1])
        }
        return (.scroll(id, .drag(from: from, to: Point(to[0], to[1]), duration: duration)), duration)
    }

    /// Plays the scene without drawing and returns the frame each `waitUntilSettled` ends on.
    /// A wait that runs out its timeout is reported to `warn` with what was still moving: a
    /// completion handler that restarts its own animation never rests, and would make every
    /// such wait last its whole timeout.
    func simulate(_ builder: SceneBuilder, warn: (_ step: [PathStep], _ message: String) -> Void = { _, _ in }) -> [Int] {
        var settled: [Int] = []
        _ = walk(builder) { stage, start, timeout, step in
            // Deliver everything scheduled up to `start`, then wait for rest.
            while stage.frame <= start || (!stage.isSettled && stage.frame < start + timeout) {
                stage.advanceFrame()
                stage.endFrame()
            }
            if !stage.isSettled {
                warn(step, "warning: waitUntilSettled ran out its \(Double(timeout) / 60) s timeout with \(stage.unsettled.joined(separator: ", ")) "
                    + "still moving (an animation restarted by its own completion never rests; `repeatForever: true` "
                    + "is not waited for)")
            }
            settled.append(stage.frame)
            return stage.frame
        }
        return settled
    }

    /// Schedules the script on the builder's stage; returns the number of frames it lasts.
    func schedule(_ builder: SceneBuilder, settled: [Int]?) -> Int {
        var next = 0
        return walk(builder) { _, _, _, _ in
            defer { next += 1 }
            return settled?[next] ?? 0
        }
    }

    /// Goes through the parts, scheduling input and frame actions, asking `settle` for the frame
    /// each wait for rest ends on; returns the frame after the last step (at least 1).
    private func walk(_ builder: SceneBuilder, settle: (Stage, Int, Int, [PathStep]) -> Int) -> Int {
        let stage = builder.stage
        var start = 0
        func at(_ frame: Int, _ block: @escaping () -> Void) {
            stage.run(after: Double(frame - stage.frame) / 60, block)
        }
        for part in parts {
            switch part {
            case let .input(steps):
                start = stage.play(Script((start > 0 ? [.wait(Double(start) / 60)] : []) + steps))
            case let .focus(id):
                at(start) { stage.focus(id.flatMap { builder.view($0) as? TextField }) }
            case let .seed(seed):
                at(start) { builder.reseed(seed) }
            case let .settle(timeout, step):
                start = settle(stage, start, timeout, step)
            }
        }
        return max(1, start)
    }
}
