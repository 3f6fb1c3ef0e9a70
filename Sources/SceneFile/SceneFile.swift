import Foundation
import Demos
import Geometry
import Scene
import Yams

/// Scene files: a screen of UIKit views, its constraints, POP and UIKit animations, handlers
/// and a script, in YAML or JSON, played by the same `Scene` engine as the built-in demos.
///
///     let scene = try SceneFile.load(path: "button.yaml")        // throws SceneProblems
///     let run = try scene.start(DemoSettings(screenSize: scene.defaultScreenSize))
public enum SceneFile {
    /// The file extensions read as scene files.
    public static let extensions = ["yaml", "yml", "json"]

    /// The scene format's JSON Schema, recorded from the `Decodable` types the files decode into.
    public static let schema: SchemaDocument = {
        let recorder = SchemaRecorder()
        let root = recorder.schema(of: SceneDocument.self)
        return SchemaDocument(root: root, definitions: recorder.definitions)
    }()

    /// The `$id` the published schema carries: a name, not an address, so editors never try to
    /// fetch it; scenes point at a copy beside them (`popping-render new` writes one).
    public static let schemaID = "urn:popping-render:scene.schema.json"

    /// The file name `popping-render new` gives the schema it writes beside a scene, which the
    /// starter's `# yaml-language-server: $schema=` line names relatively, so it works offline.
    public static let schemaFileName = "scene.schema.json"

    /// Whether `argument` names a scene file by its extension.
    public static func isSceneFile(_ argument: String) -> Bool {
        extensions.contains(URL(fileURLWithPath: argument).pathExtension.lowercased())
    }

