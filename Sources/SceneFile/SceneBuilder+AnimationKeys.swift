import Motion
import Raster
import Scene
import SVG

/// Which keys each kind of animation takes, so a key that would do nothing where it is written
/// is an error naming the kinds that take it, and the checks of the Core Animation kinds.
extension SceneBuilder {
    /// The kinds of animation a scene spells, as messages name them.
    enum AnimationForm: String, CaseIterable {
        case popSpring = "a POP spring"
        case popBasic = "a POP basic animation"
        case popDecay = "a POP decay"
        case animate = "an animate block"
        case caBasic = "a CABasicAnimation (basic with keyPath)"
        case caSpring = "a CASpringAnimation (spring with keyPath)"
        case caKeyframe = "a CAKeyframeAnimation (keyframe)"
        case caGroup = "a CAAnimationGroup (group)"
        case propertyAnimator = "a UIViewPropertyAnimator (propertyAnimator)"

        /// The keys this kind takes besides `type`.
        var keys: Set<String> {
            let pop: Set = ["view", "constraint", "property", "key", "beginTime", "repeatCount", "repeatForever", "autoreverses", "stagger"]
            let mediaTiming: Set = ["view", "key", "beginTime", "duration", "speed", "timeOffset", "fillMode", "isRemovedOnCompletion",
                                    "repeatCount", "repeatForever", "repeatDuration", "autoreverses", "stagger"]
            switch self {
            case .popSpring:
                return pop.union(["fromValue", "toValue", "velocity", "springBounciness", "springSpeed",
                                  "dynamicsTension", "dynamicsFriction", "dynamicsMass"])
            case .popBasic: return pop.union(["fromValue", "toValue", "duration", "timingFunction"])
            case .popDecay: return pop.union(["fromValue", "velocity", "deceleration"])
            case .animate:
                return ["duration", "delay", "curve", "dampingRatio", "initialSpringVelocity", "response", "dampingFraction",
                        "bounce", "mass", "stiffness", "damping", "initialVelocity", "options", "repeatCount", "changes"]
            case .caBasic:
                return mediaTiming.union(["keyPath", "fromValue", "toValue", "byValue", "timingFunction", "additive", "cumulative"])
            case .caSpring:
                return mediaTiming.union(["keyPath", "fromValue", "toValue", "byValue", "mass", "stiffness", "damping",
                                          "initialVelocity", "perceptualDuration", "bounce", "additive", "cumulative"])
            case .caKeyframe:
                return mediaTiming.union(["keyPath", "values", "keyTimes", "calculationMode", "timingFunctions", "path",
                                          "rotationMode", "additive", "cumulative"])
            case .caGroup: return mediaTiming.union(["animations"])
            case .propertyAnimator:
                return ["duration", "delay", "curve", "dampingRatio", "initialSpringVelocity", "response", "dampingFraction",
                        "bounce", "mass", "stiffness", "damping", "initialVelocity", "changes", "scrubsLinearly", "pausesOnCompletion"]
            }
        }

        /// The kind a spec is.
        init(_ spec: AnimationSpec) {
            switch spec.type {
            case .spring: self = spec.keyPath == nil ? .popSpring : .caSpring
            case .basic: self = spec.keyPath == nil ? .popBasic : .caBasic
            case .decay: self = .popDecay
            case .animate: self = .animate
            case .keyframe: self = .caKeyframe
            case .group: self = .caGroup
            case .propertyAnimator: self = .propertyAnimator
            }
        }
    }

    /// What iOS developers reach for under another name, said where the key does nothing.
    static let otherNames: [String: String] = [
        "mass": "POP's is dynamicsMass", "stiffness": "POP's is dynamicsTension", "damping": "POP's is dynamicsFriction",
        "dynamicsTension": "UIKit, Core Animation and SwiftUI call it stiffness",
        "dynamicsFriction": "UIKit, Core Animation and SwiftUI call it damping", "dynamicsMass": "elsewhere it is mass",
        "springBounciness": "SwiftUI's is bounce", "dampingRatio": "a POP spring takes springBounciness or dynamicsFriction",
        "velocity": "Core Animation's and SwiftUI's is initialVelocity, in distances per second",
        "initialSpringVelocity": "elsewhere it is initialVelocity",
    ]

