import Codecs
import Foundation
import Raster

/// How an animation file is encoded, whatever its format.
public struct EncodingOptions: Sendable, Equatable {
    /// How many times browsers play the animation; 0 loops forever. A GIF stores N − 1 (the
    /// NETSCAPE2.0 count is repeats after the first play) and no loop block for 1.
    public var plays: Int
    /// 0...100; `nil` takes the format's default (GIF 50: colours per frame; WebP 75). APNG is
    /// lossless and has none.
    public var quality: Int?
    /// WebP only: lossless frames.
    public var lossless: Bool
    /// GIF only: frames have a transparent background, kept as 1-bit transparency (APNG and WebP
    /// always keep real alpha).
    public var transparent: Bool

    /// GIF only: ordered dithering of colours the palette lacks (see `GIFOptions.dither`).
    public var dither: Bool

    /// GIF only: lossy LZW strength 0...200; nil the default, 0 exact (see `GIFOptions.lossy`).
    public var lossy: Int?

    /// MP4 and WebM only: the codec (`nil`: H.264 for .mp4, VP9 for .webm).
    public var codec: VideoCodec?

    public init(plays: Int = 0, quality: Int? = nil, lossless: Bool = false, transparent: Bool = false,
                dither: Bool = true, lossy: Int? = nil, codec: VideoCodec? = nil) {
        self.codec = codec
        self.dither = dither
        self.lossy = lossy
        self.plays = plays
        self.quality = quality
        self.lossless = lossless
        self.transparent = transparent
    }

    /// The GIF encoder's options at `fps` for frames arriving at `sourceFPS`.
    public func gif(fps: Int, sourceFPS: Int?) -> GIFOptions {
        GIFOptions(fps: fps, sourceFPS: sourceFPS, loopCount: plays == 1 ? nil : max(0, plays - 1),
                   quality: quality ?? GIFOptions().quality, transparency: transparent, dither: dither,
                   lossy: lossy)
    }

    /// The APNG encoder's options.
    public func apng(fps: Int, sourceFPS: Int?) -> APNGOptions {
        APNGOptions(fps: fps, sourceFPS: sourceFPS, plays: plays)
    }

    /// The video encoder's options for a file at `path`: the codec `--codec` names, else the
    /// container's usual one (H.264 in MP4, VP9 in WebM).
    public func video(fps: Int, sourceFPS: Int?, path: String) -> VideoOptions {
        VideoOptions(fps: fps, sourceFPS: sourceFPS,
                     codec: codec ?? (path.lowercased().hasSuffix(".webm") ? .vp9 : .h264),
                     quality: quality ?? VideoOptions.defaultQuality)
    }

    /// The WebP encoder's options.
    public func webp(fps: Int, sourceFPS: Int?) -> WebPOptions {
        WebPOptions(fps: fps, sourceFPS: sourceFPS, plays: plays, quality: quality ?? WebPOptions().quality,
                    lossless: lossless)
    }
}

/// Where rendered frames go: an animated GIF, APNG or WebP, a video (MP4 or WebM), a contact sheet
/// or a folder of PNG frames.
public enum RenderOutput: Sendable, Equatable {
    case gif(String)
    case apng(String)
    case webp(String)
    /// An MP4 or WebM, as the extension says.
    case video(String)
    case contactSheet(String)
    case framesFolder(String)

