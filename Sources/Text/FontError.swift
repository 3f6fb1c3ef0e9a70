/// Why a font could not be loaded. Every case names the table and says what is wrong with it,
/// so a malformed or unsupported file gives a message a user can act on, never a crash.
public enum FontError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// The data is a font of a kind this reader does not handle (CFF outlines, a collection).
    case unsupported(reason: String)
    /// A table every TrueType font needs is absent.
    case missingTable(String)
    /// A font name that is not in `FontLibrary.faces`.
    case unknownName(String, known: [String])
    /// A table's bytes contradict the format: truncated, offsets past the end, absurd counts, loops.
    case malformed(table: String, reason: String)

    /// The whole message, naming the file, table or name at fault.
    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read font: \(reason)"
        case let .unsupported(reason): return "unsupported font: \(reason)"
        case let .missingTable(tag): return "malformed font: the required '\(tag)' table is missing"
        case let .malformed(table, reason): return "malformed font: '\(table)' table: \(reason)"
        case let .unknownName(name, known):
            return "no font named '\(name)'; known names: \(known.joined(separator: ", ")), or a path to a .ttf file"
        }
    }
}
