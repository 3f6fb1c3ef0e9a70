import Foundation

/// POP's `POPDecayAnimation`: the value coasts with `velocity`, slowing by the factor
/// `deceleration` every millisecond, until every component's speed is below 5·threshold per
/// second. POP computes each frame in 32-bit floats, and so does this. The end value is worked
/// out when the animation starts, and the value never passes it.
public final class DecayAnimation: PropertyAnimation {
    /// The starting velocity in property units per second; while running, the current one.
    public override var velocity: AnimationVector? {
        get { currentVelocity }
        set { currentVelocity = newValue }
    }

    /// The fraction of velocity kept per millisecond; POP's default is 0.998.
    public var deceleration = 0.998 {
        didSet { precondition(deceleration > 0 && deceleration < 1, "a deceleration lies strictly between 0 and 1") }
    }

    /// Where the value comes to rest, known once the animation has started.
    public var toValue: AnimationVector? { endValue }

    /// Seconds until the speed falls below the done threshold, known once started.
    public private(set) var duration = 0.0

    private var currentVelocity: AnimationVector?

    /// A decay from `from` (or the target's value) with `velocity` units per second.
    public init(from: AnimationVector? = nil, velocity: AnimationVector, deceleration: Double = 0.998) {
        super.init()
        fromValue = from
        currentVelocity = velocity
        self.deceleration = deceleration
    }

    override func prepare(for property: AnimatableProperty) {
        endValue = nil
        super.prepare(for: property)
    }

    override var startingVelocity: AnimationVector? {
        get { currentVelocity }
        set { currentVelocity = newValue }
    }

    /// A repetition works its end value out again from its own from value and velocity.
    override func prepareNextLeg() {
        endValue = nil
    }

    override func start(current: AnimationVector) {
        if fromValue == nil { fromValue = current }
        if endValue == nil, let from = currentValue ?? fromValue {
            let velocity = currentVelocity ?? .zero(count: componentCount)
            duration = Self.timeToRest(velocity: velocity, threshold: threshold, deceleration: deceleration)
            var end = from, v = velocity
            Self.coast(&end, &v, dt: duration, deceleration: deceleration)
            endValue = end
        }
        super.start(current: current)
        if currentVelocity == nil { currentVelocity = .zero(count: componentCount) }
    }

    override func advance(dt: Double, elapsed: Double) {
        guard var value = currentValue, var v = currentVelocity, let from = fromValue, let end = endValue else { return }
        Self.coast(&value, &v, dt: dt, deceleration: deceleration)
        for i in 0..<componentCount {
            let increasing = end.storage[i] > from.storage[i]
            if (increasing && value.storage[i] > end.storage[i]) || (!increasing && value.storage[i] < end.storage[i]) {
                value.storage[i] = end.storage[i]
            }
        }
        currentValue = value
        currentVelocity = v
        updateDistanceProgress()
    }

    /// Done when every component's speed is below 5·threshold units per second.
    override var isDone: Bool {
        guard let v = currentVelocity else { return false }
        return (0..<componentCount).allSatisfy { abs(v[$0]) < threshold * 5 }
    }

    /// POP's `decay_position`, including its float arithmetic.
    static func coast(_ x: inout AnimationVector, _ v: inout AnimationVector, dt: Double, deceleration: Double) {
        let ms = dt * 1000
        let kv: Float = powf(Float(deceleration), Float(ms))
        let kx = Float(deceleration * Double(1 - kv) / (1 - deceleration))
        for i in 0..<x.count {
            let v0 = Float(v.storage[i] / 1000.0)
            v.storage[i] = Double(v0 * kv) * 1000.0
            x.storage[i] = x.storage[i] + Double(v0 * kx)
        }
    }

    /// POP's `computeDuration`: seconds until the slowest-decaying component falls below
    /// 5·threshold, or 0 when it already has.
    static func timeToRest(velocity: AnimationVector, threshold: Double, deceleration: Double) -> Double {
        let k = threshold * 5 / 1000
        let d = log(deceleration) * 1000
        var duration = -Double.infinity
        for i in 0..<4 {
            duration = max(duration, log(abs(k / (velocity.storage[i] / 1000))) / d)
        }
        return duration.isNaN || duration < 0 ? 0 : duration
    }
}