    /// The output a path names: `.gif` an animated GIF, `.apng` an animated PNG, `.webp` an animated
    /// WebP, `.mp4` and `.webm` a video (in builds with video), `.png` a contact sheet, and a name without an extension (or a folder that exists) a
    /// folder of PNG frames. Any other extension throws a `RenderFailure` naming the formats, so a
    /// mistyped or unsupported name never becomes a folder of frames.
    public init(path: String) throws {
        let ext = PathName.fileExtension(of: path).lowercased()
        var isFolder: ObjCBool = false
        switch ext {
        case "gif": self = .gif(path)
        case "apng": self = .apng(path)
        case "webp": self = .webp(path)
        case "png": self = .contactSheet(path)
        case "mp4", "webm":
            guard VideoCodec.isBuilt else {
                throw RenderFailure(path, "this popping-render was built without video (make VIDEO=no); "
                                    + Self.extensionsHelp)
            }
            self = .video(path)
        case "": self = .framesFolder(path)
        default:
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                self = .framesFolder(path)
                return
            }
            throw RenderFailure(path, "unknown output format .\(ext) (\(Self.extensionsHelp))")
        }
    }

    /// The output names every build understands, for messages and help.
    public static let extensionsHelp = "write .gif, .apng, .webp, "
        + (VideoCodec.isBuilt ? ".mp4, .webm, " : "")
        + ".png for a contact sheet, or a name without an extension for a folder of PNG frames"

    /// The formats `--format` names, for a path whose extension does not say (an APNG named `.png`).
    public static let formatNames = ["gif", "apng", "webp", "sheet", "frames"]

    /// `format` (one of `formatNames`) written to `path`; `nil` for an unknown format.
    public init?(path: String, format: String) {
        switch format.lowercased() {
        case "gif": self = .gif(path)
        case "apng": self = .apng(path)
        case "webp": self = .webp(path)
        case "sheet": self = .contactSheet(path)
        case "frames": self = .framesFolder(path)
        default: return nil
        }
    }

    /// 30 fps for GIF (browsers clamp faster delays) and WebP (half the bytes of 60), 60 for APNG
    /// (lossless, for smooth docs and goldens), video (as on the device), PNG frames and sheets.
    public var defaultFPS: Int {
        switch self {
        case .gif, .webp: return 30
        case .apng, .video, .contactSheet, .framesFolder: return 60
        }
    }

    /// The encoder for an animation output, made for the first frame's size; `nil` for the others.
    /// Options are checked here, before any frame is drawn, and a bad one names itself.
    public func animationEncoder(fps: Int, sourceFPS: Int?, encoding: EncodingOptions) throws
        -> ((_ width: Int, _ height: Int) throws -> AnimationEncoder)? {
        func checked(_ validate: () throws -> Void) throws {
            do { try validate() } catch let AnimationError.invalidOption(option, rule) where option == "fps" {
                throw RenderFailure("--fps \(fps)", rule)
            } catch { throw RenderFailure(path, "\(error)") }
        }
        // Options that mean nothing for this format are refused rather than ignored.
        func refuse(_ option: String, _ given: Bool, _ why: String) throws {
            if given { throw RenderFailure(option, why) }
        }
        if case .apng = self { try refuse("--quality", encoding.quality != nil, "APNG is lossless and has no quality") }
        if case .gif = self {} else {
            try refuse("--lossy", encoding.lossy != nil, "lossy LZW is for GIF only")
        }
        if case .webp = self {} else { try refuse("--lossless", encoding.lossless, "is for WebP only (APNG is always lossless)") }
        if case .video = self {
            try refuse("--background", encoding.transparent, "MP4 and WebM frames are opaque (APNG and WebP keep transparency)")
        } else {
            try refuse("--codec", encoding.codec != nil, "is for .mp4 and .webm outputs only")
        }
        switch self {
        case let .gif(path):
            let options = encoding.gif(fps: fps, sourceFPS: sourceFPS)
            try checked(options.validate)
            return { try GIFEncoder(path: path, width: $0, height: $1, options: options) }
        case let .apng(path):
            let options = encoding.apng(fps: fps, sourceFPS: sourceFPS)
            try checked(options.validate)
            return { try APNGEncoder(path: path, width: $0, height: $1, options: options) }
        case let .webp(path):
            let options = encoding.webp(fps: fps, sourceFPS: sourceFPS)
            try checked(options.validate)
            return { try WebPEncoder(path: path, width: $0, height: $1, options: options) }
        case let .video(path):
            #if POPPING_VIDEO
            let options = encoding.video(fps: fps, sourceFPS: sourceFPS, path: path)
            do { try options.validate(path: path) } catch let AnimationError.invalidOption(option, rule) {
                switch option {
                case "fps": throw RenderFailure("--fps \(fps)", rule)
                case "codec": throw RenderFailure("--codec \(options.codec.rawValue)", rule)
                default: throw RenderFailure("--\(option)", rule)
                }
            }
            return { try VideoEncoder(path: path, width: $0, height: $1, options: options) }
            #else
            throw RenderFailure(path, "this popping-render was built without video (make VIDEO=no)")
            #endif
        case .contactSheet, .framesFolder:
            return nil
        }
    }

    /// The path written to.
    public var path: String {
        switch self {
        case let .gif(p), let .apng(p), let .webp(p), let .video(p), let .contactSheet(p), let .framesFolder(p): return p
        }
    }

    func makeSink(fps: Int, sourceFPS: Int, frames: Range<Int>, scale: Double, encoding: EncodingOptions) throws
        -> FrameSink {
        switch self {
        case let .contactSheet(path): return ContactSheetSink(path: path, frames: frames, scale: scale)
        case let .framesFolder(path): return try FramesFolderSink(folder: path, fps: fps, scale: scale)
        case .gif, .apng, .webp, .video:
            let open = try animationEncoder(fps: fps, sourceFPS: sourceFPS, encoding: encoding)
            return AnimationSink(path: path) { try open!($0, $1) }
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

/// PNG frames `frame-0000.png`, `frame-0001.png`, … numbered in output order (so
/// `ffmpeg -i frame-%04d.png` reads them all at any rate), and `frames.json` beside them with the
/// rate, the scale and each frame's time and 60 Hz tick, which the encoding commands read so a
/// folder plays at the speed it was rendered. They are written into a temporary folder that
/// replaces the folder whole once every frame is written.
final class FramesFolderSink: FrameSink {
    let folder: String
    let fps: Int
    let scale: Double
    private let output: AtomicFolder
    private let writer = PNGFileWriter()
    private var ticks: [Int] = []

    init(folder: String, fps: Int, scale: Double) throws {
        self.folder = folder
        self.fps = fps
        self.scale = scale
        do {
            output = try AtomicFolder(path: folder) {
                ($0.hasPrefix("frame-") && $0.hasSuffix(".png")) || $0 == FrameFolder.manifestName
            }
        } catch let CodecError.unwritable(_, reason) {
            throw RenderFailure(folder, reason)
        }
    }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        let name = FrameFolder.fileName(index: ticks.count)
        try writer.write(pixmap, to: "\(output.temporaryPath)/\(name)")
        ticks.append(frame)
    }

    func finish() throws {
        try writer.finish()
        let list = FrameFolder(fps: fps, scale: scale, ticks: ticks)
        try AtomicOutput.write(Array(list.json().utf8), to: "\(output.temporaryPath)/\(FrameFolder.manifestName)")
        try output.commit()
    }

    func abort() {
        writer.cancel()
        output.abort()
    }
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
