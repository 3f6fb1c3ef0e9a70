import Foundation
import PoppingRender
import SceneFile
import StudioHTTP

/// What the studio shows and how it gets there: the scenes it was given, the options the page
/// chose, the last good render (frames as PNG, timeline, view trees) and the problems of the
/// last try. One worker thread does all rendering, newest request first: a save, or an option
/// changed in the page, bumps `wanted`, and a render still running for an older request stops at
/// its next frame. The server's threads only read what the worker published, under `lock`.
final class StudioSession: @unchecked Sendable {
    /// The choices the page makes: which scene, and the render options it is shown with.
    struct Options: Equatable {
        var scene = 0
        var scale = 2
        var device: String?
        /// A value per variant switch (`--appearance` and those `StudioVariants` lists).
        var variants: [String: String] = [:]

        /// The command-line arguments these options stand for.
        var arguments: [String] {
            ["--scale", String(scale)] + (device.map { ["--device", $0] } ?? [])
                + variants.keys.sorted().flatMap { ["--\($0)", variants[$0]!] }
        }
    }

    /// A render the page can show: frames `0..<ready` and `first` are there.
    final class Render {
        /// Unique within this server and across its restarts, so a browser's cache never mixes renders.
        var id = ""
        let scene: Int
        let frameCount: Int
        let width: Double, height: Double
        let scale: Int
        var frames: [Int: [UInt8]] = [:]
        var ready = 0
        var first: Int
        var timeline: StudioTimeline?
        /// With `--check`: the comparison with the goldens, once every frame is rendered.
        var check: StudioCheck?

        init(scene: Int, frameCount: Int, size: Size, scale: Int, first: Int) {
            self.scene = scene
            self.frameCount = frameCount
            width = size.width
            height = size.height
            self.scale = scale
            self.first = first
        }
    }

    /// A problem as the page lists it: `FILE:LINE:COLUMN: message`, and the file to show.
    struct Problem: Encodable {
        var text: String
        var file: String?
        var line: Int
        var column: Int
    }

