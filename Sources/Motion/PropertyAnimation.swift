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

    /// Called once when the animation ends: `true` on the frame its last repetition reaches its
    /// end (after that frame's value is written), `false` when it is removed or replaced first.
    /// An animation that repeats forever never finishes, so it gets `false` only when removed.
    /// (POP itself also calls its completion block with `NO` between repetitions; this one runs
    /// once, as UIKit's and Core Animation's do.) It may add animations to the animator.
    public var completion: ((_ finished: Bool) -> Void)?

    /// How many times the animation plays, POP's `repeatCount`: 0 and 1 both play it once. With
    /// `autoreverses`, each time is there and back.
    public var repeatCount = 0 {
        didSet { precondition(repeatCount >= 0, "a repeat count is not negative") }
    }

    /// Plays the animation again and again until it is removed, POP's `repeatForever`
    /// (`repeatCount` is then ignored). It never completes on its own, and an animator holding
    /// only such animations counts as settled (`Animator.isSettled`).
    public var repeatForever = false

    /// Plays every repetition forward and then back, POP's `autoreverses`: the way back swaps
    /// the from and to values (and a spring's or decay's velocity changes sign). The done frame of
    /// each leg shows its end value, and the next leg starts on that frame.
    public var autoreverses = false

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
    /// The from value, end value and velocity the first leg ran with, which every later leg of a
    /// repeating animation starts from again (swapped on the way back).
    private var firstLeg: (from: AnimationVector?, to: AnimationVector?, velocity: AnimationVector?)?
    /// The velocity the animation was given, kept for `firstLeg`.
    private var givenVelocity: AnimationVector?
    /// Legs run to their end so far; a leg is one way, so an autoreversing repetition has two.
    private var finishedLegs = 0

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
        finishedLegs = 0
        firstLeg = nil
        givenVelocity = startingVelocity
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

    /// The velocity a leg starts with: a spring's or decay's given velocity; none otherwise.
    var startingVelocity: AnimationVector? {
        get { nil }
        set {}
    }

    /// Called on the frame a leg has ended and been written: starts the next leg there when the
    /// animation repeats (it then moves from the next frame, as POP restarts a repeating
    /// animation), and returns false when it has played every repetition. Every leg starts
    /// again from the first leg's from value, end value and velocity; an autoreversing
    /// animation's odd legs swap the two values and negate the velocity, as POP swaps them. (POP
    /// keeps a spring's leftover velocity instead, so a spring with only a velocity, a shake,
    /// does not repeat there; here it shakes again.)
    func startNextLeg() -> Bool {
        finishedLegs += 1
        let legs = max(repeatCount, 1) * (autoreverses ? 2 : 1)
        guard repeatForever || finishedLegs < legs else { return false }
        let first = firstLeg ?? (fromValue, endValue, givenVelocity)
        firstLeg = first
        let reversed = autoreverses && finishedLegs % 2 == 1
        let from = reversed ? first.to : first.from
        fromValue = from
        endValue = reversed ? first.from : first.to
        startingVelocity = reversed ? first.velocity.map { AnimationVector(storage: $0.storage * -1, count: $0.count) } : first.velocity
        currentValue = nil
        previousValue = nil
        previous2Value = nil
        progress = 0
        hasStarted = false
        prepareNextLeg()
        start(current: from ?? .zero(count: componentCount))
        return true
    }

    /// Clears what a subclass works out at the start, before a repetition starts again.
    func prepareNextLeg() {}

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
