/// The part every animation shares, after POP's `POPPropertyAnimation`: a from value, a target
/// value, a delay, a completion callback and the value it currently shows. Values are
/// `AnimationVector`s with as many components as the animated property; a missing from or to
/// value is read from the target when the animation starts.
///
/// Subclasses: `BasicAnimation`, `SpringAnimation`, `DecayAnimation` (POP) and `UIKitAnimation`.
/// An `Animator` drives them; nothing advances on its own.
public class PropertyAnimation {
    /// Where the animation starts; `nil` means the target's value when the animation starts.
    public var fromValue: AnimationVector?

    /// Seconds between being added to the animator and starting (POP's `beginTime`, relative).
    public var delay: Double = 0

    /// Called once when the animation ends: `true` on the frame it reaches its end (after that
    /// frame's value is written), `false` when it is removed or replaced first. It may add
    /// animations to the animator.
    public var completion: ((_ finished: Bool) -> Void)?

    /// Called after every write of a value, POP's `animationDidApplyBlock`: once per frame, and
    /// once more on the done frame for the snap to the end value. The Decay demo uses it to
    /// check bounds each frame; it may add or remove animations.
    public var didApply: ((PropertyAnimation) -> Void)?

    /// The value written on the latest frame; `nil` before the animation starts.
    public internal(set) var currentValue: AnimationVector?

    /// How far the animation has come, 0 at the start and 1 at the end, as POP computes it.
    public internal(set) var progress = 0.0

    /// A paused animation keeps its value and is skipped by the animator. Resuming restarts the
    /// animation's clock from the value it holds, as POP does: springs keep their velocity,
    /// time-curve animations run their curve again from the start.
    public var isPaused = false {
        didSet { if oldValue && !isPaused { hasStarted = false } }
    }

    /// The current rate of change in property units per second; `nil` before the start.
    public var velocity: AnimationVector? { nil }

    /// The end value the animation converges to; `nil` means the target's value at the start.
    var endValue: AnimationVector? {
        didSet { if hasStarted && isPaused { isPaused = false } }
    }

    /// Set when the animation starts; the animator starts pending animations on their frame.
    var hasStarted = false
    /// The property's component count and threshold, fixed when the animation is added.
    var componentCount = 1
    var threshold = 0.01
    /// The two most recently written values, for POP's spring convergence test.
    var previousValue: AnimationVector?
    var previous2Value: AnimationVector?

    init() {}

    /// Takes on the property's shape and clears all running state, as POP's `reset(true)` on add.
    func prepare(for property: AnimatableProperty) {
        componentCount = property.componentCount
        threshold = property.threshold
        for vector in [fromValue, endValue].compactMap({ $0 }) {
            precondition(vector.count == componentCount,
                         "\(property.name) has \(componentCount) components, the animation's value has \(vector.count)")
        }
        currentValue = nil
        previousValue = nil
        previous2Value = nil
        progress = 0
        hasStarted = false
        // Only a spring or decay has a velocity before it starts (the one it was given).
        if let v = velocity {
            precondition(v.count == componentCount,
                         "\(property.name) has \(componentCount) components, the velocity has \(v.count)")
        }
    }

    /// Starts (or, after a pause, restarts) on the current frame: fills in missing values from
    /// `current`, the target's value, as POP's `willRun` does.
    func start(current: AnimationVector) {
        if fromValue == nil { fromValue = current }
        if endValue == nil { endValue = current }
        if currentValue == nil { currentValue = fromValue }
        hasStarted = true
    }

    /// Moves the animation on: `dt` seconds since the last frame (0 on the first frame) and
    /// `elapsed` seconds since it started.
    func advance(dt: Double, elapsed: Double) {}

    /// Whether the value just written ends the animation.
    var isDone: Bool { false }

    /// Notes the value the animator has just written.
    func didWrite() {
        previous2Value = previousValue
        previousValue = currentValue
    }

    /// Snaps to the end value on the done frame, as POP's `finalizeProgress`.
    func finish() {
        progress = 1
        currentValue = endValue
    }

    /// POP's progress estimate for physics animations: how far `currentValue` lies along the
    /// way from `fromValue` to the end, by squared distances.
    func updateDistanceProgress() {
        guard let v = currentValue?.storage, let f = fromValue?.storage, let e = endValue?.storage else { return }
        let s = (v - f).squaredNorm, toEnd = (v - e).squaredNorm, d = (e - f).squaredNorm
        if d == 0 {
            progress = 1
        } else if s > toEnd {
            progress = (s / d).squareRoot()
        } else {
            progress = 1 - (toEnd / d).squareRoot()
        }
    }

    /// (to − from)·k per component: the rate of change when progress changes at k per second.
    func scaledSpan(_ k: Double) -> AnimationVector {
        let from = fromValue ?? .zero(count: componentCount), to = endValue ?? from
        return AnimationVector(storage: (to.storage - from.storage) * k, count: componentCount)
    }

    /// from + p·(to − from) per component, POP's `MIX`.
    func interpolated(_ p: Double) -> AnimationVector {
        let from = fromValue ?? .zero(count: componentCount), to = endValue ?? from
        return AnimationVector(storage: from.storage + (to.storage - from.storage) * p, count: componentCount)
    }
}
