import Codecs
import Foundation
import Raster

/// Where rendered frames go: an animated GIF, APNG, a contact sheet or a folder of PNG frames.
public enum RenderOutput: Sendable, Equatable {
    case gif(String)
    case apng(String)
    case contactSheet(String)
    case framesFolder(String)

    /// The output a path names: `.gif` an animated GIF, `.apng` an animated PNG, `.png` a contact
    /// sheet, anything else a folder of frames.
    public init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".gif") {
            self = .gif(path)
        } else if lower.hasSuffix(".apng") {
            self = .apng(path)
        } else {
            self = lower.hasSuffix(".png") ? .contactSheet(path) : .framesFolder(path)
        }
    }

    /// The formats `--format` names, for a path whose extension does not say (an APNG named `.png`).
    public static let formatNames = ["gif", "apng", "sheet", "frames"]

    /// `format` (one of `formatNames`) written to `path`; `nil` for an unknown format.
    public init?(path: String, format: String) {
        switch format.lowercased() {
        case "gif": self = .gif(path)
        case "apng": self = .apng(path)
        case "sheet": self = .contactSheet(path)
        case "frames": self = .framesFolder(path)
        default: return nil
        }
    }

    /// Whether it is an animation whose encoder takes frames at any rate and times them itself.
    public var isAnimation: Bool {
        switch self {
        case .gif, .apng: return true
        case .contactSheet, .framesFolder: return false
        }
    }

    /// 30 fps for GIFs (browsers clamp faster delays), 60 for APNG, PNG frames and sheets.
    public var defaultFPS: Int {
        if case .gif = self { return 30 }
        return 60
    }

    /// Throws a `RenderFailure` naming `--fps` when the format cannot play `fps` frames per second
    /// (GIF and APNG check their own rules); called before the animation plays.
    func validate(fps: Int) throws {
        let rule: String
        do {
            switch self {
            case .gif: try GIFOptions(fps: fps).validate()
            case .apng: try APNGOptions(fps: fps).validate()
            case .contactSheet, .framesFolder: return
            }
            return
        } catch let AnimationError.invalidOption(_, text) {
            rule = text
        }
        throw RenderFailure("--fps \(fps)", rule)
    }

    func makeSink(fps: Int, sourceFPS: Int, frames: Range<Int>, scale: Double) throws -> FrameSink {
        switch self {
        case let .gif(path):
            // Checked before the demo plays, so a bad rate fails at once and names the option.
            let options = GIFOptions(fps: fps, sourceFPS: sourceFPS)
            return AnimationSink(path: path) { try GIFEncoder(path: path, width: $0, height: $1, options: options) }
        case let .apng(path):
            let options = APNGOptions(fps: fps, sourceFPS: sourceFPS)
            return AnimationSink(path: path) { try APNGEncoder(path: path, width: $0, height: $1, options: options) }
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

/// PNG frames `frame-0000.png…` (numbered by 60 Hz frame index), written into a temporary folder
/// that replaces the folder whole once every frame is written.
final class FramesFolderSink: FrameSink {
    let folder: String
    private let output: AtomicFolder

    init(folder: String) throws {
        self.folder = folder
        do {
            output = try AtomicFolder(path: folder) { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        } catch let CodecError.unwritable(_, reason) {
            throw RenderFailure(folder, reason)
        }
    }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        let name = String(format: "frame-%04d.png", frame)
        do { try PNG.write(pixmap, to: "\(output.temporaryPath)/\(name)") } catch let CodecError.unwritable(_, reason) {
            throw RenderFailure("\(folder)/\(name)", reason)
        }
    }

    func finish() throws { try output.commit() }

    func abort() { output.abort() }
}

/// An animated GIF, APNG or WebP, encoded as the frames arrive; the encoder is made for the
/// first frame's size.
final class AnimationSink: FrameSink {
    let path: String
    private let open: (_ width: Int, _ height: Int) throws -> AnimationEncoder
    private var encoder: AnimationEncoder?

    init(path: String, open: @escaping (_ width: Int, _ height: Int) throws -> AnimationEncoder) {
        self.path = path
        self.open = open
    }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        let encoder = try self.encoder ?? open(pixmap.width, pixmap.height)
        self.encoder = encoder
        try encoder.add(pixmap, damage: nil)
    }

    func finish() throws {
        guard let encoder else { throw RenderFailure(path, "no frames to write") }
        try encoder.finish()
    }

    func abort() { encoder = nil }
}