    /// Reports every key given on the animation that its kind does not take.
    func checkKeysBelong(_ spec: AnimationSpec, _ path: [PathStep]) {
        let form = AnimationForm(spec)
        for child in Mirror(reflecting: spec).children {
            guard let key = child.label, key != "type", !form.keys.contains(key) else { continue }
            // checkRepeats says how each kind repeats instead.
            if form == .animate && (key == "repeatForever" || key == "autoreverses") || key == "options" { continue }
            let value = Mirror(reflecting: child.value)
            if value.displayStyle == .optional && value.children.isEmpty { continue }
            let takers = AnimationForm.allCases.filter { $0.keys.contains(key) }.map(\.rawValue)
            var message = "'\(key)' does nothing on \(form.rawValue)"
            if !takers.isEmpty { message += "; \(takers.joined(separator: ", ")) \(takers.count == 1 ? "takes" : "take") it" }
            if let other = Self.otherNames[key] { message += " (\(other))" }
            log.add(path + [.keyName(key)], message)
        }
    }

    /// Checks a Core Animation animation: its key path and views, its values, its timing keys.
    func checkCoreAnimation(_ spec: AnimationSpec, _ path: [PathStep], inGroup: Bool = false) {
        for (key, value, range) in [("speed", spec.speed, 0.0...100), ("timeOffset", spec.timeOffset, 0...600),
                                    ("repeatDuration", spec.repeatDuration, 0...600), ("stagger", spec.stagger, 0...60),
                                    ("perceptualDuration", spec.perceptualDuration, 0.01...60)] {
            if let value, !range.contains(value) { log.add(path + [.key(key)], "\(key) lies in \(range.lowerBound)…\(range.upperBound)") }
        }
        if spec.type == .group { return checkGroup(spec, path) }
        guard let keyPath = spec.keyPath else { return log.add(path, "a \(spec.type.rawValue) animation needs a keyPath") }
        guard let property = ViewProperty.named(keyPath) else {
            return log.add(path + [.key("keyPath")], unknownPropertyMessage(keyPath))
        }
        if !inGroup { checkViews(spec, property, path) }
        if spec.type == .spring {
            let physical = [spec.mass, spec.stiffness, spec.damping].contains { $0 != nil }
            if spec.perceptualDuration != nil, physical {
                log.add(path + [.keyName("perceptualDuration")], "give perceptualDuration and bounce, or mass, stiffness and damping, not both")
            }
            if spec.bounce != nil, spec.perceptualDuration == nil {
                log.add(path + [.keyName("bounce")], "bounce goes with perceptualDuration (CASpringAnimation(perceptualDuration:bounce:))")
            }
            var form = SpringFormSpec()
            form.mass = spec.mass; form.stiffness = spec.stiffness; form.damping = spec.damping
            form.initialVelocity = spec.initialVelocity
            if spec.perceptualDuration == nil, case let .failure(p) = Self.springTiming(form, blockDuration: nil), p.key != nil {
                log.add(path + [.key(p.key!)], p.message)
            }
        }
        for (key, value) in [("fromValue", spec.fromValue), ("toValue", spec.toValue), ("byValue", spec.byValue)] {
            if let value { checkPropertyValue(value, property, path + [.key(key)]) }
        }
        if spec.type == .keyframe { checkKeyframes(spec, property, path) }
        if let t = spec.timingFunction {
            do { _ = try TimingFunction(parsing: t) } catch { log.add(path + [.key("timingFunction")], "\(error)") }
        }
    }

    /// A keyframe animation's values or path, key times, timing functions and modes.
    private func checkKeyframes(_ spec: AnimationSpec, _ property: ViewProperty, _ path: [PathStep]) {
        let mode = KeyframeCurve.CalculationMode(rawValue: spec.calculationMode?.rawValue ?? "linear") ?? .linear
        var functions: [TimingFunction] = []
        for (i, text) in (spec.timingFunctions ?? []).enumerated() {
            do { functions.append(try TimingFunction(parsing: text)) } catch { log.add(path + [.key("timingFunctions"), .index(i)], "\(error)") }
        }
        if spec.rotationMode != nil, spec.path == nil {
            log.add(path + [.keyName("rotationMode")], "rotationMode turns the layer along a path; give a path")
        }
        switch (spec.values, spec.path) {
        case (nil, nil): log.add(path, "a keyframe animation needs values or a path")
        case (_?, _?): log.add(path + [.keyName("path")], "give values or a path, not both")
        case (let values?, nil):
            for (i, v) in values.enumerated() { checkPropertyValue(v, property, path + [.key("values"), .index(i)]) }
            let vectors = values.map { propertyValue($0, property) }
            do {
                _ = try KeyframeCurve(values: vectors, keyTimes: spec.keyTimes,
                                      timingFunctions: spec.timingFunctions == nil ? nil : functions, calculationMode: mode)
            } catch {
                let key = "\(error)".hasPrefix("timingFunctions") ? "timingFunctions" : "\(error)".hasPrefix("keyTimes") ? "keyTimes" : "values"
                log.add(path + [.key(key)], "\(error)")
            }
        case (nil, let data?):
            guard property.componentCount == 2, property.name == "position" else {
                return log.add(path + [.key("keyPath")], "a path moves `position`; give keyPath: position")
            }
            do {
                _ = try PathMotion(path: try Path(svgPathData: data), calculationMode: mode, keyTimes: spec.keyTimes)
            } catch {
                log.add(path + [.key("path")], "\(error)")
            }
        }
    }

