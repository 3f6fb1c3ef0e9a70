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
