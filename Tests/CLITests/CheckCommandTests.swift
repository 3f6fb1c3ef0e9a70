import Codecs
import Foundation
import GoldenFrames
import GoldenTesting
import Testing

/// `popping-render check`, `--update-changed`, shards and `merge-reports`, on short stretches of
/// the demos at 1x. A regression is made by painting a square into some golden frames (and
/// their hashes), as if the goldens came from a renderer that drew one.
@Suite struct CheckCommandTests {
    static let look = ["--scale", "1", "--frames", "0..40", "--quiet"]

    /// A goldens folder with `scenes` recorded.
    func record(_ scenes: [String]) throws -> String {
        let folder = try scratchFolder("goldens") + "/goldens"
        let r = try popping(["check"] + scenes + ["--goldens", folder, "--update"] + Self.look)
        #expect(r.status == 0, "\(r.stderr)")
        return folder
    }

    /// Every file under `folder` with its bytes and modification time.
    func snapshot(_ folder: String) throws -> [String: (Data, Date)] {
        var files: [String: (Data, Date)] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            let full = folder + "/" + path
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[path] = (try Data(contentsOf: URL(fileURLWithPath: full)), attributes[.modificationDate] as! Date)
        }
        return files
    }

    @Test func exitStatusIs0WhenFramesMatch1WhenOneDiffersAnd2ForBadInput() throws {
        let goldens = try record(["button"])
        #expect(try popping(["check", "button", "--goldens", goldens] + Self.look).status == 0)
        try paintSquare(inGoldens: goldens, scene: "button", frames: [12])
        let failed = try popping(["check", "button", "--goldens", goldens] + Self.look)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("button: FAILED: frame 12 differs (1 of 41)"))
        let loose = try popping(["check", "button", "--goldens", goldens, "--tolerance", "255"] + Self.look)
        #expect(loose.status == 0)
        #expect(loose.stdout.contains("1 within the tolerance"))
        for (arguments, message) in [
            (["check", "nosuchdemo", "--goldens", goldens], "nosuchdemo: unknown demo"),
            (["check", "button", "--goldens", goldens, "--scale", "2", "--frames", "0..40"], "recorded with other options: scale 1 (golden) vs 2"),
            (["check", "button", "--goldens", goldens + "/missing"] + Self.look, "no such goldens folder"),
            (["check", "button", "--goldens", goldens, "--tolerance", "300"] + Self.look, "--tolerance 300: expected LEVEL"),
            (["check", "button", "--goldens", goldens, "--shard", "3/2"] + Self.look, "--shard 3/2: expected I/N"),
        ] {
            let r = try popping(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        }
        let missing = try popping(["check", "owl", "--goldens", goldens] + Self.look)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("no golden at"))
    }

    @Test func updateChangedRewritesOnlyTheChangedGoldens() throws {
        let goldens = try record(["button", "owl"])
        try paintSquare(inGoldens: goldens, scene: "button", frames: [3, 4])
        let before = try snapshot(goldens)
        Thread.sleep(forTimeInterval: 0.02)
        let r = try popping(["check", "button", "owl", "--goldens", goldens, "--update-changed"] + Self.look)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("button: recorded 41 frames"))
        let after = try snapshot(goldens)
        #expect(Set(before.keys).subtracting(["button.json"]).allSatisfy { $0.hasPrefix("button") || after[$0] != nil })
        for (path, file) in before where path.hasPrefix("owl") {
            #expect(after[path]?.0 == file.0, "\(path) changed")
            #expect(after[path]?.1 == file.1, "\(path) was rewritten")
        }
        #expect(after["button.json"]?.0 != before["button.json"]?.0)
        #expect(try popping(["check", "button", "owl", "--goldens", goldens] + Self.look).status == 0)
    }

    @Test func shardReportsMergeIntoOneReport() throws {
        let goldens = try record(["button"])
        try paintSquare(inGoldens: goldens, scene: "button", frames: [5, 38])
        let folder = try scratchFolder("shards")
        var outputs: [String] = []
        for shard in ["1/2", "2/2"] {
            let out = folder + "/shard-" + shard.prefix(1)
            let r = try popping(["check", "button", "--goldens", goldens, "--shard", shard, "--report", out] + Self.look)
            #expect(r.status == 1, "shard \(shard): \(r.stderr)")
            outputs.append(out)
        }
        let one = try ReportFolder.read(outputs[0]).report, two = try ReportFolder.read(outputs[1]).report
        #expect(one.scenes.first?.checkedFrames == Array(0...19))
        #expect(two.scenes.first?.checkedFrames == Array(20...40))
        let merged = try popping(["merge-reports"] + outputs + ["--report", folder + "/all", "--junit", folder + "/all.xml"])
        #expect(merged.status == 1)
        let report = try ReportFolder.read(folder + "/all")
        let button = try #require(report.report.scenes.first { $0.name == "button" })
        #expect(button.checkedFrames == Array(0...40))
        #expect(button.differingFrames.map(\.index) == [5, 38])
        #expect(report.report.shards == ["1/2", "2/2"])
        #expect(report.media.filter { $0.scene == "button" }.count == 2)
        let xml = try String(contentsOfFile: folder + "/all.xml", encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"goldens\" name=\"button\">"))
        #expect(xml.contains("<failure message=\"button: FAILED: frames 5, 38 differ (2 of 41)\">"))
        let page = try String(contentsOfFile: folder + "/all/index.html", encoding: .utf8)
        #expect(page.contains("shards 1/2, 2/2"))
    }
}
