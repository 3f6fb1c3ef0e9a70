import Demos
import Foundation
import Geometry
import GoldenTesting
import SceneFile
import Scene
import Testing

/// The example scenes that re-express built-in demos render the demos' own pixels.
@Suite struct DogfoodSceneTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Scenes")

    /// The SHA-256 of every wanted frame's RGBA bytes, drawn from `run`.
    static func hashes(_ run: DemoRun, scale: Double, frames: [Int]) throws -> [Int: String] {
        var out: [Int: String] = [:]
        try DemoPlayer(run: run, scale: scale, snapping: .round, showTouches: true).render(frames) { i, pixmap in
            out[i] = SHA256.hex(pixmap.data)
        }
        return out
    }

    /// The demo's committed frame manifest at 1x (`Tests/Goldens/DemosTests/<demo>@1x.sha256`), read
    /// directly so that recording goldens never rewrites it from a scene.
    static func demoManifest(_ demo: any Demo.Type) throws -> [String] {
        let text = try String(contentsOfFile: Golden.path(suite: "DemosTests", name: "\(demo.name)@1x", extension: "sha256"),
                              encoding: .utf8)
        return text.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }
    }

    /// Every frame at 1x hashes as in the demo's manifest; every 40th frame at 2x and every 120th at 3x
    /// hashes as the demo's own render at that scale.
    /// `canvas` is the scene's screen when the demo draws a canvas larger than its device.
    static func assertSameFrames(_ demo: any Demo.Type, scene file: String, canvas: Size? = nil) throws {
        let scene = try SceneFile.load(path: scenes.appendingPathComponent(file).path)
        let settings = DemoSettings(screenSize: demo.defaultDevice.screenSize)
        let sceneSettings = DemoSettings(screenSize: canvas ?? settings.screenSize)
        #expect(scene.defaultScreenSize == sceneSettings.screenSize)
        let manifest = try demoManifest(demo)
        let run = try scene.start(sceneSettings)
        #expect(run.frameCount == manifest.count)
        let all = try hashes(run, scale: 1, frames: Array(0..<run.frameCount))
        let differing = (0..<min(run.frameCount, manifest.count)).filter { all[$0] != manifest[$0] }
        #expect(differing.isEmpty, "\(file) at 1x differs from \(demo.name)'s manifest on frames \(differing.prefix(10))")
        for scale in [2.0, 3.0] {
            let frames = Array(stride(from: 0, to: manifest.count, by: scale == 2 ? 40 : 120))
            let want = try hashes(try demo.start(settings), scale: scale, frames: frames)
            let got = try hashes(try scene.start(sceneSettings), scale: scale, frames: frames)
            let changed = frames.filter { want[$0] != got[$0] }
            #expect(changed.isEmpty, "\(file) at \(scale)x differs from \(demo.name) on frames \(changed.prefix(10))")
        }
    }

    @Test func buttonSceneRendersTheButtonDemosFrames() throws {
        try Self.assertSameFrames(ButtonDemo.self, scene: "button.yaml")
    }

    @Test func constraintsSceneRendersTheConstraintsDemosFrames() throws {
        try Self.assertSameFrames(ConstraintsDemo.self, scene: "constraints.yaml")
    }

    @Test func owlSceneRendersTheOwlDemosFrames() throws {
        try Self.assertSameFrames(OwlDemo.self, scene: "owl.yaml")
    }

    @Test func passwordSceneRendersThePasswordDemosFrames() throws {
        try Self.assertSameFrames(PasswordDemo.self, scene: "password.yaml")
    }

    @Test func registerSceneRendersTheRegisterDemosFrames() throws {
        try Self.assertSameFrames(RegisterDemo.self, scene: "register.yaml", canvas: Size(668, 668))
    }

    /// Launched in landscape (`--orientation landscape`), the scene draws the landscape layout
    /// alone, as the demo does: every frame at 1x, every 40th at 2x and every 120th at 3x.
    @Test func registerSceneInLandscapeRendersTheRegisterDemosLandscapeFrames() throws {
        let scene = try SceneFile.load(path: Self.scenes.appendingPathComponent("register.yaml").path)
        let screen = scene.screenSize(in: .landscape)
        #expect(screen == Size(568, 320))
        let settings = DemoSettings(screenSize: screen, orientation: .landscape)
        let demoRun = try RegisterDemo.start(settings), sceneRun = try scene.start(settings)
        #expect(sceneRun.frameCount == demoRun.frameCount)
        #expect(sceneRun.frameCount < (try scene.start(DemoSettings(screenSize: scene.defaultScreenSize))).frameCount,
                "the turn is left out")
        for (scale, step) in [(1.0, 1), (2.0, 40), (3.0, 120)] {
            let frames = Array(stride(from: 0, to: demoRun.frameCount, by: step))
            let want = try Self.hashes(try RegisterDemo.start(settings), scale: scale, frames: frames)
            let got = try Self.hashes(try scene.start(settings), scale: scale, frames: frames)
            let changed = frames.filter { want[$0] != got[$0] }
            #expect(changed.isEmpty, "register.yaml in landscape at \(scale)x differs from the demo on frames \(changed.prefix(10))")
        }
    }
}
