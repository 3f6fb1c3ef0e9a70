import Foundation
import Glibc

/// A browser page a test drives the way a person uses it: open an address, ask the page for a
/// value, wait for a state the page reports, move the pointer, look at the viewport. Headless
/// Chromium (DevTools protocol), Firefox ESR (WebDriver BiDi) and WebKitGTK's MiniBrowser
/// (WebDriver) each answer it, so one test body checks the studio in all three.
protocol BrowserPage: AnyObject {
    /// Opens `url` and returns once its load event has fired.
    func open(_ url: String) throws
    /// The value of the JavaScript expression `expression` (awaited when it is a promise), as
    /// JSON gives it.
    func evaluate(_ expression: String) throws -> Any?
    /// Returns once the JavaScript `condition` holds in the page.
    func waitUntil(_ condition: String) throws
    /// Moves the pointer to (`x`, `y`) in the viewport's CSS pixels.
    func moveMouse(x: Double, y: Double) throws
    /// A PNG of the viewport.
    func screenshot() throws -> Data
}

extension HeadlessChromium: BrowserPage {}

extension BrowserPage {
    /// Returns once `condition` holds, checked after each of the page's tasks (a promise that
    /// settles when it does).
    func waitUntil(_ condition: String) throws {
        _ = try evaluate("""
            new Promise(resolve => { const check = () => (\(condition)) ? resolve(true) : setTimeout(check, 10); check(); })
            """)
    }
}

/// Firefox ESR (Debian's `firefox-esr`), where installed.
let firefox = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// WebKitGTK's WebDriver server and its browser (Debian's `webkit2gtk-driver`) and the X server
/// it draws on (`xvfb`), where installed.
let webKit: (driver: String, browser: String, xvfb: String)? = {
    let browser = ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                   "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser"]
    guard let found = browser.first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/WebKitWebDriver"),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { return nil }
    return ("/usr/bin/WebKitWebDriver", found, "/usr/bin/Xvfb")
}()

/// A program a test started, in a process group of its own so that ending it ends the
/// processes it started too (a browser's content processes).
final class ChildGroup {
    let pid: pid_t
    private var ended = false

    /// Starts `arguments[0]` with its output discarded; `keep` holds descriptors it inherits.
    init(_ arguments: [String], environment: [String: String] = [:], keep: [Int32] = []) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in keep { _ = fcntl(fd, F_SETFD, 0) }
        defer { for fd in keep { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw HeadlessChromium.Failure(description: "cannot start \(arguments[0]) (\(String(cString: strerror(spawned))))")
        }
        pid = child
    }

    /// Whether the program is still running.
    var isRunning: Bool {
        guard !ended else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { ended = true }
        return !ended
    }

    /// Waits up to `grace` seconds for the program to end by itself, then kills its group.
    func end(grace: Double = 5) {
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { usleep(50_000) }
        kill(-pid, SIGKILL)
        if isRunning {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            ended = true
        }
    }

    deinit { end(grace: 0) }
}

/// A TCP connection to a loopback port, read with a hang guard.
final class LoopbackConnection {
    /// A socket connected to 127.0.0.1:`port`, or nil while nothing listens there.
    static func open(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private let fd: Int32
    private var buffered: [UInt8] = []
    let patience: Double

    /// Connects to 127.0.0.1:`port`; nil while nothing listens there.
    init?(port: Int, patience: Double) {
        guard let fd = Self.open(port: port) else { return nil }
        self.fd = fd
        self.patience = patience
    }

    deinit { close(fd) }

    /// A loopback port nothing listens on at the moment of asking.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 ? getsockname(fd, $0, &length) : -1 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `patience` seconds for a program starting at `child` to listen on `port`.
    static func await(port: Int, of child: ChildGroup, name: String, patience: Double) throws -> LoopbackConnection {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            if let connection = LoopbackConnection(port: port, patience: patience) { return connection }
            guard child.isRunning else { throw HeadlessChromium.Failure(description: "\(name) exited on starting") }
            guard Date() < deadline else { throw HeadlessChromium.Failure(description: "\(name) did not listen in \(Int(patience)) s") }
            usleep(100_000)
        }
    }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HeadlessChromium.Failure(description: "the connection closed") }
            sent += n
        }
    }

    /// The next `count` bytes; throws when none come for `patience` seconds.
    func read(_ count: Int) throws -> [UInt8] {
        while buffered.count < count {
            guard try fill() else { throw HeadlessChromium.Failure(description: "the connection closed") }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    /// The bytes up to and without `delimiter`, which is consumed.
    func read(until delimiter: [UInt8]) throws -> [UInt8] {
        while true {
            if let end = buffered.firstRange(of: delimiter) {
                defer { buffered.removeSubrange(..<end.upperBound) }
                return Array(buffered[..<end.lowerBound])
            }
            guard try fill() else { throw HeadlessChromium.Failure(description: "the connection closed") }
        }
    }

    /// Reads what has arrived into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw HeadlessChromium.Failure(description: "the browser sent nothing for \(Int(patience)) s (hung)") }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 1000)
            if polled < 0 && errno != EINTR { throw HeadlessChromium.Failure(description: "cannot read the connection") }
            guard polled > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            buffered += chunk[..<n]
            return true
        }
    }
}

