import Codecs
import Foundation
import Raster

/// Golden-frame checks shared by every test target.
///
/// Goldens are PNG files under `Tests/Goldens/<suite>/<name>.png`. Comparison is of decoded
/// RGBA bytes and exact: the renderer is deterministic, so any difference is a real change.
/// `RECORD_GOLDENS=1` (what `make goldens` sets) writes the goldens instead; without it a
/// missing golden is a failure, so CI never records.
public enum Golden {
    /// `Tests/`, found from this file's path so tests run from any working directory.
    public static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    /// Where failures write the actual frame and the diff image: `$GOLDEN_ARTIFACTS`, or
    /// `.build/golden-artifacts` in the package.
    public static var artifactsFolder: String {
        if let env = ProcessInfo.processInfo.environment["GOLDEN_ARTIFACTS"], !env.isEmpty { return env }
        return URL(fileURLWithPath: testsFolder).deletingLastPathComponent().path + "/.build/golden-artifacts"
    }

    /// True when goldens are being recorded rather than checked.
    public static var isRecording: Bool {
        let v = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] ?? ""
        return !v.isEmpty && v != "0"
    }

    /// The path of a golden file.
    public static func path(suite: String, name: String, extension ext: String = "png") -> String {
        "\(testsFolder)/Goldens/\(suite)/\(name).\(ext)"
    }
}

/// Why a golden check failed; its description is the whole message a developer needs.
public struct GoldenFailure: Error, CustomStringConvertible {
    public let description: String
}

/// Checks `pixmap` against the golden `Tests/Goldens/<suite>/<name>.png`, or records it when
/// `RECORD_GOLDENS` is set. On a mismatch it writes `<name>.actual.png` and `<name>.diff.png`
/// to the artifacts folder and throws a `GoldenFailure` naming them, with the size of the
/// difference (pixels off by more than 2, 8 and 32 levels, the largest difference, the
/// bounding box of the differences, PSNR).
public func assertGolden(_ pixmap: Pixmap, named name: String, suite: String) throws {
    let path = Golden.path(suite: suite, name: name)
    if Golden.isRecording {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNG.write(pixmap, to: path, compression: .small)
        return
    }
    guard FileManager.default.fileExists(atPath: path) else {
        throw GoldenFailure(description: "golden \(path) is missing; record it with `make goldens` and review it")
    }
    let expected = try PNG.read(path: path)
    guard expected != pixmap else { return }
    let (artifacts, difference) = try writeArtifacts(actual: pixmap, expected: expected, suite: suite, name: name)
    let report = difference?.summary
        ?? "size \(pixmap.width)x\(pixmap.height), golden is \(expected.width)x\(expected.height)"
    throw GoldenFailure(description: "\(suite)/\(name) differs from its golden: \(report); \(artifacts)")
}

/// Writes the actual frame and, when the sizes match, a diff image; returns a sentence naming
/// them and the difference the diff image shows (nil when the sizes differ).
func writeArtifacts(actual: Pixmap, expected: Pixmap, suite: String,
                    name: String) throws -> (artifacts: String, difference: ImageDifference?) {
    let folder = "\(Golden.artifactsFolder)/\(suite)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let actualPath = "\(folder)/\(name).actual.png"
    try PNG.write(actual, to: actualPath)
    guard actual.width == expected.width, actual.height == expected.height else {
        return ("actual frame written to \(actualPath)", nil)
    }
    let diffPath = "\(folder)/\(name).diff.png"
    let difference = ImageDifference(expected: expected, actual: actual)
    try PNG.write(difference.image, to: diffPath)
    return ("actual frame \(actualPath), diff \(diffPath)", difference)
}
