import Motion
import Scene

/// `type: propertyAnimator` animations, UIViewPropertyAnimator, and the actions that drive
/// them: startAnimation (with afterDelay), pauseAnimation, fractionComplete (scrubbing),
/// isReversed, continueAnimation, addAnimations, stopAnimation and finishAnimation.
///
/// An animator named in the scene is made from its spec when an action first uses it, and
/// made anew when used again after it has finished (its blocks run once per animator, as in
/// UIKit, where code makes a new animator per interaction). Its `NAME.completion` handlers
/// run when it finishes, at either end or where it was stopped.
extension SceneBuilder {
    /// The animator verbs an action may hold, and whether it holds each.
    static func animatorVerbs(_ action: ActionSpec) -> [(String, Bool)] {
        [("startAnimation", action.startAnimation != nil), ("pauseAnimation", action.pauseAnimation != nil),
         ("fractionComplete", action.fractionComplete != nil), ("isReversed", action.isReversed != nil),
         ("continueAnimation", action.continueAnimation != nil), ("addAnimations", action.addAnimations != nil),
         ("stopAnimation", action.stopAnimation != nil), ("finishAnimation", action.finishAnimation != nil)]
    }

    /// Checks an action's animator verbs: the names are property animators, values in range,
    /// `afterDelay` only with startAnimation.
    func checkAnimatorAction(_ action: ActionSpec, path: [PathStep]) {
        func isAnimator(_ name: String) -> Bool { animations[name]?.type == .propertyAnimator }
        func check(_ key: String, _ names: [String]) {
            for (i, name) in names.enumerated() where !isAnimator(name) {
                let kind = animations[name].map { " ('\(name)' is \(AnimationForm($0).rawValue))" } ?? ""
                log.add(path + [.key(key)] + (names.count > 1 ? [.index(i)] : []), "unknown propertyAnimator '\(name)'\(kind)")
            }
        }
        func checkKeys<V>(_ key: String, _ map: [String: V]?) {
            for name in (map ?? [:]).keys.sorted() where !isAnimator(name) {
                log.add(path + [.key(key), .keyName(name)], "unknown propertyAnimator '\(name)'")
            }
        }
        check("startAnimation", action.startAnimation?.values ?? [])
        check("pauseAnimation", action.pauseAnimation?.values ?? [])
        checkKeys("fractionComplete", action.fractionComplete)
        checkKeys("isReversed", action.isReversed)
        checkKeys("continueAnimation", action.continueAnimation)
        checkKeys("addAnimations", action.addAnimations)
        checkKeys("stopAnimation", action.stopAnimation)
        checkKeys("finishAnimation", action.finishAnimation)
        if let delay = action.afterDelay {
            if action.startAnimation == nil {
                log.add(path + [.keyName("afterDelay")], "afterDelay goes with startAnimation (startAnimation(afterDelay:))")
            } else if !(0...600).contains(delay) {
                log.add(path + [.key("afterDelay")], "afterDelay lies in 0…600 seconds")
            }
        }
        for (name, value) in action.fractionComplete ?? [:] {
            let at = path + [.key("fractionComplete"), .key(name)]
            if case let .numbers(list) = value, list.count == 1, !(0...1).contains(list[0]) {
                log.add(at, "fractionComplete lies in 0…1")
            } else {
                checkValue(value, count: 1, path: at)
            }
        }
        for (name, spec) in action.continueAnimation ?? [:] {
            let at = path + [.key("continueAnimation"), .key(name)]
            if !(0...100).contains(spec.durationFactor) { log.add(at + [.key("durationFactor")], "durationFactor lies in 0…100") }
            if case let .spring(form)? = spec.timingParameters,
               case let .failure(problem) = Self.springTiming(form, blockDuration: animations[name]?.duration) {
                log.add(at + [.key("timingParameters")] + (problem.key.map { [.key($0)] } ?? []), problem.message)
            }
        }
        for (name, spec) in action.addAnimations ?? [:] {
            let at = path + [.key("addAnimations"), .key(name)]
            if let d = spec.delayFactor, !(0...1).contains(d) { log.add(at + [.key("delayFactor")], "delayFactor lies in 0…1") }
            for (i, change) in spec.changes.enumerated() {
                checkAction(change, path: at + [.key("changes"), .index(i)], inBlock: true)
            }
        }
    }

    /// Checks a `type: propertyAnimator` spec: its timing (as an animate block's) and its changes.
    func checkPropertyAnimator(_ spec: AnimationSpec, _ path: [PathStep]) {
        checkBlockTiming(spec, path)
        if spec.changes == nil { log.add(path, "a propertyAnimator needs changes (its animations block)") }
        for (i, change) in (spec.changes ?? []).enumerated() {
            checkAction(change, path: path + [.key("changes"), .index(i)], inBlock: true)
        }
    }

