import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// Running the actions handlers and transitions name: set, activate, constant, shuffle, state changes,
/// view transitions.
extension SceneBuilder {
    /// The most actions that may start one another at once (a completion running an animation
    /// whose completion runs it again, a transition calling `nextState` on its own machine):
    /// deeper chains never end, and would exhaust the stack, so they are cut and reported.
    static let maximumActionDepth = 64

    /// Runs handler actions; `cause` names what started them (an animation's completion, a
    /// state machine's transition), for the chain a runaway is reported with.
    func perform(_ lists: [[ActionSpec]], because cause: String? = nil) {
        if let cause {
            guard actionCauses.count < Self.maximumActionDepth else {
                if !reportedRunaway {
                    reportedRunaway = true
                    let chain = actionCauses.prefix(3) + ["…"] + actionCauses.suffix(2) + [cause]
                    log.add([.key(cause.hasPrefix("state ") ? "states" : "on")],
                            "actions start actions at once more than \(Self.maximumActionDepth) deep (\(chain.joined(separator: " → "))); "
                                + "a completion or transition that starts itself again needs an `after:` delay")
                }
                return
            }
            actionCauses.append(cause)
        }
        defer { if cause != nil { actionCauses.removeLast() } }
        for action in lists.flatMap({ $0 }) where action.launchOrientation.map({ $0.rawValue == launchOrientation.rawValue }) ?? true {
            if let delay = action.after, delay > 0 {
                stage.run(after: delay) { [unowned self] in act(action) }
            } else {
                act(action)
            }
        }
    }

    func act(_ action: ActionSpec) {
        for name in action.run?.values ?? [] { start(name) }
        for name in action.stop?.values ?? [] {
            guard let spec = animations[name] else { continue }
            if spec.type == .propertyAnimator { stopPropertyAnimator(name); continue }
            for group in blockGroups.removeValue(forKey: name) ?? [] { stage.stopAnimations(group) }
            for target in targets(of: spec) { stage.animator.removeAnimation(forKey: spec.key ?? name, from: target) }
        }
        change(action)
        actOnAnimators(action)
        if let transition = action.transition { runViewTransition(transition) }
        if let field = action.becomeFirstResponder { stage.focus(views[field] as? TextField) }
        if let field = action.resignFirstResponder, stage.firstResponder === views[field] { stage.focus(nil) }
        if action.endEditing == true { stage.focus(nil) }
        for id in action.startAnimating?.values ?? [] { (views[id] as? ActivityIndicatorView)?.startAnimating(atFrame: stage.frame) }
        for id in action.stopAnimating?.values ?? [] { (views[id] as? ActivityIndicatorView)?.stopAnimating() }
        for (machine, state) in action.state ?? [:] { enter(state, of: machine) }
        if let name = action.nextState, let machine = machines[name], let i = machine.spec.values.firstIndex(of: machine.current) {
            enter(machine.spec.values[(i + 1) % machine.spec.values.count], of: name)
        }
    }

    /// The verbs an animate block may hold: property sets and constraint changes.
    func change(_ action: ActionSpec) {
        for (id, values) in action.set ?? [:] {
            guard let view = views[id] else { continue }
            set(values, on: view)
        }
        for id in action.deactivate?.values ?? [] {
            guard let g = groups[id], g.active else { continue }
            g.holder.removeConstraints(g.constraints)
            g.active = false
        }
        for id in action.activate?.values ?? [] {
            guard let g = groups[id], !g.active else { continue }
            g.holder.addConstraints(g.constraints)
            g.active = true
        }
        for (id, value) in action.constant ?? [:] {
            guard let g = groups[id] else { continue }
            for c in g.constraints {
                c.constant = value
                for item in [c.firstItem, c.secondItem] { (item as? View)?.setNeedsLayout() }
            }
        }
        if let id = action.shuffle, let g = groups[id] {
            let order = random.shuffled(g.shuffleIDs)
            g.holder.removeConstraints(g.constraints)
            g.constraints = g.byOrder[order] ?? []
            g.holder.addConstraints(g.constraints)
            g.active = true
        }
        actOnControls(action)
        if action.layoutIfNeeded == true { root.layoutIfNeeded() }
    }

    func set(_ values: PropertyValues, on view: View) {
        if let f = values.frame, f.count == 4 { view.frame = Rect(f[0], f[1], f[2], f[3]) }
        if let c = values.center, c.count == 2 { view.center = Point(c[0], c[1]) }
        if let s = values.size, s.count == 2 { view.bounds.size = Size(s[0], s[1]) }
        if let a = values.alpha { view.alpha = a }
        if let h = values.hidden { view.isHidden = h }
        if let c = values.backgroundColor, let color = colorValue(c) { view.backgroundColor = color }
        if let r = values.cornerRadius { view.cornerRadius = r }
        if let t = values.transform { view.transform = transform(t, []) }
        if let t = values.sublayerTransform { view.sublayerTransform = transform(t, []) }
        if let z = values.zPosition { view.zPosition = z }
        if let d = values.isDoubleSided { view.isDoubleSided = d }
        if let u = values.userInteractionEnabled { view.isUserInteractionEnabled = u }
        if let e = values.enabled { (view as? Control)?.isEnabled = e }
        if let text = values.text {
            (view as? Label)?.text = text
            (view as? TextField)?.text = text
            view.setNeedsLayout()
        }
        if let c = values.textColor, let color = colorValue(c) {
            (view as? Label)?.textColor = color
            (view as? TextField)?.textColor = color
        }
        if let c = values.titleColor, case let .success(color) = SceneValues.color(c) { (view as? Button)?.titleColor = color }
        if let w = values.borderWidth { ViewProperty.borderWidth.write(view, [w]) }
        if let c = values.borderColor, case let .success(color) = SceneValues.color(c) {
            ViewProperty.borderColor.write(view, AnimationVector(color))
        }
        if let title = values.title {
            (view as? Button)?.title = title
            view.setNeedsLayout()
        }
        if let change = values.gradient, let layer = view.backgroundGradient {
            if let colors = change.colors { layer.colors = colors.compactMap(colorValue) }
            if let locations = change.locations { layer.locations = locations }
            if let p = change.startPoint, p.count == 2 { layer.startPoint = Point(p[0], p[1]) }
            if let p = change.endPoint, p.count == 2 { layer.endPoint = Point(p[0], p[1]) }
        }
        setControlValues(values, on: view)
    }

    func enter(_ state: String, of name: String) {
        guard let machine = machines[name], machine.current != state else { return }
        let from = machine.current
        machine.current = state
        let transition = machine.spec.transitions?.first { t in
            (t.from.map { $0.values.contains(from) } ?? true) && (t.to.map { $0.values.contains(state) } ?? true)
        }
        if let transition { perform([transition.actions], because: "state \(name) → \(state)") }
    }
}