/// Headless Firefox ESR driven over WebDriver BiDi, spoken directly on the WebSocket that
/// `firefox-esr --remote-debugging-port` opens (RFC 6455 text frames, masked from the client;
/// no geckodriver). Like `HeadlessChromium`, a test waits for what the page reports; the only
/// clock is a hang guard of `patience` seconds.
final class HeadlessFirefox: BrowserPage {
    private let browser: ChildGroup
    private let connection: LoopbackConnection
    private let profile: String
    private var context = ""
    private var nextID = 0
    private var closed = false

    /// Starts the browser with a fresh profile, opens a BiDi session and sets a
    /// `width`×`height` viewport.
    init(width: Int = 1200, height: Int = 900, patience: Double = 240) throws {
        guard let path = firefox else { throw HeadlessChromium.Failure(description: "firefox-esr is not installed (apt-get install firefox-esr)") }
        profile = NSTemporaryDirectory() + "popping-firefox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let port = LoopbackConnection.freePort()
        browser = try ChildGroup([path, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port", String(port), "about:blank"],
                                 environment: ["MOZ_CRASHREPORTER_DISABLE": "1"])
        do {
            connection = try LoopbackConnection.await(port: port, of: browser, name: "firefox-esr", patience: patience)
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            try connection.send(Array("""
                GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n
                """.utf8))
            let head = String(decoding: try connection.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 101") else { throw HeadlessChromium.Failure(description: "Firefox refused the WebSocket: \(head)") }
            _ = try call("session.new", ["capabilities": [String: Any]()])
            let contexts = try call("browsingContext.getTree", [:])["contexts"] as? [[String: Any]] ?? []
            guard let first = contexts.first?["context"] as? String else { throw HeadlessChromium.Failure(description: "Firefox has no page") }
            context = first
            _ = try call("browsingContext.setViewport", ["context": context, "viewport": ["width": width, "height": height]])
        } catch {
            browser.end(grace: 0)
            try? FileManager.default.removeItem(atPath: profile)
            throw error
        }
    }

    deinit { close() }

    /// Ends the session and the browser and removes its profile.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("browser.close", [:])
        browser.end()
        try? FileManager.default.removeItem(atPath: profile)
    }

    func open(_ url: String) throws {
        _ = try call("browsingContext.navigate", ["context": context, "url": url, "wait": "complete"])
    }

    func evaluate(_ expression: String) throws -> Any? {
        let reply = try call("script.evaluate", ["expression": expression, "target": ["context": context], "awaitPromise": true,
                                                 "resultOwnership": "none"])
        guard reply["type"] as? String == "success" else {
            let details = reply["exceptionDetails"] as? [String: Any]
            throw HeadlessChromium.Failure(description: "the page threw: \(details?["text"] ?? reply)")
        }
        return Self.value(reply["result"])
    }

    func moveMouse(x: Double, y: Double) throws {
        _ = try call("input.performActions", ["context": context, "actions": [[
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [["type": "pointerMove", "x": x, "y": y, "origin": "viewport"]],
        ]]])
    }

    func screenshot() throws -> Data {
        guard let text = try call("browsingContext.captureScreenshot", ["context": context])["data"] as? String,
              let png = Data(base64Encoded: text) else { throw HeadlessChromium.Failure(description: "Firefox sent no screenshot") }
        return png
    }

    /// A BiDi remote value (`{type, value}`) as JSON would give it.
    static func value(_ remote: Any?) -> Any? {
        guard let remote = remote as? [String: Any], let type = remote["type"] as? String else { return nil }
        switch type {
        case "array": return (remote["value"] as? [Any] ?? []).map { value($0) ?? NSNull() }
        case "object":
            var object: [String: Any] = [:]
            for pair in remote["value"] as? [[Any]] ?? [] where pair.count == 2 {
                if let key = pair[0] as? String { object[key] = value(pair[1]) ?? NSNull() }
            }
            return object
        case "null", "undefined": return nil
        default: return remote["value"]
        }
    }

    private func send(_ method: String, _ params: [String: Any]) throws -> Int {
        nextID += 1
        let payload = [UInt8](try JSONSerialization.data(withJSONObject: ["id": nextID, "method": method, "params": params]))
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        try connection.send(frame)
        return nextID
    }

    /// Sends a command and returns its result, passing over the events that arrive meanwhile.
    private func call(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
        let id = try send(method, params)
        while true {
            let message = try nextMessage()
            guard message["id"] as? Int == id else { continue }
            guard message["type"] as? String == "success" else {
                throw HeadlessChromium.Failure(description: "\(method): \(message["error"] ?? "") \(message["message"] ?? "")")
            }
            return message["result"] as? [String: Any] ?? [:]
        }
    }

    /// The next whole text message (fragments joined; pings answered).
    private func nextMessage() throws -> [String: Any] {
        var payload: [UInt8] = []
        while true {
            let head = try connection.read(2)
            var count = Int(head[1] & 0x7F)
            if count == 126 { count = try connection.read(2).reduce(0) { $0 << 8 | Int($1) } }
            if count == 127 { count = try connection.read(8).reduce(0) { $0 << 8 | Int($1) } }
            let body = try connection.read(count)
            switch head[0] & 0x0F {
            case 0x8: throw HeadlessChromium.Failure(description: "Firefox closed the WebSocket")
            case 0x9:
                try connection.send([0x8A, 0x80 | UInt8(body.count)] + [0, 0, 0, 0] + body)
                continue
            case 0xA: continue
            default: payload += body
            }
            if head[0] & 0x80 != 0 {
                return (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] ?? [:]
            }
        }
    }
}

/// WebKitGTK's MiniBrowser driven by `WebKitWebDriver` (W3C WebDriver over HTTP), drawing on an
/// Xvfb display of its own, the engine of Safari on Linux. The hang guard is `patience` seconds.
final class WebKitMiniBrowser: BrowserPage {
    private let display: ChildGroup
    private let driver: ChildGroup
    private let port: Int
    private let patience: Double
    private var session = ""
    private var closed = false

