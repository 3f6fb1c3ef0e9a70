import ArgumentParser
import PoppingRender

/// The options every command that plays an animation takes (`render`, and the commands built on it):
/// how big, how sharp, how fast and which part of the animation.
struct RenderArguments: ParsableArguments {
    @OptionGroup var read: ReadArguments

    @Option(help: "Device pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "Frames per second of the output (default 30 for GIF, 60 for PNG frames).")
    var fps: Int?

    @Option(help: "Screen: \(Device.allCases.map(\.rawValue).joined(separator: ", ")) (default: the animation's own).")
    var device: String?

    @Option(help: "Screen size in points, WxH, instead of a device.")
    var size: String?

    @Option(help: "Only these 60 Hz frames, A..B inclusive; the same pixels as in the full render.")
    var frames: String?

    @Option(help: "Pixel snapping of view frames: round, floor, ceil, half or none.")
    var snap: String = "round"

    @Option(help: "Seed for animations with random choices (the constraints shuffle).")
    var seed: UInt64 = DemoSettings.defaultSeed

    @Option(help: "portrait or landscape (default: the animation's own; a scene's screen.orientation).")
    var orientation: String?

    @OptionGroup var traits: TraitArguments

    @Flag(help: "Hide the circle that shows where the finger touches.")
    var noTouches = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @Flag(help: "Rasterise on one thread (for checking determinism).")
    var serial = false

    /// The checked scale, snapping and orientation (nil: the animation's own); throws a
    /// `CommandFailure` naming the bad option.
    func validatedLook() throws -> (scale: Double, snapping: PixelSnapping, orientation: Orientation?) {
        guard [1, 2, 3].contains(scale) else { throw CommandFailure("--scale \(scale)", "must be 1, 2 or 3") }
        guard let snapping = PixelSnapping(rawValue: snap) else {
            throw CommandFailure("--snap \(snap)", "must be round, floor, ceil, half or none")
        }
        guard let orientation else { return (Double(scale), snapping, nil) }
        guard let turn = Orientation(rawValue: orientation) else {
            throw CommandFailure("--orientation \(orientation)", "must be portrait or landscape")
        }
        return (Double(scale), snapping, turn)
    }

    /// Starts `source` on the screen these options choose (its own device unless told otherwise);
    /// `warnings: false` keeps a scene's warnings, already printed, from repeating.
    func start(_ source: AnimationSource, variant: Variant = Variant(), warnings: Bool = true) throws -> DemoRun {
        let turn = try orientation(of: source)
        var screen = try screenSize(default: source.screenSize(in: turn))
        if turn == .landscape {
            screen = Size(max(screen.width, screen.height), min(screen.width, screen.height))
        }
        let settings = DemoSettings(screenSize: screen, seed: seed, orientation: turn, device: try chosenDevice(),
                                    appearance: try traits.chosenAppearance(for: source),
                                    contentSize: try traits.chosenContentSize(for: source),
                                    layoutDirection: try traits.chosenLayoutDirection(for: source),
                                    locale: try traits.chosenLocale(for: source))
        return try source.start(variant.applied(to: settings), warnings: warnings)
    }

    /// `--device` checked (nil when not given, or when `--size` replaces it).
    func chosenDevice() throws -> Device? {
        guard size == nil, let name = device else { return nil }
        guard let d = Device(rawValue: name) else {
            throw CommandFailure("--device \(name)", "unknown device (try: \(Device.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return d
    }

    /// The orientation `source` launches in: `--orientation`, or its own.
    func orientation(of source: AnimationSource) throws -> Orientation {
        try validatedLook().orientation ?? source.defaultOrientation
    }

    /// The library's render options for `run`: these arguments' scale, rate, frames, snapping and touches.
    func renderOptions(for run: DemoRun) throws -> RenderOptions {
        let look = try validatedLook()
        return RenderOptions(scale: look.scale, fps: fps, frames: try frameRange(count: run.frameCount),
                             snapping: look.snapping, showTouches: !noTouches, parallel: !serial)
    }

    /// The 60 Hz frames to render out of `count`: all of them, or the `--frames` range.
    func frameRange(count: Int) throws -> Range<Int> {
        guard let frames else { return 0..<count }
        let parts = frames.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else {
            throw CommandFailure("--frames \(frames)", "expected A..B with 0 <= A <= B")
        }
        guard b < count else { throw CommandFailure("--frames \(frames)", "the animation has frames 0..\(count - 1)") }
        return a..<(b + 1)
    }

    private func screenSize(default fallback: Size) throws -> Size {
        if let size {
            guard let parsed = LayoutCommand.parseSize(size),
                  [parsed.width, parsed.height].allSatisfy({ $0 >= 100 && $0 <= 2000 }) else {
                throw CommandFailure("--size \(size)", "expected WxH in points, each 100...2000, like 375x667")
            }
            return parsed
        }
        return try chosenDevice()?.screenSize ?? fallback
    }
}
