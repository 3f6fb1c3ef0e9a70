import Demos
import Foundation
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

    /// Every frame at 1x and every seventh frame at 2x hash the same from the scene and the demo.
    static func assertSameFrames(_ demo: any Demo.Type, scene file: String) throws {
        let scene = try SceneFile.load(path: scenes.appendingPathComponent(file).path)
        let settings = DemoSettings(screenSize: demo.defaultDevice.screenSize)
        #expect(scene.defaultScreenSize == settings.screenSize)
        for (scale, step) in [(1.0, 1), (2.0, 7)] {
            let expected = try demo.start(settings)
            let actual = try scene.start(settings)
            #expect(actual.frameCount == expected.frameCount)
            let frames = Array(stride(from: 0, to: expected.frameCount, by: step))
            let want = try hashes(expected, scale: scale, frames: frames)
            let got = try hashes(actual, scale: scale, frames: frames)
            let differing = frames.filter { want[$0] != got[$0] }
            #expect(differing.isEmpty, "\(file) at \(scale)x differs from \(demo.name) on frames \(differing.prefix(10))")
        }
    }

    @Test func buttonSceneRendersTheButtonDemosFrames() throws {
        try Self.assertSameFrames(ButtonDemo.self, scene: "button.yaml")
    }

    @Test func constraintsSceneRendersTheConstraintsDemosFrames() throws {
        try Self.assertSameFrames(ConstraintsDemo.self, scene: "constraints.yaml")
    }
}
