import Motion

/// `UIViewPropertyAnimator`: the changes its animation blocks make to views, animated along a
/// timing that can be started, paused, scrubbed (`fractionComplete`), reversed, continued
/// with other timing parameters, stopped and finished at either end, as UIKit's does.
///
/// How it runs, in UIKit's terms (UIViewPropertyAnimator's and UIViewAnimating's pages):
/// - The blocks given before it starts run when it becomes active (`startAnimation`,
///   `pauseAnimation`, or setting `fractionComplete`) and span the whole `duration`; a block
///   added while active runs at once and spans the remaining time, `(1 − fractionComplete) ×
///   duration`, starting `delayFactor` of that time later.
/// - `fractionComplete` is linear in time; the views show `timingParameters` applied to it.
///   While paused and `scrubsLinearly` (the default), a set `fractionComplete` shows linearly.
///   Since iOS 11 a reversed animator counts `fractionComplete` toward its start.
/// - `continueAnimation(withTimingParameters:durationFactor:)` runs what remains from what the
///   views show now to the end (or the start, reversed) along the new timing over
///   `durationFactor × duration`. UIKit blends the old timing into the new one by an amount it
///   does not publish; here the remaining change simply follows the new timing. Resuming a
///   linearly scrubbed animator with `startAnimation` does the same with its own timing over
///   the remaining time; resuming one that was only paused continues along its own curve.
/// - Finishing at the end leaves the model values the blocks set; at the start (a reversed
///   animator running out) the views' model values go back to where they began; stopping
///   leaves them where they show.
public final class ViewPropertyAnimator {
    /// `UIViewAnimatingState`.
    public enum State: Sendable {
        /// Not started, or finished: its blocks have not run (or have ended).
        case inactive
        /// Started or paused: its blocks have run and the views show its progress.
        case active
        /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
        case stopped
    }

    /// `UIViewAnimatingPosition`: where an animator finished.
    public enum Position: Sendable {
        case end, start, current
    }

    /// The stage whose views the blocks change and whose clock the animator runs on.
    public unowned let stage: Stage
    /// The timing the blocks' changes follow.
    public let timingParameters: UIKitTiming
    /// Seconds from start to end: the timing's duration (a spring given by its physics lasts
    /// until it settles, as UIKit ignores the duration given with one).
    public var duration: Double { timingParameters.duration }
    /// Whether a paused animator shows a set `fractionComplete` linearly (true, UIKit's
    /// default) or along its timing.
    public var scrubsLinearly = true
    /// Whether the animator stays active (and runs no completion) on reaching either end, so
    /// it can be reversed after it has finished (UIKit's default is false).
    public var pausesOnCompletion = false
    /// `UIViewAnimatingState`.
    public private(set) var state = State.inactive
    /// Whether it has run and finished (or been stopped): its blocks are spent, so starting it
    /// again animates only blocks added since.
    public private(set) var hasFinished = false

    /// What tools call it (a scene file's animation name): the studio's timeline names its
    /// span `propertyAnimator NAME`. UIKit's animators have no name; nil shows as the kind alone.
    public var name: String?
    /// The last frame on which `fractionComplete` was set: a scrub moves the views as running does.
    private(set) var scrubbedFrame: Int?

