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

/// Event handlers and state machines: collected, checked and wired to the controls.
extension SceneBuilder {
    func collectHandlers() {
        let written = log.locator.keys(at: [.key("on")])
        let order = Dictionary(written.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for key in (document.on ?? [:]).keys.sorted(by: { (order[$0] ?? 0) < (order[$1] ?? 0) }) {
            handlers[key, default: []].append(document.on![key]!)
        }
    }


    func makeStateMachines() {
        for (name, spec) in document.states ?? [:] {
            let path: [PathStep] = [.key("states"), .key(name)]
            let known = Set(spec.values)
            if spec.values.isEmpty || known.count != spec.values.count {
                log.add(path + [.key("values")], "a state machine has one or more states, each named once")
            }
            if !known.contains(spec.initial) { log.add(path + [.key("initial")], "unknown state '\(spec.initial)'") }
            for (i, t) in (spec.transitions ?? []).enumerated() {
                for (key, names) in [("from", t.from), ("to", t.to)] {
                    for state in names?.values ?? [] where !known.contains(state) {
                        log.add(path + [.key("transitions"), .index(i), .key(key)], "unknown state '\(state)'")
                    }
                }
                for (j, action) in t.actions.enumerated() {
                    checkAction(action, path: path + [.key("transitions"), .index(i), .key("actions"), .index(j)], inBlock: false)
                }
            }
            if let follow = spec.textLength {
                if !(views[follow.field] is TextField) {
                    log.add(path + [.key("textLength"), .key("field")], "unknown text field '\(follow.field)'")
                }
                for state in follow.cases.keys where !known.contains(state) {
                    log.add(path + [.key("textLength"), .key("cases"), .keyName(state)], "unknown state '\(state)'")
                }
            }
            machines[name] = StateMachine(spec: spec)
        }
    }

    func checkHandlerActions() {
        for key in (document.on ?? [:]).keys {
            let path: [PathStep] = [.key("on"), .key(key)]
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 3, checkTabBarEvent(key, path: [.key("on"), .keyName(key)]) {
            } else if parts.count != 2 {
                log.add([.key("on"), .keyName(key)], "a handler is named ID.EVENT, like button.touchUpInside")
            } else {
                checkEvent(id: parts[0], event: parts[1], path: [.key("on"), .keyName(key)])
            }
            for (i, action) in (document.on?[key] ?? []).enumerated() {
                checkAction(action, path: path + [.index(i)], inBlock: false)
            }
        }
    }

    func checkEvent(id: String, event: String, path: [PathStep]) {
        if id == "screen" {
            if !["load", "tap", "portrait", "landscape"].contains(event) {
                log.add(path, "screen events are load, tap, portrait and landscape, not '\(event)'")
            }
            return
        }
        if animations[id] != nil {
            if event != "completion" { log.add(path, "an animation's event is completion, not '\(event)'") }
            return
        }
        guard let view = views[id] else { return log.add(path, "unknown view or animation '\(id)'") }
        let controlEvents = ["touchDown", "touchUpInside", "tap"], editing = ["editingDidBegin", "editingChanged", "editingDidEnd"]
        if view is TextField {
            if !(editing + controlEvents).contains(event) { log.add(path, "unknown text field event '\(event)' (\((editing + controlEvents).joined(separator: ", ")))") }
        } else if view is Control {
            let events = controlEvents + Self.valueEvents(of: view)
            if !events.contains(event) { log.add(path, "unknown event '\(event)' (\(events.joined(separator: ", ")))") }
        } else {
            log.add(path, "'\(id)' is not a control (button, textField, switch, slider, segmentedControl, pageControl, tabBar, bar button item, or a view with tap handlers)")
        }
    }

    func checkAction(_ action: ActionSpec, path: [PathStep], inBlock: Bool) {
        let verbs: [(String, Bool)] = [
            ("run", action.run != nil), ("stop", action.stop != nil), ("set", action.set != nil),
            ("activate", action.activate != nil), ("deactivate", action.deactivate != nil),
            ("constant", action.constant != nil), ("shuffle", action.shuffle != nil),
            ("layoutIfNeeded", action.layoutIfNeeded != nil), ("becomeFirstResponder", action.becomeFirstResponder != nil),
            ("resignFirstResponder", action.resignFirstResponder != nil), ("endEditing", action.endEditing != nil),
            ("startAnimating", action.startAnimating != nil), ("stopAnimating", action.stopAnimating != nil),
            ("state", action.state != nil), ("nextState", action.nextState != nil), ("transition", action.transition != nil),
        ] + Self.controlVerbs(action) + Self.animatorVerbs(action)
        let given = verbs.filter(\.1).map(\.0)
        guard given.count == 1, let verb = given.first else {
            return log.add(path, given.isEmpty ? "an action needs one verb (\(verbs.map(\.0).joined(separator: ", ")))"
                                               : "one verb per action, found \(given.joined(separator: " and "))")
        }
        let blockVerbs = ["set", "activate", "deactivate", "constant", "shuffle", "layoutIfNeeded", "insertArrangedSubview",
                          "removeArrangedSubview"]
        if inBlock, !blockVerbs.contains(verb) {
            log.add(path + [.keyName(verb)], "an animate block or transition changes only \(blockVerbs.joined(separator: ", "))")
        }
        if inBlock, action.after != nil { log.add(path + [.keyName("after")], "a change in an animate block has no delay (give the block one)") }
        if let a = action.after, a < 0 || a > 600 { log.add(path + [.key("after")], "a delay lies in 0…600 seconds") }
        func names(_ key: String, _ list: Names?, _ exists: (String) -> Bool, _ what: String) {
            let values = list?.values ?? []
            for (i, name) in values.enumerated() where !exists(name) {
                log.add(path + [.key(key)] + (values.count > 1 ? [.index(i)] : []), "unknown \(what) '\(name)'")
            }
        }
        names("run", action.run, { self.animations[$0] != nil }, "animation")
        names("stop", action.stop, { self.animations[$0] != nil }, "animation")
        names("activate", action.activate, { self.groups[$0] != nil }, "constraint")
        names("deactivate", action.deactivate, { self.groups[$0] != nil }, "constraint")
        names("startAnimating", action.startAnimating, { self.views[$0] is ActivityIndicatorView }, "activity indicator")
        names("stopAnimating", action.stopAnimating, { self.views[$0] is ActivityIndicatorView }, "activity indicator")
        for id in (action.constant ?? [:]).keys where groups[id] == nil {
            log.add(path + [.key("constant"), .keyName(id)], "unknown constraint '\(id)'")
        }
        if let s = action.shuffle, groups[s]?.shuffleIDs.isEmpty != false { log.add(path + [.key("shuffle")], "unknown shuffle group '\(s)'") }
        for field in [action.becomeFirstResponder, action.resignFirstResponder].compactMap({ $0 }) where !(views[field] is TextField) {
            log.add(path + [.keyName(verb)], "unknown text field '\(field)'")
        }
        for (id, values) in action.set ?? [:] {
            guard let view = views[id] else { log.add(path + [.key("set"), .keyName(id)], "unknown view '\(id)'"); continue }
            let at = path + [.key("set"), .key(id)]
            _ = rect(values.frame, at + [.key("frame")])
            _ = point(values.center, at + [.key("center")])
            _ = size(values.size, at + [.key("size")])
            _ = color(values.backgroundColor, at + [.key("backgroundColor")])
            _ = color(values.textColor, at + [.key("textColor")])
            _ = color(values.titleColor, at + [.key("titleColor")])
            _ = color(values.borderColor, at + [.key("borderColor")])
            if let w = values.borderWidth, !(0...1000).contains(w) { log.add(at + [.key("borderWidth")], "borderWidth lies in 0…1000") }
            if let t = values.transform { _ = transform(t, at + [.key("transform")]) }
            if let t = values.sublayerTransform { _ = transform(t, at + [.key("sublayerTransform")]) }
            _ = within(values.zPosition, Self.depthLimit, "zPosition", "points", at)
            for (key, given, property) in [("textColor", values.textColor != nil, ViewProperty.textColor),
                                            ("titleColor", values.titleColor != nil, ViewProperty.titleColor)]
            where given && !property.applies(to: view) {
                let hint = view is Button ? " (a button's is titleColor)" : view is Label || view is TextField ? " (its colour is textColor)" : ""
                log.add(at + [.keyName(key)], "'\(id)' has no \(key); \(property.owner ?? "another view") has it" + hint)
            }
            if values.text != nil, !(view is Label || view is TextField) { log.add(at + [.keyName("text")], "'\(id)' has no text") }
            if values.title != nil, !(view is Button) { log.add(at + [.keyName("title")], "'\(id)' has no title") }
            if values.enabled != nil, !(view is Control) { log.add(at + [.keyName("enabled")], "'\(id)' is not a control") }
            if let change = values.gradient { checkGradientChange(change, on: view, at + [.key("gradient")]) }
            checkControlValues(values, on: view, at)
        }
        checkControlAction(action, path: path)
        checkAnimatorAction(action, path: path)
        if let transition = action.transition { checkViewTransition(transition, path: path + [.key("transition")]) }
        if let machine = action.nextState, document.states?[machine] == nil {
            log.add(path + [.key("nextState")], "unknown state machine '\(machine)'")
        }
        for (machine, state) in action.state ?? [:] {
            guard let spec = document.states?[machine] else { log.add(path + [.key("state"), .keyName(machine)], "unknown state machine '\(machine)'"); continue }
            if !spec.values.contains(state) { log.add(path + [.key("state"), .key(machine)], "unknown state '\(state)'") }
        }
    }

    func wireHandlers() {
        for (key, lists) in handlers {
            let parts = key.split(separator: ".").map(String.init)
            let actions = lists.flatMap { $0 }
            if wireControlHandler(parts, actions) { continue }
            guard parts.count == 2 else { continue }
            if parts[0] == "screen" {
                if parts[1] == "tap" { stage.onBackgroundTap = { [unowned self] in perform([actions]) } }
                continue
            }
            guard let control = views[parts[0]] as? Control else { continue }
            let event: ControlEvent
            switch parts[1] {
            case "touchDown": event = .touchDown
            case "touchUpInside", "tap": event = .touchUpInside
            case "editingDidBegin": event = .editingDidBegin
            case "editingChanged": event = .editingChanged
            case "editingDidEnd": event = .editingDidEnd
            default: continue
            }
            control.on(event) { [unowned self] _ in perform([actions]) }
        }
        for (name, machine) in machines {
            guard let follow = machine.spec.textLength, let field = views[follow.field] as? TextField else { continue }
            field.on(.editingChanged) { [unowned self] _ in
                let length = field.text.count
                let state = follow.cases.filter { $0.value <= length }.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
                if let state { enter(state, of: name) }
            }
        }
    }
}
