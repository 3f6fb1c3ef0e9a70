import Geometry
import Motion
import Raster
import Scene
import SVG

/// Core Animation animations by key path: `CABasicAnimation` (`type: basic` with `keyPath`),
/// `CASpringAnimation` (`type: spring` with `keyPath`), `CAKeyframeAnimation` (`type: keyframe`)
/// and `CAAnimationGroup` (`type: group`). They leave the model values alone, as Core Animation
/// does (`LayerAnimation`), and are timed by `CAMediaTiming`'s keys.
extension SceneBuilder {
    /// Whether the named animation is a Core Animation one.
    static func isCoreAnimation(_ spec: AnimationSpec) -> Bool {
        spec.keyPath != nil || spec.type == .keyframe || spec.type == .group
    }

    /// Core Animation's default duration, 0.25 s (`CAMediaTiming.duration` of 0). A spring
    /// without a duration runs for its `settlingDuration` instead, as code sets it.
    static let coreAnimationDuration = 0.25

    /// The animation's `CAMediaTiming`, `lead` seconds later (its place in a stagger).
    static func mediaTiming(_ spec: AnimationSpec, duration: Double, lead: Double = 0) -> MediaTiming {
        let count = spec.repeatForever == true ? Double.infinity : spec.repeatCount ?? 0
        let fill = spec.fillMode.flatMap { MediaTiming.FillMode(rawValue: $0.rawValue) } ?? .removed
        return MediaTiming(beginTime: (spec.beginTime ?? 0) + lead, duration: duration, speed: spec.speed ?? 1,
                           timeOffset: spec.timeOffset ?? 0,
                           repeating: RepeatTiming(repeatCount: count, repeatDuration: spec.repeatDuration ?? 0,
                                                   autoreverses: spec.autoreverses ?? false),
                           fillMode: fill, isRemovedOnCompletion: spec.isRemovedOnCompletion ?? true)
    }

    /// Starts a Core Animation animation on each of its views, each next one `stagger` seconds later.
    func startCoreAnimation(_ name: String, _ spec: AnimationSpec) {
        let targets = (spec.view?.values ?? []).compactMap { views[$0] }
        let done = completion(of: name, targets: targets.count)
        for (i, view) in targets.enumerated() {
            let parts = layerAnimations(spec, on: view, groups: [], lead: Double(i) * (spec.stagger ?? 0))
            guard !parts.isEmpty else { continue }
            stage.animator.add(parts.map(\.animation), forKey: spec.key ?? name, to: view,
                               properties: parts.map(\.property), completion: done)
        }
    }

    /// The animations one Core Animation spec runs on `view`: one per key path (two for motion
    /// along a path with a rotation mode), every child of a group inside the group's timing.
    func layerAnimations(_ spec: AnimationSpec, on view: View, groups: [MediaTiming], lead: Double)
        -> [(animation: LayerAnimation, property: AnimatableProperty)] {
        if spec.type == .group {
            let timing = Self.mediaTiming(spec, duration: spec.duration ?? Self.coreAnimationDuration, lead: lead)
            return (spec.animations ?? []).compactMap { animations[$0] }.flatMap {
                layerAnimations($0, on: view, groups: groups + [timing], lead: 0)
            }
        }
        guard let keyPath = spec.keyPath, let property = ViewProperty.named(keyPath) else { return [] }
        func value(_ v: ValueSpec?) -> AnimationVector? { v.map { propertyValue($0, property) } }
        func timed(_ duration: Double) -> MediaTiming {
            var timing = Self.mediaTiming(spec, duration: duration, lead: lead)
            timing.groups = groups
            return timing
        }
        var made: [(LayerAnimation, ViewProperty)] = []
        switch spec.type {
        case .spring:
            let oscillator: DampedOscillator
            if let p = spec.perceptualDuration {
                oscillator = SpringTiming.perceptual(duration: p, bounce: spec.bounce ?? 0).oscillator
            } else {
                oscillator = DampedOscillator(mass: spec.mass ?? 1, stiffness: spec.stiffness ?? 100, damping: spec.damping ?? 10,
                                              initialVelocity: spec.initialVelocity ?? 0)
            }
            made.append((LayerAnimation(curve: .spring(oscillator), timing: timed(spec.duration ?? oscillator.settlingDuration()),
                                        from: value(spec.fromValue), to: value(spec.toValue), by: value(spec.byValue)), property))
        case .keyframe:
            let duration = timed(spec.duration ?? Self.coreAnimationDuration)
            let mode = KeyframeCurve.CalculationMode(rawValue: spec.calculationMode?.rawValue ?? "linear") ?? .linear
            if let data = spec.path, let path = try? Path(svgPathData: data),
               let motion = try? PathMotion(path: path, calculationMode: mode, keyTimes: spec.keyTimes) {
                made.append((LayerAnimation(curve: .function { AnimationVector(motion.position(at: $0)) }, timing: duration), property))
                if let r = spec.rotationMode, let rotation = PathMotion.RotationMode(rawValue: r.rawValue) {
                    made.append((LayerAnimation(curve: .function { [motion.rotation(at: $0, mode: rotation)] }, timing: duration),
                                 .rotation))
                }
            } else {
                let functions = spec.timingFunctions?.compactMap { try? TimingFunction(parsing: $0) }
                guard let curve = try? KeyframeCurve(values: (spec.values ?? []).map { propertyValue($0, property) },
                                                     keyTimes: spec.keyTimes, timingFunctions: functions, calculationMode: mode)
                else { return [] }
                made.append((LayerAnimation(curve: .keyframes(curve), timing: duration), property))
            }
        default:
            let function = (try? spec.timingFunction.map(TimingFunction.init(parsing:))) ?? nil
            made.append((LayerAnimation(curve: .basic(function ?? .linear), timing: timed(spec.duration ?? Self.coreAnimationDuration),
                                        from: value(spec.fromValue), to: value(spec.toValue), by: value(spec.byValue)), property))
        }
        for (animation, _) in made {
            animation.isAdditive = spec.additive ?? false
            animation.isCumulative = spec.cumulative ?? false
        }
        return made.map { ($0.0, .view($0.1)) }
    }

    /// A value for `property`: numbers (one, or one per component), an expression over views,
    /// or for a colour property any colour the scene accepts (`"#34C759"`, `systemGreen`).
    func propertyValue(_ value: ValueSpec, _ property: ViewProperty) -> AnimationVector {
        if property.isColor {
            let text: String?
            switch value {
            case let .expression(t): text = t
            case let .colors(list): text = list.first
            case .numbers: text = nil
            }
            if let text, case let .success(color) = SceneValues.color(text) { return AnimationVector(color) }
        }
        return vector(value, count: property.componentCount)
    }
}
