import Foundation
import Geometry
import GoldenFrames
import Testing

/// A check with `--variants`: the report shows a scene's variants side by side and marks, on one
/// timeline, the frames where some variant differs; JUnit classes each variant under its scene.
@Suite struct VariantReportTests {
    private func report(_ name: String, failing: [Int] = []) -> SceneReport {
        var r = SceneReport(name: name, status: failing.isEmpty ? .passed : .failed,
                            options: GoldenOptions(scale: 1, fps: 60, screen: Size(100, 100), snap: .round, touches: true),
                            golden: "goldens/\(name).json", checkedFrames: Array(0..<6),
                            differingFrames: failing.map { FrameDifference(index: $0, expected: "a", actual: "b") },
                            toleratedFrames: 0, problems: [])
        r.variantOf = "signin"
        return r
    }

    @Test func variantsAreGroupedAndTheTimelineNamesTheVariantsThatDiffer() throws {
        let result = CheckReport(scenes: [report("signin"), report("signin-dark", failing: [2, 3]), report("signin-rtl", failing: [3])])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFolder.write(result, media: [], to: folder)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("<h2>signin: 3 variants</h2>"))
        #expect(html.contains("title=\"frame 2: signin-dark differs\""))
        #expect(html.contains("title=\"frame 3: signin-dark, signin-rtl differ\""))
        let xml = result.junitXML()
        #expect(xml.components(separatedBy: "classname=\"goldens.signin\"").count == 4)
    }
}
