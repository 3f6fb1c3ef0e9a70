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

/// Checks of the named animations: ranges, targets, properties and values, before anything plays.
extension SceneBuilder {
    /// their solvers are stable, values and velocities where a frame can still be drawn.
    static let limits: [(key: String, range: ClosedRange<Double>, value: (AnimationSpec) -> Double?)] = [
        ("springBounciness", 0...50, \.springBounciness), ("springSpeed", 0...50, \.springSpeed),
        ("dynamicsTension", 0...100_000, \.dynamicsTension), ("dynamicsFriction", 0...100_000, \.dynamicsFriction),
        ("dynamicsMass", 0.001...10_000, \.dynamicsMass), ("duration", 0...60, \.duration),
        ("beginTime", 0...600, \.beginTime), ("delay", 0...600, \.delay),
        ("dampingRatio", 0.01...10, \.dampingRatio), ("initialSpringVelocity", -100...100, \.initialSpringVelocity),
        ("deceleration", 0.5...0.99999, \.deceleration), ("repeatCount", 0...1_000_000, \.repeatCount),
    ]

    func checkAnimations() {
        for (name, spec) in animations {
            let path: [PathStep] = [.key("animations"), .key(name)]
            for limit in Self.limits {
                if let v = limit.value(spec), !limit.range.contains(v) {
                    log.add(path + [.key(limit.key)], "\(limit.key) lies in \(limit.range.lowerBound)…\(limit.range.upperBound)")
                }
            }
            checkKeysBelong(spec, path)
            checkRepeats(spec, path)
            if Self.isCoreAnimation(spec) {
                checkCoreAnimation(spec, path)
                continue
            }
            switch spec.type {
            case .propertyAnimator:
                checkPropertyAnimator(spec, path)
            case .animate:
                checkBlockTiming(spec, path)
                if spec.changes == nil { log.add(path, "an animate block needs changes") }
                for (i, change) in (spec.changes ?? []).enumerated() {
                    checkAction(change, path: path + [.key("changes"), .index(i)], inBlock: true)
                }
            case .spring, .basic, .decay, .keyframe, .group:
                guard let count = animatedComponents(spec, path) else { continue }
                let property = spec.property.flatMap(ViewProperty.named)
                for (key, value) in [("fromValue", spec.fromValue), ("toValue", spec.toValue), ("velocity", spec.velocity)] {
                    guard let value else { continue }
                    if let property, key != "velocity" {
                        checkPropertyValue(value, property, path + [.key(key)])
                    } else {
                        checkValue(value, count: count, path: path + [.key(key)])
                    }
                }
                if let stagger = spec.stagger, !(0...60).contains(stagger) { log.add(path + [.key("stagger")], "stagger lies in 0…60") }
                if spec.type == .decay, spec.velocity == nil { log.add(path, "a decay needs a velocity") }
                if let t = spec.timingFunction {
                    do { _ = try TimingFunction(parsing: t) } catch { log.add(path + [.key("timingFunction")], "\(error)") }
                }
            }
        }
    }

    /// Repeats as each kind spells them: POP's `repeatCount` (whole), `repeatForever` and
    /// `autoreverses`; a UIKit block's `options: [repeat, autoreverse]` and `repeatCount`
    /// (`modifyAnimations(withRepeatCount:)`, fractions allowed).
    func checkRepeats(_ spec: AnimationSpec, _ path: [PathStep]) {
        if spec.type == .animate {
            if spec.repeatForever != nil {
                log.add(path + [.keyName("repeatForever")], "an animate block repeats forever with `options: [repeat]`")
            }
            if spec.autoreverses != nil {
                log.add(path + [.keyName("autoreverses")], "an animate block autoreverses with `options: [autoreverse]`")
            }
            if spec.repeatCount != nil, spec.options?.contains(.repeat) == true {
                log.add(path + [.keyName("repeatCount")], "give repeatCount or the repeat option, not both")
            }
            return
        }
        if spec.options != nil {
            log.add(path + [.keyName("options")], "options belong to an animate block; a POP animation repeats with repeatCount, repeatForever and autoreverses")
        }
        // Core Animation takes fractional counts; POP repeats whole legs.
        if let count = spec.repeatCount, count >= 0, count != count.rounded(.down), !Self.isCoreAnimation(spec) {
            log.add(path + [.key("repeatCount")], "a POP animation's repeatCount is a whole number (an animate block takes fractions)")
        }
        if spec.repeatCount != nil, spec.repeatForever == true {
            log.add(path + [.keyName("repeatCount")], "give repeatCount or repeatForever, not both")
        }
    }

