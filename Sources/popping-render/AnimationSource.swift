import Foundation
import Demos
import Geometry
import Scene
import SceneFile

/// What the commands that play an animation are given: a built-in demo by name or a scene file
/// by path (`.yaml`, `.yml`, `.json`). Every such command resolves its argument here, so they
/// accept the same things.
enum AnimationSource {
    case demo(any Demo.Type)
    case scene(LoadedScene)

    /// The demo named `argument`, or the scene file at that path; throws a `CommandFailure`
    /// naming it when there is none, or listing every problem of a scene file.
    init(_ argument: String) throws {
        if let demoType = Demos.demo(named: argument) {
            self = .demo(demoType)
            return
        }
        if SceneFile.isSceneFile(argument) {
            self = .scene(try Self.loadScene(argument))
            return
        }
        throw CommandFailure(argument, "unknown demo (try: \(allDemos.map { $0.name }.joined(separator: ", ")), "
            + "or a scene file .yaml, .yml or .json)")
    }

    /// Loads a scene file; its problems become one `FILE:LINE:COLUMN: message` line each.
    static func loadScene(_ path: String) throws -> LoadedScene {
        do {
            return try SceneFile.load(path: path)
        } catch let problems as SceneProblems {
            throw CommandFailure(lines: problems.lines)
        }
    }

    /// The name outputs are named after by default (`owl` -> `owl.gif`, `like.yaml` -> `like.gif`).
    var name: String {
        switch self {
        case let .demo(demoType): return demoType.name
        case let .scene(scene): return scene.name
        }
    }

    /// The orientation it launches in unless `--orientation` chooses another.
    var defaultOrientation: Orientation {
        switch self {
        case .demo: return .portrait
        case let .scene(scene): return scene.defaultOrientation
        }
    }

    /// The screen it is rendered on in `orientation` unless the options choose another.
    func screenSize(in orientation: Orientation) -> Size {
        switch self {
        case let .demo(demoType):
            let size = demoType.defaultDevice.screenSize
            return orientation == .landscape ? Size(max(size.width, size.height), min(size.width, size.height)) : size
        case let .scene(scene): return scene.screenSize(in: orientation)
        }
    }

    /// Builds the screen for `settings` and schedules the script; a scene's warnings go to
    /// stderr unless `warnings` is false (a second play of the same scene).
    func start(_ settings: DemoSettings, warnings: Bool = true) throws -> DemoRun {
        switch self {
        case let .demo(demoType): return try demoType.start(settings)
        case let .scene(scene):
            do {
                return try scene.start(settings) { warning in
                    if warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
                }
            } catch let problems as SceneProblems {
                throw CommandFailure(lines: problems.lines)
            }
        }
    }
}
