import Foundation
@_exported import GoldenFrames
@_exported import PoppingRender
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// When `assertFrames` writes goldens instead of only checking them, as swift-snapshot-testing's
/// record modes do. Set for a whole run with the `POPPING_RECORD` environment variable
/// (`all`, `failed`, `missing` or `never`), or per call with `record:`.
public enum RecordMode: String, Sendable {
    /// Re-record every golden (the test still fails, so a re-recording is never silent).
    case all
    /// Re-record the goldens whose frames changed (the test still fails).
    case failed
    /// Record goldens that do not exist yet (the test fails once, telling you to review them); the default.
    case missing
    /// Never write goldens: what CI should use.
    case never

    /// `POPPING_RECORD`, or `.missing` when it is unset or empty.
    public static var current: RecordMode {
        let value = ProcessInfo.processInfo.environment["POPPING_RECORD"] ?? ""
        return RecordMode(rawValue: value.lowercased()) ?? .missing
    }
}

/// Renders `run` and checks every frame `options` chooses against the goldens named `name`, in
/// `__Goldens__/<test file name>/` beside the test file: `name.json` (the render options and each
/// frame's XXH3-128 hash) and the frames themselves, lossless. Frames are compared by hash, so a check
/// costs about what rendering does. On a failure the test gets one issue naming the differing
/// frames, the key frames (expected, actual and diff PNGs of the frames that differ most, as
/// swift-snapshot-testing writes its failed snapshots) and the report page (expected, actual and
/// diff of every frame, both animations playing), all written to `$POPPING_ARTIFACTS/<name>/`
/// (or the temporary folder).
///
/// Works in Swift Testing `@Test`s and in `XCTestCase`s.
///
/// - Parameters:
///   - run: the animation, as your `Demo.start` returns it.
///   - name: the goldens' name, unique within the test file.
///   - options: scale, frame rate, frames and snapping; recorded with the goldens, and a later
///     check with other options fails rather than comparing.
///   - frames: only these 60 Hz frames (key frames); nil checks every frame `options` chooses.
///   - tolerance: how far a frame may differ and still pass; nil for byte-exact.
///   - record: overrides `POPPING_RECORD`.
///   - goldens: the goldens folder, instead of `__Goldens__/<test file name>` beside the test.
///   - artifacts: where a failure's report goes, instead of `$POPPING_ARTIFACTS`.
public func assertFrames(
    of run: @autoclosure () throws -> DemoRun,
    named name: String,
    options: RenderOptions = RenderOptions(),
    frames: [Int]? = nil,
    tolerance: Tolerance? = nil,
    record: RecordMode? = nil,
    goldens: String? = nil,
    artifacts: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if let message = verifyFrames(of: run, named: name, options: options, frames: frames, tolerance: tolerance,
                                  record: record ?? RecordMode.current, goldens: goldens ?? defaultGoldens(filePath),
                                  artifacts: artifacts ?? artifactsFolder()) {
        location.fail(message)
    }
}

