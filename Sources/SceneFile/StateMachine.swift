/// A scene's state machine at run time: its spec and the state it is in.
final class StateMachine {
    let spec: StateMachineSpec
    var current: String

    init(spec: StateMachineSpec) {
        self.spec = spec
        current = spec.initial
    }
}
