import Codecs
import Foundation
import PoppingRender

/// The render options that decide a golden's pixels. They are recorded with the goldens, and a
/// check made with other options is refused rather than compared, so a golden made at 2x is never
/// silently checked at 1x.
public struct GoldenOptions: Codable, Equatable, Sendable {
    /// Device pixels per point.
    public var scale: Double
    /// Frames per second checked (60 checks every frame).
    public var fps: Int
    /// The screen in points, `375x667`.
    public var screen: String
    /// How view frames are rounded to device pixels.
    public var snap: String
    /// Whether the touch circle is drawn.
    public var touches: Bool
    /// The animation's seed, when it was started with one.
    public var seed: UInt64?
    /// portrait or landscape, when the animation was started in one.
    public var orientation: String?
    /// The 60 Hz frames `A..B` (inclusive) when only part of the animation is guarded.
    public var frames: String?
    /// `dark` when rendered in the dark appearance; unset for light (so older goldens read as light).
    public var appearance: String?
    /// The content size category when not `large`; unset for large (so older goldens read as large).
    public var contentSize: String?
    /// `rightToLeft` when laid out right to left; unset for left to right.
    public var layoutDirection: String?
    /// The locale whose strings were shown; unset for the texts as written.
    public var locale: String?

    public init(scale: Double, fps: Int, screen: Size, snap: PixelSnapping, touches: Bool,
                seed: UInt64? = nil, orientation: Orientation? = nil, frames: Range<Int>? = nil) {
        self.scale = scale
        self.fps = fps
        self.screen = "\(formatNumber(screen.width))x\(formatNumber(screen.height))"
        self.snap = snap.rawValue
        self.touches = touches
        self.seed = seed
        self.orientation = orientation?.rawValue
        self.frames = frames.map { "\($0.lowerBound)..\($0.upperBound - 1)" }
    }

    /// The options of `run` rendered with `options` (every frame unless `options.fps` says fewer);
    /// a frame range covering the whole animation is recorded as none.
    public init(run: DemoRun, options: RenderOptions, seed: UInt64? = nil, orientation: Orientation? = nil) {
        let part = options.frames.flatMap { $0 == 0..<run.frameCount ? nil : $0 }
        self.init(scale: options.scale, fps: options.fps ?? 60, screen: run.stage.screenSize, snap: options.snapping,
                  touches: options.showTouches, seed: seed, orientation: orientation, frames: part)
        appearance = run.stage.userInterfaceStyle == .dark ? UserInterfaceStyle.dark.rawValue : nil
        contentSize = run.stage.preferredContentSizeCategory == .default ? nil : run.stage.preferredContentSizeCategory.rawValue
        layoutDirection = run.stage.layoutDirection == .leftToRight ? nil : run.stage.layoutDirection.rawValue
        locale = run.stage.localeIdentifier
    }

    /// The command-line options that reproduce these (`--scale 2 --fps 60 --size 375x667 …`).
    public var commandLine: String {
        var parts = ["--scale \(formatNumber(scale))", "--fps \(fps)", "--size \(screen)", "--snap \(snap)"]
        if !touches { parts.append("--no-touches") }
        if let seed { parts.append("--seed \(seed)") }
        if let orientation { parts.append("--orientation \(orientation)") }
        if let frames { parts.append("--frames \(frames)") }
        if let appearance { parts.append("--appearance \(appearance)") }
        if let contentSize { parts.append("--content-size \(contentSize)") }
        if let layoutDirection { parts.append("--layout-direction \(layoutDirection)") }
        if let locale { parts.append("--locale \(locale)") }
        return parts.joined(separator: " ")
    }

    /// One phrase per option that differs, golden first: `scale 2 (golden) vs 1`.
    public func differences(from golden: GoldenOptions) -> [String] {
        var found: [String] = []
        func note<T: Equatable>(_ name: String, _ a: T?, _ b: T?) {
            guard a != b else { return }
            found.append("\(name) \(b.map { "\($0)" } ?? "unset") (golden) vs \(a.map { "\($0)" } ?? "unset")")
        }
        note("scale", formatNumber(scale), formatNumber(golden.scale))
        note("fps", fps, golden.fps)
        note("screen", screen, golden.screen)
        note("snap", snap, golden.snap)
        note("touches", touches, golden.touches)
        note("seed", seed, golden.seed)
        note("orientation", orientation, golden.orientation)
        note("frames", frames, golden.frames)
        note("appearance", appearance ?? "light", golden.appearance ?? "light")
        note("content size", contentSize ?? ContentSizeCategory.default.rawValue, golden.contentSize ?? ContentSizeCategory.default.rawValue)
        note("layout direction", layoutDirection ?? LayoutDirection.leftToRight.rawValue,
             golden.layoutDirection ?? LayoutDirection.leftToRight.rawValue)
        note("locale", locale, golden.locale)
        return found
    }
}

