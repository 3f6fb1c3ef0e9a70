/// Core Animation's `CAMediaTiming` for one animation: when it begins, how fast and from where
/// its clock runs, how it repeats, and what shows before and after it (`fillMode`,
/// `isRemovedOnCompletion`). It maps the time since the animation was added to the time along
/// its curve, or to nothing when the model value shows.
///
/// Core Animation's documented arithmetic: the active local time is (t − beginTime)·speed, plus
/// timeOffset (wrapping round the active duration, so an animation with a time offset starts
/// part-way and ends where it started); repetitions fold it into the duration (`RepeatTiming`);
/// before the start only `backwards` fill shows the first value and after the end only
/// `forwards` fill on an animation that is not removed keeps the last one.
public struct MediaTiming: Hashable, Sendable {
    /// `CAMediaTimingFillMode`.
    public enum FillMode: String, CaseIterable, Sendable {
        case removed, forwards, backwards, both

        var fillsBackwards: Bool { self == .backwards || self == .both }
        var fillsForwards: Bool { self == .forwards || self == .both }
    }

    /// Seconds after being added that the animation starts (relative, as `CACurrentMediaTime() + beginTime`).
    public var beginTime: Double
    /// Seconds one pass of the curve takes (Core Animation's default is 0.25).
    public var duration: Double
    /// How fast local time runs; 2 plays twice as fast. Not negative here.
    public var speed: Double
    /// Seconds of local time the animation starts at.
    public var timeOffset: Double
    /// Repeat count, repeat duration and autoreverse.
    public var repeating: RepeatTiming
    /// What shows outside the active time.
    public var fillMode: FillMode
    /// When false and filling forwards, the last value stays after the end.
    public var isRemovedOnCompletion: Bool
    /// The timings of the `CAAnimationGroup`s around the animation, outermost first: each maps
    /// time to its own curve time, which is the time of what it holds (a group's children end
    /// with the group's duration, as Core Animation clips them).
    public var groups: [MediaTiming] = []

    /// Core Animation's defaults unless given.
    public init(beginTime: Double = 0, duration: Double = 0.25, speed: Double = 1, timeOffset: Double = 0,
                repeating: RepeatTiming = .once, fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true) {
        precondition(duration >= 0 && speed >= 0 && beginTime >= 0 && timeOffset >= 0,
                     "durations, speeds and times are not negative")
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeating = repeating; self.fillMode = fillMode; self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// Seconds after being added that the animation ends (infinite when it repeats forever or its speed is 0).
    public var endTime: Double {
        // Nothing outlives the outermost group.
        if let outermost = groups.first { return outermost.endTime }
        let active = repeating.activeDuration(of: duration)
        return speed > 0 ? beginTime + active / speed : .infinity
    }

    /// The time along the curve (0...duration) `t` seconds after being added, or nil when the
    /// model value shows: before the start without backwards fill, after the end unless it
    /// fills forwards and is kept.
    public func curveTime(at t: Double) -> Double? {
        var t = t
        for group in groups {
            guard let local = group.curveTime(at: t) else { return nil }
            t = local
        }
        let active = repeating.activeDuration(of: duration)
        let elapsed = (t - beginTime) * speed
        if elapsed < -1e-9 {
            guard fillMode.fillsBackwards else { return nil }
            return fold(timeOffset, active: active) ?? 0
        }
        if let time = fold(elapsed + timeOffset, active: active, wrap: timeOffset > 0) { return time }
        guard fillMode.fillsForwards && !isRemovedOnCompletion else { return nil }
        return lastCurveTime(active: active)
    }

    /// Whether the animation is over `t` seconds after being added (what shows then no longer changes).
    public func isFinished(at t: Double) -> Bool { t + 1e-9 >= endTime }

    /// Local time folded into one pass of the curve; nil past the active duration.
    private func fold(_ local: Double, active: Double, wrap: Bool = false) -> Double? {
        var local = local
        if wrap && active.isFinite && active > 0 && local >= active { local -= (local / active).rounded(.down) * active }
        return repeating.curveTime(at: local, duration: duration)?.time
    }

    /// Where the curve stands at the end of the active duration (0 after an autoreversing pass).
    private func lastCurveTime(active: Double) -> Double {
        guard duration > 0 else { return 0 }
        let cycle = duration * (repeating.autoreverses ? 2 : 1)
        let local = active - (active / cycle).rounded(.down) * cycle
        if local < 1e-9 { return repeating.autoreverses ? 0 : duration }
        return local > duration ? cycle - local : local
    }
}
