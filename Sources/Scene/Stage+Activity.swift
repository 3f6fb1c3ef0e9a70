/// What a timeline shows of a stage (`popping-render studio`): the input each frame delivers and
/// what is moving, by name, read while the animation is replayed.
extension Stage {
    /// The input events scheduled and not yet delivered, by frame (a script's whole input, read
    /// before the first `advanceFrame`).
    public var scheduledEvents: [(frame: Int, event: Event)] {
        events.keys.sorted().flatMap { frame in events[frame]!.map { (frame, $0) } }
    }

    /// What is moving now, one name each: a POP or Core Animation animation's key, a UIKit block
    /// animation's or `UIView.transition`'s view (`animate likeButton`, `transition card`), a property
    /// animator running or scrubbed (its `fractionComplete` set) this frame (`propertyAnimator expand`).
    /// Things that never come to rest (repeating forever, spinners) are left out, as in `isSettled`.
    public var movingNames: [String] {
        var seen: Set<String> = []
        let blocks = blockAnimations.filter { !$0.repeating.isForever }.map { "animate \($0.view.layoutName)" }
        let flips = transitions.map { "transition \($0.view.layoutName)" }
        let animators = propertyAnimators.filter { $0.isRunning || $0.scrubbedFrame == frame }
            .map { ["propertyAnimator", $0.name].compactMap { $0 }.joined(separator: " ") }
        return (animator.keysStillMoving + blocks + flips + animators).filter { seen.insert($0).inserted }
    }
}