    /// The animated property's component count, after checking the target and the property.
    func animatedComponents(_ spec: AnimationSpec, _ path: [PathStep]) -> Int? {
        guard let property = spec.property else {
            log.add(path, "a \(spec.type.rawValue) animation needs a property")
            return nil
        }
        if property == "constant" {
            guard let id = spec.constraint else { log.add(path, "animating `constant` needs a constraint id"); return nil }
            guard groups[id] != nil else { log.add(path + [.key("constraint")], "unknown constraint '\(id)'"); return nil }
            return 1
        }
        if let (_, count) = Self.layerProperty(property) { return checkLayerTargets(spec, property, count, path) }
        let keyPath = Self.gradientKeyPath(property), viewProperty = ViewProperty.named(property)
        guard viewProperty != nil || keyPath != nil else {
            let gradient = GradientLayer.AnimatableKeyPath(rawValue: property).map { "gradient.\($0.rawValue)" }
            log.add(path + [.key("property")], gradient.map { "unknown property '\(property)' (did you mean '\($0)'?)" }
                    ?? unknownPropertyMessage(property))
            return nil
        }
        guard let ids = spec.view?.values, !ids.isEmpty else { log.add(path, "a \(spec.type.rawValue) animation needs a view"); return nil }
        var known = true
        for (i, id) in ids.enumerated() {
            let at = path + [.key("view")] + (ids.count > 1 ? [.index(i)] : [])
            guard let view = views[id] else { log.add(at, "unknown view '\(id)'"); known = false; continue }
            if let viewProperty, !viewProperty.applies(to: view) {
                log.add(at, "'\(id)' has no \(viewProperty.name); \(viewProperty.owner ?? "another view") has it")
            }
            if let keyPath, let layer = gradientLayer(of: view, at) {
                checkGradientAnimation(spec, keyPath, layer, path)
            }
        }
        return known ? viewProperty?.componentCount : nil
    }

    /// The gradient property names an animation's `property` takes: CAGradientLayer's key paths
    /// on the view's `gradient`.
    static let gradientProperties = GradientLayer.AnimatableKeyPath.allCases.map { "gradient.\($0.rawValue)" }

    /// The gradient key path `property` names (`gradient.locations`), or nil.
    static func gradientKeyPath(_ property: String) -> GradientLayer.AnimatableKeyPath? {
        guard property.hasPrefix("gradient.") else { return nil }
        return GradientLayer.AnimatableKeyPath(rawValue: String(property.dropFirst("gradient.".count)))
    }

    /// The view's gradient layer, or nil after reporting that it has none (a declared gradient
    /// that could not be built was reported where it is declared).
    func gradientLayer(of view: View, _ path: [PathStep]) -> GradientLayer? {
        if let layer = view.backgroundGradient { return layer }
        if !declaredGradients.contains(view.name) {
            log.add(path, "'\(view.name)' has no gradient to animate or change; give it a `gradient:` in views")
        }
        return nil
    }

    /// Checks a POP animation of a gradient key path: from and to values of the gradient's shape
    /// (as many colours or locations as it has colours: arrays of other lengths do not
    /// interpolate), locations in 0…1, points in range, velocities of the right size.
    func checkGradientAnimation(_ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath,
                                        _ layer: GradientLayer, _ path: [PathStep]) {
        let values = [("fromValue", spec.fromValue), ("toValue", spec.toValue)].compactMap { key, value in value.map { (key, $0) } }
        let count = layer.colors.count
        switch keyPath {
        case .colors:
            for (key, value) in values {
                guard case let .colors(list) = value else {
                    log.add(path + [.key(key)], "gradient.colors takes a list of \(count) colours, as many as the gradient has")
                    continue
                }
                checkGradientColors(list, count: count, path + [.key(key)])
            }
            if spec.velocity != nil {
                log.add(path + [.key("velocity")], "gradient.colors takes no velocity; animate colours with a spring or basic animation")
            }
        case .locations:
            for (key, value) in values {
                guard case let .numbers(list) = value else {
                    log.add(path + [.key(key)], "gradient.locations takes a list of \(count) numbers, one per colour of the gradient")
                    continue
                }
                checkGradientLocations(list, count: count, path + [.key(key)])
            }
            if let velocity = spec.velocity { checkValue(velocity, count: count, path: path + [.key("velocity")]) }
        case .startPoint, .endPoint:
            for (key, value) in values {
                guard case let .numbers(list) = value, list.count == 2 else {
                    log.add(path + [.key(key)], "expected [x, y] in unit coordinates of the bounds")
                    continue
                }
                checkGradientPoint(Point(list[0], list[1]), keyPath == .startPoint ? nil : layer.startPoint,
                                   keyPath == .endPoint ? nil : layer.endPoint, radial: layer.type == .radial, path + [.key(key)])
            }
            if let velocity = spec.velocity { checkValue(velocity, count: 2, path: path + [.key("velocity")]) }
        }
    }

