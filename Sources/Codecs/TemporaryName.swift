import Foundation

/// Names for the hidden files and folders atomic outputs are written to beside their target:
/// `.NAME.PID-N.partial`, unique in the process and never longer than a file name may be.
enum TemporaryName {
    /// The longest file name, in bytes, that Linux and macOS file systems accept (NAME_MAX).
    static let maxNameBytes = 255
    private static let counter = NSLock()
    nonisolated(unsafe) private static var next = 0
    private static let processIdentifier = ProcessInfo.processInfo.processIdentifier

    /// A hidden name in `path`'s folder ending in `.kind`; a long output name is shortened so the
    /// temporary name still fits in NAME_MAX.
    static func beside(_ path: String, kind: String) -> String {
        counter.lock()
        next += 1
        let n = next
        counter.unlock()
        let tail = ".\(processIdentifier)-\(n).\(kind)"
        // The folder as written (a batch names hundreds of outputs; URL's parsing cost more than
        // the rest of creating each file), unless the last component is not a plain name.
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let written = String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...])
        let (folder, last): (String, String)
        if written.isEmpty || written == "." || written == ".." {
            let url = URL(fileURLWithPath: path)
            (folder, last) = (url.deletingLastPathComponent().path + "/", url.lastPathComponent)
        } else {
            (folder, last) = (slash.map { String(path[...$0]) } ?? "", written)
        }
        let name = truncated(last, toBytes: maxNameBytes - 1 - tail.utf8.count)
        return (folder == "//" ? "/" : folder) + "." + name + tail
    }

    /// The longest prefix of `name` of at most `bytes` UTF-8 bytes that ends on a character boundary.
    static func truncated(_ name: String, toBytes bytes: Int) -> String {
        guard name.utf8.count > bytes else { return name }
        var out = ""
        var used = 0
        for c in name {
            let size = String(c).utf8.count
            if used + size > bytes { break }
            out.append(c)
            used += size
        }
        return out
    }
}