    /// Starts Xvfb, the driver and a browser session with a `width`×`height` window.
    init(width: Int = 1200, height: Int = 900, patience: Double = 240) throws {
        guard let webKit else {
            throw HeadlessChromium.Failure(description: "WebKitWebDriver is not installed (apt-get install webkit2gtk-driver xvfb)")
        }
        self.patience = patience
        // Xvfb picks a free display and writes its number on the descriptor given.
        var numbers: [Int32] = [0, 0]
        guard pipe(&numbers) == 0 else { throw HeadlessChromium.Failure(description: "cannot make a pipe") }
        for fd in numbers { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { Glibc.close(numbers[0]) }
        do {
            display = try ChildGroup([webKit.xvfb, "-displayfd", String(numbers[1]), "-screen", "0", "\(width + 80)x\(height + 160)x24",
                                      "-nolisten", "tcp"], keep: [numbers[1]])
        } catch {
            Glibc.close(numbers[1])
            throw error
        }
        Glibc.close(numbers[1])
        var written: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(numbers[0], &byte, 1) == 1, byte != 10 { written.append(byte) }
        guard let number = Int(String(decoding: written, as: UTF8.self)) else {
            display.end(grace: 0)
            throw HeadlessChromium.Failure(description: "Xvfb did not start")
        }
        port = LoopbackConnection.freePort()
        do {
            driver = try ChildGroup([webKit.driver, "--port=\(port)"], environment: ["DISPLAY": ":\(number)"])
        } catch {
            display.end(grace: 0)
            throw error
        }
        do {
            _ = try LoopbackConnection.await(port: port, of: driver, name: "WebKitWebDriver", patience: patience)
            let made = try request("POST", "/session", ["capabilities": ["alwaysMatch": [
                "webkitgtk:browserOptions": ["binary": webKit.browser, "args": ["--automation"]]]]]) as? [String: Any]
            guard let id = made?["sessionId"] as? String else { throw HeadlessChromium.Failure(description: "WebKit made no session: \(made ?? [:])") }
            session = id
            // A script waits as long as the hang guard allows.
            let milliseconds = Int(patience) * 1000
            _ = try request("POST", "/session/\(id)/timeouts", ["script": milliseconds, "pageLoad": milliseconds])
            _ = try request("POST", "/session/\(id)/window/rect", ["width": width, "height": height])
        } catch {
            driver.end(grace: 0)
            display.end(grace: 0)
            throw error
        }
    }

    deinit { close() }

    /// Ends the session, the driver and the display.
    func close() {
        guard !closed else { return }
        closed = true
        if !session.isEmpty { _ = try? request("DELETE", "/session/\(session)", nil) }
        driver.end(grace: 2)
        display.end(grace: 0)
    }

    func open(_ url: String) throws {
        _ = try request("POST", "/session/\(session)/url", ["url": url])
    }

    /// WebDriver awaits a promise the script returns.
    func evaluate(_ expression: String) throws -> Any? {
        let value = try request("POST", "/session/\(session)/execute/sync", ["script": "return (\(expression));", "args": [Any]()])
        return value is NSNull ? nil : value
    }

    func moveMouse(x: Double, y: Double) throws {
        _ = try request("POST", "/session/\(session)/actions", ["actions": [[
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [["type": "pointerMove", "x": Int(x.rounded()), "y": Int(y.rounded()), "origin": "viewport"]],
        ]]])
    }

    func screenshot() throws -> Data {
        guard let text = try request("GET", "/session/\(session)/screenshot", nil) as? String, let png = Data(base64Encoded: text) else {
            throw HeadlessChromium.Failure(description: "WebKit sent no screenshot")
        }
        return png
    }

    /// One WebDriver command: `body` as JSON, the answer's `value` back, its error thrown.
    private func request(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        guard let connection = LoopbackConnection(port: port, patience: patience) else {
            throw HeadlessChromium.Failure(description: "WebKitWebDriver stopped listening")
        }
        let content = try body.map { [UInt8](try JSONSerialization.data(withJSONObject: $0)) } ?? []
        try connection.send(Array("""
            \(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\
            Content-Type: application/json\r\nContent-Length: \(content.count)\r\n\r\n
            """.utf8) + content)
        let head = String(decoding: try connection.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        let fields = head.split(separator: "\r\n").dropFirst().map { $0.lowercased() }
        var answer: [UInt8] = []
        if let length = fields.first(where: { $0.hasPrefix("content-length:") }).flatMap({ Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }) {
            answer = try connection.read(length)
        } else if fields.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
            while let size = Int(String(decoding: try connection.read(until: Array("\r\n".utf8)), as: UTF8.self), radix: 16), size > 0 {
                answer += try connection.read(size)
                _ = try connection.read(2)
            }
        }
        let json = (try? JSONSerialization.jsonObject(with: Data(answer), options: .fragmentsAllowed)) as? [String: Any]
        if let value = json?["value"] as? [String: Any], let error = value["error"] as? String {
            throw HeadlessChromium.Failure(description: "\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        guard head.hasPrefix("HTTP/1.1 200") else { throw HeadlessChromium.Failure(description: "\(method) \(path): \(head)") }
        return json?["value"] ?? nil
    }
}
