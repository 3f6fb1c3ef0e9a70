import Codecs
import class Foundation.FileManager
import Glibc

/// `<?xml-stylesheet href="style.css" type="text/css"?>` (Associating Style Sheets with XML
/// documents 1.0): a CSS file linked before the root element, applied in document order with
/// the `<style>` elements, before them. Only a file beneath the SVG's own folder is read, by
/// the rule `<image>` files follow (`ReadRoot`: links resolved before the check, `--allow-read`
/// folders added); one outside it, missing, too large, or named by a URL is not applied, with
/// a warning, as an `<image>` of it is not drawn.
extension VectorImageReader {
    /// The largest style sheet read, checked from its size before it is read.
    static let largestStyleSheet = 1 << 20

    /// The CSS text an instruction's pseudo-attributes (`data`, at `offset`) link, `nil` with a
    /// warning when there is none to apply: no `href`, a `type` other than `text/css` (none is
    /// CSS, as in browsers), an alternate sheet (`alternate="yes"`, which browsers leave off),
    /// or a file that cannot be read.
    func linkedStyleSheet(_ data: String, at offset: Int) -> String? {
        let attributes = Self.pseudoAttributes(data)
        guard let href = attributes["href"], !href.isEmpty else {
            warn(at: offset, "xml-stylesheet: no href; ignored")
            return nil
        }
        if let type = attributes["type"], type != "text/css" {
            warn(at: offset, "xml-stylesheet: type '\(type.prefix(60))' is not text/css; ignored")
            return nil
        }
        if attributes["alternate"] == "yes" {
            warn(at: offset, "xml-stylesheet: '\(href.prefix(60))' is an alternate style sheet; not applied")
            return nil
        }
        guard !href.contains(":") else {
            warn(at: offset, "xml-stylesheet: '\(href.prefix(60))' is not a file beside the SVG; not applied")
            return nil
        }
        let folder = source.name.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let path: String
        do {
            path = try ReadRoot.references(inFolder: folder.isEmpty ? "." : folder).resolve(href, relativeTo: folder)
        } catch {
            warn(at: offset, "xml-stylesheet: \(error); not applied")
            return nil
        }
        var info = stat()
        let problem: String
        if stat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
            problem = "is not a regular file"
        } else if info.st_size > Self.largestStyleSheet {
            problem = "is \(info.st_size) bytes; style sheets over \(Self.largestStyleSheet) bytes are not read"
        } else if let bytes = FileManager.default.contents(atPath: path), bytes.count <= Self.largestStyleSheet {
            return String(decoding: bytes, as: UTF8.self)
        } else {
            problem = "cannot be read"
        }
        warn(at: offset, "xml-stylesheet: \(href.prefix(200)): \(problem); not applied")
        return nil
    }

    /// The `name="value"` (or `'value'`) pairs of a processing instruction's data; the first
    /// of a name wins. Parsing stops at anything else.
    static func pseudoAttributes(_ data: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(data)
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        while true {
            rest = rest.drop(while: space)
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = String(rest[..<equals]).trimmingSpace()
            rest = rest[rest.index(after: equals)...].drop(while: space)
            guard let quote = rest.first, quote == "\"" || quote == "'", !name.isEmpty, !name.contains(where: space) else { break }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { break }
            if result[name] == nil { result[name] = String(rest[..<close]) }
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
