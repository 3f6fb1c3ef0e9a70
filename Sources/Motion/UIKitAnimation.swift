/// One property's part of a UIKit block animation: the scene captures the value before the block
/// and the value after it, and this moves the property between them along the block's timing.
/// It runs in the same `Animator` as the POP animations.
public final class UIKitAnimation: PropertyAnimation {
    /// The block's curve or spring and its duration.
    public let timing: UIKitTiming
    /// The value after the block (the model value); `nil` means the target's value at the start.
    public var toValue: AnimationVector? {
        get { endValue }
        set { endValue = newValue }
    }

    /// How the block repeats (UIKit's `.repeat` and `.autoreverse` options), on Core Animation's
    /// continuous clock; the POP-style `repeatCount`, `repeatForever` and `autoreverses` this
    /// class inherits restart on the done frame instead.
    public let repeating: RepeatTiming

    private var elapsed = 0.0

    /// Animates from `from` (the value before the block) to `to` (the value after it).
    public init(timing: UIKitTiming, repeating: RepeatTiming = .once, from: AnimationVector? = nil,
                to: AnimationVector? = nil) {
        self.timing = timing
        self.repeating = repeating
        super.init()
        fromValue = from
        toValue = to
        repeatForever = repeating.isForever
    }

    /// The time along the curve, or nil once the repetitions are over.
    private var curveTime: (time: Double, backward: Bool)? { repeating.curveTime(at: elapsed, duration: timing.duration) }

    override func advance(dt: Double, elapsed: Double) {
        self.elapsed = elapsed
        progress = curveTime.map { timing.progress(at: $0.time) } ?? 1
        currentValue = interpolated(progress)
    }

    override var isDone: Bool { curveTime == nil }

    /// The distance times the timing's rate of progress, per second (negative on the way back).
    public override var velocity: AnimationVector? {
        guard currentValue != nil else { return nil }
        guard let t = curveTime else { return scaledSpan(timing.rate(at: elapsed)) }
        return scaledSpan(timing.rate(at: t.time) * (t.backward ? -1 : 1))
    }
}
