/// Runs keyed animations on target objects on a fixed frame clock, as POP's `POPAnimator` does on
/// the display link, with time taken from the frame index instead of a wall clock.
///
/// An animation added between frames starts at once: it reads any missing values from the
/// target and writes its first value (a spring's from value, with dt = 0), which the frame about
/// to be drawn shows. Each `step()` then moves every running animation by one frame, in the
/// order they were added, writes the new values and finishes the ones that are done: the done
/// frame shows the end value, and the completion runs right after that animation's write.
/// Animations added by a completion start after every running animation has had its frame.
public final class Animator {
    /// The clock rate; POP renders at the display's 60 Hz.
    public let framesPerSecond: Double
    /// The number of frames advanced so far.
    public private(set) var frame = 0

    private final class Entry {
        let target: AnyObject
        let key: String
        let property: AnimatableProperty
        let animation: PropertyAnimation
        let addedFrame: Int
        var startFrame = 0
        var lastFrame = 0

        init(target: AnyObject, key: String, property: AnimatableProperty, animation: PropertyAnimation, frame: Int) {
            self.target = target; self.key = key; self.property = property
            self.animation = animation; addedFrame = frame
        }
    }

    private var entries: [Entry] = []
    private var stepping = false
    private var deferred: [Entry] = []

    /// An animator at frame 0 with no animations, ticking `framesPerSecond` times a second.
    public init(framesPerSecond: Double = 60) {
        precondition(framesPerSecond > 0, "a frame rate is positive")
        self.framesPerSecond = framesPerSecond
    }

    /// Seconds since the animator's first frame.
    public var time: Double { time(at: frame) }

    /// The clock at `frame`: frame / framesPerSecond. Steps are differences of these times, as
    /// POP's are differences of media times, which matters to the last bit for springs.
    private func time(at frame: Int) -> Double { Double(frame) / framesPerSecond }

    /// True when no animation is running or waiting to start.
    public var isIdle: Bool { entries.isEmpty }

    /// True when every animation still running repeats forever (or none runs): nothing that will
    /// come to rest is moving. Such animations are ambient, like a spinner, so a script's
    /// `waitUntilSettled` does not wait for them.
    public var isSettled: Bool { entries.allSatisfy { $0.animation.repeatForever } }

    /// Runs `animation` on `property` of `target` under `key`. An animation already running under
    /// that key on that target is removed first (its completion gets `false`); the new one reads
    /// any missing from or to value from the target, which is where the old one left it.
    public func add(_ animation: PropertyAnimation, forKey key: String, to target: AnyObject,
                    property: AnimatableProperty) {
        let replaced = index(of: key, on: target).map { entries[$0] }
        if replaced?.animation === animation { return }
        animation.prepare(for: property)
        if let old = replaced, let spring = animation as? SpringAnimation {
            spring.inheritVelocity(from: old.animation)
        }
        if replaced != nil { removeAnimation(forKey: key, from: target) }
        let entry = Entry(target: target, key: key, property: property, animation: animation, frame: frame)
        entries.append(entry)
        if stepping { deferred.append(entry) } else { render(entry) }
    }

    /// Runs `animations[i]` on `properties[i]` of `target`, all under one `key`, as one animation
    /// of a value too wide for one property (an array, as Core Animation animates a gradient's
    /// `colors` or `locations` element by element). The group replaces whatever runs under `key`
    /// (a spring takes over the velocity of the replaced animation at the same position), is
    /// removed whole by `removeAnimation(forKey:from:)`, and `completion` runs once, after the
    /// last member ends: `true` when every member reached its end. The members' own completions
    /// are replaced by the group's.
    public func add(_ animations: [PropertyAnimation], forKey key: String, to target: AnyObject,
                    properties: [AnimatableProperty], completion: ((_ finished: Bool) -> Void)? = nil) {
        precondition(!animations.isEmpty && animations.count == properties.count,
                     "a group has one property per animation, and at least one of each")
        let replaced = entries.filter { $0.target === target && $0.key == key }
        for (i, animation) in animations.enumerated() {
            animation.prepare(for: properties[i])
            if i < replaced.count, let spring = animation as? SpringAnimation {
                spring.inheritVelocity(from: replaced[i].animation)
            }
        }
        removeAnimation(forKey: key, from: target)
        var remaining = animations.count, allFinished = true
        for (i, animation) in animations.enumerated() {
            animation.completion = { finished in
                remaining -= 1
                allFinished = allFinished && finished
                if remaining == 0 { completion?(allFinished) }
            }
            let entry = Entry(target: target, key: key, property: properties[i], animation: animation, frame: frame)
            entries.append(entry)
            if stepping { deferred.append(entry) } else { render(entry) }
        }
    }

