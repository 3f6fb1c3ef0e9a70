import Geometry

/// The moments a control reports to its owner, as UIControlEvents.
public enum ControlEvent: Hashable, Sendable {
    case touchDown
    case touchUpInside
    case editingDidBegin
    case editingChanged
    case editingDidEnd
    /// The control's value changed (a switch toggled, a slider moved, a segment chosen).
    case valueChanged
}

/// A view that reports touches and edits to actions registered for control events, as UIControl.
open class Control: View {
    /// A disabled control ignores touches, as `enabled = NO`.
    public var isEnabled = true
    /// True while a finger is down on the control.
    public internal(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { highlightDidChange() } }
    }
    /// The frame being played: a state change made now animates from this frame. The stage keeps
    /// it current before it delivers each frame's events.
    public var clock = 0

    private var actions: [ControlEvent: [(Control) -> Void]] = [:]

    /// Registers `action` for `event`, as `addTarget:action:forControlEvents:`.
    public func on(_ event: ControlEvent, _ action: @escaping (Control) -> Void) {
        actions[event, default: []].append(action)
    }

    /// Called when a finger comes down on the control or lifts (a switch's knob stretches).
    open func highlightDidChange() {}

    /// Called for a tap that ends inside the control, before `touchUpInside` is sent: a switch
    /// toggles, a segmented control picks the segment under `point` (in the control's bounds).
    open func tapped(at point: Point) {}

    /// Runs the actions registered for `event`, in the order they were added.
    public func send(_ event: ControlEvent) {
        for action in actions[event] ?? [] { action(self) }
    }
}
