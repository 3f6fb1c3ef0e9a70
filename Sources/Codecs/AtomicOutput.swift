import Foundation

/// A file written to a temporary name in the destination's folder and renamed into place only
/// when `commit()` is called, so an interrupted or failed write never leaves a half-written file.
/// While it is in flight the temporary file is registered with `InterruptCleanup`, so Ctrl-C or a
/// cancelled job removes it too.
public final class AtomicOutput {
    /// The final path.
    public let path: String
    /// Where the bytes go until `commit()`, for a library that writes the file by name itself
    /// (libavformat, which rewrites an MP4 to move its index to the front).
    public let temporaryPath: String
    private let handle: FileHandle
    private let ticket: InterruptCleanup.Ticket
    private var finished = false

    /// Creates the temporary file; throws `CodecError.unwritable` when the folder does not exist
    /// or cannot be written.
    public init(path: String) throws {
        self.path = path
        let temporary = TemporaryName.beside(path, kind: "partial")
        temporaryPath = temporary
        (handle, ticket) = try InterruptCleanup.atomically {
            // Created here, once (FileManager.createFile wrote an empty file atomically: a
            // second temporary file and a rename for each output).
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                throw CodecError.unwritable(path: path, reason: Self.reasonFolderIsUnwritable(folder))
            }
            return (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), InterruptCleanup.add { unlink(temporary) })
        }
    }

    /// Appends bytes to the temporary file.
    public func write(_ bytes: [UInt8]) throws {
        do { try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) } } catch {
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

    /// Opens the bytes written so far for reading, for an encoder that rewrites its file in
    /// another form (an APNG turning RGBA after its first frames).
    public func readBack() throws -> FileHandle {
        guard let reader = FileHandle(forReadingAtPath: temporaryPath) else {
            throw CodecError.unwritable(path: path, reason: "cannot read back its partial file")
        }
        return reader
    }

    /// Closes the file and renames it into place, replacing any file already there.
    public func commit() throws {
        finished = true
        try? handle.close()
        try InterruptCleanup.atomically {
            InterruptCleanup.remove(ticket)
            if rename(temporaryPath, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw CodecError.unwritable(path: path, reason: reason)
            }
        }
    }

    /// Throws the temporary file away; nothing appears at `path`.
    public func abort() {
        guard !finished else { return }
        finished = true
        try? handle.close()
        unlink(temporaryPath)
        InterruptCleanup.remove(ticket)
    }

    deinit { abort() }

    /// Writes `bytes` to `path` atomically in one call.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let out = try AtomicOutput(path: path)
        try out.write(bytes)
        try out.commit()
    }

    static func reasonFolderIsUnwritable(_ folder: String) -> String {
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
    /// An image larger than the pixel budget the caller set (see `PNG.defaultMaxPixels`).
    case tooManyPixels(input: String, width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case let .unwritable(path, reason): return "\(path): cannot write: \(reason)"
        case let .unreadable(path, reason): return "\(path): cannot read: \(reason)"
        case let .malformed(input, reason): return "\(input): \(reason)"
        case let .tooManyPixels(input, width, height, limit):
            return "\(input): is \(width)×\(height) pixels, more than the limit of \(limit)"
        }
    }
}