    /// Stops and removes the animation under `key` on `target` (every member of a group added
    /// under it); its completion gets `false`.
    public func removeAnimation(forKey key: String, from target: AnyObject) {
        let removed = entries.filter { $0.target === target && $0.key == key }
        guard !removed.isEmpty else { return }
        entries.removeAll { $0.target === target && $0.key == key }
        for entry in removed { entry.animation.completion?(false) }
    }

    /// Stops and removes every animation on `target`, in the order they were added.
    public func removeAllAnimations(from target: AnyObject) {
        for key in animationKeys(on: target) { removeAnimation(forKey: key, from: target) }
    }

    /// The animation running (or waiting to start) under `key` on `target` (a group's first member).
    public func animation(forKey key: String, on target: AnyObject) -> PropertyAnimation? {
        index(of: key, on: target).map { entries[$0].animation }
    }

    /// The keys of the running animations that will come to rest (not those repeating forever),
    /// each once, in the order they were added: what keeps the animator from being settled.
    public var keysStillMoving: [String] {
        var seen: Set<String> = []
        return entries.filter { !$0.animation.repeatForever && seen.insert($0.key).inserted }.map(\.key)
    }

    /// The keys of the animations on `target`, in the order they were added.
    public func animationKeys(on target: AnyObject) -> [String] {
        var seen: Set<String> = []
        return entries.filter { $0.target === target && seen.insert($0.key).inserted }.map(\.key)
    }

    /// Advances one frame (1/framesPerSecond seconds).
    public func step() {
        frame += 1
        stepping = true
        for entry in entries where isLive(entry) { render(entry) }
        stepping = false
        while !deferred.isEmpty {
            let started = deferred
            deferred = []
            for entry in started where isLive(entry) { render(entry) }
        }
    }

    /// Steps until `frame` reaches `target` (nothing happens if it already has).
    public func advance(to target: Int) {
        while frame < target { step() }
    }

    private func index(of key: String, on target: AnyObject) -> Int? {
        entries.firstIndex { $0.target === target && $0.key == key }
    }

    private func isLive(_ entry: Entry) -> Bool { entries.contains { $0 === entry } }

    /// One frame of one animation: start it if its time has come (with dt = 0), or move it on;
    /// then write, and finish it if done.
    private func render(_ entry: Entry) {
        let animation = entry.animation
        if !animation.hasStarted {
            guard time - time(at: entry.addedFrame) + 1e-9 >= animation.delay else { return }
            animation.start(current: entry.property.read(entry.target))
            entry.startFrame = frame
            entry.lastFrame = frame
        } else if animation.isPaused {
            return
        }
        let dt = time - time(at: entry.lastFrame)
        entry.lastFrame = frame
        animation.advance(dt: dt, elapsed: time - time(at: entry.startFrame))
        write(entry)
        guard isLive(entry), animation.isDone else { return }
        animation.finish()
        write(entry)
        guard let i = entries.firstIndex(where: { $0 === entry }) else { return }
        if animation.startNextLeg() {
            entry.startFrame = frame
            entry.lastFrame = frame
            return
        }
        entries.remove(at: i)
        animation.completion?(true)
    }

    /// Writes the animation's value to its target and calls its `didApply`.
    private func write(_ entry: Entry) {
        guard let value = entry.animation.currentValue else { return }
        entry.property.write(entry.target, value)
        entry.animation.didWrite()
        entry.animation.didApply?(entry.animation)
    }
}
