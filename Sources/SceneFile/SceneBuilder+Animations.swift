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

/// Starting named animations: POP animations on their targets, gradient animations and UIKit blocks.
extension SceneBuilder {
    func targets(of spec: AnimationSpec) -> [AnyObject] {
        if spec.property == "constant" { return spec.constraint.flatMap { groups[$0]?.constraints } ?? [] }
        if spec.property.flatMap(Self.gradientKeyPath) != nil {
            return (spec.view?.values ?? []).compactMap { views[$0]?.backgroundGradient }
        }
        return (spec.view?.values ?? []).compactMap { views[$0] }
    }

    /// Starts the named animation: a POP animation on each target, or a UIKit block.
    func start(_ name: String) {
        guard let spec = animations[name] else { return }
        if spec.type == .animate { return startBlock(name, spec) }
        if spec.type == .propertyAnimator { return startPropertyAnimator(name, spec) }
        if Self.isCoreAnimation(spec) { return startCoreAnimation(name, spec) }
        if let keyPath = spec.property.flatMap(Self.gradientKeyPath) { return startGradient(name, spec, keyPath) }
        let property: AnimatableProperty
        let count: Int
        var viewProperty: ViewProperty?
        if spec.property == "constant" {
            property = .layoutConstraintConstant
            count = 1
        } else if let (layer, components) = spec.property.flatMap(Self.layerProperty) {
            property = layer
            count = components
        } else {
            guard let p = spec.property.flatMap(ViewProperty.named) else { return }
            property = .view(p)
            count = p.componentCount
            viewProperty = p
        }
        func value(_ v: ValueSpec?) -> AnimationVector? {
            v.map { v in viewProperty.map { propertyValue(v, $0) } ?? vector(v, count: count) }
        }
        let targets = targets(of: spec)
        let done = completion(of: name, targets: targets.count)
        for (i, target) in targets.enumerated() {
            let animation = popAnimation(spec, from: value(spec.fromValue), to: value(spec.toValue),
                                         velocity: spec.velocity.map { vector($0, count: count) }, count: count)
            animation.delay += Double(i) * (spec.stagger ?? 0)
            animation.completion = done
            stage.animator.add(animation, forKey: spec.key ?? name, to: target, property: property)
        }
    }

    /// The completion of one run of the named animation on `targets` targets: its
    /// `NAME.completion` handlers run once, after the last target's animation has ended.
    func completion(of name: String, targets: Int) -> ((Bool) -> Void)? {
        guard let handlers = handlers["\(name).completion"] else { return nil }
        var remaining = targets
        return { [unowned self] _ in
            remaining -= 1
            if remaining == 0 { perform(handlers, because: "\(name).completion") }
        }
    }

    /// A POP animation of a gradient key path on each view, as Core Animation animates
    /// CAGradientLayer's arrays: one animation per colour or location with the same timing,
    /// run as one group per view.
    func startGradient(_ name: String, _ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath) {
        let layers = targets(of: spec).compactMap { $0 as? GradientLayer }
        let done = completion(of: name, targets: layers.count)
        for layer in layers { startGradient(spec, keyPath, on: layer, completion: done, key: spec.key ?? name) }
    }

    func startGradient(_ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath, on layer: GradientLayer,
                               completion: ((Bool) -> Void)?, key: String) {
        let properties = layer.animatableProperties(keyPath)
        /// The value split per element: a colour (premultiplied), a location, or the point.
        func elements(_ value: ValueSpec?) -> [AnimationVector]? {
            switch value {
            case let .colors(list)?:
                return list.map { GradientLayer.animationValue(of: colorValue($0) ?? .clear) }
            case let .numbers(list)? where keyPath == .locations:
                return properties.indices.map { AnimationVector(list.count == properties.count ? list[$0] : list.first ?? 0) }
            case let value?:
                return [vector(value, count: 2)]
            case nil:
                return nil
            }
        }
        let from = elements(spec.fromValue), to = elements(spec.toValue), velocity = elements(spec.velocity)
        func element(_ list: [AnimationVector]?, _ i: Int) -> AnimationVector? {
            list.flatMap { i < $0.count && $0[i].count == properties[i].componentCount ? $0[i] : nil }
        }
        let members = properties.indices.map { i in
            popAnimation(spec, from: element(from, i), to: element(to, i), velocity: element(velocity, i),
                         count: properties[i].componentCount)
        }
        stage.animator.add(members, forKey: key, to: layer, properties: properties, completion: completion)
    }