    /// The blocks given before it started, each with its delay factor.
    private var pendingBlocks: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(Position) -> Void] = []
    /// The changes of every block that has run, each with the part of the animator's time it spans.
    private var parts: [Part] = []
    /// How far through its duration the animator is, counted from its start whatever its
    /// direction: 0 at the start values, 1 at the end values.
    private var fraction = 0.0
    private var reversed = false
    private var phase = Phase.paused(held: nil)

    private struct Part {
        let change: AnimatedChange
        /// The animator's seconds at which the part starts and ends.
        let start: Double
        let end: Double
    }

    private enum Phase {
        /// Not moving: the views show `held` (one progress per part) until `fractionComplete`
        /// is set; nil shows the fraction scrubbed.
        case paused(held: [Double]?)
        /// Moving toward one end.
        case running(Leg)
    }

    /// A stretch of running: the fraction goes linearly from `from` to `to` over `seconds`
    /// starting on `startFrame`; the views follow the animator's own curve, or, with `blend`,
    /// go from the progress they showed toward the end along the blend's timing.
    private struct Leg {
        let startFrame: Int
        let from: Double
        let to: Double
        let seconds: Double
        let blend: (shown: [Double], timing: UIKitTiming)?
    }

    /// `UIViewPropertyAnimator(duration:curve:animations:)`.
    public convenience init(stage: Stage, duration: Double, curve: UIKitCurve = .easeInOut, animations: (() -> Void)? = nil) {
        self.init(stage: stage, timingParameters: .animate(duration: duration, curve: curve), animations: animations)
    }

    /// `UIViewPropertyAnimator(duration:dampingRatio:animations:)`.
    public convenience init(stage: Stage, duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(stage: stage, timingParameters: .animate(duration: duration, dampingRatio: dampingRatio, initialVelocity: 0),
                  animations: animations)
    }

    /// `UIViewPropertyAnimator(duration:timingParameters:)` with any timing: a cubic curve,
    /// UISpringTimingParameters, CASpringAnimation's or SwiftUI's springs.
    public init(stage: Stage, timingParameters: UIKitTiming, animations: (() -> Void)? = nil) {
        self.stage = stage
        self.timingParameters = timingParameters
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// Whether it is moving (started and not paused, stopped or finished).
    public var isRunning: Bool {
        guard state == .active, case .running = phase else { return false }
        return true
    }

    /// Whether it runs toward its start. Setting it on a running animator turns it round where
    /// it is; on a paused one it takes effect when it starts again.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, state != .stopped else { return }
            reversed = newValue
            if case let .running(leg) = phase { phase = .running(turned(leg)) }
        }
    }

    /// The fraction of the animation run, 0…1, in the direction it runs. Set it while paused
    /// to scrub; setting it on an inactive animator starts it paused; on a running one UIKit
    /// ignores it, and so does this.
    public var fractionComplete: Double {
        get { reversed ? 1 - fraction : fraction }
        set {
            if state == .inactive { pauseAnimation() }
            guard state == .active, case .paused = phase else { return }
            let value = min(1, max(0, newValue))
            fraction = reversed ? 1 - value : value
            phase = .paused(held: nil)
            scrubbedFrame = stage.frame
            show()
        }
    }

    /// `addAnimations(_:delayFactor:)`: before the animator starts, the block joins the ones
    /// it runs over its whole duration (`delayFactor` delays it by that share of the
    /// duration); while active, it runs now over what remains, starting `delayFactor` of it later.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) {
        let delay = min(1, max(0, delayFactor))
        switch state {
        case .inactive:
            pendingBlocks.append((animations, delay))
        case .active:
            let now = fraction * duration
            run(animations, from: now + delay * (duration - now))
            show()
        case .stopped:
            break
        }
    }

    /// `addCompletion(_:)`: runs with the position the animator finished at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    /// `startAnimation()` and `startAnimation(afterDelay:)`: runs the blocks if it has not yet,
    /// and moves toward the end (the start, reversed) from where it is.
    public func startAnimation(afterDelay delay: Double = 0) {
        guard state != .stopped else { return }
        activate()
        guard case let .paused(held) = phase else { return }
        let target = reversed ? 0.0 : 1.0
        let seconds = abs(target - fraction) * duration
        let startFrame = stage.frame + Int(saturating: (max(0, delay) * 60).rounded())
        let shown = held ?? progresses()
        let onCurve = zip(shown, curveProgresses()).allSatisfy { abs($0 - $1) < 1e-12 }
        phase = .running(Leg(startFrame: startFrame, from: fraction, to: target, seconds: seconds,
                             blend: onCurve ? nil : (shown, timingParameters)))
        show()
    }

    /// `pauseAnimation()`: runs the blocks if it has not yet, and holds the views where they are.
    public func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        if case let .running(leg) = phase {
            fraction = fractionNow(leg)
            phase = .paused(held: progresses(in: leg))
        }
        show()
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)` on a paused animator: what
    /// remains runs from what the views show toward the end (the start, reversed) along
    /// `timing` (nil: its own) over `durationFactor` × `duration`.
    public func continueAnimation(withTimingParameters timing: UIKitTiming?, durationFactor: Double) {
        guard state == .active, case .paused = phase else { return }
        let target = reversed ? 0.0 : 1.0
        phase = .running(Leg(startFrame: stage.frame, from: fraction, to: target, seconds: max(0, durationFactor) * duration,
                             blend: (progresses(), timing ?? timingParameters)))
        show()
    }

    /// `stopAnimation(_:)`: the views keep what they show as their model values. Without
    /// finishing, the animator becomes inactive and runs no completion; otherwise it waits,
    /// stopped, for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if case let .running(leg) = phase { fraction = fractionNow(leg) }
        for (part, p) in zip(parts, progresses()) {
            let c = part.change
            c.from.interpolated(to: c.to, progress: p).write(toModelOf: c.view, changedFrom: c.from, to: c.to)
        }
        state = .stopped
        if withoutFinishing { end() }
    }

    /// `finishAnimation(at:)` on a stopped animator: the views take the values of `position`
    /// (`.current` leaves them where they stopped) and the completions run with it.
    public func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        for part in position == .start ? parts.reversed() : parts {
            let c = part.change
            switch position {
            case .start: c.from.write(toModelOf: c.view, changedFrom: c.from, to: c.to)
            case .end: c.to.write(toModelOf: c.view, changedFrom: c.from, to: c.to)
            case .current: break
            }
        }
        end()
        for completion in completions { completion(position) }
    }

    /// Runs the pending blocks and joins the stage's active animators.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        fraction = reversed ? 1 : 0
        phase = .paused(held: nil)
        let blocks = pendingBlocks
        pendingBlocks = []
        for block in blocks { run(block.animations, from: block.delayFactor * duration) }
        if !stage.propertyAnimators.contains(where: { $0 === self }) { stage.propertyAnimators.append(self) }
    }

    /// Runs one block, its changes spanning the animator's seconds from `start` to the end.
    private func run(_ block: () -> Void, from start: Double) {
        parts += stage.capturedChanges(block).map { Part(change: $0, start: min(start, duration), end: duration) }
    }

    private func end() {
        state = .inactive
        hasFinished = true
        parts = []
        fraction = 0
        phase = .paused(held: nil)
    }

    /// Moves to `frame` (once per frame, from the stage): shows the progress, and on reaching
    /// an end finishes there, or pauses there when `pausesOnCompletion`.
    func advance(toFrame frame: Int) {
        guard state == .active, case let .running(leg) = phase else { return }
        let elapsed = Double(frame - leg.startFrame) / 60
        fraction = fractionNow(leg)
        guard leg.seconds - elapsed <= 1e-9 else { return show() }
        fraction = leg.to
        if pausesOnCompletion {
            phase = .paused(held: nil)
            return show()
        }
        let position: Position = leg.to == 1 ? .end : .start
        for part in parts.reversed() where position == .start {
            part.change.from.write(toModelOf: part.change.view, changedFrom: part.change.from, to: part.change.to)
        }
        for part in parts where position == .end {
            part.change.to.clearPresentation(of: part.change.view, changedFrom: part.change.from)
        }
        end()
        for completion in completions { completion(position) }
    }

    /// The leg turned round where it is now, toward the other end.
    private func turned(_ leg: Leg) -> Leg {
        let now = fractionNow(leg)
        let target = reversed ? 0.0 : 1.0
        let seconds = abs(target - now) * duration
        fraction = now
        return Leg(startFrame: stage.frame, from: now, to: target, seconds: seconds,
                   blend: leg.blend.map { _ in (progresses(in: leg), timingParameters) })
    }

    /// How far the leg has moved the fraction at the current frame (it may not have begun yet).
    private func fractionNow(_ leg: Leg) -> Double {
        leg.from + (leg.to - leg.from) * legProgress(leg)
    }

    private func legProgress(_ leg: Leg) -> Double {
        let elapsed = max(0, Double(stage.frame - leg.startFrame) / 60)
        return leg.seconds > 0 ? min(1, elapsed / leg.seconds) : 1
    }

    /// Each part's progress, 0 at its start values and 1 at its end values, as shown now.
    private func progresses() -> [Double] {
        switch phase {
        case let .paused(held?): return held
        case .paused(nil): return scrubsLinearly ? linearProgresses() : curveProgresses()
        case let .running(leg): return progresses(in: leg)
        }
    }

    /// Each part's progress on `leg` now (`fraction` already moved along it).
    private func progresses(in leg: Leg) -> [Double] {
        guard let blend = leg.blend else { return curveProgresses() }
        let eased = blend.timing.progress(at: blend.timing.duration * legProgress(leg))
        return blend.shown.map { $0 + (leg.to - $0) * eased }
    }

    /// Each part's progress along the animator's timing at the current fraction.
    private func curveProgresses() -> [Double] {
        linearProgresses().map { timingParameters.progress(at: timingParameters.duration * $0) }
    }

    /// Each part's progress, linear in the fraction (a linear scrub).
    private func linearProgresses() -> [Double] {
        parts.map { part in
            let span = part.end - part.start
            let t = fraction * duration - part.start
            return span > 0 ? min(1, max(0, t / span)) : (t >= 0 ? 1 : 0)
        }
    }

    /// Writes each part's progress into its view's presentation values.
    private func show() {
        for (part, p) in zip(parts, progresses()) { part.change.present(progress: p) }
    }
}
