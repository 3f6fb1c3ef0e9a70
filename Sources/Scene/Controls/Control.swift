/// The moments a control reports to its owner, as UIControlEvents.
public enum ControlEvent: Hashable, Sendable {
    case touchDown
    case touchUpInside
    case editingDidBegin
    case editingChanged
    case editingDidEnd
}

/// A view that reports touches and edits to actions registered for control events, as UIControl.
open class Control: View {
    /// A disabled control ignores touches, as `enabled = NO`.
    public var isEnabled = true
    /// True while a finger is down on the control.
    public internal(set) var isHighlighted = false

    private var actions: [ControlEvent: [(Control) -> Void]] = [:]

    /// Registers `action` for `event`, as `addTarget:action:forControlEvents:`.
    public func on(_ event: ControlEvent, _ action: @escaping (Control) -> Void) {
        actions[event, default: []].append(action)
    }

    /// Runs the actions registered for `event`, in the order they were added.
    public func send(_ event: ControlEvent) {
        for action in actions[event] ?? [] { action(self) }
    }
}