/// `assertFrames(of:named:)` for a `Demo`: starts it on its default device (or `settings`) first.
public func assertFrames(
    of demo: any Demo.Type,
    settings: DemoSettings? = nil,
    named name: String? = nil,
    options: RenderOptions = RenderOptions(),
    frames: [Int]? = nil,
    tolerance: Tolerance? = nil,
    record: RecordMode? = nil,
    goldens: String? = nil,
    artifacts: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertFrames(of: try demo.start(settings ?? DemoSettings(screenSize: demo.defaultDevice.screenSize)),
                 named: name ?? demo.name, options: options, frames: frames, tolerance: tolerance, record: record,
                 goldens: goldens, artifacts: artifacts, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertFrames(of:named:)` in every combination of traits `variants` names
/// (`"appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl"`):
/// `start` is given `settings` with each combination laid over them, and each combination is
/// checked against its own goldens, `name-dark-rtl-accessibilityExtraLarge` (the default look keeps
/// `name`). Each combination that differs is its own issue; a matrix that cannot be read is one.
///
/// - Parameters:
///   - start: starts the animation on the settings given, as `Demo.start` or a loaded scene's `start` does.
///   - settings: the screen and the traits the variants leave alone.
///   - name: the goldens' name before the variant's suffix, unique within the test file.
///   - variants: the matrix, as `popping-render --variants` takes it.
public func assertFrames(
    of start: (DemoSettings) throws -> DemoRun,
    settings: DemoSettings,
    named name: String,
    variants: String,
    options: RenderOptions = RenderOptions(),
    frames: [Int]? = nil,
    tolerance: Tolerance? = nil,
    record: RecordMode? = nil,
    goldens: String? = nil,
    artifacts: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let matrix: [Variant]
    do { matrix = try Variant.matrix(variants) } catch {
        return location.fail("variants \"\(variants)\": \(error.description)")
    }
    for variant in matrix {
        if let message = verifyFrames(of: { try start(variant.applied(to: settings)) }, named: variant.naming(name), options: options,
                                      frames: frames, tolerance: tolerance, record: record ?? RecordMode.current,
                                      goldens: goldens ?? defaultGoldens(filePath), artifacts: artifacts ?? artifactsFolder()) {
            location.fail(message)
        }
    }
}

/// The check itself; returns the failure message, nil when the frames match.
func verifyFrames(of run: () throws -> DemoRun, named name: String, options: RenderOptions, frames: [Int]?,
                  tolerance: Tolerance?, record: RecordMode, goldens: String, artifacts: String) -> String? {
    do {
        let store = GoldenStore(folder: goldens)
        let exists = try store.manifest(name) != nil
        let mode: GoldenMode
        switch record {
        case .all: mode = .update
        case .failed: mode = .updateChanged
        case .missing: mode = exists ? .check : .update
        case .never: mode = .check
        }
        if mode != .check { try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true) }
        let animation = try run()
        let result = try checkGoldens(of: animation, scene: name, options: options,
                                      recordedAs: GoldenOptions(run: animation, options: options), in: store, mode: mode,
                                      tolerance: tolerance, frames: frames, keepingMedia: mode == .check,
                                      keyFrames: mode == .check ? keyFrameCount : 0)
        switch result.report.status {
        case .passed: return nil
        case .recorded:
            return exists ? "Recorded the goldens of \(name) again (POPPING_RECORD=\(record.rawValue)); review \(store.manifestPath(name)) "
                + "and run the test again without recording."
                : "No goldens for \(name) were found; recorded them at \(store.manifestPath(name)). Review them and run the test again."
        case .failed:
            let folder = artifacts + "/" + name
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            try ReportFolder.write(CheckReport(scenes: [result.report]), media: result.media.map { [$0] } ?? [], to: folder)
            let files = try writeKeyFrames(result.keyFrames, to: folder)
            return result.report.summary + ". Key frames: " + files.joined(separator: ", ") + ". Report: \(folder)/index.html. "
                + "To accept the change, run the test with POPPING_RECORD=failed and review the goldens."
        }
    } catch {
        return "\(name): \(error)"
    }
}

/// How many of the most differing frames a failure writes as PNGs.
let keyFrameCount = 3

/// Writes `frame-N-expected.png`, `frame-N-actual.png` and `frame-N-diff.png` (the golden in grey,
/// differing pixels red) for each key frame into `folder`; returns the paths written.
func writeKeyFrames(_ frames: [SceneCheck.KeyFrame], to folder: String) throws -> [String] {
    var paths: [String] = []
    for frame in frames {
        var pictures = [("actual", frame.actual)]
        if let expected = frame.expected {
            pictures.insert(("expected", expected), at: 0)
            if expected.width == frame.actual.width, expected.height == frame.actual.height {
                pictures.append(("diff", ImageDifference(expected: expected, actual: frame.actual).image))
            }
        }
        for (kind, pixmap) in pictures {
            let path = "\(folder)/frame-\(frame.index)-\(kind).png"
            try PNG.write(pixmap, to: path)
            paths.append(path)
        }
    }
    return paths
}

/// `__Goldens__/<test file name>` beside the test file.
func defaultGoldens(_ filePath: StaticString) -> String {
    let file = URL(fileURLWithPath: "\(filePath)")
    return file.deletingLastPathComponent().appendingPathComponent("__Goldens__")
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent).path
}

/// Where failing checks write their reports: `$POPPING_ARTIFACTS`, or the temporary folder.
func artifactsFolder() -> String {
    if let folder = ProcessInfo.processInfo.environment["POPPING_ARTIFACTS"], !folder.isEmpty { return folder }
    return NSTemporaryDirectory() + "popping-artifacts"
}

/// Where the assertion was written, to report the failure there in whichever framework runs it.
struct Location {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func fail(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #endif
    }
}
