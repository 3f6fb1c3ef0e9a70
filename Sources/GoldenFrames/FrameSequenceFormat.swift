import Codecs
import Foundation
import Raster

/// How a scene's golden frames are stored in one lossless file (or folder) beside its manifest.
/// The check only needs to write a sequence as it renders and read it back in order.
public protocol FrameSequenceFormat: Sendable {
    /// The file name extension of a sequence (`apng`).
    var fileExtension: String { get }
    /// Starts a sequence at `path` of frames shown `fps` times a second; nothing appears at
    /// `path` until the writer commits.
    func makeWriter(path: String, fps: Int) throws -> any FrameSequenceWriter
    /// Opens the sequence at `path` to read its frames in order.
    func openReader(path: String) throws -> any FrameSequenceReader
}

/// Receives a sequence's frames in order.
public protocol FrameSequenceWriter: AnyObject {
    func add(_ frame: Pixmap) throws
    /// Finishes the sequence and moves it into place, replacing any sequence there.
    func commit() throws
    /// Throws the partly written sequence away.
    func abort()
}

/// Gives a sequence's frames in order.
public protocol FrameSequenceReader: AnyObject {
    /// The next frame, nil after the last.
    func next() throws -> Pixmap?
}

/// The format goldens are written in.
public let goldenSequenceFormat: any FrameSequenceFormat = PNGFolderSequence()

/// A folder of numbered PNG frames (`NAME.frames/0000.png`, …): lossless and readable by any
/// image viewer.
public struct PNGFolderSequence: FrameSequenceFormat {
    public init() {}

    public var fileExtension: String { "frames" }

    public func makeWriter(path: String, fps: Int) throws -> any FrameSequenceWriter { try Writer(path: path) }

    public func openReader(path: String) throws -> any FrameSequenceReader {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw GoldenError(path, "cannot be read")
        }
        return Reader(paths: names.filter { $0.hasSuffix(".png") }.sorted().map { "\(path)/\($0)" })
    }

    final class Writer: FrameSequenceWriter {
        let path: String
        let temporary: String
        private var count = 0
        private var open = true

        init(path: String) throws {
            self.path = path
            let url = URL(fileURLWithPath: path)
            temporary = url.deletingLastPathComponent().path + "/." + url.lastPathComponent
                + ".\(ProcessInfo.processInfo.processIdentifier).partial"
            try? FileManager.default.removeItem(atPath: temporary)
            do { try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false) } catch {
                throw GoldenError(path, "cannot be written")
            }
        }

        func add(_ frame: Pixmap) throws {
            try PNG.write(frame, to: temporary + String(format: "/%04d.png", count), compression: .small)
            count += 1
        }

        func commit() throws {
            open = false
            let old = temporary + ".old"
            let fm = FileManager.default
            if fm.fileExists(atPath: path) { try fm.moveItem(atPath: path, toPath: old) }
            try fm.moveItem(atPath: temporary, toPath: path)
            try? fm.removeItem(atPath: old)
        }

        func abort() {
            guard open else { return }
            open = false
            try? FileManager.default.removeItem(atPath: temporary)
        }

        deinit { abort() }
    }

    final class Reader: FrameSequenceReader {
        private var paths: ArraySlice<String>

        init(paths: [String]) { self.paths = paths[...] }

        func next() throws -> Pixmap? {
            guard let path = paths.popFirst() else { return nil }
            return try PNG.read(path: path)
        }
    }
}