    /// Reads, checks and prepares the scene at `path`; throws `SceneProblems` listing every
    /// problem found (a missing file is one problem at 1:1).
    public static func load(path: String) throws -> LoadedScene {
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > maxFileSize {
            throw SceneProblems(problems: [SceneProblem(file: path, line: 1, column: 1, message: "the file is larger than 16 MB")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SceneProblems(problems: [SceneProblem(file: path, line: 1, column: 1,
                                                        message: exists ? "cannot read the file" : "no such file")])
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        switch parse([UInt8](data), file: path, folder: folder) {
        case let .success(scene): return scene
        case let .failure(problems): throw problems
        }
    }

    /// Parses and validates scene bytes without rendering: every problem, in file order (empty
    /// when the scene is good). `file` names the scene in messages; assets are read relative to
    /// `folder`. Safe on any input: it never traps, and the work is bounded by the input's size.
    public static func problems(in bytes: [UInt8], file: String = "scene.yaml",
                                folder: URL = URL(fileURLWithPath: ".")) -> [SceneProblem] {
        switch parse(bytes, file: file, folder: folder) {
        case .success: return []
        case let .failure(p): return p.problems
        }
    }

    static func parse(_ bytes: [UInt8], file: String, folder: URL) -> Result<LoadedScene, SceneProblems> {
        func fail(_ line: Int, _ column: Int, _ message: String) -> Result<LoadedScene, SceneProblems> {
            .failure(SceneProblems(problems: [SceneProblem(file: file, line: line, column: column, message: message)]))
        }
        guard bytes.count <= maxFileSize else { return fail(1, 1, "the file is larger than 16 MB") }
        // A byte-order mark is not part of the text (editors on Windows write one).
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: bytes, as: UTF8.self) else { return fail(1, 1, "the file is not UTF-8 text") }
        if let at = YAMLNesting.firstTooDeep(bytes, limit: maxNesting) {
            return fail(at.line, at.column, "nested more than \(maxNesting) levels deep")
        }
        let composedNode: Node?
        do {
            composedNode = try Yams.compose(yaml: text, Resolver.basic.appending(.merge))
        } catch let error as YamlError {
            return .failure(SceneProblems(problems: [problem(error, file: file)]))
        } catch {
            return fail(1, 1, "\(error)")
        }
        guard let composed = composedNode, composed.mapping != nil else {
            return fail(1, 1, "a scene is a mapping with screen, views, animations, on and script")
        }
        let node: Node, mergeProblems: [MergeKeys.Problem]
        switch MergeKeys.resolve(composed) {
        case let .success(resolved): (node, mergeProblems) = resolved
        case let .failure(problem): return fail(problem.line, problem.column, problem.message)
        }
        // A bad merge key is left out of the tree, so the rest is checked as far as it goes. One
        // log takes every problem, the merge keys' first, so each is told from the others once.
        let log = ProblemLog(file: file, locator: NodeLocator(root: node))
        for p in mergeProblems { log.add(line: p.line, column: p.column, p.message) }
        let mergeProblemCount = log.problems.count
        let checker = SceneChecker(schema: schema, log: log)
        checker.check(node, against: schema.root, path: [])
        // Every problem in one pass: the values the schema check rejected are dropped and the
        // rest is decoded and checked too (when what is left still decodes).
        let foundShapeProblems = log.problems.count > mergeProblemCount
        let document: SceneDocument
        do {
            document = try SceneDocument(from: NodeDecoder(node: NodePruning.pruned(node, removing: checker.rejected.paths)))
        } catch let error as DecodingError {
            if !foundShapeProblems { log.add(codingPath(of: error), decodingMessage(error)) }
            return .failure(SceneProblems(problems: log.sorted))
        } catch {
            return fail(1, 1, "\(error)")
        }
        var scene = LoadedScene(document: document, file: file, folder: folder, locator: log.locator)
        let (problems, frames) = scene.check()
        scene.frameCount = frames
        for p in problems { log.add(line: p.line, column: p.column, p.message) }
        return log.problems.isEmpty ? .success(scene) : .failure(SceneProblems(problems: log.sorted))
    }

    /// How deep a scene may nest lists and mappings: far more than any screen needs, far less
    /// than building and walking the node tree can take.
    static let maxNesting = 200

    /// The largest scene file read, checked from its size before it is read.
    public static let maxFileSize = 16 << 20

    private static func problem(_ error: YamlError, file: String) -> SceneProblem {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let text = context.map { "\(problem) \($0.text)" } ?? problem
            return SceneProblem(file: file, line: mark.line, column: mark.column, message: "YAML: \(text)")
        case let .reader(problem, offset, _, _):
            return SceneProblem(file: file, line: 1, column: 1, message: "YAML: \(problem)" + (offset.map { " at byte \($0)" } ?? ""))
        default:
            return SceneProblem(file: file, line: 1, column: 1, message: "YAML: \(error)")
        }
    }

    private static func codingPath(of error: DecodingError) -> [PathStep] {
        let context: DecodingError.Context
        switch error {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .keyNotFound(_, c), let .dataCorrupted(c): context = c
        @unknown default: return []
        }
        return context.codingPath.map { key in key.intValue.map { PathStep.index($0) } ?? .key(key.stringValue) }
    }

    private static func decodingMessage(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, _): return "expected \(type)"
        case let .valueNotFound(type, _): return "expected \(type)"
        case let .keyNotFound(key, _): return "missing key '\(key.stringValue)'"
        case let .dataCorrupted(c): return c.debugDescription
        @unknown default: return "\(error)"
        }
    }
}

/// A checked scene, ready to start on any screen size.
public struct LoadedScene {
    let document: SceneDocument
    /// The file as named on the command line.
    public let file: String
    let folder: URL
    let locator: NodeLocator

    /// How many frames the script lasts on the scene's own screen, known without playing it
    /// unless the script waits for rest (then `start` finds out).
    public internal(set) var frameCount: Int?

    /// The file's name without its folder and extension (`button.yaml` -> `button`).
    public var name: String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

    /// The screen the scene asks for (`screen.device`, `screen.size`, `screen.orientation`);
    /// an iPhone 8 unless it says otherwise.
    public var defaultScreenSize: Size { screenSize(in: defaultOrientation) }

    /// The orientation the scene launches in unless told otherwise: `screen.orientation`, or
    /// landscape when its `size` is wider than tall.
    public var defaultOrientation: Orientation {
        if let turn = document.screen?.orientation { return turn == .landscape ? .landscape : .portrait }
        return givenSize.width > givenSize.height ? .landscape : .portrait
    }

