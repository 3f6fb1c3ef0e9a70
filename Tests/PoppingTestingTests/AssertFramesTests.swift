import Foundation
import GoldenTesting
import PoppingTesting
import Testing
import XCTest

/// A short stretch of the button demo at 1x: the press and the spring back.
let pressOptions = RenderOptions(scale: 1, frames: 40..<70)

/// A goldens folder with the button's press recorded, without an assertion (recording fails one).
func recordedGoldens() throws -> String {
    let goldens = try scratchFolder("assert-frames")
    let run = try ButtonDemo.start(DemoSettings(screenSize: ButtonDemo.defaultDevice.screenSize))
    _ = try checkGoldens(of: run, scene: "button", options: pressOptions, recordedAs: GoldenOptions(run: run, options: pressOptions),
                         in: GoldenStore(folder: goldens), mode: .update)
    return goldens
}

@Suite struct AssertFramesTests {
    @Test func missingGoldensAreRecordedAndTheTestFailsOnceThenPasses() throws {
        let goldens = try scratchFolder("assert-frames")
        withKnownIssue {
            assertFrames(of: ButtonDemo.self, options: pressOptions, record: .missing, goldens: goldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No goldens for button were found; recorded them") }
        }
        #expect(FileManager.default.fileExists(atPath: goldens + "/button.json"))
        assertFrames(of: ButtonDemo.self, options: pressOptions, record: .never, goldens: goldens)
    }

    @Test func aChangedFrameFailsWithTheFramesAndAReport() throws {
        let goldens = try recordedGoldens()
        try paintSquare(inGoldens: goldens, scene: "button", frames: [50, 51, 60])
        let artifacts = try scratchFolder("artifacts")
        withKnownIssue {
            assertFrames(of: ButtonDemo.self, options: pressOptions, record: .never, goldens: goldens, artifacts: artifacts)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("button: FAILED: frames 50–51, 60 differ (3 of 30)") && $0.rawValue.contains("POPPING_RECORD=failed")
            }
        }
        #expect(FileManager.default.fileExists(atPath: artifacts + "/button/index.html"))
    }

    /// Like swift-snapshot-testing's failed snapshots: the differing frames as expected, actual and
    /// diff PNGs beside the report, each named in the failure message.
    @Test func aFailureWritesTheKeyFramesAndNamesThem() throws {
        let goldens = try recordedGoldens()
        try paintSquare(inGoldens: goldens, scene: "button", frames: [45, 62])
        let artifacts = try scratchFolder("artifacts")
        let folder = artifacts + "/button"
        let names = [45, 62].flatMap { i in ["expected", "actual", "diff"].map { "\(folder)/frame-\(i)-\($0).png" } }
        let named = "Key frames: " + names.joined(separator: ", ") + ". Report: "
        withKnownIssue {
            assertFrames(of: ButtonDemo.self, options: pressOptions, record: .never, goldens: goldens, artifacts: artifacts)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(named) }
        }
        for name in names { #expect(FileManager.default.fileExists(atPath: name)) }
        // The golden holds the painted square, the render does not, and the diff marks it red.
        let expected = try PNG.read(path: folder + "/frame-45-expected.png")
        let actual = try PNG.read(path: folder + "/frame-45-actual.png")
        let diff = try PNG.read(path: folder + "/frame-45-diff.png")
        let inside = (120 * diff.width + 80) * 4, outside = (300 * diff.width + 10) * 4
        #expect(Array(expected.data[inside..<inside + 4]) == [40, 90, 250, 255])
        #expect(Array(actual.data[inside..<inside + 4]) != [40, 90, 250, 255])
        #expect(Array(diff.data[inside..<inside + 4]) == [255, 0, 0, 255])
        #expect(diff.data[outside] != 255 || diff.data[outside + 1] != 0, "unchanged pixels are not red")
    }

    @Test func otherOptionsThanTheGoldensFailWithoutComparing() throws {
        let goldens = try recordedGoldens()
        withKnownIssue {
            assertFrames(of: ButtonDemo.self, options: RenderOptions(scale: 2, frames: 40..<70), record: .never, goldens: goldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded with other options: scale 1 (golden) vs 2") }
        }
    }
}

/// The same assertion from an XCTestCase.
final class AssertFramesXCTests: XCTestCase {
    func testRecordedGoldensPass() throws {
        let goldens = try recordedGoldens()
        assertFrames(of: ButtonDemo.self, options: pressOptions, goldens: goldens)
    }
}
