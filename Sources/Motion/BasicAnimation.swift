/// POP's `POPBasicAnimation`: moves from `fromValue` to `toValue` over `duration` seconds along
/// a timing curve, with POP's float-rounded control points and coarse epsilon 1/(1000·duration).
public final class BasicAnimation: PropertyAnimation {
    /// Seconds from start to end; POP's default is 0.4. Zero ends on the first frame.
    public var duration: Double = 0.4 {
        didSet { precondition(duration >= 0, "a duration is not negative") }
    }
    /// The curve; POP's default is `kCAMediaTimingFunctionDefault`.
    public var timingFunction = TimingFunction.default
    /// Where the animation ends; `nil` means the target's value at the start.
    public var toValue: AnimationVector? {
        get { endValue }
        set { endValue = newValue }
    }

    private var timeFraction = 0.0

    /// A basic animation with POP's defaults (0.4 s, default curve) unless given.
    public init(from: AnimationVector? = nil, to: AnimationVector? = nil, duration: Double = 0.4,
                timingFunction: TimingFunction = .default) {
        super.init()
        fromValue = from
        toValue = to
        self.duration = duration
        self.timingFunction = timingFunction
    }

    override func advance(dt: Double, elapsed: Double) {
        var p = 1.0
        if duration > 0 {
            timeFraction = min(elapsed, duration) / duration
            p = timingFunction.roundedToFloat.progress(at: timeFraction, epsilon: TimingFunction.popEpsilon(duration: duration))
        } else {
            timeFraction = 1
        }
        currentValue = interpolated(p)
        progress = p
    }

    /// POP's `kPOPProgressThreshold`: done once the time fraction is within 1e-6 of 1.
    override var isDone: Bool { timeFraction + 1e-6 >= 1 }

    /// The curve's slope times the distance, per second.
    public override var velocity: AnimationVector? {
        guard currentValue != nil, duration > 0 else { return nil }
        let slope = timingFunction.roundedToFloat.slope(at: timeFraction, epsilon: TimingFunction.popEpsilon(duration: duration))
        return scaledSpan(slope / duration)
    }
}
