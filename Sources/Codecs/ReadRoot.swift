import Foundation

/// The folders a file named inside another file (a scene's image or font, an SVG's `<image>`,
/// a golden manifest's sequence, a frame a folder lists) may be read from. Files from a pull
/// request must not read what their author could not see, so a reference is resolved (links
/// included) and read only when it lies beneath one of the root's folders:
/// - references in a scene or SVG file: the current directory when it holds the file, otherwise
///   the file's own folder;
/// - a goldens folder's or a frames folder's files: that folder;
/// - and, for all of them, every folder given with `--allow-read`.
/// Absolute paths in scene and SVG files are refused unless an `--allow-read` folder holds them.
public struct ReadRoot: Sendable, Equatable {
    /// The real paths (links resolved) of the folders reads may come from.
    public let folders: [String]

    /// The folders `--allow-read` named, real paths, shared by every root. Set once, by the
    /// command line, before anything is read.
    nonisolated(unsafe) public private(set) static var allowed: [String] = []

    /// Adds `folder` to every root (`--allow-read`); throws a reason when it is not a folder.
    public static func allow(_ folder: String) throws {
        guard let real = realPath(folder), isFolder(real) else {
            throw ReadRefusal(path: folder, reason: "is not a folder (--allow-read names a folder to read from)")
        }
        allowed.append(real)
    }

    /// The root of the references inside `file`: the current directory when it holds the
    /// file, otherwise the file's folder.
    public static func references(in file: String) -> ReadRoot {
        references(inFolder: URL(fileURLWithPath: file).deletingLastPathComponent().path)
    }

    /// The root of the references inside a file in `folder`.
    public static func references(inFolder folder: String) -> ReadRoot {
        let here = realPath(FileManager.default.currentDirectoryPath)
        let own = realPath(folder)
        if let here, let own, contains(here, own) { return ReadRoot(folders: [here] + allowed) }
        return ReadRoot(folders: (own.map { [$0] } ?? []) + allowed)
    }

    /// The root of the files a folder (goldens, frames) lists: the folder itself.
    public static func contents(of folder: String) -> ReadRoot {
        ReadRoot(folders: (realPath(folder).map { [$0] } ?? []) + allowed)
    }

    /// The path to read for `reference`, relative to `base` (a folder): it must exist and lie,
    /// links resolved, beneath one of the root's folders. With `absoluteAllowed` false (scene
    /// and SVG files) an absolute `reference` is accepted only beneath an `--allow-read` folder.
    public func resolve(_ reference: String, relativeTo base: String, absoluteAllowed: Bool = false) throws -> String {
        let absolute = reference.hasPrefix("/")
        let joined = absolute ? reference : (base.isEmpty ? "." : base) + "/" + reference
        let real = Self.realPath(joined), failure = errno
        ReadLog.current?.insert(real ?? joined)
        guard let real else {
            throw ReadRefusal(path: joined, reason: failure == ENOENT ? "no such file" : String(cString: strerror(failure)).lowercased())
        }
        let permitted = absolute && !absoluteAllowed ? Self.allowed : folders
        guard permitted.contains(where: { Self.contains($0, real) }) else {
            let reason = absolute && !absoluteAllowed
                ? "is an absolute path; files are read only from folders given with --allow-read"
                : "lies outside \(folders.first ?? "the input's folder")\(real == joined ? "" : " (it is \(real))"), "
                    + "the folder it may read from; give --allow-read FOLDER to read it"
            throw ReadRefusal(path: reference, reason: reason)
        }
        return real
    }

    /// Whether `path` is `folder` or lies beneath it (both real paths).
    static func contains(_ folder: String, _ path: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The canonical path of an existing file or folder, links resolved; nil (errno set) when
    /// it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// A file a root does not allow (or that does not exist): the path as written and why.
public struct ReadRefusal: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
