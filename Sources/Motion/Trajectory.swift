/// One frame of an animation run on its own: what was written and how fast it was moving.
public struct TrajectorySample: Sendable {
    /// The frame index, 0 for the start.
    public let frame: Int
    /// Seconds since the start, frame / framesPerSecond.
    public let time: Double
    /// The value written on this frame (the end value on the done frame).
    public let value: AnimationVector
    /// The animation's velocity after this frame, per second.
    public let velocity: AnimationVector
    /// True on the last frame only.
    public let isDone: Bool
}

/// Runs a single animation on a bare value, frame by frame, from frame 0 to the done frame: the
/// way to check a curve against POP's numbers or to plot it.
public enum Trajectory {
    /// Why a trajectory could not be recorded.
    public struct NeverSettles: Error, CustomStringConvertible {
        /// How many frames ran before giving up.
        public let frames: Int
        public var description: String { "the animation has not settled after \(frames) frames" }
    }

    /// The frames of `animation` on a stand-alone `property` that holds `initial` before the
    /// start, up to and including the done frame; throws if it runs past `maxFrames`. The
    /// animation's completion is replaced.
    public static func record(_ animation: PropertyAnimation, property: StandardProperty,
                              initial: AnimationVector? = nil, framesPerSecond: Double = 60,
                              maxFrames: Int = 100_000) throws -> [TrajectorySample] {
        let (prop, box) = AnimatableProperty.standalone(property)
        if let initial { box.value = initial }
        let animator = Animator(framesPerSecond: framesPerSecond)
        var done = false
        animation.completion = { finished in done = finished }
        animator.add(animation, forKey: property.rawValue, to: box, property: prop)
        var samples: [TrajectorySample] = []
        while true {
            let frame = animator.frame
            samples.append(TrajectorySample(
                frame: frame, time: animator.time, value: box.value,
                velocity: animation.velocity ?? .zero(count: prop.componentCount), isDone: done))
            if done { return samples }
            guard frame < maxFrames else { throw NeverSettles(frames: frame) }
            animator.step()
        }
    }
}
