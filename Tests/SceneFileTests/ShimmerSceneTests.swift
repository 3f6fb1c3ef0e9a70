import Foundation
import GoldenTesting
import PoppingRender
import SceneFile
import Testing

/// `Examples/Scenes/shimmer.yaml`, a skeleton screen whose placeholders' gradient locations
/// sweep a band across them, against its goldens; and the same screen written in Swift with the
/// library, which renders the scene file's frames byte for byte.
@Suite struct ShimmerSceneTests {
    static func sceneRun() throws -> DemoRun {
        let scene = try SceneFile.load(path: DogfoodSceneTests.scenes.appendingPathComponent("shimmer.yaml").path)
        return try scene.start(DemoSettings(screenSize: scene.defaultScreenSize))
    }

    /// Every frame at 1x against the manifest `shimmer@1x`, and three frames as PNGs: the band
    /// crossing the placeholders, between sweeps, and the loaded inbox.
    @Test func theShimmerSceneRendersItsGoldenFrames() throws {
        let run = try Self.sceneRun()
        #expect(run.frameCount == 216)
        var manifest = try FrameManifest(suite: "SceneFileTests", name: "shimmer@1x")
        var keyFrames: [Int: Pixmap] = [:]
        try DemoPlayer(run: run, scale: 1, snapping: .round, showTouches: true).render(Array(0..<run.frameCount)) { i, pixmap in
            try manifest.check(pixmap)
            if [36, 72, 215].contains(i) { keyFrames[i] = pixmap }
        }
        try manifest.finish()
        for (i, pixmap) in keyFrames.sorted(by: { $0.key < $1.key }) {
            try assertGolden(pixmap, named: "shimmer@1x-frame-\(i)", suite: "SceneFileTests")
        }
    }

    /// The library's way to the same animation: `GradientLayer.animatableProperties(.locations)`
    /// run as one group per placeholder, each animation repeating forever.
    @Test func theShimmerWrittenInSwiftRendersTheSceneFilesFrames() throws {
        let frames = Array(0..<216)
        let swift = try ShimmerScreen.start(DemoSettings(screenSize: ShimmerScreen.defaultDevice.screenSize))
        #expect(swift.frameCount == 216)
        let want = try DogfoodSceneTests.hashes(try Self.sceneRun(), scale: 1, frames: frames)
        let got = try DogfoodSceneTests.hashes(swift, scale: 1, frames: frames)
        let differing = frames.filter { want[$0] != got[$0] }
        #expect(differing.isEmpty, "the Swift shimmer differs from shimmer.yaml on frames \(differing.prefix(10))")
    }
}

/// shimmer.yaml written as an iOS developer writes it: gradient layers on the placeholders and
/// a CABasicAnimation-style sweep of their locations, repeating forever.
enum ShimmerScreen: Demo {
    static let name = "shimmer"
    static let summary = "a skeleton inbox shimmering until the messages fade in"
    static let defaultDevice = Device.iphone8

    /// The band left of the view, and right of it: locations beyond the gradient's ends.
    static let from = [-1, -0.5, 0.0], to = [1, 1.5, 2.0]

    static func start(_ settings: DemoSettings) throws -> DemoRun {
        let width = settings.screenSize.width
        let stage = Stage(screenSize: settings.screenSize, tintColor: Color(r255: 0, g: 122, b: 255))
        stage.window.backgroundColor = .white
        let root = View(name: "view", frame: Rect(origin: .zero, size: settings.screenSize))
        root.backgroundColor = .white
        stage.window.addSubview(root)

        let skeleton = View(name: "skeleton", frame: Rect(0, 64, 375, 603))
        root.addSubview(skeleton)
        var bones: [GradientLayer] = []
        let rows: [(name: Double, preview: Double)] = [(140, 263), (110, 230), (160, 250)]
        for (i, row) in rows.enumerated() {
            let y = 14 + 76 * Double(i)
            for (frame, radius) in [(Rect(16, y, 48, 48), 24.0), (Rect(80, y + 4, row.name, 14), 7), (Rect(80, y + 28, row.preview, 12), 6)] {
                let bone = View(frame: frame)
                bone.cornerRadius = radius
                let gradient = GradientLayer(colors: ["#E3E6EA", "#F7F8FA", "#E3E6EA"].map { Color(hex: $0)! }, locations: from)
                gradient.startPoint = Point(0, 0.5)
                gradient.endPoint = Point(1, 0.5)
                bone.backgroundGradient = gradient
                bones.append(gradient)
                skeleton.addSubview(bone)
            }
        }

        let inbox = View(name: "inbox", frame: Rect(0, 64, 375, 603))
        inbox.alpha = 0
        root.addSubview(inbox)
        let messages = [("Maya Lin", "Lunch on Friday? I found a place", "#FF8A65"), ("Sam Ortiz", "The build is green again", "#4FC3F7"),
                        ("Priya Shah", "Photos from the trip are up", "#AED581")]
        for (i, (who, what, colour)) in messages.enumerated() {
            let y = 14 + 76 * Double(i)
            let face = View(frame: Rect(16, y, 48, 48))
            face.cornerRadius = 24
            face.backgroundColor = Color(hex: colour)
            inbox.addSubview(face)
            inbox.addSubview(Label(text: who, font: .named("Avenir-Medium", size: 17), frame: Rect(80, y, 200, 22)))
            inbox.addSubview(Label(text: what, font: .named("Avenir", size: 15), textColor: Color(hex: "#8A8F98")!,
                                   frame: Rect(80, y + 24, 279, 20)))
        }

        stage.window.addSubview(NavigationBar(width: width, title: "Inbox", titleFont: .named("system", size: 17)))
        stage.window.addSubview(StatusBar(width: width))

        for gradient in bones {
            let properties = gradient.animatableProperties(.locations)
            let animations = properties.indices.map {
                let sweep = BasicAnimation(from: [from[$0]], to: [to[$0]], duration: 1.2, timingFunction: .easeInEaseOut)
                sweep.repeatForever = true
                return sweep
            }
            stage.animator.add(animations, forKey: "sweep", to: gradient, properties: properties)
        }
        stage.run(after: 2.9) {
            stage.animate(duration: 0.4) {
                skeleton.alpha = 0
                inbox.alpha = 1
            }
        }
        stage.window.layoutIfNeeded()
        return DemoRun(stage: stage, frameCount: stage.play(Script([.wait(3.6)])))
    }
}
