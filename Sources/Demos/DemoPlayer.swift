import Geometry
import Raster
import Scene

/// Plays a demo on the 60 Hz clock and rasterises the frames asked for.
///
/// The simulation always starts at frame 0 (springs carry state), but only the requested
/// frames are described and rasterised, so `--frames 120..180` gives exactly the pixels of
/// those frames in a full render, and a contact sheet draws only its twelve.
public struct DemoPlayer {
    public let run: DemoRun
    public let scale: Double
    public let snapping: PixelSnapping
    public let showTouches: Bool

    public init(run: DemoRun, scale: Double, snapping: PixelSnapping, showTouches: Bool) {
        self.run = run
        self.scale = scale
        self.snapping = snapping
        self.showTouches = showTouches
    }

    /// Renders the 60 Hz frames listed in `wanted` (ascending), delivering them in order.
    public func render(_ wanted: [Int], parallel: Bool = true, deliver: (Int, Pixmap) throws -> Void) throws {
        precondition(zip(wanted, wanted.dropFirst()).allSatisfy { $0 < $1 }, "frames are rendered in ascending order")
        let stage = run.stage
        var next = 0
        let pipeline = FramePipeline(window: 8, parallel: parallel)
        try pipeline.run(frames: 0..<wanted.count, describe: { i in
            while next < wanted[i] {
                stage.advanceFrame()
                stage.endFrame()
                next += 1
            }
            stage.advanceFrame()
            let list = stage.displayList(scale: scale, snapping: snapping, showTouches: showTouches)
            stage.endFrame()
            next += 1
            return list
        }, rasterise: { list in list.rasterise() }, deliver: { i, pixmap in try deliver(wanted[i], pixmap) })
    }
}