    /// The canvas for a launch in `orientation` (`--orientation`): the device or size turned to
    /// match it, or `screen.landscapeSize` in landscape.
    public func screenSize(in orientation: Orientation) -> Size {
        let size = givenSize
        if orientation == .landscape {
            if let text = document.screen?.landscapeSize, case let .success(s) = SceneValues.screenSize(text) { return s }
            return Size(max(size.width, size.height), min(size.width, size.height))
        }
        return Size(min(size.width, size.height), max(size.width, size.height))
    }

    /// `screen.device` or `screen.size` as written; an iPhone 8 unless it says otherwise.
    private var givenSize: Size {
        if let name = document.screen?.device, let d = Device(rawValue: name) { return d.screenSize }
        if let text = document.screen?.size, case let .success(s) = SceneValues.screenSize(text) { return s }
        return Device.iphone8.screenSize
    }

    /// The orientation a run on `settings` launches in: landscape when asked for or when the
    /// screen is wider than tall.
    static func launchOrientation(_ settings: DemoSettings) -> Orientation {
        settings.orientation == .landscape || settings.screenSize.width > settings.screenSize.height ? .landscape : .portrait
    }

    /// Every problem the document has beyond its shape (unknown ids, bad colours, fonts, formats,
    /// images, script steps) and the frame count when it is known. Builds the scene once on its
    /// own screen, without playing it.
    func check() -> (problems: [SceneProblem], frameCount: Int?) {
        let log = ProblemLog(file: file, locator: locator)
        let screen = document.screen
        if let name = screen?.device, Device(rawValue: name) == nil {
            log.add([.key("screen"), .key("device")], "unknown device '\(name)' (\(Device.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let text = screen?.size, case let .failure(e) = SceneValues.screenSize(text) { log.add([.key("screen"), .key("size")], e.message) }
        if let text = screen?.landscapeSize, case let .failure(e) = SceneValues.screenSize(text) {
            log.add([.key("screen"), .key("landscapeSize")], e.message)
        }
        if screen?.size != nil, screen?.device != nil { log.add([.key("screen")], "give a device or a size, not both") }
        let builder = SceneBuilder(document: document, folder: folder, screenSize: defaultScreenSize,
                                   seed: DemoSettings.defaultSeed, launchOrientation: defaultOrientation, log: log)
        builder.build(layout: false)
        let plan = ScenePlan(document.script ?? [], builder: builder, log: log)
        guard log.problems.isEmpty else { return (log.sorted, nil) }
        return ([], plan.settles ? nil : plan.schedule(builder, settled: nil))
    }

    /// Builds the scene on `settings`' screen and schedules its script; a `waitUntilSettled`
    /// is resolved by playing the scene once without drawing to find the frame it ends on.
    public func start(_ settings: DemoSettings) throws -> DemoRun {
        try start(settings, warn: { _ in })
    }

    /// As `start(_:)`, passing `warn` what plays but deserves a look, as `FILE:LINE:COLUMN:
    /// warning: …`: a `waitUntilSettled` that ran out its timeout, with what was still moving.
    public func start(_ settings: DemoSettings, warn: (SceneProblem) -> Void) throws -> DemoRun {
        func make() throws -> (SceneBuilder, ScenePlan) {
            let log = ProblemLog(file: file, locator: locator)
            let builder = SceneBuilder(document: document, folder: folder, screenSize: settings.screenSize,
                                       seed: settings.seed, launchOrientation: Self.launchOrientation(settings),
                                       chosen: settings, log: log)
            builder.build()
            let plan = ScenePlan(document.script ?? [], builder: builder, log: log)
            guard log.problems.isEmpty else { throw SceneProblems(problems: log.sorted) }
            return (builder, plan)
        }
        var settled: [Int]?
        let (first, firstPlan) = try make()
        if firstPlan.settles {
            settled = firstPlan.simulate(first) { step, message in
                let (line, column) = locator.mark(step)
                warn(SceneProblem(file: file, line: line, column: column, message: message))
            }
            // Playing it may find actions that start themselves without end.
            guard first.log.problems.isEmpty else { throw SceneProblems(problems: first.log.sorted) }
            let (builder, plan) = try make()
            return DemoRun(stage: builder.stage, frameCount: plan.schedule(builder, settled: settled!), controller: builder)
        }
        return DemoRun(stage: first.stage, frameCount: firstPlan.schedule(first, settled: nil), controller: first)
    }
}
