import Foundation
import GoldenFrames
import PoppingRender

/// `studio --check GOLDENS`: the scene in view checked against its goldens as `popping-render
/// check` checks it (the same comparison, by hash then pixel by pixel), for the page to mark
/// the differing frames on the timeline and show the golden beside the frame.
struct StudioCheck {
    /// The check's one-line summary (`like: frames 20–22 differ (3 of 300)`), or why it could not run.
    var summary: String
    var passed: Bool
    /// The differing 60 Hz frames.
    var differing: [Int]
    /// The golden's pixels of the most differing frames, as PNG.
    var goldenFrames: [Int: [UInt8]]

    /// How many differing frames keep their golden for the page.
    static let keptFrames = 24

    var json: [String: Any] {
        ["summary": summary, "passed": passed, "differing": differing, "goldens": goldenFrames.keys.sorted()]
    }

    /// Renders `run` again with the options `screen` gives and compares every frame with the
    /// goldens of `scene` in `goldens`; a golden recorded with other options, or none, is a summary
    /// saying so (with the command that matches it).
    static func run(_ run: DemoRun, scene: String, screen: RenderArguments, orientation: Orientation, goldens: String) -> StudioCheck {
        do {
            let options = try screen.renderOptions(for: run)
            let recordedAs = GoldenOptions(run: run, options: options, seed: screen.seed, orientation: orientation)
            let store = GoldenStore(folder: goldens)
            guard try store.manifest(scene) != nil else {
                return StudioCheck(summary: "\(scene): no golden in \(goldens) (record one with popping-render check --update)",
                                   passed: false, differing: [], goldenFrames: [:])
            }
            let result = try checkGoldens(of: run, scene: scene, options: options, recordedAs: recordedAs, in: store,
                                          keyFrames: keptFrames)
            var kept: [Int: [UInt8]] = [:]
            for frame in result.keyFrames {
                if let expected = frame.expected { kept[frame.index] = try PNG.encode(expected) }
            }
            return StudioCheck(summary: result.report.summary, passed: result.report.status == .passed,
                               differing: result.report.differingFrames.map(\.index), goldenFrames: kept)
        } catch {
            let text = (error as? RenderFailure)?.description ?? (error as? CommandFailure)?.description ?? "\(error)"
            return StudioCheck(summary: text, passed: false, differing: [], goldenFrames: [:])
        }
    }
}