/// A number without a trailing `.0` (`2`, `2.5`).
func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// One scene's golden frames: the options they were made with, the frame size, and a hash of
/// each frame's RGBA bytes (`FrameDigest`), which a check compares first. The pixels themselves
/// are in the lossless sequence file named by `sequence`, beside the manifest.
public struct GoldenManifest: Codable, Equatable, Sendable {
    /// One golden frame: its 60 Hz index and the digest of its premultiplied RGBA bytes, written
    /// under the digest's name (`{"index":12,"xxh3":"…"}`; `"sha256"` in layout 1).
    public struct Frame: Codable, Equatable, Sendable {
        public var index: Int
        /// The digest in lowercase hex.
        public var hash: String
        /// Which digest `hash` is.
        public var digest: FrameDigest

        public init(index: Int, hash: String, digest: FrameDigest = .current) {
            self.index = index
            self.hash = hash
            self.digest = digest
        }

        private enum CodingKeys: String, CodingKey { case index, sha256, xxh3 }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            index = try container.decode(Int.self, forKey: .index)
            let present = FrameDigest.allCases.filter { container.contains(CodingKeys(rawValue: $0.rawValue)!) }
            guard present.count == 1, let digest = present.first else {
                throw DecodingError.dataCorruptedError(forKey: .index, in: container,
                                                       debugDescription: "a frame needs exactly one of sha256 or xxh3")
            }
            self.digest = digest
            hash = try container.decode(String.self, forKey: CodingKeys(rawValue: digest.rawValue)!)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(hash, forKey: CodingKeys(rawValue: digest.rawValue)!)
        }
    }

    /// The layout version: 1 hashes frames with SHA-256, 2 with XXH3-128; a manifest from a
    /// newer layout is refused.
    public var version = FrameDigest.current.manifestVersion
    /// The demo's name or the scene file's name without its extension.
    public var scene: String
    /// The options the goldens were rendered with.
    public var options: GoldenOptions
    /// The frame size in device pixels.
    public var width: Int
    public var height: Int
    /// The animation's length in 60 Hz frames when recorded.
    public var frameCount: Int
    /// The file name of the frame sequence, beside the manifest.
    public var sequence: String
    /// The golden frames in order, one per frame of the sequence file.
    public var frames: [Frame]

    public init(scene: String, options: GoldenOptions, width: Int, height: Int, frameCount: Int, sequence: String,
                frames: [Frame]) {
        version = frames.first?.digest.manifestVersion ?? FrameDigest.current.manifestVersion
        self.scene = scene
        self.options = options
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.sequence = sequence
        self.frames = frames
    }

    /// The digest this manifest's frames carry, by its layout.
    public var digest: FrameDigest { version == FrameDigest.sha256.manifestVersion ? .sha256 : .xxh3 }

    /// The JSON text: the header fields sorted, one line per frame so a pull request's diff shows
    /// exactly the frames that changed.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var header = self
        header.frames = []
        let text = String(decoding: try encoder.encode(header), as: UTF8.self)
        // Put each frame on its own line in place of the empty list.
        guard let empty = text.range(of: "\"frames\":[]") else { throw RenderFailure("manifest", "cannot be encoded") }
        let lines = try frames.map { "  " + String(decoding: try encoder.encode($0), as: UTF8.self) }
        return text[..<empty.lowerBound] + "\"frames\":[\n" + lines.joined(separator: ",\n") + "\n]" + text[empty.upperBound...] + "\n"
    }
}

/// The goldens folder: for each scene `NAME.json` (the manifest) and `NAME.<ext>` (all its frames
/// in one lossless file, in the format `goldenSequenceFormat` names).
public struct GoldenStore: Sendable {
    public let folder: String
    public let format: any FrameSequenceFormat

    public init(folder: String, format: any FrameSequenceFormat = goldenSequenceFormat) {
        self.folder = folder
        self.format = format
    }

    /// `FOLDER/NAME.json`.
    public func manifestPath(_ scene: String) -> String { "\(folder)/\(scene).json" }
    /// `FOLDER/NAME.apng` (the format's extension).
    public func sequencePath(_ scene: String) -> String { "\(folder)/\(scene).\(format.fileExtension)" }

