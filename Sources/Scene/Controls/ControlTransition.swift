import Motion

/// A number a control animates by itself between states (a switch's knob, a segmented
/// control's selection, a progress bar's fill), on the frame clock, along a UIKit timing.
///
/// The control reads `value(at:)` while drawing and reports itself moving (so
/// `waitUntilSettled` waits) until `isMoving(at:)` turns false. A new target starts from the
/// value shown at that moment, so a change that interrupts another carries on smoothly.
struct ControlTransition: Sendable {
    private(set) var target: Double
    private var from: Double
    private var start = 0
    private var timing: UIKitTiming?

    init(_ value: Double) {
        target = value
        from = value
    }

    /// Moves to `value`: at once when `timing` is nil, else from what shows on `frame` (the
    /// first frame of the animation, which shows its start value).
    mutating func set(_ value: Double, timing: UIKitTiming?, atFrame frame: Int) {
        from = self.value(at: frame)
        target = value
        start = frame
        self.timing = timing
    }

    /// The value shown on `frame`.
    func value(at frame: Int) -> Double {
        guard let timing else { return target }
        let t = Double(frame - start) / 60
        if timing.isFinished(at: t) { return target }
        return from + (target - from) * timing.progress(at: max(0, t))
    }

    /// Whether the value is still changing on `frame`.
    func isMoving(at frame: Int) -> Bool {
        guard let timing else { return false }
        return !timing.isFinished(at: Double(frame - start) / 60)
    }
}
