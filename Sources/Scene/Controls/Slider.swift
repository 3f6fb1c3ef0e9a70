import Geometry
import Motion
import Raster

/// UISlider as iOS 13+ draws it: a 4 pt capsule track, filled up to the value in the tint
/// colour (or `minimumTrackTintColor`) and systemFill beyond (or `maximumTrackTintColor`),
/// under a 28 pt white thumb with a soft shadow. A `drag` script step moves the value
/// continuously, sending `valueChanged` on every frame it changes, as a continuous slider does.
///
/// Numbers: track 4 pt, thumb 28 pt, control height 31 pt (Apple's iOS UI Design Resources);
/// the thumb's shadow is theirs too (0 6 13 and 0 0.5 4 at 12 %).
open class Slider: Control {
    open override var kind: String { "slider" }

    public private(set) var value: Double
    public var minimumValue: Double
    public var maximumValue: Double
    public var minimumTrackTintColor: Color?
    public var maximumTrackTintColor: Color?
    public var thumbTintColor: Color?

    static let track = 4.0
    static let thumb = 28.0
    static let height = 31.0

    /// The values of a drag in progress, one per frame from `dragStart`.
    private var drag: [Double] = []
    private var dragStart = 0
    private var shownFrame = 0

    public init(name: String = "", value: Double = 0.5, minimumValue: Double = 0, maximumValue: Double = 1,
                frame: Rect = .zero) {
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.value = min(max(value, minimumValue), maximumValue)
        super.init(name: name, frame: frame)
    }

    open override var intrinsicContentSize: Size? { Size(-1, Self.height) }

    /// Sets the value, clamped to the range, without an event.
    public func setValue(_ newValue: Double) { value = min(max(newValue, minimumValue), maximumValue) }

    /// The finger drags the thumb from where it is to `target` over `duration` seconds.
    public func drag(to target: Double, duration: Double) {
        let frames = max(1, Int(saturating: (duration * 60).rounded()))
        let from = value, to = min(max(target, minimumValue), maximumValue)
        // The finger eases in and out, as a person's drag does.
        drag = (1...frames).map { i in
            let t = Double(i) / Double(frames)
            return from + (to - from) * (t * t * (3 - 2 * t))
        }
        dragStart = clock + 1
        isHighlighted = true
    }

    open override func advance(toFrame frame: Int) {
        shownFrame = frame
        guard !drag.isEmpty, frame >= dragStart else { return }
        let i = frame - dragStart
        if i < drag.count, drag[i] != value {
            value = drag[i]
            send(.valueChanged)
        }
        if i >= drag.count - 1 {
            drag = []
            isHighlighted = false
        }
    }

    open override var isMovingByItself: Bool { !drag.isEmpty }

    /// The thumb's centre x for the current value.
    var thumbCentre: Double {
        let span = maximumValue - minimumValue
        let f = span > 0 ? (value - minimumValue) / span : 0
        return Self.thumb / 2 + (bounds.width - Self.thumb) * f
    }

    /// Right to left the slider is mirrored: the minimum at the right, filling leftwards.
    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        drawMirroredRightToLeft(into: &list) { drawTrackAndThumb(into: &$0, context: context) }
    }

    private func drawTrackAndThumb(into list: inout DisplayList, context: DrawContext) {
        let y = (bounds.height - Self.track) / 2
        let x = thumbCentre
        let whole = Rect(0, y, bounds.width, Self.track)
        list.append(.fill(Path(roundedRect: whole, cornerRadius: Self.track / 2),
                          color: maximumTrackTintColor ?? context.resolve(ControlPalette.systemFill), rule: .nonZero, transform: .identity))
        if x > 0 {
            list.append(.fill(Path(roundedRect: Rect(0, y, x, Self.track), cornerRadius: Self.track / 2),
                              color: minimumTrackTintColor ?? context.tintColor, rule: .nonZero, transform: .identity))
        }
        let knob = Rect(x - Self.thumb / 2, (bounds.height - Self.thumb) / 2, Self.thumb, Self.thumb)
        Switch.appendKnobShadow(knob, into: &list)
        list.append(.fill(Path(ellipseIn: knob), color: thumbTintColor ?? .white, rule: .nonZero, transform: .identity))
    }
}
