import Foundation
import Testing

extension BrowserPage {
    /// The RGB the studio's canvas shows at (`x`, `y`) points.
    func pixel(_ x: Int, _ y: Int) throws -> [Int] {
        let values = try evaluate("""
            (() => { const c = document.getElementById('frame'), s = studio.state.render.scale;
                     return Array.from(c.getContext('2d').getImageData(\(x) * s, \(y) * s, 1, 1).data.slice(0, 3)); })()
            """) as? [Any] ?? []
        return values.compactMap { ($0 as? NSNumber)?.intValue }
    }

    /// Opens the studio's page and waits until it has painted `frame` of the newest render.
    func open(_ studio: StudioProcess, fragment: String = "", frame: Int = 0) throws {
        try open(studio.url + fragment)
        try waitUntil("studio.painted && studio.painted.frame === \(frame) && studio.painted.render === studio.state.render.id")
    }

    /// The canvas's top-left corner in the viewport.
    func frameCorner() throws -> [Double] {
        let corner = try evaluate("(r => [r.left, r.top])(document.getElementById('frame').getBoundingClientRect())") as? [Any] ?? []
        return corner.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    /// Writes a screenshot to the folder `STUDIO_SCREENSHOTS` names, when it names one (to look at).
    func keepScreenshot(_ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["STUDIO_SCREENSHOTS"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try screenshot().write(to: URL(fileURLWithPath: folder + "/" + name + ".png"))
    }
}

/// What the studio's page must do in every browser, as a person would check it: a media fragment
/// opens its frame, the pointer names the view under it, a save redraws in place.
enum StudioPageChecks {
    /// `#t=1.2` opens on frame 72 (1.2 s at 60 fps) and `#frame=0` on the first frame.
    static func fragmentsOpenTheirFrames(in page: BrowserPage, _ name: String) throws {
        let studio = try StudioProcess()
        try page.open(studio, fragment: "#t=1.2", frame: 72)
        #expect(try page.evaluate("document.getElementById('frame-number').textContent") as? String == "frame 72 / 299")
        #expect(try page.evaluate("document.getElementById('time').textContent") as? String == "1.20 s")
        try page.keepScreenshot("\(name)-t1.2")
        // A new page (a fragment alone would only move the one open).
        try page.open("about:blank")
        try page.open(studio, fragment: "#frame=0", frame: 0)
        #expect(try page.evaluate("document.getElementById('frame-number').textContent") as? String == "frame 0 / 299")
    }

    /// A pointer held still over the sun names it once the view trees arrive (no second move),
    /// and the frame stays where it was while the status line changes from rendering to done.
    static func aStillPointerNamesTheViewUnderIt(in page: BrowserPage, _ name: String) throws {
        let studio = try StudioProcess()
        try page.open(studio)
        let corner = try page.frameCorner()
        // The sun's centre: (255 + 35, 64 + 60 + 35) in window points; moved over before the
        // render has finished, and not moved again.
        try page.moveMouse(x: corner[0] + 290, y: corner[1] + 159)
        try page.waitUntil("document.getElementById('view-id').textContent === 'sun'")
        #expect(try page.evaluate("document.getElementById('view-frame').textContent") as? String == "[255, 124, 70, 70]")
        #expect(try page.evaluate("document.getElementById('view-kind').textContent") as? String == "view")
        try page.waitUntil("!studio.state.busy")
        #expect(try page.frameCorner() == corner, "the frame moved when the status changed")
        try page.keepScreenshot("\(name)-hover-sun")
    }

    /// Saving the scene on disk redraws the page's frame without a navigation.
    static func aSaveRedrawsWithoutANavigation(in page: BrowserPage, _ name: String) throws {
        let studio = try StudioProcess()
        try page.open(studio)
        #expect(try page.pixel(20, 100) == [0x9A, 0xD1, 0xF5], "the photo's sky")
        _ = try page.evaluate("window.marker = 'still here'")
        let before = try page.evaluate("studio.painted.render") as? String ?? ""
        try studio.save { $0.replacingOccurrences(of: "backgroundColor: \"#9AD1F5\"", with: "backgroundColor: \"#E0115F\"") }
        try page.waitUntil("studio.painted.render !== '\(before)' && studio.painted.frame === 0")
        #expect(try page.pixel(20, 100) == [0xE0, 0x11, 0x5F])
        #expect(try page.evaluate("window.marker") as? String == "still here", "the page navigated")
        try page.keepScreenshot("\(name)-saved")
    }
}

/// The studio's page in the other engines the issue names: Firefox (Gecko, over WebDriver BiDi)
/// and WebKit (the engine of Safari, as WebKitGTK's MiniBrowser under WebDriver). Each suite is
/// skipped, saying which Debian package to install, only where its browser is absent; each test's
/// waits are bounded by the drivers' hang guard and the test's time limit.
@Suite struct StudioOtherBrowserTests {
    @Suite(.enabled(if: firefox != nil, "firefox-esr is not installed (apt-get install firefox-esr)"), .timeLimit(.minutes(6)))
    struct Firefox {
        @Test func aTimeFragmentOpensOnItsFrame() throws {
            try StudioPageChecks.fragmentsOpenTheirFrames(in: try HeadlessFirefox(), "firefox")
        }

        @Test func aStillPointerNamesTheViewUnderIt() throws {
            try StudioPageChecks.aStillPointerNamesTheViewUnderIt(in: try HeadlessFirefox(), "firefox")
        }

        @Test func aSaveRedrawsWithoutANavigation() throws {
            try StudioPageChecks.aSaveRedrawsWithoutANavigation(in: try HeadlessFirefox(), "firefox")
        }
    }

    @Suite(.enabled(if: webKit != nil, "WebKitWebDriver or Xvfb is not installed (apt-get install webkit2gtk-driver xvfb xauth)"),
           .timeLimit(.minutes(6)))
    struct WebKit {
        @Test func aTimeFragmentOpensOnItsFrame() throws {
            try StudioPageChecks.fragmentsOpenTheirFrames(in: try WebKitMiniBrowser(), "webkit")
        }

        @Test func aStillPointerNamesTheViewUnderIt() throws {
            try StudioPageChecks.aStillPointerNamesTheViewUnderIt(in: try WebKitMiniBrowser(), "webkit")
        }

        @Test func aSaveRedrawsWithoutANavigation() throws {
            try StudioPageChecks.aSaveRedrawsWithoutANavigation(in: try WebKitMiniBrowser(), "webkit")
        }
    }
}
