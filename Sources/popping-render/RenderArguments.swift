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

    @Option(help: "light or dark: which value system and {light, dark} colours take, and how the bars draw (default: a scene's screen.appearance, else light).")
    var appearance: String?

    @Option(help: "The reader's text size, UIContentSizeCategory's names: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")) (default: a scene's screen.contentSize, else large).")
    var contentSize: String?

    @Option(help: "leftToRight or rightToLeft (ltr, rtl): which way leading and trailing, natural alignment and the bars run (default: a scene's screen.layoutDirection, else leftToRight).")
    var layoutDirection: String?

    @Option(help: ArgumentHelp("Render every combination of traits: \"appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl\".",
                               discussion: "Each combination is named NAME-dark-rtl-accessibilityExtraLarge after the values that are not the defaults (light, ltr, large), so the default look keeps its plain name."))
    var variants: String?

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
                                    appearance: try chosenAppearance(for: source),
                                    contentSize: try chosenContentSize(for: source),
                                    layoutDirection: try chosenLayoutDirection(for: source))
        return try source.start(variant.applied(to: settings), warnings: warnings)
    }

    /// The looks `source` is rendered in: `--variants`' combinations, or the one look the other
    /// options choose. A trait given both alone and in the matrix is refused, as are variants of
    /// the built-in demos (fixed iOS 7 screens).
    func variants(for source: AnimationSource) throws -> [Variant] {
        guard let variants else { return [Variant()] }
        if case let .demo(demo) = source {
            throw CommandFailure("--variants", "the \(demo.name) demo has one look; --variants applies to scene files")
        }
        let matrix: [Variant]
        do { matrix = try Variant.matrix(variants) } catch { throw CommandFailure("--variants \(variants)", error.description) }
        for (trait, alone) in [("appearance", appearance), ("content-size", contentSize), ("layout-direction", layoutDirection)]
            where alone != nil && variants.contains(trait) {
            throw CommandFailure("--\(trait)", "is also varied by --variants; give it in one place")
        }
        return matrix
    }

    /// `--appearance` checked; nil when not given. The built-in demos are iOS 7 screens with
    /// fixed colours, so asking them for an appearance is refused rather than ignored.
    func chosenAppearance(for source: AnimationSource) throws -> UserInterfaceStyle? {
        guard let appearance else { return nil }
        guard let style = UserInterfaceStyle(rawValue: appearance) else {
            throw CommandFailure("--appearance \(appearance)", "must be light or dark")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--appearance \(appearance)", "the \(demo.name) demo has fixed iOS 7 colours; --appearance applies to scene files")
        }
        return style
    }

    /// `--content-size` checked; nil when not given. The built-in demos set fixed point sizes, as
    /// the iOS 7 code they replay did, so asking them for a text size is refused rather than ignored.
    func chosenContentSize(for source: AnimationSource) throws -> ContentSizeCategory? {
        guard let contentSize else { return nil }
        guard let category = ContentSizeCategory(rawValue: contentSize) else {
            throw CommandFailure("--content-size \(contentSize)",
                                 "must be one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--content-size \(contentSize)", "the \(demo.name) demo has fixed font sizes; --content-size applies to scene files")
        }
        return category
    }

    /// `--layout-direction` checked (`ltr` and `rtl` stand for the full names); nil when not given.
    /// The built-in demos place their views by frames, which no direction flips, so it is refused for them.
    func chosenLayoutDirection(for source: AnimationSource) throws -> LayoutDirection? {
        guard let layoutDirection else { return nil }
        guard let direction = LayoutDirection(rawValue: layoutDirection) ?? LayoutDirection(shortName: layoutDirection) else {
            throw CommandFailure("--layout-direction \(layoutDirection)", "must be leftToRight or rightToLeft (ltr, rtl)")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--layout-direction \(layoutDirection)", "the \(demo.name) demo is laid out by frames; --layout-direction applies to scene files")
        }
        return direction
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