    /// Throws a `RenderFailure` when recording `scene` would write through a symbolic link: the
    /// goldens folder, `NAME.json` or the sequence being a link (a pull request's goldens could
    /// point them anywhere). Nothing is followed or replaced.
    public func refuseLinks(recording scene: String) throws {
        if let link = [folder, manifestPath(scene), sequencePath(scene)].first(where: isSymbolicLink) {
            throw RenderFailure(link, "is a symbolic link; goldens are written only into a real folder, as real files")
        }
    }

    /// The scene's manifest, nil when none was recorded; throws a `RenderFailure` naming the file
    /// when it cannot be read.
    public func manifest(_ scene: String) throws -> GoldenManifest? {
        let path = manifestPath(scene)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let real = try readable("\(scene).json")
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw RenderFailure(path, "is not a regular file") }
        guard info.st_size <= Self.largestManifest else {
            throw RenderFailure(path, "is \(info.st_size) bytes; a golden manifest over \(Self.largestManifest) bytes is not read")
        }
        guard let data = FileManager.default.contents(atPath: real) else { throw RenderFailure(path, "cannot be read") }
        let manifest: GoldenManifest
        do { manifest = try JSONDecoder().decode(GoldenManifest.self, from: data) } catch {
            throw RenderFailure(path, "is not a golden manifest (\(describe(error)))")
        }
        guard FrameDigest.allCases.contains(where: { $0.manifestVersion == manifest.version }) else {
            throw RenderFailure(path, "layout version \(manifest.version) is not one this popping-render reads (1 or 2)")
        }
        if let frame = manifest.frames.first(where: { $0.digest != manifest.digest }) {
            throw RenderFailure(path, "frame \(frame.index) has a \(frame.digest.rawValue) hash; layout \(manifest.version) hashes frames with \(manifest.digest.rawValue)")
        }
        guard manifest.width > 0, manifest.height > 0 else { throw RenderFailure(path, "frame size must be positive") }
        return manifest
    }

    /// The largest manifest read: a million frames' hashes.
    public static let largestManifest = 128 << 20

    /// The real path of `name` in the goldens folder, which must lie inside it (links resolved):
    /// a manifest from a pull request cannot make a check read files elsewhere.
    public func readable(_ name: String) throws -> String {
        do { return try ReadRoot.contents(of: folder).resolve(name, relativeTo: folder) } catch let refusal as ReadRefusal {
            throw RenderFailure(name.hasPrefix("/") ? refusal.path : "\(folder)/\(refusal.path)", refusal.reason)
        }
    }

    /// Opens the frame sequence `manifest` names, which must lie in the goldens folder.
    public func openSequence(of manifest: GoldenManifest) throws -> any FrameSequenceReader {
        try format.openReader(path: try readable(manifest.sequence), fps: manifest.options.fps)
    }

    /// Reads the scene's golden frames in order, handing each to `each` with its 60 Hz index
    /// until it returns false.
    public func frames(of manifest: GoldenManifest, _ each: (Int, Pixmap) throws -> Bool) throws {
        let reader = try openSequence(of: manifest)
        for frame in manifest.frames {
            guard let pixmap = try reader.next() else {
                throw RenderFailure("\(folder)/\(manifest.sequence)", "has fewer frames than its manifest")
            }
            guard pixmap.width == manifest.width, pixmap.height == manifest.height else {
                throw RenderFailure("\(folder)/\(manifest.sequence)", "frame \(frame.index) is \(pixmap.width)x\(pixmap.height), the manifest says \(manifest.width)x\(manifest.height)")
            }
            if try !each(frame.index, pixmap) { return }
        }
    }
}

/// A decoding error in a few words, without Foundation's debug dump.
func describe(_ error: Error) -> String {
    switch error {
    case let DecodingError.keyNotFound(key, _): return "missing key \(key.stringValue)"
    case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
        return "wrong type at \(describe(context.codingPath))"
    case let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty:
        return "\(context.debugDescription) at \(describe(context.codingPath))"
    case DecodingError.dataCorrupted: return "not valid JSON"
    default: return "\(error)"
    }
}

/// A JSON path as written in JavaScript: `frames[3].index`.
private func describe(_ path: [any CodingKey]) -> String {
    path.reduce("") { text, key in
        key.intValue.map { "\(text)[\($0)]" } ?? (text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)")
    }
}