    /// A group's children: named Core Animation animations, none containing the group itself.
    private func checkGroup(_ spec: AnimationSpec, _ path: [PathStep]) {
        guard case let .key(group)? = path.last else { return }
        guard let children = spec.animations, !children.isEmpty else { return log.add(path, "a group needs animations") }
        guard let ids = spec.view?.values, !ids.isEmpty else { return log.add(path, "a group needs a view") }
        for (i, id) in ids.enumerated() where views[id] == nil {
            log.add(path + [.key("view")] + (ids.count > 1 ? [.index(i)] : []), "unknown view '\(id)'")
        }
        for (i, name) in children.enumerated() {
            let at = path + [.key("animations"), .index(i)]
            guard let child = animations[name] else { log.add(at, "unknown animation '\(name)'"); continue }
            guard Self.isCoreAnimation(child) else {
                log.add(at, "'\(name)' is not a Core Animation animation; a group holds basic or spring animations with a keyPath, keyframes and groups")
                continue
            }
            if child.view != nil { log.add(at, "'\(name)' names a view; a group's animations run on the group's view") }
            if holds(name, group) { log.add(at, "'\(name)' holds this group; a group cannot hold itself") }
            if let keyPath = child.keyPath, let property = ViewProperty.named(keyPath) {
                for id in ids { if let view = views[id], !property.applies(to: view) { log.add(at, "'\(id)' has no \(keyPath)") } }
            }
        }
    }

    /// Whether the animation `name` is, or (a group) holds at any depth, the animation `target`.
    private func holds(_ name: String, _ target: String, seen: Set<String> = []) -> Bool {
        if name == target { return true }
        guard !seen.contains(name), let spec = animations[name], spec.type == .group else { return false }
        return (spec.animations ?? []).contains { holds($0, target, seen: seen.union([name])) }
    }

    /// Every view of the animation exists and has the property.
    func checkViews(_ spec: AnimationSpec, _ property: ViewProperty, _ path: [PathStep]) {
        guard let ids = spec.view?.values, !ids.isEmpty else { return log.add(path, "a \(spec.type.rawValue) animation needs a view") }
        for (i, id) in ids.enumerated() {
            let at = path + [.key("view")] + (ids.count > 1 ? [.index(i)] : [])
            guard let view = views[id] else { log.add(at, "unknown view '\(id)'"); continue }
            if !property.applies(to: view) {
                log.add(at, "'\(id)' has no \(property.name); \(property.owner ?? "another view") has it")
            }
        }
    }

    /// A value for `property`: a colour for a colour property, numbers or an expression otherwise.
    func checkPropertyValue(_ value: ValueSpec, _ property: ViewProperty, _ path: [PathStep]) {
        guard property.isColor else { return checkValue(value, count: property.componentCount, path: path) }
        switch value {
        case let .expression(text): _ = color(text, path)
        case let .colors(list) where list.count == 1: _ = color(list[0], path)
        case let .numbers(list) where list.count == 4: break
        default: log.add(path, "\(property.name) takes a colour (\"#34C759\", systemGreen) or [r, g, b, a]")
        }
    }

    /// "unknown property", with a suggestion only among names that are not themselves iOS names.
    func unknownPropertyMessage(_ name: String) -> String {
        if Self.iOSPropertyNames.contains(name) {
            return "'\(name)' is a Core Animation or POP property this renderer does not animate yet"
        }
        let names = ViewProperty.allNames + ["constant"] + Self.gradientProperties
            + ShapeProperty.allCases.map(\.rawValue) + ["contentOffset"]
        let near = SceneChecker.nearest(name, in: names)
        return "unknown property '\(name)'" + (near.map { " (did you mean '\($0)'?)" } ?? "")
    }

    /// POP's and Core Animation's property names, so a real name is never "corrected" to a near one.
    static let iOSPropertyNames: Set<String> = [
        "rotationX", "rotationY", "translationZ", "zPosition", "transform.rotation.x", "transform.rotation.y",
        "transform.translation.z",
        "strokeStart", "strokeEnd", "lineWidth", "strokeColor", "fillColor", "contentOffset", "lineDashPhase",
        "subscaleXY", "subtranslationX", "subtranslationY", "zoomScale", "anchorPoint", "contentsRect",
    ]
}
