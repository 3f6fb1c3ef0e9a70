import Foundation

/// A folder written as a hidden sibling of its target and swapped in whole by `commit()`: the old
/// folder is renamed aside, the new one renamed in, and the old one removed. A failed, aborted or
/// interrupted write leaves the target exactly as it was (the temporary folder and, during the
/// swap, the set-aside old folder are registered with `InterruptCleanup`).
public final class AtomicFolder {
    /// The final folder.
    public let path: String
    /// The folder to write into until `commit()`.
    public let temporaryPath: String
    private var ticket: InterruptCleanup.Ticket?

    /// Creates the temporary folder (and any missing parent folders of the target).
    /// `replaceable` says which names an existing target may hold: the swap throws the old folder
    /// away, so a target holding anything else (a user's own files) is refused rather than lost.
    public init(path: String, replaceable: (String) -> Bool) throws {
        self.path = path
        let manager = FileManager.default
        try Self.checkReplaceable(path, replaceable: replaceable)
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do { try manager.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw CodecError.unwritable(path: path, reason: AtomicOutput.reasonFolderIsUnwritable(parent))
        }
        let temporary = TemporaryName.beside(path, kind: "partial")
        temporaryPath = temporary
        ticket = try InterruptCleanup.atomically {
            guard mkdir(temporary, 0o755) == 0 else {
                throw CodecError.unwritable(path: path, reason: AtomicOutput.reasonFolderIsUnwritable(parent))
            }
            return InterruptCleanup.add { Self.removeTree(temporary) }
        }
    }

    /// Throws `CodecError.unwritable` unless a folder written at `path` could replace what is
    /// there: nothing, or a real folder (not a link) holding only names `replaceable` accepts.
    /// Commands call it before they start work, so a bad destination is refused at once.
    public static func checkReplaceable(_ path: String, replaceable: (String) -> Bool) throws {
        // A link is refused rather than followed: the swap would replace the link, and checking
        // the folder it points to says nothing about what the swap throws away.
        if isSymbolicLink(path) { throw CodecError.unwritable(path: path, reason: "is a symbolic link; name the folder itself") }
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw CodecError.unwritable(path: path, reason: "exists and is not a folder") }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw CodecError.unwritable(path: path, reason: "cannot list the folder")
        }
        if let foreign = names.sorted().first(where: { !replaceable($0) }) {
            throw CodecError.unwritable(path: path, reason: "the folder holds \(foreign), which this output would "
                                                          + "not write; choose a new or empty folder")
        }
    }

    /// Swaps the written folder in for the target. On failure the target is as it was and the
    /// temporary folder is gone.
    public func commit() throws {
        guard let ticket else { return }
        self.ticket = nil
        let aside = TemporaryName.beside(path, kind: "old")
        try InterruptCleanup.atomically {
            InterruptCleanup.remove(ticket)
            let hadOld = rename(path, aside) == 0
            if !hadOld && errno != ENOENT {
                let reason = String(cString: strerror(errno))
                Self.removeTree(temporaryPath)
                throw CodecError.unwritable(path: path, reason: reason)
            }
            if rename(temporaryPath, path) != 0 {
                let reason = String(cString: strerror(errno))
                if hadOld { rename(aside, path) }
                Self.removeTree(temporaryPath)
                throw CodecError.unwritable(path: path, reason: reason)
            }
            if hadOld { Self.removeTree(aside) }
        }
    }

    /// Throws the temporary folder away; the target is untouched.
    public func abort() {
        guard let ticket else { return }
        self.ticket = nil
        InterruptCleanup.atomically {
            Self.removeTree(temporaryPath)
            InterruptCleanup.remove(ticket)
        }
    }

    deinit { abort() }

    /// Removes a folder and everything in it, or a file; missing paths are ignored.
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Whether `path` itself (not what it points to) is a symbolic link; a trailing `/`, which would
/// make the system follow the link, is ignored.
public func isSymbolicLink(_ path: String) -> Bool {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    var info = stat()
    return lstat(String(trimmed), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}
