import Demos
import Geometry
import GoldenTesting
import Raster
import Testing

@Suite struct RegisterDemoTests {
    /// Typing in portrait, the phone turning, the interface rotating inside it, landscape at
    /// rest, and the interface rotating back.
    static let keyFrames = [100, 328, 350, 420, 480]
    static let fields = ["textFieldEmail", "textFieldConfirmEmail", "registerButton"]

    @Test func keyFramesMatchTheirGoldensAt1x() throws {
        try assertKeyFrameGoldens(RegisterDemo.self, scale: 1, Self.keyFrames)
    }

    @Test func theInterfaceRotatingMatchesItsGoldenAt3x() throws {
        try assertKeyFrameGoldens(RegisterDemo.self, scale: 3, [350])
    }

    @Test func everyFrameAtScale1MatchesTheManifest() throws {
        try assertFrameManifest(RegisterDemo.self)
    }

    /// The cookbook's layout on iOS 7 (demos.md §3): 20 to the edges, 8 between siblings,
    /// 30 pt tall fields and button, the button centred.
    static func expectCookbookLayout(_ f: [String: Rect], width: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let email = f["textFieldEmail"] ?? .zero, confirm = f["textFieldConfirmEmail"] ?? .zero
        let button = f["registerButton"] ?? .zero
        #expect(nearlyEqual(email, Rect(20, 20, width - 40, 30)), "\(email)", sourceLocation: sourceLocation)
        #expect(nearlyEqual(confirm, Rect(20, 58, width - 40, 30)), "\(confirm)", sourceLocation: sourceLocation)
        #expect(abs(button.midX - width / 2) < 1e-9 && abs(button.minY - 96) < 1e-9 && abs(button.height - 30) < 1e-9,
                "\(button)", sourceLocation: sourceLocation)
        #expect(button.width > 50 && button.width < 70, "Register is about 57 pt wide: \(button)", sourceLocation: sourceLocation)
    }

    @Test func portraitLayoutIsTheCookbooks() throws {
        let run = try RegisterDemo.start(DemoSettings(screenSize: Size(320, 568)))
        let f = presentedFrames(of: run, views: Self.fields, frames: 1)
        Self.expectCookbookLayout(f[0], width: 320)
    }

    @Test func landscapeOrientationLaysTheFormOutOnTheWideScreen() throws {
        let run = try RegisterDemo.start(DemoSettings(screenSize: Size(568, 320), orientation: .landscape))
        let f = presentedFrames(of: run, views: Self.fields, frames: 1)
        Self.expectCookbookLayout(f[0], width: 568)
    }

    @Test func turningToLandscapeAndBackAnimatesToEachLayout() throws {
        let run = try RegisterDemo.start(DemoSettings(screenSize: Size(320, 568)))
        let f = presentedFrames(of: run, views: Self.fields, frames: run.frameCount)
        Self.expectCookbookLayout(f[420], width: 568)
        Self.expectCookbookLayout(f[run.frameCount - 1], width: 320)
        // Mid-rotation the email field is between the two widths.
        let width = f[350]["textFieldEmail"]?.width ?? 0
        #expect(width > 280 && width < 528)
    }
}
