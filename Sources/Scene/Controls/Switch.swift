import Geometry
import Motion
import Raster

/// UISwitch as iOS 13–18 draws it: a 51 × 31 pt capsule track, grey when off and green (or
/// `onTintColor`) when on, with a 27 pt white knob inset 2 pt that casts a soft shadow. A tap
/// toggles it: the knob slides on a spring while the track's colour cross-fades, and the switch
/// sends `valueChanged`. While a finger is down the knob stretches 7 pt towards the middle.
///
/// Sizes: UISwitch's fixed 51 × 31 pt (its intrinsic size on every iPhone since iOS 7) and the
/// knob of Apple's iOS UI Design Resources (27 pt, 2 pt inset, shadows 0 3 8 at 15 % and
/// 0 3 1 at 6 %). Colours: systemGreen on, secondarySystemFill off (HIG › Color). The knob's
/// spring (0.35 s, damping 0.8) and stretch are matched by eye: Apple publishes neither.
open class Switch: Control {
    open override var kind: String { "switch" }

    public private(set) var isOn: Bool
    /// The track's colour when on (systemGreen when nil).
    public var onTintColor: Color?
    /// The knob's colour (white when nil).
    public var thumbTintColor: Color?

    static let size = Size(51, 31)
    static let knob = 27.0
    static let inset = 2.0
    static let stretch = 7.0
    static let timing = UIKitTiming.animate(duration: 0.35, dampingRatio: 0.8, initialVelocity: 0)
    static let pressTiming = UIKitTiming.animate(duration: 0.2, curve: .easeOut)

    /// 0 off, 1 on: where the knob is and how far the track has turned.
    private var knobPosition: ControlTransition
    /// 0 up, 1 pressed: how far the knob has stretched.
    private var press = ControlTransition(0)
    private var shownFrame = 0

    public init(name: String = "", isOn: Bool = false, frame: Rect = .zero) {
        self.isOn = isOn
        knobPosition = ControlTransition(isOn ? 1 : 0)
        super.init(name: name, frame: frame)
    }

    open override var intrinsicContentSize: Size? { Self.size }

    /// `setOn(_:animated:)`: the knob slides on its spring when animated. It sends no event, as in UIKit.
    public func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        knobPosition.set(on ? 1 : 0, timing: animated ? Self.timing : nil, atFrame: clock)
    }

    open override func tapped(at point: Point) {
        setOn(!isOn, animated: true)
        send(.valueChanged)
    }

    open override func highlightDidChange() {
        press.set(isHighlighted ? 1 : 0, timing: Self.pressTiming, atFrame: clock)
    }

    open override func advance(toFrame frame: Int) { shownFrame = frame }

    open override var isMovingByItself: Bool { knobPosition.isMoving(at: shownFrame) || press.isMoving(at: shownFrame) }

    /// Right to left the switch is mirrored: its knob sits on the right when off.
    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        drawMirroredRightToLeft(into: &list) { drawTrackAndKnob(into: &$0, context: context) }
    }

    private func drawTrackAndKnob(into list: inout DisplayList, context: DrawContext) {
        let p = knobPosition.value(at: shownFrame), pressed = press.value(at: shownFrame)
        let track = Rect(0, 0, Self.size.width, Self.size.height)
        let off = context.resolve(ControlPalette.secondarySystemFill)
        let on = onTintColor ?? context.resolve(ControlPalette.systemGreen)
        let radius = Self.size.height / 2
        list.append(.fill(Path(roundedRect: track, cornerRadius: radius), color: off, rule: .nonZero, transform: .identity))
        let mix = min(1, max(0, p))
        if mix > 0 {
            list.append(.fill(Path(roundedRect: track, cornerRadius: radius), color: on.multiplyingAlpha(by: mix),
                              rule: .nonZero, transform: .identity))
        }
        // The knob: slides from the left to the right inset, stretching towards the middle when pressed.
        let travel = Self.size.width - 2 * Self.inset - Self.knob
        let width = Self.knob + Self.stretch * pressed
        let x = Self.inset + (travel - Self.stretch * pressed) * p
        let knob = Rect(x, Self.inset, width, Self.knob)
        Self.appendKnobShadow(knob, into: &list)
        list.append(.fill(Path(roundedRect: knob, cornerRadius: Self.knob / 2), color: thumbTintColor ?? .white,
                          rule: .nonZero, transform: .identity))
    }

    /// A soft drop shadow under a round knob (Apple's 0 3 8 at 15 % and 0 3 1 at 6 %), drawn as
    /// rings of falling opacity until layer shadows are available to controls.
    static func appendKnobShadow(_ knob: Rect, into list: inout DisplayList) {
        let blurred = knob.offsetBy(dx: 0, dy: 3)
        for step in stride(from: 4.0, through: 1, by: -1) {
            let grow = step
            let ring = blurred.insetBy(dx: -grow, dy: -grow)
            list.append(.fill(Path(roundedRect: ring, cornerRadius: ring.height / 2), color: Color(white: 0, alpha: 0.03),
                              rule: .nonZero, transform: .identity))
        }
        let hard = knob.offsetBy(dx: 0, dy: 1.5).insetBy(dx: -0.5, dy: -0.5)
        list.append(.fill(Path(roundedRect: hard, cornerRadius: hard.height / 2), color: Color(white: 0, alpha: 0.06),
                          rule: .nonZero, transform: .identity))
    }
}
