import Foundation

/// The `frames.json` a rendered frame folder carries: the rate the frames were rendered at, the
/// scale, and each frame's file, time and 60 Hz tick. The encoding commands read it so a folder
/// plays at the speed it was rendered, and other tools can too.
public struct FrameFolder: Codable, Equatable, Sendable {
    /// One frame: its file name in the folder, the time it is shown from in seconds, and the
    /// 60 Hz frame of the animation it shows.
    public struct Frame: Codable, Equatable, Sendable {
        public let file: String
        public let time: Double
        public let tick: Int
    }

    /// Frames per second the files were rendered at.
    public let fps: Int
    /// Device pixels per point.
    public let scale: Double
    public let frames: [Frame]

    /// The manifest's file name inside the folder.
    public static let manifestName = "frames.json"

    /// `frame-0000.png`, `frame-0001.png`, …: consecutive, so `ffmpeg -i frame-%04d.png` reads them all.
    public static func fileName(index: Int) -> String { String(format: "frame-%04d.png", index) }

    /// The manifest of frames written in order at `fps`, showing the 60 Hz frames `ticks`.
    public init(fps: Int, scale: Double, ticks: [Int]) {
        self.fps = fps
        self.scale = scale
        frames = ticks.enumerated().map { Frame(file: Self.fileName(index: $0), time: Double($0) / Double(fps), tick: $1) }
    }

    /// The manifest as pretty-printed JSON with sorted keys (the same frames give the same text).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads `folder/frames.json`: `nil` when there is none; throws `CodecError.malformed` naming
    /// the file when it cannot be used (bad JSON, a rate out of 1...1000, no frames, a file name
    /// that leaves the folder, more frames than files, or more bytes than such a list needs).
    public static func read(folder: String) throws -> FrameFolder? {
        let path = (folder as NSString).appendingPathComponent(manifestName)
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else { throw CodecError.malformed(input: path, reason: "is not a regular file") }
        // Each listed frame is read and decoded: a list naming one file 250,000 times would
        // decode it 250,000 times, so a list may not be longer than the folder. The size is
        // checked against the folder before the JSON is read, so a long list beside a few files
        // costs a directory listing, not a parse.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? 0
        let largest = largestManifest(files: files)
        guard info.st_size <= largest else {
            throw CodecError.malformed(input: path, reason: "is \(info.st_size) bytes; a frame list for the \(files) files in its folder is at most \(largest) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let list: FrameFolder
        do { list = try JSONDecoder().decode(FrameFolder.self, from: data) } catch {
            throw CodecError.malformed(input: path, reason: "not a frame list (expected fps, scale and frames)")
        }
        guard (1...1000).contains(list.fps) else {
            throw CodecError.malformed(input: path, reason: "fps must be 1...1000, not \(list.fps)")
        }
        guard !list.frames.isEmpty else { throw CodecError.malformed(input: path, reason: "lists no frames") }
        if let bad = list.frames.first(where: { $0.file.contains("/") || $0.file.hasPrefix(".") || $0.file.isEmpty
                                                || $0.file.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
            throw CodecError.malformed(input: path, reason: "frame file \"\(printable(bad.file))\" is not a name in the folder")
        }
        guard list.frames.count <= files else {
            throw CodecError.malformed(input: path, reason: "lists \(list.frames.count) frames, more than the \(files) files in its folder")
        }
        return list
    }

    /// The largest frames.json read beside `files` files: room for each file's entry with a
    /// 255-byte name written all in `\u` escapes (2 KB an entry) and 64 KB of anything else, and
    /// never over 128 MB (a million frames).
    public static func largestManifest(files: Int) -> Int {
        min(128 << 20, (64 << 10) + min(files, 1 << 20) * 2048)
    }

    /// `text` with control characters (a NUL, an escape) written as `\u{…}`, for messages.
    public static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
