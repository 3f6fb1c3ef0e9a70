import Codecs
import Foundation
import GoldenFrames
import GoldenTesting
import Testing

/// Debian's headless browser, where installed.
let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// The report page as a person sees it: headless Chromium opens the report of a real failing
/// check, and the DOM and a screenshot must show the failing scene, its frames and the changed
/// pixels. Runs wherever `chromium` is installed (CI installs it) and always under CI.
@Suite(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct ReportBrowserTests {

    /// A report of the button demo whose goldens had a blue square in frames 20–22.
    func failingReport() throws -> String {
        let tests = CheckCommandTests()
        let goldens = try tests.record(["button"])
        try paintSquare(inGoldens: goldens, scene: "button", frames: [20, 21, 22])
        let report = try scratchFolder("report") + "/report"
        let r = try popping(["check", "button", "--goldens", goldens, "--report", report] + CheckCommandTests.look)
        #expect(r.status == 1)
        return report
    }

    func chrome(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let path = try #require(chromium, "chromium is not installed (.ci/run installs it)")
        return try runProcess(URL(fileURLWithPath: path), ["--headless", "--no-sandbox", "--disable-gpu",
                                                           "--virtual-time-budget=10000", "--window-size=1200,900"] + arguments)
    }

    @Test func reportNamesTheFailingSceneAndFramesAndItsDiffShowsTheChangedPixels() throws {
        let report = try failingReport()
        let url = URL(fileURLWithPath: report + "/index.html").absoluteString
        let dom = try chrome(["--dump-dom", url]).stdout
        #expect(dom.contains("data-scene=\"button\""))
        #expect(dom.contains("data-ready=\"true\""), "the page's script did not finish")
        #expect(dom.contains("Differing frames: <span class=\"frame-list\">20–22</span>"))
        #expect(dom.contains("(differs)</span>"))
        #expect(dom.components(separatedBy: "class=\"diff\"").count - 1 == 3)

        let shot = try scratchFolder("shot") + "/report.png"
        _ = try chrome(["--screenshot=\(shot)", url])
        let image = try PNG.read(path: shot)
        // The diff view is the third of four frame views; count its pure red pixels.
        var red = 0, elsewhere = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.r > 220, p.g < 40, p.b < 40 else { continue }
                if x > image.width / 2 && x < image.width * 3 / 4 { red += 1 } else { elsewhere += 1 }
            }
        }
        #expect(red > 400, "the diff view shows \(red) red pixels")
        #expect(elsewhere < red / 10)
    }
}
