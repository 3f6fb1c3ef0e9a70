@_exported import Codecs
@_exported import Demos
@_exported import Geometry
@_exported import Layout
@_exported import Motion
@_exported import Raster
@_exported import Scene
@_exported import SVG
@_exported import Text

/// How a render looks and which of its frames are drawn.
public struct RenderOptions: Sendable {
    /// Device pixels per point (1, 2 or 3 on an iPhone).
    public var scale: Double
    /// Frames per second of the output; `nil` takes the output's default (30 for a GIF, 60 otherwise).
    public var fps: Int?
    /// The 60 Hz frames to render; `nil` renders the whole animation.
    public var frames: Range<Int>?
    /// How view frames are rounded to device pixels.
    public var snapping: PixelSnapping
    /// Whether a translucent circle shows where the finger touches.
    public var showTouches: Bool
    /// Rasterise frames on several threads (the pixels are the same either way).
    public var parallel: Bool
    /// How an animation output is encoded (loops, quality, lossless WebP).
    public var encoding = EncodingOptions()
    /// Replaces the window's background colour; `Color.clear` renders a transparent background
    /// (real alpha in PNG, APNG and WebP, 1-bit transparency in GIF). `nil` keeps the demo's.
    public var background: Color?

    public init(scale: Double = 2, fps: Int? = nil, frames: Range<Int>? = nil, snapping: PixelSnapping = .round,
                showTouches: Bool = true, parallel: Bool = true) {
        self.scale = scale
        self.fps = fps
        self.frames = frames
        self.snapping = snapping
        self.showTouches = showTouches
        self.parallel = parallel
    }
}

/// Plays `run` on the 60 Hz clock and writes the frames `options` chooses to `output`; nothing is
/// left at the output's path when it fails. `progress` is told how many frames are done of how many.
public func render(_ run: DemoRun, to output: RenderOutput, options: RenderOptions = RenderOptions(),
                   progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
    let fps = options.fps ?? output.defaultFPS
    var encoding = options.encoding
    encoding.transparent = options.background.map { $0.alpha < 1 } ?? encoding.transparent
    // The format's own rate rule (a GIF's centisecond delays) is checked before the demo plays.
    _ = try output.animationEncoder(fps: fps, sourceFPS: fps, encoding: encoding)
    let shown = try renderedFrames(of: run, options: options, fps: fps)
    let sink = try output.makeSink(fps: fps, sourceFPS: fps, frames: options.frames ?? 0..<run.frameCount,
                                   scale: options.scale, encoding: encoding)
    try play(run, frames: shown, into: sink, options: options, progress: progress)
}

/// Plays `run` and hands the frames `options` chooses (every 60 Hz frame unless `options.fps`
/// says fewer) to `sink`, for outputs of your own such as golden-frame checks; the sink is
/// aborted when anything fails.
public func render(_ run: DemoRun, into sink: FrameSink, options: RenderOptions = RenderOptions(),
                   progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
    let shown = try renderedFrames(of: run, options: options, fps: options.fps ?? 60)
    try play(run, frames: shown, into: sink, options: options, progress: progress)
}

/// The 60 Hz frames an output at `fps` shows of `options.frames` (the whole animation by
/// default): tick j shows frame ⌊60·j / fps⌋, the last one that has started by then. Throws a
/// `RenderFailure` for a range outside the animation or a rate outside 1...60.
public func renderedFrames(of run: DemoRun, options: RenderOptions, fps: Int) throws -> [Int] {
    let range = options.frames ?? 0..<run.frameCount
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= run.frameCount else {
        throw RenderFailure("frames \(range.lowerBound)..\(range.upperBound - 1)",
                            "the animation has frames 0..\(run.frameCount - 1)")
    }
    guard (1...60).contains(fps) else { throw RenderFailure("--fps \(fps)", "must be 1...60") }
    var shown: [Int] = []
    var tick = (range.lowerBound * fps + 59) / 60
    while 60 * tick / fps < range.upperBound {
        shown.append(60 * tick / fps)
        tick += 1
    }
    return shown
}

/// Renders the frames of `shown` that `sink` wants, in order, into it.
private func play(_ run: DemoRun, frames shown: [Int], into sink: FrameSink, options: RenderOptions,
                  progress: ((Int, Int) -> Void)?) throws {
    let wanted = sink.frames(from: shown)
    if let background = options.background {
        run.stage.window.backgroundColor = background
    }
    let player = DemoPlayer(run: run, scale: options.scale, snapping: options.snapping,
                            showTouches: options.showTouches)
    var done = 0
    do {
        try player.render(wanted, parallel: options.parallel) { index, pixmap in
            try sink.add(pixmap, frame: index)
            done += 1
            progress?(done, wanted.count)
        }
        try sink.finish()
    } catch {
        sink.abort()
        throw error
    }
}
