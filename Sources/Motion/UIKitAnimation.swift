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

    private var elapsed = 0.0

    /// Animates from `from` (the value before the block) to `to` (the value after it).
    public init(timing: UIKitTiming, from: AnimationVector? = nil, to: AnimationVector? = nil) {
        self.timing = timing
        super.init()
        fromValue = from
        toValue = to
    }

    override func advance(dt: Double, elapsed: Double) {
        self.elapsed = elapsed
        progress = timing.progress(at: elapsed)
        currentValue = interpolated(progress)
    }

    override var isDone: Bool { timing.isFinished(at: elapsed) }

    /// The distance times the timing's rate of progress, per second.
    public override var velocity: AnimationVector? {
        currentValue == nil ? nil : scaledSpan(timing.rate(at: elapsed))
    }
}
