import Foundation
import ArgumentParser
import PoppingRender

/// `popping-render <demo> --out PATH`: plays a demo and writes a GIF, APNG, PNG frames or a contact sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders a demo or a scene file (`popping-render owl --out owl.gif`, `popping-render like.yaml --out like.gif`).",
        discussion: "The output kind follows --out: a .gif path writes an animated GIF, .apng an animated PNG, "
            + "a .png path a contact sheet of evenly spaced frames, a name without an extension (or --frames-dir) "
            + "a folder of PNG frames; any other extension is an error. --format apng writes an APNG to a .png path.")

    @Argument(help: "The demo (\(allDemos.map { $0.name }.joined(separator: ", "))) or a scene file (.yaml, .yml, .json).")
    var demo: String

    @Option(name: .shortAndLong, help: "Output: .gif, .apng, .webp, .png (contact sheet) or a name without an extension for a folder of PNG frames.")
    var out: String?

    @Option(help: "Output format when --out's extension does not say it: \(RenderOutput.formatNames.joined(separator: ", ")).")
    var format: String?

    @Option(help: "Write PNG frames frame-0000.png… into this folder.")
    var framesDir: String?

    @OptionGroup var options: RenderArguments

    @OptionGroup var encoding: OutputArguments

    @Option(help: "Window background: transparent, or a colour as #RRGGBB, #RRGGBBAA, white or black.")
    var background: String?

    func run() throws {
        let source = try AnimationSource(demo)
        _ = try options.validatedLook()
        if framesDir != nil, out != nil {
            throw CommandFailure("--frames-dir", "give either --out or --frames-dir, not both")
        }
        // Every variant and its output are resolved before anything renders. The variants play as
        // many at once as fit in the memory available (`VariantSchedule`), each rasterising its
        // frames on every core and writing its own file, so the bytes do not depend on how many run
        // together; the scene is read and its fonts parsed once for all of them.
        let variants = try options.traits.variants(for: source)
        var framePixels = 0
        let plans = try variants.map { variant in
            let output = try framesDir.map { RenderOutput.framesFolder(variant.naming($0)) }
                ?? outputNamed(variant.naming(out ?? "\(source.name).gif"))
            let run = try options.start(source, variant: variant)
            var renderOptions = try options.renderOptions(for: run)
            renderOptions.encoding = try encoding.encoding()
            renderOptions.background = try background.map(Self.parseColour)
            let screen = run.stage.screenSize
            framePixels = max(framePixels, Int(saturating: (screen.width * renderOptions.scale).rounded(.up))
                              * Int(saturating: (screen.height * renderOptions.scale).rounded(.up)))
            return (variant, output, renderOptions)
        }
        let schedule = VariantSchedule(count: plans.count, framePixels: framePixels,
                                       availableBytes: VariantSchedule.availableBytes())
        // Side by side, the variants' own progress bars would overwrite each other: one bar counts
        // the variants finished instead.
        let together = schedule.concurrent > 1
        let finished = ProgressBar(total: plans.count, quiet: options.quiet || !together)
        let finishedCount = Counter()
        let budget = try encoding.budget()
        try schedule.forEach(plans.count) { index in
            let (variant, output, renderOptions) = plans[index]
            let attempts = SizeBudget.attempts(for: output, fps: renderOptions.fps ?? output.defaultFPS,
                                               encoding: renderOptions.encoding)
            try budget.fit(output, attempts: attempts) { attempt in
                // Each try plays the demo from the start.
                var tried = renderOptions
                tried.fps = attempt.fps
                tried.encoding = attempt.encoding
                let progress = ProgressBar(total: 0, quiet: options.quiet || together)
                try render(try options.start(source, variant: variant, warnings: false), to: output, options: tried) {
                    progress.update($0, of: $1)
                }
                progress.finish()
            }
            finishedCount.increment { finished.update($0) }
        }
        if together { finished.finish() }
    }

    /// A count shared by the variants rendering at once.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        /// Adds one and hands the new count to `report` before another variant may add theirs.
        func increment(_ report: (Int) -> Void) { lock.withLock { value += 1; report(value) } }
    }

    /// The output `path` names, or the one `--format` asks for.
    private func outputNamed(_ path: String) throws -> RenderOutput {
        guard let format else {
            do { return try RenderOutput(path: path) } catch let failure as RenderFailure {
                throw CommandFailure(failure.input, failure.problem)
            }
        }
        guard let output = RenderOutput(path: path, format: format) else {
            throw CommandFailure("--format \(format)", "must be \(RenderOutput.formatNames.joined(separator: ", "))")
        }
        return output
    }

    /// `transparent`, `white`, `black`, `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    static func parseColour(_ text: String) throws -> Color {
        switch text.lowercased() {
        case "transparent", "clear": return .clear
        case "white": return .white
        case "black": return .black
        default: break
        }
        var hex = Array(text.hasPrefix("#") ? text.dropFirst() : Substring(text))
        if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
        let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { i in
            i + 1 < hex.count ? UInt8(String(hex[i...i + 1]), radix: 16) : nil
        }
        guard hex.count == 6 || hex.count == 8, bytes.count == hex.count / 2 else {
            throw CommandFailure("--background \(text)", "expected transparent, white, black or #RRGGBB[AA]")
        }
        return Color(red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255, blue: Double(bytes[2]) / 255,
                     alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
    }
}