    /// POP's spring, basic or decay animation as the spec describes it, with its begin time.
    func popAnimation(_ spec: AnimationSpec, from: AnimationVector?, to: AnimationVector?,
                              velocity: AnimationVector?, count: Int) -> PropertyAnimation {
        let animation: PropertyAnimation
        switch spec.type {
        case .spring:
            let spring = SpringAnimation(from: from, to: to, velocity: velocity, bounciness: spec.springBounciness ?? 4,
                                         speed: spec.springSpeed ?? 12)
            if let t = spec.dynamicsTension { spring.dynamicsTension = t }
            if let f = spec.dynamicsFriction { spring.dynamicsFriction = f }
            if let m = spec.dynamicsMass { spring.dynamicsMass = m }
            animation = spring
        case .basic, .animate, .keyframe, .group, .propertyAnimator:
            let timing = (try? spec.timingFunction.map(TimingFunction.init(parsing:))) ?? nil
            animation = BasicAnimation(from: from, to: to, duration: spec.duration ?? 0.4, timingFunction: timing ?? .default)
        case .decay:
            animation = DecayAnimation(from: from, velocity: velocity ?? .zero(count: count),
                                       deceleration: spec.deceleration ?? 0.998)
        }
        animation.delay = spec.beginTime ?? 0
        animation.repeatCount = Int(spec.repeatCount ?? 0)
        animation.repeatForever = spec.repeatForever ?? false
        animation.autoreverses = spec.autoreverses ?? false
        return animation
    }

    /// A UIKit block: pending layout is applied first (as a `layoutIfNeeded` before the block),
    /// then the changes run inside `animateWithDuration:` and a constraint change is laid out there.
    func startBlock(_ name: String, _ spec: AnimationSpec) {
        let go = { [unowned self] in
            if Self.relayouts(spec.changes ?? []) { root.layoutIfNeeded() }
            var options: UIKitAnimationOptions = []
            if spec.options?.contains(.repeat) == true { options.insert(.repeat) }
            if spec.options?.contains(.autoreverse) == true { options.insert(.autoreverse) }
            let made = blockChanges(spec.changes ?? [])
            let block = { [unowned self] in
                if let count = spec.repeatCount {
                    stage.modifyAnimations(withRepeatCount: count, autoreverses: options.contains(.autoreverse), made)
                } else {
                    made()
                }
            }
            let done: ((Bool) -> Void)? = handlers["\(name).completion"].map { lists in
                { [unowned self] _ in perform(lists, because: "\(name).completion") }
            }
            let duration = spec.duration ?? 0
            let group = stage.animate(timing: blockTiming(spec) ?? .animate(duration: duration), options: options,
                                      changes: block, completion: done)
            blockGroups[name, default: []].append(group)
        }
        if let delay = spec.delay, delay > 0 { stage.run(after: delay, go) } else { go() }
    }

    /// Whether block changes change constraints or ask for layout: then pending layout is
    /// applied before the block (as a `layoutIfNeeded` before it) and the block lays out at its end.
    static func relayouts(_ changes: [ActionSpec]) -> Bool {
        changes.contains { $0.activate != nil || $0.deactivate != nil || $0.constant != nil || $0.shuffle != nil || $0.layoutIfNeeded == true }
    }

    /// An animation block's changes as UIKit code makes them, laying out at the end when they
    /// change constraints or ask for it (so the constraint change is animated).
    func blockChanges(_ changes: [ActionSpec]) -> () -> Void {
        let relayout = Self.relayouts(changes)
        return { [unowned self] in
            for c in changes { change(c) }
            if relayout { root.layoutIfNeeded() }
        }
    }

    func vector(_ value: ValueSpec, count: Int) -> AnimationVector {
        switch value {
        case let .numbers(list):
            return list.count == count ? AnimationVector(list) : AnimationVector(repeating: list.first ?? 0, count: count)
        case .colors:
            return .zero(count: count)
        case let .expression(text):
            let v = (try? SceneExpression.parse(text, views: views).get())?.evaluate(views) ?? 0
            return AnimationVector(repeating: v, count: count)
        }
    }
}
