import Codecs
import Foundation
import Raster

/// Guards every frame of a render with the SHA-256 of its RGBA bytes, kept one line per frame in
/// `Tests/Goldens/<suite>/<name>.sha256`. Frames are checked as they stream past, so a whole demo
/// never sits in memory; the first changed frame fails with its index and is written out with a
/// diff image against the frame before it (what moved there) for review.
public struct FrameManifest {
    public let suite: String
    public let name: String
    private let expected: [String]
    private var actual: [String] = []
    private var previous: Pixmap?

    /// Loads the manifest (nothing is loaded when recording).
    public init(suite: String, name: String) throws {
        self.suite = suite
        self.name = name
        let path = Golden.path(suite: suite, name: name, extension: "sha256")
        if Golden.isRecording {
            expected = []
        } else if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            expected = text.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }
        } else {
            throw GoldenFailure(description: "frame manifest \(path) is missing; record it with `make goldens`")
        }
    }

    /// Checks the next frame; throws at the first frame whose bytes changed.
    public mutating func check(_ frame: Pixmap) throws {
        let index = actual.count
        let hash = SHA256.hex(frame.data)
        actual.append(hash)
        defer { previous = frame }
        guard !Golden.isRecording else { return }
        guard index < expected.count else {
            throw GoldenFailure(description: "\(suite)/\(name): frame \(index) is new; the manifest has \(expected.count) frames")
        }
        guard hash != expected[index] else { return }
        let frameName = "\(name)-frame-\(String(format: "%04d", index))"
        let written = try writeArtifacts(actual: frame, expected: previous ?? frame, suite: suite, name: frameName).artifacts
        throw GoldenFailure(description: "\(suite)/\(name): frame \(index) changed (SHA-256 \(hash.prefix(12))…, "
            + "manifest has \(expected[index].prefix(12))…); \(written) (the diff shows the changes since frame \(index - 1))")
    }

    /// Checks the frame count, or writes the manifest when recording.
    public func finish() throws {
        if Golden.isRecording {
            let path = Golden.path(suite: suite, name: name, extension: "sha256")
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let text = actual.enumerated().map { String(format: "%04d ", $0.offset) + $0.element }.joined(separator: "\n")
            try AtomicOutput.write(Array((text + "\n").utf8), to: path)
        } else if actual.count != expected.count {
            throw GoldenFailure(description: "\(suite)/\(name): \(actual.count) frames rendered, the manifest has \(expected.count)")
        }
    }
}
