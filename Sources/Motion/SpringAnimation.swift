/// POP's `POPSpringAnimation`: a damped spring pulling the value to `toValue`, integrated by
/// POP's own solver so every frame matches POP. It ends when POP's tests say so and then snaps
/// to `toValue` on that frame.
///
/// The constants follow POP's setter order: setting `springBounciness` or `springSpeed`
/// recomputes tension, friction and mass from both (discarding values set directly), while
/// setting `dynamicsTension`, `dynamicsFriction` or `dynamicsMass` changes only that constant.
public final class SpringAnimation: PropertyAnimation {
    /// Where the spring comes to rest; `nil` means the target's value at the start, so a spring
    /// with only a velocity (the flat button's shake) swings out and back to where it was.
    public var toValue: AnimationVector? {
        get { endValue }
        set { endValue = newValue }
    }

    /// The starting velocity in property units per second; while running, the current velocity
    /// (setting it then changes the spring's motion from the next frame).
    public override var velocity: AnimationVector? {
        get { currentVelocity }
        set { currentVelocity = newValue }
    }

    /// When true and this spring replaces a running spring under the same key, it starts with
    /// that spring's velocity unless it has its own. POP does not do this (a new spring starts
    /// at rest), so it is off by default; retargeting a running spring's `toValue` is POP's way
    /// to change course smoothly.
    public var inheritsVelocity = false

    /// Bounciness, nominally 0...20 (POP's default 4): higher is springier.
    public var springBounciness: Double {
        get { bounciness }
        set { setBouncinessOrSpeed(\.bounciness, newValue) }
    }

    /// Speed, nominally 0...20 (POP's default 12): higher is faster.
    public var springSpeed: Double {
        get { speed }
        set { setBouncinessOrSpeed(\.speed, newValue) }
    }

    /// The spring's tension (stiffness) k.
    public var dynamicsTension: Double {
        get { dynamics.tension }
        set { setDynamics(\.tension, newValue) }
    }

    /// The spring's friction (damping) b.
    public var dynamicsFriction: Double {
        get { dynamics.friction }
        set { setDynamics(\.friction, newValue) }
    }

    /// The spring's mass m; it must be positive.
    public var dynamicsMass: Double {
        get { dynamics.mass }
        set {
            precondition(newValue > 0, "a spring's mass is positive")
            setDynamics(\.mass, newValue)
        }
    }

    /// All three constants as they stand.
    public private(set) var dynamics = SpringDynamics(bounciness: 4, speed: 12)

    private var bounciness = 4.0
    private var speed = 12.0
    private var userSpecifiedDynamics = false
    private var currentVelocity: AnimationVector?
    private var solver = SpringSolver(dynamics: SpringDynamics(bounciness: 4, speed: 12), threshold: 0.01)

    /// A spring with POP's defaults (bounciness 4, speed 12) unless given.
    public init(from: AnimationVector? = nil, to: AnimationVector? = nil, velocity: AnimationVector? = nil,
                bounciness: Double = 4, speed: Double = 12) {
        super.init()
        fromValue = from
        toValue = to
        currentVelocity = velocity
        springBounciness = bounciness
        springSpeed = speed
    }

    /// POP's rule: a changed value, or any value after dynamics were set directly, recomputes
    /// all three constants from bounciness and speed.
    private func setBouncinessOrSpeed(_ field: ReferenceWritableKeyPath<SpringAnimation, Double>, _ value: Double) {
        guard userSpecifiedDynamics || self[keyPath: field] != value else { return }
        self[keyPath: field] = value
        userSpecifiedDynamics = false
        dynamics = SpringDynamics(bounciness: bounciness, speed: speed)
    }

    private func setDynamics(_ field: WritableKeyPath<SpringDynamics, Double>, _ value: Double) {
        guard dynamics[keyPath: field] != value else { return }
        dynamics[keyPath: field] = value
        userSpecifiedDynamics = true
    }

    override var startingVelocity: AnimationVector? {
        get { currentVelocity }
        set { currentVelocity = newValue }
    }

    override func start(current: AnimationVector) {
        super.start(current: current)
        if currentVelocity == nil { currentVelocity = .zero(count: componentCount) }
        solver = SpringSolver(dynamics: dynamics, threshold: threshold)
    }

    override func advance(dt: Double, elapsed: Double) {
        guard let value = currentValue, let to = endValue, let velocity = currentVelocity else { return }
        solver.dynamics = dynamics
        var p = to.storage - value.storage
        var v = velocity.storage * -1
        solver.advance(p: &p, v: &v, dt: dt)
        currentValue = AnimationVector(storage: to.storage - p, count: componentCount)
        currentVelocity = AnimationVector(storage: v * -1, count: componentCount)
        updateDistanceProgress()
    }

    /// POP's two tests: the last two written values within threshold/5 of each other and of the
    /// target, or the solver's own test on displacement, velocity and acceleration.
    override var isDone: Bool {
        guard solver.started else { return false }
        return valuesHaveSettled || solver.hasConverged
    }

    private var valuesHaveSettled: Bool {
        guard let to = endValue, let previous = previousValue, let previous2 = previous2Value else { return false }
        let t = threshold / 5
        for i in 0..<componentCount where abs(to[i] - previous[i]) >= t || abs(previous2[i] - previous[i]) >= t {
            return false
        }
        return true
    }

    /// Takes the velocity of the spring this one replaces, if asked to and it has none itself.
    func inheritVelocity(from replaced: PropertyAnimation) {
        guard inheritsVelocity, currentVelocity == nil, let spring = replaced as? SpringAnimation,
              spring.hasStarted, let v = spring.currentVelocity, v.count == componentCount else { return }
        currentVelocity = v
    }
}
