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

    /// The most offscreen memory the frames rasterised at once may take together
    /// (`DisplayList.offscreenUse`), in the whole process: 256 MB, about twenty nested
    /// translucent clipping views over a whole iPhone 15 Pro screen at 3x. One frame needing
    /// more is refused; frames rasterised in parallel wait for each other's bytes
    /// (`OffscreenGate`), so with the finished frames held (`heldFramesBudget`) a render stays
    /// under 1 GB however many cores it runs on.
    public static let offscreenBudget = 256 << 20

    /// The finished frames held at once to be delivered in order: eight frames up to 32 MB
    /// each (an iPad Pro 11-inch at 3x), fewer for larger canvases, at least one.
    public static let heldFramesBudget = 256 << 20

    /// Renders the 60 Hz frames listed in `wanted` (ascending), delivering them in order.
    /// A frame whose offscreen layers and clip masks would take more than `offscreenBudget`
    /// throws `OffscreenBudgetExceeded` before any of its pixels are allocated.
    public func render(_ wanted: [Int], parallel: Bool = true, deliver: (Int, Pixmap) throws -> Void) throws {
        precondition(zip(wanted, wanted.dropFirst()).allSatisfy { $0 < $1 }, "frames are rendered in ascending order")
        let stage = run.stage
        var next = 0
        let size = stage.screenSize
        let frameBytes = max(1, (size.width * scale).rounded(.up) * (size.height * scale).rounded(.up) * 4)
        let window = Int(max(1, min(8, (Double(Self.heldFramesBudget) / frameBytes).rounded(.down)))) // bounded: 1...8
        let pipeline = FramePipeline(window: window, parallel: parallel)
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
            let use = list.offscreenUse
            guard use.bytes <= Self.offscreenBudget else {
                throw OffscreenBudgetExceeded(frame: wanted[i], scale: scale, use: use, budget: Self.offscreenBudget)
            }
            return GatedFrame(list: list, offscreenBytes: use.bytes)
        }, rasterise: { frame in OffscreenGate.shared.withBytes(frame.offscreenBytes) { frame.list.rasterise() } },
           deliver: { i, pixmap in try deliver(wanted[i], pixmap) })
    }
}

/// A frame's display list and the offscreen bytes it takes while it is rasterised (equal when
/// the lists are, so equal frames are still rasterised once).
private struct GatedFrame: Equatable, Sendable {
    let list: DisplayList
    let offscreenBytes: Int
}

/// A frame whose offscreen layers and clip masks would take more memory than a render allows
/// (`DemoPlayer.offscreenBudget`): groups nested too deep for the canvas, found before any of
/// the frame's pixels are allocated.
public struct OffscreenBudgetExceeded: Error, CustomStringConvertible, Equatable, Sendable {
    /// The 60 Hz frame, its scale, what it would need and the budget in bytes.
    public let frame: Int, scale: Double, use: OffscreenUse, budget: Int

    public init(frame: Int, scale: Double, use: OffscreenUse, budget: Int) {
        (self.frame, self.scale, self.use, self.budget) = (frame, scale, use, budget)
    }

    public var description: String {
        let whole = scale == scale.rounded() && abs(scale) < 1000
        let shownScale = whole ? String(Int(scale)) : String(scale) // bounded: whole and under 1000
        return "frame \(frame) at \(shownScale)x needs \(use.bytes >> 20) MB of offscreen layers at once "
            + "(\(use.layers) groups open: views with alpha below 1 over subviews, or masked; \(use.clips) clip masks), "
            + "over the budget of \(budget >> 20) MB a frame: nest fewer of them, or render at a smaller scale"
    }
}
