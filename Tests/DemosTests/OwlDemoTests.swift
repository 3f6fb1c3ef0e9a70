import Demos
import Raster
import Testing

@Suite struct OwlDemoTests {
    /// Resting, arms rising over the eyes, eyes covered while typing, arms dropping on the Email tap.
    static let keyFrames = [0, 193, 260, 395]

    @Test(arguments: [1.0, 3.0])
    func keyFramesMatchTheirGoldens(scale: Double) throws {
        try assertKeyFrameGoldens(OwlDemo.self, scale: scale, Self.keyFrames)
    }

    @Test func everyFrameAtScale1MatchesTheManifest() throws {
        try assertFrameManifest(OwlDemo.self)
    }

    @Test func parallelAndSerialRendersAreIdentical() throws {
        var serial: [Pixmap] = []
        try render(OwlDemo.self, scale: 2, frames: Array(180..<200), parallel: false) { _, p in serial.append(p) }
        var parallel: [Pixmap] = []
        try render(OwlDemo.self, scale: 2, frames: Array(180..<200), parallel: true) { _, p in parallel.append(p) }
        #expect(serial.count == 20)
        #expect(serial == parallel)
    }

    @Test func aFrameRangeRenderedAloneHasTheFullRendersPixels() throws {
        var full: [Int: Pixmap] = [:]
        try render(OwlDemo.self, scale: 1, frames: Array(0..<200)) { i, p in if i >= 190 { full[i] = p } }
        var alone: [Int: Pixmap] = [:]
        try render(OwlDemo.self, scale: 1, frames: Array(190..<200)) { i, p in alone[i] = p }
        #expect(alone == full)
    }

    @Test func eyeCoverIsHiddenAtRestAndShownWhileThePasswordIsTyped() throws {
        let shots = try frames(OwlDemo.self, scale: 1, [0, 260])
        // The left eye's white at rest, (fx + 32, 69 + 66) with fx = 129.5: covered by brown lids later.
        let (x, y) = (129 + 32, 69 + 66)
        #expect(shots[0]![x, y] == (255, 255, 255, 255))
        #expect(shots[260]![x, y].r < 120)
    }
}
