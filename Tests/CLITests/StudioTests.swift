import Foundation
import Glibc
import GoldenTesting
import Testing

/// `popping-render studio` running for a test: the like scene copied into a scratch folder (or
/// the scene `name` in the folder given), the server on a free loopback port, stopped with Ctrl-C
/// (SIGINT) at the end.
final class StudioProcess {
    let folder: String
    let process = Process()
    let port: Int
    let name: String
    /// What the studio printed on starting (the URL, and a busy port's notice).
    let greeting: String
    var url: String { "http://127.0.0.1:\(port)/" }
    var scene: String { folder + "/" + name }

    init(port wanted: Int = 0, folder given: String? = nil, scene name: String = "like.yaml", options: [String] = []) throws {
        self.name = name
        if let given {
            folder = given
        } else {
            folder = try scratchFolder("studio")
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Examples/Scenes").path
            try FileManager.default.copyItem(atPath: examples + "/like.yaml", toPath: folder + "/like.yaml")
            try FileManager.default.copyItem(atPath: examples + "/art", toPath: folder + "/art")
        }
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("popping-render")
        process.arguments = ["studio", name, "--port", String(wanted), "--scale", "1"] + options
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The studio prints its URL once it listens; an empty read means it exited.
        var text = ""
        while !text.contains("studio: http") || !text.hasSuffix("\n") {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        greeting = text
        guard let found = text.firstRange(of: "127.0.0.1:"), let p = Int(text[found.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw HeadlessChromium.Failure(description: "the studio printed \(text.debugDescription)")
        }
        port = p
    }

    /// Ctrl-C; returns how the process ended.
    func interrupt() -> (reason: Process.TerminationReason, status: Int32) {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    deinit {
        _ = interrupt()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Replaces the scene's text by `edit(text)` the way editors save: a new file renamed over it.
    func save(_ edit: (String) -> String) throws {
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text, "the edit changed nothing")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: scene), options: .atomic)
    }

    /// The status code the server answers a raw request line with (sent as written, never
    /// normalised as a browser or URL type would).
    func status(of requestLine: String) throws -> Int {
        guard let fd = LoopbackConnection.open(port: port) else { return -1 }
        defer { close(fd) }
        let request = Array("\(requestLine) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply = [UInt8](repeating: 0, count: 64)
        let n = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        let line = String(decoding: reply[..<max(0, n)], as: UTF8.self)
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
    }
}

/// The studio's server without a browser: it serves only what the scene uses, moves off a busy
/// port and stops on Ctrl-C.
@Suite struct StudioServerTests {
    @Test func theServerRefusesDotDotPathsAndEveryFileTheSceneDoesNotUse() throws {
        let studio = try StudioProcess()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: studio.folder + "/notes.txt"))
        for refused in ["GET /../etc/passwd", "GET /files/../../etc/passwd", "GET /files/%2e%2e/%2e%2e/etc/passwd",
                        "GET /files//etc/passwd", "GET /files/notes.txt", "GET /files/art/../notes.txt",
                        "GET /files/\(studio.folder)/notes.txt", "GET /files/art", "GET /files/art/nothing.svg"] {
            let status = try studio.status(of: refused)
            #expect(status == 403, "\(refused) was answered \(status)")
        }
        #expect(try studio.status(of: "GET /files/like.yaml") == 200)
        #expect(try studio.status(of: "GET /files/\(studio.folder)/like.yaml") == 200)
        // An image the scene draws is one of its files, once the first render has read it.
        var status = 0
        for _ in 0..<600 where status != 200 {
            status = try studio.status(of: "GET /files/art/heart.svg")
            usleep(50_000)
        }
        #expect(status == 200)
        #expect(try studio.status(of: "GET /nothing") == 404)
        #expect(try studio.status(of: "DELETE /") == 405)
    }

    @Test func aBusyPortMovesToTheNextFreeOneAndSaysSo() throws {
        let first = try StudioProcess()
        let second = try StudioProcess(port: first.port)
        #expect(second.port != first.port)
        #expect(second.greeting.contains("port \(first.port) is busy; using \(second.port)"))
    }

    @Test func ctrlCStopsTheStudioAndClosesItsPort() throws {
        let studio = try StudioProcess()
        #expect(try studio.status(of: "GET /state") == 200)
        let end = studio.interrupt()
        #expect(end.reason == .uncaughtSignal && end.status == SIGINT)
        #expect(try studio.status(of: "GET /state") == -1)
    }