    /// Colours for a gradient of `count` colours: as many, each one readable. The messages name
    /// no view, so an animation of several views alike reports a wrong value once.
    func checkGradientColors(_ list: [String], count: Int, _ path: [PathStep]) {
        guard list.count == count else {
            return log.add(path, "expected \(count) colours, as many as the gradient has, found \(list.count)")
        }
        for (i, text) in list.enumerated() { _ = color(text, path + [.index(i)]) }
    }

    /// Locations for a gradient of `count` colours: one per colour, not decreasing (Core
    /// Animation's documented rule), within ±100. Locations outside 0…1 are fine, as
    /// CAGradientLayer takes them: those stops lie beyond the ends and still shape the colours
    /// between them (the shimmer's `[-1, -0.5, 0]` to `[1, 1.5, 2]`).
    @discardableResult
    func checkGradientLocations(_ list: [Double], count: Int, _ path: [PathStep]) -> Bool {
        guard list.count == count else {
            log.add(path, "expected \(count) locations, one per colour of the gradient, found \(list.count)")
            return false
        }
        guard list.allSatisfy({ abs($0) <= 100 }) else {
            log.add(path, "gradient locations lie within ±100 (0 is startPoint, 1 is endPoint)")
            return false
        }
        if let i = list.indices.dropFirst().first(where: { list[$0] < list[$0 - 1] }) {
            log.add(path + [.index(i)], "gradient locations do not decrease, and \(list[i]) comes after \(list[i - 1])")
            return false
        }
        return true
    }

    /// A gradient point: within ±100 unit squares, and for a radial gradient apart from the
    /// other point in both x and y (the two span the ellipse).
    @discardableResult
    func checkGradientPoint(_ point: Point, _ start: Point?, _ end: Point?, radial: Bool, _ path: [PathStep]) -> Bool {
        guard abs(point.x) <= 100, abs(point.y) <= 100 else {
            log.add(path, "a gradient point is in unit coordinates of the bounds, within ±100")
            return false
        }
        if radial, let other = start ?? end, other.x == point.x || other.y == point.y {
            log.add(path, "a radial gradient's endPoint differs from its startPoint in both x and y (they span the ellipse)")
            return false
        }
        return true
    }

    func checkValue(_ value: ValueSpec, count: Int, path: [PathStep]) {
        switch value {
        case let .numbers(list):
            if list.count != 1 && list.count != count { log.add(path, "expected 1 or \(count) numbers, found \(list.count)") }
            if list.contains(where: { abs($0) > 1_000_000 }) { log.add(path, "values lie within ±1000000") }
        case .colors:
            log.add(path, "expected 1 or \(count) numbers, found colours (only gradient.colors animates to colours)")
        case let .expression(text):
            if case let .failure(e) = SceneExpression.parse(text, views: views) { log.add(path, e.message) }
        }
    }

    /// New gradient values for a view with a gradient, in its shape: as many colours and
    /// locations as it has colours (an animate block interpolates them element by element).
    func checkGradientChange(_ change: GradientChangeSpec, on view: View, _ path: [PathStep]) {
        guard let layer = gradientLayer(of: view, path) else { return }
        let count = layer.colors.count
        if let colors = change.colors { checkGradientColors(colors, count: count, path + [.key("colors")]) }
        if let locations = change.locations { checkGradientLocations(locations, count: count, path + [.key("locations")]) }
        let start = point(change.startPoint, path + [.key("startPoint")]), end = point(change.endPoint, path + [.key("endPoint")])
        let radial = layer.type == .radial
        if let start { checkGradientPoint(start, nil, end == nil ? layer.endPoint : nil, radial: radial, path + [.key("startPoint")]) }
        if let end { checkGradientPoint(end, start ?? layer.startPoint, nil, radial: radial, path + [.key("endPoint")]) }
    }
}
