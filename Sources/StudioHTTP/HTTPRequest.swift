/// A request the studio's loopback server answers, read from the bytes a client sent: the
/// method, the decoded path (never holding a `..` or `.` segment, a NUL or a backslash) and the
/// query. Parsing is pure (no sockets, no files), so the fuzz target `fuzz-http` can feed it any bytes.
public struct HTTPRequest: Equatable, Sendable {
    public let method: String
    public let path: String
    public let query: [String: String]

    public init(method: String, path: String, query: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
    }

    /// Why a request is refused: the status to answer and a line saying why.
    public struct Refusal: Error, Equatable, Sendable {
        public let status: Int
        public let message: String
    }

    /// The longest request head (request line and headers) a server holds: 16 KiB.
    public static let maxHead = 16 << 10

    /// Where the head ends in the bytes read so far (before the blank line), or nil while it
    /// has not ended. `tooLong` says the bytes passed `maxHead` without a blank line: refuse with 431.
    public static func head(in bytes: [UInt8]) -> (head: String?, tooLong: Bool) {
        if let end = bytes.prefix(maxHead + 4).firstRange(of: [13, 10, 13, 10]) {
            return (String(decoding: bytes[..<end.lowerBound], as: UTF8.self), false)
        }
        return (nil, bytes.count > maxHead)
    }

    /// The request line of `head`, checked: GET or POST of an absolute path whose decoded segments
    /// hold no `..`, `.`, NUL or backslash (refused, never normalised away).
    public static func parse(_ head: String) -> Result<HTTPRequest, Refusal> {
        let line = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return .failure(Refusal(status: 400, message: "bad request line")) }
        let method = String(parts[0])
        guard method == "GET" || method == "POST" else { return .failure(Refusal(status: 405, message: "GET or POST only")) }
        let target = String(parts[1])
        guard target.hasPrefix("/") else { return .failure(Refusal(status: 400, message: "the path must start with /")) }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = String(pieces[0]).removingPercentEncoding else {
            return .failure(Refusal(status: 400, message: "bad percent-encoding"))
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }), !path.contains("\0"), !path.contains("\\") else {
            return .failure(Refusal(status: 403, message: "refused: the path has a .. or . segment"))
        }
        var query: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = String(kv[0]).removingPercentEncoding else { continue }
                query[key] = kv.count == 2 ? String(kv[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding : ""
            }
        }
        return .success(HTTPRequest(method: method, path: path, query: query))
    }
}