    @Test(arguments: [
        (["studio"], "popping-render: Missing expected argument"),
        (["studio", "nothing.yaml"], "popping-render: nothing.yaml: no such file"),
        (["studio", "owl"], "popping-render: owl: not a scene file"),
        (["studio", "x.yaml", "--port", "70000"], "popping-render: --port 70000: must be 0...65535"),
        (["studio", "x.yaml", "--scale", "4"], "popping-render: --scale 4: must be 1, 2 or 3"),
    ])
    func badArgumentsGiveOneLineAndStatus2(arguments: [String], message: String) throws {
        let r = try popping(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }
}

/// The studio's page as a person uses it, in headless Chromium: it shows the first frame, redraws
/// on a save without navigating, lists problems with their places, opens at a media fragment's
/// moment and names the view under the pointer. Each step waits for the page to report the state
/// it needs (`window.studio`), never for a time.
@Suite(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct StudioBrowserTests {
    @Test func thePageLoadsAndShowsTheFirstFrame() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium()
        try browser.open(studio)
        #expect(try browser.pixel(20, 100) == [0x9A, 0xD1, 0xF5], "the photo's sky")
        #expect(try browser.evaluate("document.getElementById('frame-number').textContent") as? String == "frame 0 / 299")
        // The timeline names the script's steps and the animations.
        try browser.waitUntil("document.querySelectorAll('#timeline .bar').length > 0")
        let bars = try browser.evaluate("[...document.querySelectorAll('#timeline .bar')].map(b => b.textContent)") as? [String] ?? []
        #expect(bars.contains("tap likeButton") && bars.contains("heartPop") && bars.contains("wait 0.6 s"), "\(bars)")
    }

    @Test func aSaveRedrawsTheChangedFrameWithoutANavigation() throws {
        try StudioPageChecks.aSaveRedrawsWithoutANavigation(in: try HeadlessChromium(), "chromium")
    }

    @Test func aStillPointerNamesTheViewUnderItOnceTheTreesArrive() throws {
        try StudioPageChecks.aStillPointerNamesTheViewUnderIt(in: try HeadlessChromium(), "chromium")
    }

    /// The last proof, as a person does it: a scene from `popping-render new`, written in
    /// the studio one save at a time (a view, a colour, an animation, a mistake and its fix), each
    /// change shown in the same page without a navigation and without the terminal.
    @Test func aNewSceneEditedSaveBySaveShowsEveryChangeInPlace() throws {
        let folder = try scratchFolder("studio-new")
        let made = try popping(["new", folder + "/orbit"])
        #expect(made.status == 0, "\(made.stderr)")
        let studio = try StudioProcess(folder: folder, scene: "orbit.yaml")
        let browser = try HeadlessChromium()
        try browser.open(studio)
        _ = try browser.evaluate("window.marker = 'still here'")
        /// Saves `edit` and waits for the page to paint `frame` of the render it caused.
        func save(_ edit: @escaping (String) -> String, showing frame: Int = 0) throws {
            let before = try browser.evaluate("studio.painted.render") as? String ?? ""
            try studio.save(edit)
            try browser.waitUntil("studio.painted.render !== '\(before)' && studio.painted.frame === \(frame) && studio.state.problems.length === 0")
        }
        let orange = [0xF3, 0x9C, 0x12], purple = [0x8E, 0x44, 0xAD]
        // A view.
        try save { $0.replacingOccurrences(of: "views:\n", with: """
            views:
              - view: planet
                frame: [40, 120, 60, 60]
                backgroundColor: "#F39C12"
                cornerRadius: 30

            """) }
        #expect(try browser.pixel(70, 150) == orange)
        // A colour: the button's, at a point of its fill left of its title.
        try browser.waitUntil("studio.state.render.timeline")
        let button = try browser.evaluate("tree(0).then(root => find(root, 'button').frame)") as? [Any] ?? []
        let frame = button.compactMap { ($0 as? NSNumber)?.intValue }
        try #require(frame.count == 4)
        let fill = (frame[0] + 8, frame[1] + frame[3] / 2)
        #expect(try browser.pixel(fill.0, fill.1) == [0x34, 0x98, 0xDB])
        try save { $0.replacingOccurrences(of: "backgroundColor: \"#3498DB\"", with: "backgroundColor: \"#8E44AD\"") }
        #expect(try browser.pixel(fill.0, fill.1) == purple)
        // An animation, run when the screen loads: the planet ends on the right.
        try save { $0.replacingOccurrences(of: "animations:\n", with: """
            animations:
              orbit: {type: spring, view: planet, property: center, toValue: [270, 150], springBounciness: 12}

            """).replacingOccurrences(of: "on:\n", with: "on:\n  screen.load: [run: orbit]\n") }
        try browser.waitUntil("[...document.querySelectorAll('#timeline .bar')].some(b => b.textContent === 'orbit')")
        let last = try browser.evaluate("studio.state.render.frameCount - 1") as? Int ?? 0
        _ = try browser.evaluate("location.hash = '#frame=\(last)'")
        try browser.waitUntil("studio.painted.frame === \(last)")
        #expect(try browser.pixel(270, 150) == orange)
        #expect(try browser.pixel(70, 150) != orange)
        // A mistake: listed with its place, the last good frames kept; then fixed.
        try studio.save { $0.replacingOccurrences(of: "cornerRadius: 30", with: "cornerRadius: round") }
        try browser.waitUntil("document.getElementById('problem-list').textContent.includes(\"found 'round'\")")
        let problems = try browser.evaluate("[...document.querySelectorAll('#problem-list li')].map(l => l.textContent)") as? [String] ?? []
        #expect(problems.count == 1 && problems.first?.hasPrefix("orbit.yaml:") == true, "\(problems)")
        #expect(try browser.pixel(270, 150) == orange, "the last good frame is kept")
        try save({ $0.replacingOccurrences(of: "cornerRadius: round", with: "cornerRadius: 30") }, showing: last)
        #expect(try browser.evaluate("document.getElementById('problems').hidden") as? Bool == true)
        #expect(try browser.evaluate("window.marker") as? String == "still here", "the page navigated")
    }

    @Test func anInvalidEditListsItsProblemAsFileLineColumnAndKeepsTheLastGoodFrame() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium()
        try browser.open(studio)
        try studio.save { $0.replacingOccurrences(of: "cornerRadius: 35", with: "cornerRadius: big") }
        try browser.waitUntil("document.getElementById('problem-list').textContent.includes('like.yaml:')")
        let problems = try browser.evaluate("[...document.querySelectorAll('#problem-list li')].map(l => l.textContent)") as? [String] ?? []
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("like.yaml:14:") == true, "\(problems)")
        #expect(try browser.pixel(20, 100) == [0x9A, 0xD1, 0xF5], "the last good frame is kept")
        // Clicking the problem shows its line of the file.
        _ = try browser.evaluate("document.querySelector('#problem-list button').click(); true")
        try browser.waitUntil("document.querySelector('#source .here')")
        let line = try browser.evaluate("document.querySelector('#source .here').textContent") as? String ?? ""
        #expect(line.contains("14") && line.contains("cornerRadius: big"), "\(line)")
        // Fixing it clears the list and draws again.
        try studio.save { $0.replacingOccurrences(of: "cornerRadius: big", with: "cornerRadius: 35") }
        try browser.waitUntil("document.getElementById('problems').hidden")
    }

    @Test func aTimeFragmentOpensAtItsFrame() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium()
        try browser.open(studio, fragment: "#t=1.2", frame: 72)
        #expect(try browser.evaluate("document.getElementById('frame-number').textContent") as? String == "frame 72 / 299")
        #expect(try browser.evaluate("document.getElementById('time').textContent") as? String == "1.20 s")
        // Stepping a frame moves the fragment with it, so a link points at the frame shown.
        _ = try browser.evaluate("document.getElementById('forward').click(); true")
        try browser.waitUntil("location.hash === '#t=1.217'")
        // A new page (a fragment alone would only scroll the one open) opened at a frame index.
        try browser.open("about:blank")
        try browser.open(studio, fragment: "#frame=200", frame: 200)
    }

    @Test func aVariantSwitchRendersInPlaceAndExportSaysWhereItWrote() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium()
        try browser.open(studio)
        // Below the caption the screen shows the scene's background: systemBackground.
        #expect(try browser.pixel(200, 620) == [255, 255, 255])
        let switches = try browser.evaluate("[...document.querySelectorAll('#variants select')].map(s => s.dataset.variant)") as? [String]
        #expect(switches == ["appearance", "content-size", "layout-direction"])
        let before = try browser.evaluate("studio.painted.render") as? String ?? ""
        _ = try browser.evaluate("""
            (s => { s.value = 'dark'; s.dispatchEvent(new Event('change')); return true; })(document.getElementById('variant-appearance'))
            """)
        try browser.waitUntil("studio.painted.render !== '\(before)' && studio.painted.frame === 0")
        #expect(try browser.pixel(200, 620) == [0, 0, 0])

        _ = try browser.evaluate("document.querySelector('.export button[data-format=gif]').click(); true")
        try browser.waitUntil("document.getElementById('status').textContent.startsWith('wrote ')")
        let status = try browser.evaluate("document.getElementById('status').textContent") as? String ?? ""
        #expect(status.hasSuffix("/like.gif"), "\(status)")
        let gif = try Data(contentsOf: URL(fileURLWithPath: studio.folder + "/like.gif"))
        #expect(gif.starts(with: Data("GIF89a".utf8)))
    }

    @Test func theHeaderKeepsEverySwitchAndExportOnOneRowInA1280PixelWindow() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium(width: 1280, height: 960)
        try browser.open(studio)
        try browser.waitUntil("document.querySelectorAll('#variants select').length === 3")
        let titles = try browser.evaluate("[...document.querySelectorAll('#variants label')].map(l => l.firstChild.textContent.trim())") as? [String]
        #expect(titles == ["Appearance", "Content size", "Direction"])
        // Every visible item of the header starts on the first row (a second row starts a control's
        // height, over 20 px, lower): nothing wrapped.
        let spread = try browser.evaluate("""
            (tops => Math.max(...tops) - Math.min(...tops))([...document.querySelectorAll('header > *')]
              .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().top))
            """) as? Double
        #expect(spread.map { $0 < 20 } == true, "\(String(describing: spread))")
    }

    @Test func checkShowsTheFramesThatDifferFromTheGoldensAndTheGoldenBesideThem() throws {
        let folder = try scratchFolder("studio-check")
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Scenes").path
        try FileManager.default.copyItem(atPath: examples + "/like.yaml", toPath: folder + "/like.yaml")
        try FileManager.default.copyItem(atPath: examples + "/art", toPath: folder + "/art")
        let recorded = try popping(["check", folder + "/like.yaml", "--goldens", folder + "/goldens", "--update", "--scale", "1", "--quiet"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let studio = try StudioProcess(folder: folder, options: ["--check", "goldens"])
        let browser = try HeadlessChromium()
        try browser.open(studio)
        try browser.waitUntil("document.getElementById('check-summary').textContent.includes('frames match')")
        // The sun moves: every frame differs where it was and where it is.
        try studio.save { $0.replacingOccurrences(of: "frame: [255, 60, 70, 70]", with: "frame: [200, 60, 70, 70]") }
        try browser.waitUntil("document.getElementById('check-summary').textContent.includes('differ')")
        #expect(try browser.evaluate("document.querySelectorAll('#timeline .differs').length") as? Int == 1)
        let kept = try browser.evaluate("(n => { location.hash = '#frame=' + n; return n; })(studio.state.render.check.goldens[0])") as? Int ?? -1
        try browser.waitUntil("studio.goldenDiff && studio.goldenDiff.frame === \(kept)")
        let pixels = try browser.evaluate("studio.goldenDiff.pixels") as? Int ?? 0
        #expect(pixels > 2000, "\(pixels) differing pixels shown")
    }

    @Test func hoveringAPointNamesTheViewUnderIt() throws {
        let studio = try StudioProcess()
        let browser = try HeadlessChromium()
        try browser.open(studio)
        try browser.waitUntil("studio.state.render.timeline")
        let corner = try browser.evaluate("(r => [r.left, r.top])(document.getElementById('frame').getBoundingClientRect())") as? [Double] ?? [0, 0]
        func hover(_ x: Double, _ y: Double, names id: String) throws {
            try browser.moveMouse(x: corner[0] + x, y: corner[1] + y)
            try browser.waitUntil("document.getElementById('view-id').textContent === '\(id)'")
        }
        // The sun's centre: (255 + 35, 64 + 60 + 35) in window points.
        try hover(290, 159, names: "sun")
        #expect(try browser.evaluate("document.getElementById('view-frame').textContent") as? String == "[255, 124, 70, 70]")
        #expect(try browser.evaluate("document.getElementById('view-kind').textContent") as? String == "view")
        #expect(try browser.evaluate("!document.getElementById('outline').hidden") as? Bool == true)
        // The filled heart lies on top but is transparent at frame 0: the outline heart is the one seen.
        try hover(30, 469, names: "outlineHeart")
        #expect(try browser.evaluate("document.getElementById('view-alpha').textContent") as? String == "1")
    }
}
