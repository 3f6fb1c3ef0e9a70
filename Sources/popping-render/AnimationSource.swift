import Demos

/// What the commands that play an animation are given: a built-in demo by name (later also a
/// scene file by path). Every such command resolves its argument here, so they accept the same things.
enum AnimationSource {
    case demo(any Demo.Type)

    /// The demo named `argument`; throws a `CommandFailure` naming it when there is none.
    init(_ argument: String) throws {
        if let demoType = Demos.demo(named: argument) {
            self = .demo(demoType)
            return
        }
        throw CommandFailure(argument, "unknown demo (try: \(allDemos.map { $0.name }.joined(separator: ", ")))")
    }

    /// The name outputs are named after by default (`owl` -> `owl.gif`).
    var name: String {
        switch self {
        case let .demo(demoType): return demoType.name
        }
    }

    /// The device it is rendered on unless the options choose another.
    var defaultDevice: Device {
        switch self {
        case let .demo(demoType): return demoType.defaultDevice
        }
    }

    /// Builds the screen for `settings` and schedules the script.
    func start(_ settings: DemoSettings) throws -> DemoRun {
        switch self {
        case let .demo(demoType): return try demoType.start(settings)
        }
    }
}
