import Codecs
import Foundation
import GoldenFrames
import GoldenTesting
import Testing

/// The report page as a person sees it: headless Chromium opens the report of a real failing
/// check, and the DOM and a screenshot must show the failing scene, its frames and the changed
/// pixels; a report built from hostile goldens and a hostile report.json must run nothing but
/// its own script. Each test waits for the page's script to mark its scenes ready, however long
/// that takes on a loaded machine. Runs wherever `chromium` is installed (CI installs it) and
/// always under CI.
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

    /// Opens a report page and waits until the script has set up every failing scene.
    func openReport(_ folder: String, in browser: HeadlessChromium) throws {
        try browser.open(URL(fileURLWithPath: folder + "/index.html").absoluteString)
        try browser.waitUntil("[...document.querySelectorAll('section.scene')].every(s => s.dataset.ready === 'true')")
    }

    @Test func reportNamesTheFailingSceneAndFramesAndItsDiffShowsTheChangedPixels() throws {
        let report = try failingReport()
        let browser = try HeadlessChromium()
        try openReport(report, in: browser)
        let dom = try browser.dom()
        #expect(dom.contains("data-scene=\"button\""))
        #expect(dom.contains("data-ready=\"true\""), "the page's script did not finish")
        #expect(dom.contains("Differing frames: <span class=\"frame-list\">20–22</span>"))
        #expect(dom.contains("(differs)</span>"))
        // Three differing frames in the timeline (the one shown is also `current`) and the diff canvas.
        #expect(try browser.evaluate("document.querySelectorAll('.timeline span.diff').length") as? Int == 3)
        #expect(try browser.evaluate("document.querySelectorAll('.timeline span.diff.current').length") as? Int == 1)
        #expect(try browser.evaluate("document.querySelectorAll('canvas.diff').length") as? Int == 1)

        let image = try PNG.decode([UInt8](try browser.screenshot()))
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

    /// What a hostile pull request writes into goldens and report.json: markup that would run
    /// script if the page pasted it as HTML, and text that would end or confuse the page's own
    /// `<script>` elements.
    static let payloads = [
        "<script>window.injected=1;document.title='pwned'</script>",
        "<img src=x onerror=\"window.injected=1\">",
        "</script><script>window.injected=1</script>",
        "<!--<script>",
        "\u{2028}\u{2029}\"'&amp;<svg onload=window.injected=1>",
    ]

    @Test func hostileGoldensAndReportJSONRunNoScriptInTheReport() throws {
        let report = try failingReport()
        let folder = URL(fileURLWithPath: report).deletingLastPathComponent().path
        // report.json and the media as a pull request could have them: every string hostile.
        var (checked, media) = try ReportFolder.read(report)
        let name = Self.payloads[3]
        checked.shards = Self.payloads
        for i in checked.scenes.indices {
            checked.scenes[i].name = name
            checked.scenes[i].golden = Self.payloads[0]
            checked.scenes[i].problems = Self.payloads
            checked.scenes[i].options.screen = Self.payloads[1]
            checked.scenes[i].options.frames = Self.payloads[2]
            for k in checked.scenes[i].differingFrames.indices {
                checked.scenes[i].differingFrames[k].expected = Self.payloads[k % Self.payloads.count]
                checked.scenes[i].differingFrames[k].actual = "<b onclick=x>" + Self.payloads[(k + 1) % Self.payloads.count]
            }
        }
        for i in media.indices { media[i].scene = name }
        let hostile = folder + "/hostile"
        try ReportFolder.write(checked, media: media, to: hostile)
        // Read back and merged, as merge-reports does with a shard from a pull request.
        let merged = folder + "/merged"
        let r = try popping(["merge-reports", hostile, "--report", merged])
        #expect(r.status == 1, "\(r.stderr)")

        let browser = try HeadlessChromium()
        for page in [hostile, merged] {
            try openReport(page, in: browser)
            #expect(try browser.evaluate("window.injected === undefined") as? Bool == true, "\(page): injected script ran")
            #expect(try browser.evaluate("document.title.includes('pwned')") as? Bool == false)
            #expect(try browser.evaluate("document.querySelectorAll('img, svg, b').length") as? Int == 0,
                    "\(page): the page holds injected elements")
            #expect(try browser.evaluate("document.scripts.length") as? Int == 2)
            // The page's own script ran (under its Content-Security-Policy) and found the scene by its hostile name.
            #expect(try browser.evaluate("document.querySelector('section.scene').dataset.scene") as? String == name)
            #expect(try browser.evaluate("document.querySelector('.frame-label').textContent.startsWith('frame ')") as? Bool == true)
        }
    }
}