    /// The named animator in use, or a new one made from its spec when it has none or the last has finished.
    func propertyAnimator(_ name: String) -> ViewPropertyAnimator? {
        if let animator = propertyAnimators[name], !animator.hasFinished { return animator }
        guard let spec = animations[name], spec.type == .propertyAnimator else { return nil }
        // Pending layout is applied first, so the blocks animate only their own changes.
        if Self.relayouts(spec.changes ?? []) { root.layoutIfNeeded() }
        let animator = ViewPropertyAnimator(stage: stage, timingParameters: blockTiming(spec) ?? .animate(duration: spec.duration ?? 0),
                                            animations: blockChanges(spec.changes ?? []))
        animator.name = name
        animator.scrubsLinearly = spec.scrubsLinearly ?? true
        animator.pausesOnCompletion = spec.pausesOnCompletion ?? false
        if let lists = handlers["\(name).completion"] {
            animator.addCompletion { [unowned self] _ in perform(lists, because: "\(name).completion") }
        }
        propertyAnimators[name] = animator
        return animator
    }

    /// `run:` on a property animator: `startAnimation(afterDelay:)` with its spec's delay.
    func startPropertyAnimator(_ name: String, _ spec: AnimationSpec) {
        propertyAnimator(name)?.startAnimation(afterDelay: spec.delay ?? 0)
    }

    /// `stop:` on a property animator: stopped where it shows, and finished there (its completions run).
    func stopPropertyAnimator(_ name: String) {
        guard let animator = propertyAnimators[name], animator.state == .active else { return }
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
    }

    /// Runs an action's animator verbs.
    func actOnAnimators(_ action: ActionSpec) {
        for (name, spec) in (action.addAnimations ?? [:]).sorted(by: { $0.key < $1.key }) {
            propertyAnimator(name)?.addAnimations(blockChanges(spec.changes), delayFactor: spec.delayFactor ?? 0)
        }
        for name in action.pauseAnimation?.values ?? [] { propertyAnimator(name)?.pauseAnimation() }
        for (name, reversed) in (action.isReversed ?? [:]).sorted(by: { $0.key < $1.key }) { propertyAnimator(name)?.isReversed = reversed }
        for (name, value) in (action.fractionComplete ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let animator = propertyAnimator(name) else { continue }
            // Scrubbing code pauses a running animator first; UIKit ignores a fraction set while it runs.
            if animator.isRunning { animator.pauseAnimation() }
            animator.fractionComplete = vector(value, count: 1)[0]
        }
        for (name, spec) in (action.continueAnimation ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let animator = propertyAnimator(name) else { continue }
            animator.continueAnimation(withTimingParameters: spec.timingParameters.flatMap { timing($0, duration: animator.duration) },
                                       durationFactor: spec.durationFactor)
        }
        for name in action.startAnimation?.values ?? [] { propertyAnimator(name)?.startAnimation(afterDelay: action.afterDelay ?? 0) }
        for (name, withoutFinishing) in (action.stopAnimation ?? [:]).sorted(by: { $0.key < $1.key }) {
            propertyAnimators[name]?.stopAnimation(withoutFinishing)
        }
        for (name, position) in (action.finishAnimation ?? [:]).sorted(by: { $0.key < $1.key }) {
            propertyAnimators[name]?.finishAnimation(at: position.position)
        }
    }

}

/// `continueAnimation(withTimingParameters:durationFactor:)`.
struct ContinueAnimationSpec: Decodable, SchemaDocumented {
    var timingParameters: CurveSpec?
    var durationFactor: Double

    static let keyDescriptions = [
        "timingParameters": "The timing what remains follows: a curve name or a spring, as an animate block's curve (default: the animator's own).",
        "durationFactor": "What remains takes durationFactor × the animator's duration (1 − fractionComplete keeps its pace).",
    ]
}

/// `addAnimations(_:delayFactor:)`.
struct AddAnimationsSpec: Decodable, SchemaDocumented {
    var changes: [ActionSpec]
    var delayFactor: Double?

    static let keyDescriptions = [
        "changes": "What the block changes (set, constant, layoutIfNeeded …), as an animate block's changes.",
        "delayFactor": "0…1: the block starts this share of the remaining time later (default 0).",
    ]
}

/// `UIViewAnimatingPosition`.
enum AnimatingPositionName: String, SchemaEnum {
    case end, start, current

    var position: ViewPropertyAnimator.Position {
        switch self {
        case .end: return .end
        case .start: return .start
        case .current: return .current
        }
    }
}
