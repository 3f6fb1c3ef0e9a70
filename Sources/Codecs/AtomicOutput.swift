import Foundation

/// A file written to a temporary name in the destination's folder and renamed into place only
/// when `commit()` is called, so an interrupted or failed write never leaves a half-written file.
public final class AtomicOutput {
    /// The final path.
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private var finished = false

    /// Creates the temporary file; throws `CodecError.unwritable` when the folder does not exist
    /// or cannot be written.
    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        temporaryPath = folder + "/." + url.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier).partial"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let h = FileHandle(forWritingAtPath: temporaryPath) else {
            throw CodecError.unwritable(path: path, reason: Self.reasonFolderIsUnwritable(folder))
        }
        handle = h
    }

    /// Appends bytes to the temporary file.
    public func write(_ bytes: [UInt8]) throws {
        do { try handle.write(contentsOf: Data(bytes)) } catch {
            throw CodecError.unwritable(path: path, reason: "write failed (\(error.localizedDescription))")
        }
    }

    /// Replaces bytes already written at `offset`, for a header whose counts are known only at
    /// the end (an APNG's frame count); later writes still append.
    public func overwrite(_ bytes: [UInt8], at offset: UInt64) throws {
        do {
            let end = try handle.offset()
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data(bytes))
            try handle.seek(toOffset: end)
        } catch {
            throw CodecError.unwritable(path: path, reason: "write failed (\(error.localizedDescription))")
        }
    }

    /// Closes the file and renames it into place, replacing any file already there.
    public func commit() throws {
        finished = true
        try? handle.close()
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CodecError.unwritable(path: path, reason: reason)
        }
    }

    /// Throws the temporary file away; nothing appears at `path`.
    public func abort() {
        guard !finished else { return }
        finished = true
        try? handle.close()
        unlink(temporaryPath)
    }

    deinit { abort() }

    /// Writes `bytes` to `path` atomically in one call.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let out = try AtomicOutput(path: path)
        try out.write(bytes)
        try out.commit()
    }

    private static func reasonFolderIsUnwritable(_ folder: String) -> String {
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDir) {
            return "folder \(folder) does not exist"
        }
        return isDir.boolValue ? "folder \(folder) is not writable" : "\(folder) is not a folder"
    }
}

/// Errors from reading and writing image files; each names the file and says what is wrong.
public enum CodecError: Error, CustomStringConvertible, Equatable {
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case malformed(input: String, reason: String)

    public var description: String {
        switch self {
        case let .unwritable(path, reason): return "\(path): cannot write: \(reason)"
        case let .unreadable(path, reason): return "\(path): cannot read: \(reason)"
        case let .malformed(input, reason): return "\(input): \(reason)"
        }
    }
}
