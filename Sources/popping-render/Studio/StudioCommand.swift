import ArgumentParser
import Codecs
import Foundation
import PoppingRender
import SceneFile
import StudioHTTP

/// `popping-render studio SCENE.yaml [MORE.yaml…]`: a live preview in the browser. A server on
/// 127.0.0.1 serves one page that plays the scene, scrubs it on a timeline of its script and
/// animations, inspects the view under the pointer, lists the scene's problems and redraws on
/// every save of the scene or a file it uses, without reloading.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Live preview in the browser: redraws on every save, with a timeline, an inspector and inline errors.",
        discussion: """
            Serves one page on 127.0.0.1 (the URL is printed; a busy port gives the next free one). The page plays \
            the scene (space, arrow keys, speed, loop; #t=SECONDS or #frame=N in the URL opens at that moment), shows \
            the script's steps and each animation as bars, outlines the view under the pointer with its id, kind, \
            frame and alpha, and exports GIF, APNG, WebP or frames beside the scene. Saving the scene, or an image or \
            font it uses, redraws the page; a scene with problems keeps its last good frames and lists every problem \
            as FILE:LINE:COLUMN: message. With --check GOLDENS the page also marks the frames that differ from the \
            scene's goldens and shows the golden beside them. Only the files the scene uses are served. Ctrl-C stops it.
            """)

    @Argument(help: "Scene files (.yaml, .yml, .json); the page switches between them.")
    var scenes: [String]

    @Option(help: "The port to listen on (the next free one when it is busy; 0: any free port).")
    var port = 4848

    @Option(help: "Device pixels per point the page starts with: 1, 2 or 3 (the page's chooser changes it).")
    var scale = 2

    @Option(help: ArgumentHelp("Show the scene's differences from the goldens in this folder (as `check --goldens`), live.",
                               valueName: "GOLDENS"))
    var check: String?

    @Flag(help: "Open the page in the desktop's browser (xdg-open).")
    var open = false

    @OptionGroup var read: ReadArguments

    func run() throws {
        guard [1, 2, 3].contains(scale) else { throw CommandFailure("--scale \(scale)", "must be 1, 2 or 3") }
        guard (0...65535).contains(port) else { throw CommandFailure("--port \(port)", "must be 0...65535") }
        for scene in scenes {
            guard SceneFile.isSceneFile(scene) else { throw CommandFailure(scene, "not a scene file (.yaml, .yml or .json)") }
            guard FileManager.default.isReadableFile(atPath: scene) else { throw CommandFailure(scene, "no such file") }
        }
        let server: LoopbackServer
        do { server = try LoopbackServer(preferred: port) } catch let failure as LoopbackServer.StartFailure {
            throw CommandFailure("--port \(port)", failure.description)
        }
        if let check {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: check, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure("--check \(check)", "no such goldens folder (record goldens with popping-render check --update)")
            }
        }
        var options = StudioSession.Options()
        options.scale = scale
        let session = StudioSession(files: scenes, options: options, goldens: check)
        // Ctrl-C (and SIGTERM, SIGHUP) stop listening and end streams, then end the process as
        // every command does; an export in flight leaves no half-written file. Registered before
        // any thread starts: the threads inherit the signal mask that lets the handler hear them.
        _ = InterruptCleanup.add {
            server.stop()
            session.stop()
            FileHandle.standardError.write(Data("popping-render: studio stopped\n".utf8))
        }
        session.start()
        let routes = StudioRoutes(session: session)
        server.serve { routes.answer($0) }
        let url = "http://127.0.0.1:\(server.port)/"
        var lines = port != 0 && server.port != port ? ["port \(port) is busy; using \(server.port)"] : []
        lines.append("studio: \(url) (Ctrl-C stops it)")
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        if open { Self.openBrowser(url) }
        while true { sleep(3600) }
    }

    /// Hands `url` to the desktop's browser; says so when there is none to hand it to.
    static func openBrowser(_ url: String) {
        let opener = ["/usr/bin/xdg-open", "/usr/bin/open"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let opener else {
            FileHandle.standardError.write(Data("popping-render: --open: no xdg-open here; open \(url) in a browser\n".utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// The variant switches the page shows: the command-line options (without `--`) that re-render
/// a scene in another setting, the switch's title in the header, and the option's values. Only
/// variants the renderer has are listed.
enum StudioVariants {
    static let switches: [(name: String, title: String, values: [String])] = [
        ("appearance", "Appearance", UserInterfaceStyle.allCases.map(\.rawValue)),
        ("content-size", "Content size", ContentSizeCategory.allCases.map(\.rawValue)),
        ("layout-direction", "Direction", LayoutDirection.allCases.map(\.rawValue)),
    ]
}

/// What each address of the studio's server answers.
struct StudioRoutes: Sendable {
    let session: StudioSession

    func answer(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let q = request.query
        switch (request.method, request.path) {
        case ("GET", "/"): return page(StudioPage.html, "text/html")
        case ("GET", "/studio.js"): return page(StudioPage.script, "text/javascript")
        case ("GET", "/studio.css"): return page(StudioPage.css, "text/css")
        case ("GET", "/state"): return .json(session.state())
        case ("GET", "/events"): return .events(stream)
        case ("GET", "/frame"):
            guard let id = q["render"], let n = q["n"].flatMap({ Int($0) }), let png = session.frame(render: id, n) else {
                return .text(404, "no such frame")
            }
            return .body(status: 200, type: "image/png", bytes: png, cache: true)
        case ("GET", "/golden"):
            guard let id = q["render"], let n = q["n"].flatMap({ Int($0) }), let png = session.golden(render: id, n) else {
                return .text(404, "no golden kept for this frame")
            }
            return .body(status: 200, type: "image/png", bytes: png, cache: true)
        case ("GET", "/tree"):
            guard let id = q["render"], let n = q["n"].flatMap({ Int($0) }), let tree = session.tree(render: id, n) else {
                return .text(404, "no such frame")
            }
            return .json(tree)
        case ("GET", _) where request.path.hasPrefix(ServedFiles.prefix):
            guard let bytes = session.usedFile(request.path) else {
                return .text(403, "refused: the scene does not use this file")
            }
            return .body(status: 200, type: "text/plain; charset=utf-8", bytes: bytes)
        case ("POST", "/options"): return choose(q)
        case ("POST", "/focus"):
            guard let n = q["frame"].flatMap({ Int($0) }) else { return .text(400, "focus?frame=N") }
            session.show(frame: n)
            return .json(Data("{}".utf8))
        case ("POST", "/export"): return export(q["format"] ?? "")
        case (_, "/"), (_, "/state"), (_, "/events"), (_, "/options"), (_, "/focus"), (_, "/export"):
            return .text(405, "wrong method")
        default: return .text(404, "not found")
        }
    }

    private func page(_ text: String, _ type: String) -> LoopbackServer.Reply {
        .body(status: 200, type: type + "; charset=utf-8", bytes: Array(text.utf8))
    }

    /// Server-sent events: the state now, then again whenever it changes (a comment every 15 s
    /// keeps the stream open and notices a client that went).
    private func stream(_ send: (String) -> Bool) {
        var seen = -1
        while !session.isStopped {
            let now = session.waitForChange(after: seen, seconds: 15)
            if now == seen {
                guard send(": keep-alive\n\n") else { return }
                continue
            }
            seen = now
            guard send("data: " + String(decoding: session.state(), as: UTF8.self) + "\n\n") else { return }
        }
    }

    private func choose(_ q: [String: String]) -> LoopbackServer.Reply {
        var options = session.optionsNow
        if let text = q["scene"] {
            guard let i = Int(text), session.files.indices.contains(i) else { return .text(400, "scene: no such scene") }
            options.scene = i
        }
        if let text = q["scale"] {
            guard let s = Int(text), [1, 2, 3].contains(s) else { return .text(400, "scale: 1, 2 or 3") }
            options.scale = s
        }
        if let name = q["device"] {
            guard name.isEmpty || Device(rawValue: name) != nil else { return .text(400, "device: unknown device") }
            options.device = name.isEmpty ? nil : name
        }
        for (name, _, values) in StudioVariants.switches {
            guard let value = q[name] else { continue }
            guard value.isEmpty || values.contains(value) else { return .text(400, "\(name): \(values.joined(separator: " or "))") }
            options.variants[name] = value.isEmpty ? nil : value
        }
        session.choose { $0 = options }
        return .json(Data("{}".utf8))
    }

    private func export(_ format: String) -> LoopbackServer.Reply {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<String, CommandFailure>?
        session.export(format) { result in
            outcome = result
            done.signal()
        }
        done.wait()
        let object: [String: String]
        switch outcome! {
        case let .success(path): object = ["path": path]
        case let .failure(failure): object = ["error": failure.description]
        }
        return .json((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }
}
