import Demos
import Geometry
import GoldenTesting
import Motion
import Raster
import Testing

@Suite struct ConstraintsDemoTests {
    /// The views springing into place, at rest, mid-shuffle (first and second), at rest again.
    static let keyFrames = [20, 75, 88, 150, 172]
    static let views = ["redView", "greenView", "blueView"]
    /// The first tap on Shuffle lifts at 1.2 s + the 0.12 s hold: frame 79.
    static let firstShuffle = 79

    @Test func keyFramesMatchTheirGoldensAt1x() throws {
        try assertKeyFrameGoldens(ConstraintsDemo.self, scale: 1, Self.keyFrames)
    }

    @Test func aShuffleMidwayMatchesItsGoldenAt3x() throws {
        try assertKeyFrameGoldens(ConstraintsDemo.self, scale: 3, [88])
    }

    @Test func everyFrameAtScale1MatchesTheManifest() throws {
        try assertFrameManifest(ConstraintsDemo.self)
    }

    /// demos.md §1.5 on 320×568: the wide view on top and the two below, whatever their order.
    static let slots = [Rect(20, 88, 280, 220), Rect(20, 328, 130, 220), Rect(170, 328, 130, 220)]

    @Test func afterEachShuffleTheViewsFillTheThreeSlots() throws {
        let run = try ConstraintsDemo.start(DemoSettings(screenSize: Size(320, 568)))
        let f = presentedFrames(of: run, views: Self.views, frames: run.frameCount)
        var tops: [String] = []
        for rest in [75, 160, 245, 330, run.frameCount - 1] {
            let placed = Self.views.map { f[rest][$0] ?? .zero }
            for slot in Self.slots {
                #expect(placed.filter { nearlyEqual($0, slot) }.count == 1, "frame \(rest): \(placed)")
            }
            tops += Self.views.filter { nearlyEqual(f[rest][$0] ?? .zero, Self.slots[0]) }
        }
        // The default seed puts a different view on top at every shuffle.
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 != $1 }, "\(tops)")
    }

    @Test func aShuffleMovesEachViewAlongTheUIKitSpring() throws {
        let run = try ConstraintsDemo.start(DemoSettings(screenSize: Size(320, 568)))
        let f = presentedFrames(of: run, views: Self.views, frames: Self.firstShuffle + 40)
        let timing = UIKitTiming.animate(duration: 0.5, dampingRatio: 0.7, initialVelocity: 0.7)
        let start = Self.firstShuffle
        var moved = false
        for name in Self.views {
            let from = f[start - 1][name] ?? .zero, to = f[start + 39][name] ?? .zero
            moved = moved || from != to
            for i in 0..<35 {
                let p = timing.isFinished(at: Double(i) / 60) ? 1 : timing.progress(at: Double(i) / 60)
                let expected = Rect(from.x + (to.x - from.x) * p, from.y + (to.y - from.y) * p,
                                    from.width + (to.width - from.width) * p, from.height + (to.height - from.height) * p)
                #expect(nearlyEqual(f[start + i][name] ?? .zero, expected, tolerance: 1e-6),
                        "\(name) at frame \(start + i): \(f[start + i][name] ?? .zero) is not \(expected)")
            }
        }
        #expect(moved)
    }

    @Test func theSeedChoosesTheShuffles() throws {
        func tops(seed: UInt64) throws -> [Rect] {
            let run = try ConstraintsDemo.start(DemoSettings(screenSize: Size(320, 568), seed: seed))
            let f = presentedFrames(of: run, views: Self.views, frames: 331)
            return [160, 245, 330].flatMap { frame in Self.views.map { f[frame][$0] ?? .zero } }
        }
        #expect(try tops(seed: 24) == tops(seed: 24))
        #expect(try tops(seed: 24) != tops(seed: 3))
    }
}
