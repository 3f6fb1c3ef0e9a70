import Foundation
import Glibc

/// Debian's headless browser, where installed.
let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by NUL, the browser reading fd 3 and writing fd 4). A test opens a page,
/// then waits for the state it needs (a page script's flag, a title) by asking the page itself,
/// however long a loaded machine takes to get there; nothing depends on a time budget. The only
/// clock is a hang guard of `patience` seconds, which fails the test instead of blocking it.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: String
    private let patience: Double
    private var nextID = 0
    private var received: [UInt8] = []
    private var events: [[String: Any]] = []
    private var session: String?
    private var exited = false

    /// Starts the browser with a fresh profile and a `width`×`height` viewport.
    init(width: Int = 1200, height: Int = 900, patience: Double = 300) throws {
        guard let path = chromium else { throw Failure(description: "chromium is not installed (.ci/run installs it)") }
        self.patience = patience
        profile = NSTemporaryDirectory() + "popping-chromium-\(UUID().uuidString)"
        var toPipe: [Int32] = [0, 0], fromPipe: [Int32] = [0, 0]
        guard pipe(&toPipe) == 0, pipe(&fromPipe) == 0 else { throw Failure(description: "cannot make pipes") }
        for fd in toPipe + fromPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The child's ends are first moved above 3 and 4, so dup2 never maps an fd onto itself
        // (which would keep close-on-exec set).
        let childIn = fcntl(toPipe[0], F_DUPFD_CLOEXEC, 10), childOut = fcntl(fromPipe[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(toPipe[0])
        Glibc.close(fromPipe[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--user-data-dir=\(profile)", "--window-size=\(width),\(height)", "--no-first-run",
                         "--hide-scrollbars", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        Glibc.close(childIn)
        Glibc.close(childOut)
        guard spawned == 0 else {
            Glibc.close(toPipe[1])
            Glibc.close(fromPipe[0])
            throw Failure(description: "cannot start \(path) (\(String(cString: strerror(spawned))))")
        }
        pid = child
        toBrowser = toPipe[1]
        fromBrowser = fromPipe[0]
        signal(SIGPIPE, SIG_IGN)
        do {
            _ = try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false],
                         in: try attachToPage())
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Ends the browser and removes its profile.
    func close() {
        guard !exited else { return }
        exited = true
        _ = try? send("Browser.close", [:], session: nil)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        // Browser.close ends it promptly; a browser that ignores it is killed.
        for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(50_000) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Opens `url` in the page and returns once its load event has fired.
    func open(_ url: String) throws {
        let page = try attachToPage()
        _ = try call("Page.enable", [:], in: page)
        events.removeAll()
        _ = try call("Page.navigate", ["url": url], in: page)
        _ = try event("Page.loadEventFired", in: page)
    }

    /// Evaluates a JavaScript expression in the page (awaiting it when it is a promise) and
    /// returns its value as JSON gives it.
    func evaluate(_ expression: String) throws -> Any? {
        let reply = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                             in: try attachToPage())
        if let exception = reply["exceptionDetails"] as? [String: Any] {
            throw Failure(description: "the page threw: \((exception["exception"] as? [String: Any])?["description"] ?? exception)")
        }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// Moves the mouse pointer to (`x`, `y`) in the viewport's CSS pixels, as a person's would.
    func moveMouse(x: Double, y: Double) throws {
        _ = try call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], in: try attachToPage())
    }

    /// The page's DOM as HTML.
    func dom() throws -> String { try evaluate("document.documentElement.outerHTML") as? String ?? "" }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        let reply = try call("Page.captureScreenshot", ["format": "png"], in: try attachToPage())
        guard let text = reply["data"] as? String, let png = Data(base64Encoded: text) else {
            throw Failure(description: "Chromium sent no screenshot")
        }
        return png
    }

    /// The session of the browser's page, attached on first use.
    private func attachToPage() throws -> String {
        if let session { return session }
        let targets = try call("Target.getTargets", [:], in: nil)["targetInfos"] as? [[String: Any]] ?? []
        let page: String
        if let existing = targets.first(where: { $0["type"] as? String == "page" })?["targetId"] as? String {
            page = existing
        } else {
            guard let made = try call("Target.createTarget", ["url": "about:blank"], in: nil)["targetId"] as? String else {
                throw Failure(description: "Chromium made no page")
            }
            page = made
        }
        guard let id = try call("Target.attachToTarget", ["targetId": page, "flatten": true], in: nil)["sessionId"] as? String else {
            throw Failure(description: "Chromium did not attach to its page")
        }
        session = id
        return id
    }

    private func send(_ method: String, _ params: [String: Any], session: String?) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "Chromium closed its pipe") }
            sent += n
        }
        return nextID
    }

    /// Sends a command and returns its result, keeping the events that arrive meanwhile.
    private func call(_ method: String, _ params: [String: Any], in session: String?) throws -> [String: Any] {
        let id = try send(method, params, session: session)
        while true {
            let message = try nextMessage()
            guard message["id"] as? Int == id else {
                if message["method"] != nil { events.append(message) }
                continue
            }
            if let error = message["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] ?? error)")
            }
            return message["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the event `method` in `session`.
    private func event(_ method: String, in session: String) throws -> [String: Any] {
        while true {
            if let i = events.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
                return events.remove(at: i)
            }
            let message = try nextMessage()
            if message["method"] != nil { events.append(message) }
        }
    }

    /// The next message from the browser; throws if none comes within `patience` seconds.
    private func nextMessage() throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            if let end = received.firstIndex(of: 0) {
                let bytes = Data(received[..<end])
                received.removeSubrange(...end)
                return (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "Chromium sent nothing for \(Int(patience)) s (hung)") }
            var ready = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, 1) * 1000))
            if polled < 0 && errno != EINTR { throw Failure(description: "cannot read Chromium's pipe") }
            guard polled > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "Chromium exited") }
            received += chunk[..<n]
        }
    }
}
