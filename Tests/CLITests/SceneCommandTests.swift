import Foundation
import GoldenTesting
import Testing

/// `popping-render SCENE.yaml`, `new` and `validate` from the command line.
@Suite struct SceneCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Scenes")

    @Test func aSceneFileRendersWithTheRenderOptions() throws {
        let folder = try scratchFolder("scene-render")
        let scene = Self.examples.appendingPathComponent("toast.yaml").path
        let r = try popping([scene, "--frames", "0..20", "--scale", "1", "--fps", "20", "--device", "iphone-se",
                             "--no-touches", "--quiet", "--out", folder + "/toast.gif"])
        #expect(r.status == 0, "\(r.stderr)")
        let gif = try Data(contentsOf: URL(fileURLWithPath: folder + "/toast.gif"))
        #expect(gif.prefix(6) == Data("GIF89a".utf8))
        #expect(gif[6] == 64 && gif[8] == 0x38 && gif[9] == 2, "320x568 at 1x")
    }

    @Test func orientationLaunchesASceneInLandscapeAsItDoesADemo() throws {
        let folder = try scratchFolder("scene-landscape")
        let scene = Self.examples.appendingPathComponent("register.yaml").path
        let options = ["--orientation", "landscape", "--frames", "60..90", "--scale", "1", "--quiet"]
        #expect(try popping([scene] + options + ["--out", folder + "/scene.gif"]).status == 0)
        #expect(try popping(["register"] + options + ["--out", folder + "/demo.gif"]).status == 0)
        let gif = try Data(contentsOf: URL(fileURLWithPath: folder + "/scene.gif"))
        #expect(gif[6] == 0x38 && gif[7] == 2 && gif[8] == 64 && gif[9] == 1, "568x320 at 1x")
        #expect(gif == (try Data(contentsOf: URL(fileURLWithPath: folder + "/demo.gif"))))
    }

    @Test func everyProblemOfABadSceneIsALineWithItsPlaceAndNothingIsWritten() throws {
        let folder = try scratchFolder("scene-bad")
        let scene = folder + "/bad.yaml"
        try Data("screen:\n  devise: iphone-8\nviews:\n  - label: a\n    alpha: lots\n".utf8).write(to: URL(fileURLWithPath: scene))
        let r = try popping([scene, "--out", folder + "/bad.gif"])
        #expect(r.status == 2)
        #expect(r.stderr == "\(scene):2:3: unknown key 'devise' (did you mean 'device'?)\n\(scene):5:12: expected a number, found 'lots'\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["bad.yaml"])
        let missing = try popping([folder + "/none.yml"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "\(folder)/none.yml:1:1: no such file\n")
    }

    @Test func validateChecksEveryExampleWithoutRendering() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let r = try popping(["validate"] + files.map { Self.examples.appendingPathComponent($0).path })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == files.count)
        #expect(r.stdout.contains("button.yaml: ok (458 frames"))
    }

    /// A gradient animation of the wrong shape is found by `validate`, at its place, exit 2.
    @Test func validateReportsAGradientAnimationOfTheWrongShape() throws {
        let folder = try scratchFolder("scene-gradient")
        let scene = folder + "/sweep.yaml"
        try Data("""
            views:
              - {view: bar, frame: [0, 0, 100, 10], gradient: {colors: [gray, white, gray]}}
            animations:
              sweep: {type: basic, view: bar, property: gradient.locations, toValue: [0.5, 1.5]}
              tint: {type: basic, view: bar, property: gradient.colors, toValue: [red, blue, green]}
            """.utf8).write(to: URL(fileURLWithPath: scene))
        let r = try popping(["validate", scene])
        #expect(r.status == 2)
        #expect(r.stderr == "\(scene):4:74: expected 3 locations, one per colour of the gradient, found 2\n")
    }

    /// A negative repeat count is a problem at its place, exit 2, nothing rendered.
    @Test func validateReportsANegativeRepeatCount() throws {
        let folder = try scratchFolder("scene-repeat")
        let scene = folder + "/pulse.yaml"
        try Data("""
            views:
              - {view: dot, frame: [0, 0, 10, 10], backgroundColor: black}
            animations:
              pulse: {type: basic, view: dot, property: opacity, toValue: 0, repeatCount: -2, autoreverses: true}
            """.utf8).write(to: URL(fileURLWithPath: scene))
        let r = try popping(["validate", scene])
        #expect(r.status == 2)
        #expect(r.stderr == "\(scene):4:79: repeatCount lies in 0.0…1000000.0\n")
        let render = try popping([scene, "--out", folder + "/pulse.gif"])
        #expect(render.status == 2 && !FileManager.default.fileExists(atPath: folder + "/pulse.gif"))
    }

    /// A `waitUntilSettled` that never sees rest (a completion restarting its own animation) ends
    /// at its timeout, and the render says so on stderr, once, naming what still moved.
    @Test func aWaitThatRunsOutItsTimeoutIsAWarning() throws {
        let folder = try scratchFolder("scene-loop")
        let scene = folder + "/loop.yaml"
        try Data("""
            views:
              - {view: box, frame: [0, 0, 10, 10], backgroundColor: black}
            animations:
              spin: {type: basic, view: box, property: rotation, toValue: 6.283, duration: 0.5}
            on:
              screen.load: [run: spin]
              spin.completion: [run: spin]
            script:
              - waitUntilSettled: true
                timeout: 1
            """.utf8).write(to: URL(fileURLWithPath: scene))
        let r = try popping([scene, "--scale", "1", "--quiet", "--out", folder + "/loop.gif"])
        #expect(r.status == 0)
        #expect(r.stderr == "\(scene):9:5: warning: waitUntilSettled ran out its 1.0 s timeout with 'spin' still moving "
            + "(an animation restarted by its own completion never rests; `repeatForever: true` is not waited for)\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/loop.gif"))
    }

    @Test func newWritesAStarterThatValidatesAndNeverOverwrites() throws {
        let folder = try scratchFolder("scene-new")
        let path = folder + "/login"
        #expect(try popping(["new", path]).status == 0)
        let text = try String(contentsOfFile: path + ".yaml", encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=scene.schema.json\n"))
        let schema = folder + "/scene.schema.json"
        let published = try popping(["schema"]).stdout
        #expect(try String(contentsOfFile: schema, encoding: .utf8) == published, "the schema the scene names sits beside it")
        #expect(published.contains(#""$id" : "urn:popping-render:scene.schema.json""#))
        #expect(try popping(["validate", path + ".yaml"]).status == 0)
        let again = try popping(["new", path])
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists"))

        // A second scene in the folder leaves an edited schema alone unless --force is given.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: schema))
        let second = try popping(["new", folder + "/signup"])
        #expect(second.status == 0)
        #expect(second.stderr.contains("scene.schema.json: kept; it differs from this version's schema"))
        #expect(try String(contentsOfFile: schema, encoding: .utf8) == "{}")
        #expect(try popping(["new", folder + "/signup", "--force"]).status == 0)
        #expect(try String(contentsOfFile: schema, encoding: .utf8) == published)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder))
            == ["login.yaml", "signup.yaml", "scene.schema.json"], "no temporary files left")
    }
}