    let files: [String]
    /// The goldens folder `--check` names, whose differences the page shows.
    let goldens: String?
    private let lock = NSCondition()
    private let started = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)
    private var renders = 0
    private(set) var version = 0
    private var wanted = 1, done = 0
    private var options = Options()
    private var focus = 0
    private var latest: Render?
    private var problems: [Problem] = []
    private var busy = false
    private var served = ServedFiles()
    private var exports: [(format: String, reply: (Result<String, CommandFailure>) -> Void)] = []
    private var stopped = false

    /// A render's cancellation: a newer request arrived.
    private struct Superseded: Error {}

    init(files: [String], options: Options, goldens: String? = nil) {
        self.files = files
        self.goldens = goldens
        self.options = options
        served.used = Set(files.compactMap(ServedFiles.realPath))
    }

    /// Starts the render worker and the watcher of the files in use.
    func start() {
        Thread.detachNewThread { [self] in work() }
        Thread.detachNewThread { [self] in watch() }
    }

    func stop() {
        lock.withLock {
            stopped = true
            lock.broadcast()
        }
    }

    // MARK: What the page reads

    /// The state the page draws, as JSON; `version` rises with every change.
    func state() -> Data {
        lock.withLock {
            var object: [String: Any] = [
                "version": version, "busy": busy || wanted != done, "scenes": files.map { URL(fileURLWithPath: $0).lastPathComponent },
                "options": ["scene": options.scene, "scale": options.scale, "device": options.device ?? "",
                            "variants": options.variants] as [String: Any],
                "devices": Device.allCases.map(\.rawValue),
                "variants": StudioVariants.switches.map { ["name": $0.name, "title": $0.title, "values": $0.values] },
                "problems": problems.map { ["text": $0.text, "file": $0.file ?? "", "line": $0.line, "column": $0.column] },
            ]
            if let render = latest {
                var timeline: Any = NSNull()
                if let t = render.timeline, let data = try? JSONEncoder().encode(t) {
                    timeline = (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
                }
                object["render"] = ["id": render.id, "scene": render.scene, "frameCount": render.frameCount,
                                    "width": render.width, "height": render.height, "scale": render.scale,
                                    "ready": render.ready, "first": render.first, "timeline": timeline,
                                    "check": render.check.map { $0.json as Any } ?? (goldens == nil ? NSNull() : "checking" as Any),
                                    // The frame in view travels with the state until the others follow, so
                                    // the page draws it without asking (a save's latency is mostly round trips).
                                    "preview": render.ready == 0 ? render.frames[render.first].map { Data($0).base64EncodedString() } as Any
                                        : NSNull()] as [String: Any]
            }
            return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        }
    }

    /// Waits until the state is newer than `seen` (or `seconds` pass) and returns its version.
    func waitForChange(after seen: Int, seconds: Double) -> Int {
        lock.withLock {
            let until = Date().addingTimeInterval(seconds)
            while version == seen, !stopped, lock.wait(until: until) {}
            return version
        }
    }

    var isStopped: Bool { lock.withLock { stopped } }

    /// Frame `n` of render `id` as PNG, when it is there.
    func frame(render id: String, _ n: Int) -> [UInt8]? {
        lock.withLock { latest?.id == id ? latest?.frames[n] : nil }
    }

    /// The view tree of render `id` at frame `n`, as `inspect --json` prints it (unindented).
    func tree(render id: String, _ n: Int) -> Data? {
        let tree: ViewSnapshot? = lock.withLock {
            guard latest?.id == id, let trees = latest?.timeline?.trees, trees.indices.contains(n) else { return nil }
            return trees[n]
        }
        return tree.flatMap { try? InspectCommand.json($0, pretty: false) }
    }

    /// The golden frame `n` of render `id` as PNG, when `--check` kept it (a differing frame).
    func golden(render id: String, _ n: Int) -> [UInt8]? {
        lock.withLock { latest?.id == id ? latest?.check?.goldenFrames[n] : nil }
    }

    /// The bytes of the file a request for `/files/PATH` asks for, when the scene in view uses it.
    func usedFile(_ path: String) -> [UInt8]? {
        guard let real = lock.withLock({ served }).file(for: path) else { return nil }
        return FileManager.default.contents(atPath: real).map { [UInt8]($0) }
    }

    // MARK: What the page asks for

    /// New options from the page; a different choice renders again.
    func choose(_ change: (inout Options) -> Void) {
        lock.withLock {
            var next = options
            change(&next)
            guard next != options else { return }
            options = next
            requestRender()
        }
    }

    /// The options chosen now.
    var optionsNow: Options { lock.withLock { options } }

    /// The frame the page shows, rendered first next time.
    func show(frame: Int) { lock.withLock { focus = max(0, frame) } }

    /// Renders the scene in view with the current options to `format` (gif, apng, webp or
    /// frames) in the scene's folder; `reply` gets the path written or what went wrong.
    func export(_ format: String, reply: @escaping (Result<String, CommandFailure>) -> Void) {
        lock.withLock {
            exports.append((format, reply))
            lock.broadcast()
        }
    }

    /// Called with the lock held.
    private func requestRender() {
        wanted += 1
        version += 1
        lock.broadcast()
    }

    // MARK: The worker

    private func work() {
        while true {
            lock.lock()
            while wanted == done, exports.isEmpty, !stopped { lock.wait() }
            if stopped {
                lock.unlock()
                return
            }
            if !exports.isEmpty {
                let job = exports.removeFirst(), chosen = options
                lock.unlock()
                job.reply(Result { try exported(job.format, chosen) }.mapError { $0 as? CommandFailure ?? CommandFailure("\($0)") })
                continue
            }
            let generation = wanted, chosen = options, first = focus
            busy = true
            version += 1
            lock.broadcast()
            lock.unlock()
            renderScene(generation, chosen, first: first)
            lock.withLock {
                if done < generation { done = generation }
                busy = false
                version += 1
                lock.broadcast()
            }
        }
    }

    private func current(_ generation: Int) -> Bool { lock.withLock { wanted == generation && !stopped } }

    /// Loads the scene, renders the frame in view first, then reads the timeline and renders
    /// every frame; a scene with problems keeps the last good render and lists them.
    private func renderScene(_ generation: Int, _ chosen: Options, first: Int) {
        let file = files[chosen.scene]
        var reads: Set<String> = []
        do {
            let (value, paths) = try ReadRoot.recordingReads { () throws -> (RenderArguments, AnimationSource, DemoRun) in
                let screen = try RenderArguments.parse(chosen.arguments)
                let source = AnimationSource.scene(try SceneFile.load(path: file))
                return (screen, source, try screen.start(source, warnings: false))
            }
            reads = paths
            let (screen, source, run) = value
            let look = try screen.validatedLook()
            let shown = min(first, run.frameCount - 1)
            var png: [UInt8] = []
            try DemoPlayer(run: run, scale: look.scale, snapping: look.snapping, showTouches: true)
                .render([shown], parallel: true) { _, pixmap in png = try PNG.encode(pixmap) }
            let made = Render(scene: chosen.scene, frameCount: run.frameCount, size: run.stage.screenSize,
                              scale: chosen.scale, first: shown)
            made.frames[shown] = png
            guard publish(made, generation: generation, reads: reads) else { return }

            let timeline = StudioTimeline.read(try screen.start(source, warnings: false)) { current(generation) }
            guard let timeline else { return }
            lock.withLock {
                made.timeline = timeline
                version += 1
                lock.broadcast()
            }

            var told = Date()
            try DemoPlayer(run: try screen.start(source, warnings: false), scale: look.scale, snapping: look.snapping,
                           showTouches: true).render(Array(0..<run.frameCount), parallel: true) { i, pixmap in
                guard current(generation) else { throw Superseded() }
                let png = try PNG.encode(pixmap)
                lock.withLock {
                    made.frames[i] = png
                    made.ready = i + 1
                    // The page hears of progress ten times a second, and of the last frame at once.
                    if i == run.frameCount - 1 || Date().timeIntervalSince(told) > 0.1 {
                        told = Date()
                        version += 1
                        lock.broadcast()
                    }
                }
            }
            guard let goldens, current(generation) else { return }
            let check = StudioCheck.run(try screen.start(source, warnings: false), scene: source.name, screen: screen,
                                        orientation: try screen.orientation(of: source), goldens: goldens)
            lock.withLock {
                made.check = check
                version += 1
                lock.broadcast()
            }
        } catch is Superseded {
            return
        } catch {
            let found: [Problem]
            switch error {
            case let problems as SceneProblems:
                found = problems.problems.map { Problem(text: $0.description, file: $0.file, line: $0.line, column: $0.column) }
            default:
                let text = (error as? CommandFailure)?.description ?? "\(error)"
                found = text.split(separator: "\n").map { line in
                    let place = line.split(separator: ":", maxSplits: 3).map(String.init)
                    if place.count == 4, let l = Int(place[1]), let c = Int(place[2]) {
                        return Problem(text: String(line), file: place[0], line: l, column: c)
                    }
                    return Problem(text: String(line), file: nil, line: 0, column: 0)
                }
            }
            lock.withLock {
                guard wanted == generation else { return }
                problems = found
                served.used.formUnion(reads)
                version += 1
                lock.broadcast()
            }
        }
    }

    /// Makes `made` the render shown (when no newer request came meanwhile).
    private func publish(_ made: Render, generation: Int, reads: Set<String>) -> Bool {
        lock.withLock {
            guard wanted == generation, !stopped else { return false }
            renders += 1
            made.id = "\(started)-\(renders)"
            latest = made
            problems = []
            served.used = Set(files.compactMap(ServedFiles.realPath)).union(reads)
            version += 1
            lock.broadcast()
            return true
        }
    }

    private func exported(_ format: String, _ chosen: Options) throws -> String {
        let file = files[chosen.scene]
        let screen = try RenderArguments.parse(chosen.arguments)
        let source = try AnimationSource(file)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let path = folder + "/" + source.name + (format == "frames" ? "-frames" : "." + format)
        guard let output = RenderOutput(path: path, format: format), ["gif", "apng", "webp", "frames"].contains(format) else {
            throw CommandFailure(format, "export writes gif, apng, webp or frames")
        }
        let run = try screen.start(source, warnings: false)
        do {
            try render(run, to: output, options: try screen.renderOptions(for: run))
        } catch let failure as RenderFailure {
            throw CommandFailure(failure.input, failure.problem)
        }
        return path
    }

    // MARK: Watching

    /// Looks at the files in use every 10 ms (their size, time and inode, so a save that
    /// replaces the file counts) and renders again when any changed, appeared or went.
    private func watch() {
        var seen: [String: [Int]] = [:]
        while !isStopped {
            let files = lock.withLock { served.used }
            var now: [String: [Int]] = [:]
            for path in files {
                var info = stat()
                now[path] = stat(path, &info) == 0
                    ? [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)] : []
            }
            let changed = now.contains { path, mark in seen[path].map { $0 != mark } ?? false }
            seen = now
            if changed { lock.withLock { requestRender() } }
            usleep(10_000)
        }
    }
}
