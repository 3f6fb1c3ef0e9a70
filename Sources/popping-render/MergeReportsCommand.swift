import ArgumentParser
import Foundation
import GoldenFrames
import PoppingRender

/// `popping-render merge-reports shard-1 shard-2 --report all`: joins the reports of a check run
/// in shards into one page and one report.json.
struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Joins the report folders of sharded checks into one report.",
        discussion: "Exit status 0 when every scene passed, 1 when one failed, 2 for bad input.")

    @Argument(help: "Report folders written by `check --report`.")
    var folders: [String] = []

    @Option(help: "The merged report folder to write.")
    var report: String

    @Option(help: "Also write JUnit XML for the merged report.")
    var junit: String?

    func run() throws {
        guard !folders.isEmpty else { throw CommandFailure("merge-reports", "name at least one report folder") }
        let merged: (report: CheckReport, media: [SceneMedia])
        do {
            try ReportFolder.checkDestination(report)
            merged = try CheckReport.merging(try folders.map(ReportFolder.read))
            try ReportFolder.write(merged.report, media: merged.media, to: report)
        } catch let error as RenderFailure { throw CommandFailure(error.description) }
        if let junit {
            do { try AtomicOutput.write(Array(merged.report.junitXML().utf8), to: junit) } catch { throw CommandFailure("\(error)") }
        }
        for scene in merged.report.scenes { print(scene.summary) }
        print("report: \((report as NSString).appendingPathComponent("index.html"))")
        if !merged.report.passed { Foundation.exit(1) }
    }
}
