import Geometry
import Motion
import Raster

/// UIProgressView (`.default` style) as iOS 14+ draws it: a 4 pt capsule track in systemFill
/// (or `trackTintColor`) filled from the leading end to `progress` in the tint colour (or
/// `progressTintColor`). `setProgress(_:animated:)` moves the fill over 0.25 s ease-in-out.
///
/// The 4 pt height with round ends is the control's intrinsic height since iOS 14; the
/// animation's duration is not published and is chosen to match what iOS shows.
open class ProgressView: View {
    open override var kind: String { "progressView" }

    public private(set) var progress: Double
    public var progressTintColor: Color?
    public var trackTintColor: Color?

    static let height = 4.0
    static let timing = UIKitTiming.animate(duration: 0.25, curve: .easeInOut)

    private var fill: ControlTransition
    private var shownFrame = 0
    /// The frame a change made now starts on (kept current by `advance`).
    public var clock = 0

    public init(name: String = "", progress: Double = 0, frame: Rect = .zero) {
        self.progress = min(1, max(0, progress))
        fill = ControlTransition(self.progress)
        super.init(name: name, frame: frame)
    }

    open override var intrinsicContentSize: Size? { Size(-1, Self.height) }

    /// Sets the progress (clamped to 0...1), moving the fill when `animated`.
    public func setProgress(_ value: Double, animated: Bool) {
        progress = min(1, max(0, value))
        fill.set(progress, timing: animated ? Self.timing : nil, atFrame: clock)
    }

    open override func advance(toFrame frame: Int) {
        shownFrame = frame
        clock = frame + 1
    }

    open override var isMovingByItself: Bool { fill.isMoving(at: shownFrame) }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let h = min(Self.height, bounds.height)
        let track = Rect(0, (bounds.height - h) / 2, bounds.width, h)
        list.append(.fill(Path(roundedRect: track, cornerRadius: h / 2),
                          color: trackTintColor ?? context.resolve(ControlPalette.systemFill), rule: .nonZero, transform: .identity))
        let f = fill.value(at: shownFrame)
        guard f > 0 else { return }
        // Right to left the bar fills from the right.
        let bar = directional(Rect(0, track.y, bounds.width * f, h))
        list.append(.fill(Path(roundedRect: bar, cornerRadius: min(h / 2, bar.width / 2)),
                          color: progressTintColor ?? context.tintColor, rule: .nonZero, transform: .identity))
    }
}
