import Foundation
import Glibc
import StudioHTTP

/// A small HTTP/1.1 server for `popping-render studio`, listening on 127.0.0.1 only: one request
/// per connection (`Connection: close`), each on a thread of its own, and streams of server-sent
/// events for live reload. It is a local tool's server, so it stays deliberately plain, but it
/// still bounds what a client can make it hold: request heads of at most 16 KiB read within
/// `readTimeout` seconds, no bodies, at most `maxConnections` connections at once.
final class LoopbackServer: @unchecked Sendable {
    typealias Request = HTTPRequest

    /// What a handler answers: a whole body, or a stream of server-sent events written by a
    /// function that returns when the client has gone (its `send` returned false) or the server stops.
    enum Reply {
        case body(status: Int, type: String, bytes: [UInt8], cache: Bool = false)
        case events((_ send: (String) -> Bool) -> Void)

        static func text(_ status: Int, _ text: String) -> Reply {
            .body(status: status, type: "text/plain; charset=utf-8", bytes: Array((text + "\n").utf8))
        }

        static func json(_ data: Data) -> Reply { .body(status: 200, type: "application/json", bytes: [UInt8](data)) }
    }

    /// Why the server could not start.
    struct StartFailure: Error, CustomStringConvertible { let description: String }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var open = 0
    private var stopped = false

    static let maxConnections = 64
    static let readTimeout = 10

    /// Listens on 127.0.0.1 at `preferred` or, when that port is busy, the next free one of the
    /// following `tries` (0 asks the system for any free port).
    init(preferred: Int, tries: Int = 100) throws {
        signal(SIGPIPE, SIG_IGN)
        var last = 0
        for candidate in preferred == 0 ? [0] : Array(preferred..<min(preferred + tries, 65536)) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw StartFailure(description: "cannot open a socket (\(String(cString: strerror(errno))))") }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(candidate).bigEndian)
            address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)  // 127.0.0.1: loopback only
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0, listen(fd, 64) == 0 {
                var actual = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
                _ = withUnsafeMutablePointer(to: &actual) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
                listener = fd
                port = Int(UInt16(bigEndian: actual.sin_port))
                return
            }
            last = Int(errno)
            Glibc.close(fd)
            guard last == EADDRINUSE || last == EACCES else { break }
        }
        throw StartFailure(description: "no free port from \(preferred) (\(String(cString: strerror(Int32(last)))))")
    }

    /// Accepts connections on a thread of its own until `stop`, answering each with `handler`.
    func serve(_ handler: @escaping @Sendable (Request) -> Reply) {
        let thread = Thread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED || errno == EMFILE { continue }
                    return
                }
                guard admit() else {
                    Glibc.close(client)
                    continue
                }
                Thread.detachNewThread { [self] in
                    answer(client, handler)
                    Glibc.close(client)
                    lock.withLock { open -= 1 }
                }
            }
        }
        thread.start()
    }

    /// Stops listening; event streams end at their next message.
    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    var isStopped: Bool { lock.withLock { stopped } }

    private func admit() -> Bool {
        lock.withLock {
            guard !stopped, open < Self.maxConnections else { return false }
            open += 1
            return true
        }
    }

    private func answer(_ client: Int32, _ handler: (Request) -> Reply) {
        var timeout = timeval(tv_sec: Self.readTimeout, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard let head = readHead(client) else { return }
        let reply: Reply
        switch HTTPRequest.parse(head) {
        case let .success(request): reply = handler(request)
        case let .failure(refusal): reply = .text(refusal.status, refusal.message)
        }
        switch reply {
        case let .body(status, type, bytes, cache):
            let headers = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(type)\r\n"
                + "Content-Length: \(bytes.count)\r\nConnection: close\r\n"
                + (cache ? "Cache-Control: max-age=86400, immutable\r\n" : "Cache-Control: no-store\r\n")
                + "X-Content-Type-Options: nosniff\r\n" + Self.policy + "\r\n"
            _ = write(client, Array(headers.utf8)) && write(client, bytes)
        case let .events(stream):
            let headers = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                + "Connection: close\r\n\r\n"
            guard write(client, Array(headers.utf8)) else { return }
            stream { [self] message in !isStopped && write(client, Array(message.utf8)) }
        }
    }

    /// Nothing but the studio's own page, script, frames and data: no other site is reached.
    static let policy = "Content-Security-Policy: default-src 'self'; img-src 'self' data:; "
        + "style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'\r\n"

    private func readHead(_ client: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            bytes += chunk[..<n]
            let (head, tooLong) = HTTPRequest.head(in: bytes)
            if let head { return head }
            if tooLong { break }
        }
        _ = write(client, Array("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8))
        return nil
    }

    private func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
         409: "Conflict", 500: "Internal Server Error", 503: "Service Unavailable"][status] ?? "Status"
    }
}
