/// Splits a path the user typed into its folder, file name and extension by plain string rules.
///
/// Written by hand because swift-corelibs-foundation's `NSString` path methods
/// (`lastPathComponent`, `pathExtension`, `deletingLastPathComponent`) abort on a path that
/// begins with `//` and continues with a non-ASCII character (found by `fuzz-options` with
/// `//\u{FFFD}`); a bad name must be an error message, never a crash. Relative paths stay relative,
/// unlike `URL(fileURLWithPath:)`, which resolves them against the working folder.
public enum PathName {
    /// The last component, trailing slashes ignored: `a/b.gif/` → `b.gif`, `/` → `/`, `` → ``.
    public static func fileName(of path: String) -> String {
        let trimmed = path.trimmingTrailingSlashes
        guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The file name's extension without its dot, or `""`: `a/b.GIF` → `GIF`; a leading dot
    /// (`.hidden`) and a trailing one (`b.`) give none.
    public static func fileExtension(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The folder holding the path's last component, as typed: `a/b/c.yaml` → `a/b`,
    /// `c.yaml` → ``, `/c.yaml` → `/`.
    public static func folder(of path: String) -> String {
        let trimmed = path.trimmingTrailingSlashes
        guard let slash = trimmed.lastIndex(of: "/") else { return path.hasPrefix("/") ? "/" : "" }
        let folder = String(trimmed[..<slash]).trimmingTrailingSlashes
        return folder.isEmpty ? "/" : folder
    }
}

extension String {
    fileprivate var trimmingTrailingSlashes: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == "/" { end = index(before: end) }
        return String(self[..<end])
    }
}
