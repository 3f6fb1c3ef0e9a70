import Foundation

/// The files the studio may serve: exactly those the scene in view uses (the scene files and
/// every image, SVG or font its last render read), by real path. A request for `/files/PATH`
/// gets PATH's bytes only when PATH, resolved as the server resolves it (relative to its
/// folder, links followed), is one of them; everything else (`..`, absolute paths elsewhere,
/// folders, files beside the scene) is refused.
public struct ServedFiles: Equatable, Sendable {
    /// The real paths of the files in use.
    public var used: Set<String>

    /// The address prefix of served files.
    public static let prefix = "/files/"

    public init(used: Set<String> = []) { self.used = used }

    /// The real path to read for a request of the decoded `path` (from `HTTPRequest.parse`, which
    /// has already refused `..` segments), or nil when it is no request for a file or names one the scene does not use. `resolve`
    /// turns the asked path into a real one (`realPath` by default; tests and the fuzz target give
    /// their own).
    public func file(for path: String, resolve: (String) -> String? = ServedFiles.realPath) -> String? {
        guard path.hasPrefix(Self.prefix) else { return nil }
        let asked = String(path.dropFirst(Self.prefix.count))
        guard !asked.isEmpty, let real = resolve(asked), used.contains(real) else { return nil }
        return real
    }

    /// `path` with links and `.`/`..` resolved (relative paths from the working folder), when it exists.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
