/// A Core Animation animation on one key path: `CABasicAnimation` (a timing curve),
/// `CASpringAnimation` (a closed-form spring) or `CAKeyframeAnimation` (keyframes), timed by
/// `CAMediaTiming` (`MediaTiming`). Unlike POP's animations it leaves the model value alone:
/// while it runs the target shows the animated value, and where Core Animation would show the
/// model value (before `beginTime` without backwards fill, after the end unless it fills forwards
/// and is not removed) the value the target held when the animation was added is written back.
///
/// From, to and by values follow `CABasicAnimation`'s documented rules: from and to interpolate;
/// from and by run from → from + by; by and to run to − by → to; from alone runs to the model
/// value; to alone and by alone start at the model value. `isAdditive` adds the animated value
/// to the model value; `isCumulative` adds the end value of every finished repetition.
public final class LayerAnimation: PropertyAnimation {
    /// How the value moves within one pass.
    public enum Curve {
        /// `CABasicAnimation`: along a timing function (`CAAnimation`'s default is linear).
        case basic(TimingFunction)
        /// `CASpringAnimation`: the closed-form spring on progress, by time in seconds.
        case spring(DampedOscillator)
        /// `CAKeyframeAnimation`: the keyframes (their own values; from, to and by do not apply).
        case keyframes(KeyframeCurve)
        /// A value for each fraction 0…1 of the duration, as motion along a keyframe path.
        case function((Double) -> AnimationVector)
    }

    /// The curve of one pass.
    public let curve: Curve
    /// Begin time, duration, speed, time offset, repeats and fill.
    public let timing: MediaTiming
    /// Where it ends; nil per the rules above.
    public var toValue: AnimationVector? {
        get { endValue }
        set { endValue = newValue }
    }
    /// `byValue`: a relative change, per the rules above.
    public var byValue: AnimationVector?
    /// `isAdditive`: the animated value is added to the model value.
    public var isAdditive = false
    /// `isCumulative`: each repetition continues from where the last ended.
    public var isCumulative = false

    private var model: AnimationVector?
    private var elapsed = 0.0

    /// An animation along `curve` timed by `timing`.
    public init(curve: Curve, timing: MediaTiming, from: AnimationVector? = nil, to: AnimationVector? = nil,
                by: AnimationVector? = nil) {
        self.curve = curve
        self.timing = timing
        super.init()
        fromValue = from
        endValue = to
        byValue = by
    }

    override func start(current: AnimationVector) {
        if model == nil { model = current }
        if !isInterpolating {
            fromValue = fromValue ?? current
            endValue = endValue ?? current
        } else if let by = byValue {
            if let from = fromValue, endValue == nil {
                endValue = AnimationVector(storage: from.storage + by.storage, count: by.count)
            } else if let to = endValue, fromValue == nil {
                fromValue = AnimationVector(storage: to.storage - by.storage, count: by.count)
            } else if fromValue == nil {
                fromValue = isAdditive ? .zero(count: by.count) : current
                endValue = AnimationVector(storage: fromValue!.storage + by.storage, count: by.count)
            }
        }
        super.start(current: current)
    }

    /// The value of one pass at `time` seconds along it, before additive and cumulative.
    private func passValue(at time: Double) -> AnimationVector {
        let d = timing.duration
        switch curve {
        case .basic(let f):
            return interpolated(d > 0 ? f.progress(at: min(time / d, 1), epsilon: UIKitTiming.curveEpsilon) : 1)
        case .spring(let o):
            return interpolated(o.progress(at: time))
        case .keyframes(let k):
            return k.value(at: d > 0 ? min(time / d, 1) : 1)
        case .function(let f):
            return f(d > 0 ? min(time / d, 1) : 1)
        }
    }

    /// Whether from, to and by values apply (basic and spring curves), not the curve's own values.
    private var isInterpolating: Bool {
        switch curve {
        case .basic, .spring: return true
        case .keyframes, .function: return false
        }
    }

    override func advance(dt: Double, elapsed: Double) {
        self.elapsed = elapsed
        guard let model else { return }
        guard let time = timing.curveTime(at: elapsed) else {
            currentValue = model
            return
        }
        var value = passValue(at: time).storage
        if isCumulative, timing.duration > 0, !timing.repeating.autoreverses {
            let local = max((elapsed - timing.beginTime) * timing.speed + timing.timeOffset, 0)
            let passes = timing.repeating.activeDuration(of: timing.duration) / timing.duration
            let iteration = min((local / timing.duration).rounded(.down), max(passes.rounded(.up) - 1, 0))
            value += (passValue(at: timing.duration).storage - passValue(at: 0).storage) * iteration
        }
        if isAdditive { value += model.storage }
        currentValue = AnimationVector(storage: value, count: model.count)
        progress = timing.duration > 0 ? min(time / timing.duration, 1) : 1
    }

    override var isDone: Bool { timing.isFinished(at: elapsed) }

    /// Core Animation does not snap to the to value: what the last frame computed stays.
    override func finish() { progress = 1 }
}
