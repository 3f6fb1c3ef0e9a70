import Codecs
import Foundation
import Raster

/// Where rendered frames go: an animated GIF, a contact sheet or a folder of PNG frames.
public enum RenderOutput: Sendable, Equatable {
    case gif(String)
    case contactSheet(String)
    case framesFolder(String)

    /// The output a path names: `.gif` an animated GIF, `.png` a contact sheet, anything else a folder of frames.
    public init(path: String) {
        let lower = path.lowercased()
        self = lower.hasSuffix(".gif") ? .gif(path) : lower.hasSuffix(".png") ? .contactSheet(path) : .framesFolder(path)
    }

    public var isGIF: Bool {
        if case .gif = self { return true }
        return false
    }

    /// 30 fps for GIFs (browsers clamp faster delays), 60 for PNG frames and sheets.
    public var defaultFPS: Int { isGIF ? 30 : 60 }

    func makeSink(fps: Int, sourceFPS: Int, frames: Range<Int>, scale: Double) throws -> FrameSink {
        switch self {
        case let .gif(path):
            // Checked before the demo plays, so a bad rate fails at once and names the option.
            let options = GIFOptions(fps: fps, sourceFPS: sourceFPS)
            do { try options.validate() } catch { throw RenderFailure("--fps \(fps)", "\(error)") }
            return GIFSink(path: path, options: options)
        case let .contactSheet(path): return ContactSheetSink(path: path, frames: frames, scale: scale)
        case let .framesFolder(path): return try FramesFolderSink(folder: path)
        }
    }
}

/// Receives rendered frames in order.
public protocol FrameSink {
    /// Which of the `candidates` (ascending 60 Hz frame indices) it needs drawn.
    func frames(from candidates: [Int]) -> [Int]
    /// `frame` is the 60 Hz frame index.
    func add(_ pixmap: Pixmap, frame: Int) throws
    func finish() throws
    /// Removes anything partly written.
    func abort()
}

extension FrameSink {
    public func frames(from candidates: [Int]) -> [Int] { candidates }
}

/// PNG frames `frame-0000.png…` (numbered by 60 Hz frame index) in a folder it creates.
final class FramesFolderSink: FrameSink {
    let folder: String
    private var written: [String] = []
    private let writer = PNGFileWriter()

    init(folder: String) throws {
        self.folder = folder
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), !isDir.boolValue {
            throw RenderFailure(folder, "exists and is not a folder")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw RenderFailure(folder, "cannot create the folder")
        }
    }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        let path = "\(folder)/" + String(format: "frame-%04d.png", frame)
        written.append(path)
        try writer.write(pixmap, to: path)
    }

    func finish() throws { try writer.finish() }

    func abort() {
        writer.cancel()
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// An animated GIF, encoded as the frames arrive.
final class GIFSink: FrameSink {
    let path: String
    let options: GIFOptions
    private var encoder: GIFEncoder?

    init(path: String, options: GIFOptions) {
        self.path = path
        self.options = options
    }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        if encoder == nil {
            encoder = try GIFEncoder(path: path, width: pixmap.width, height: pixmap.height, options: options)
        }
        try encoder?.add(pixmap)
    }

    func finish() throws {
        guard let encoder else { throw RenderFailure(path, "no frames to write") }
        try encoder.finish()
    }

    func abort() { encoder = nil }
}
