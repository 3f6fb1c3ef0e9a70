import ArgumentParser
import PoppingRender

/// `popping-render <demo> --out PATH`: plays a demo and writes a GIF, APNG, PNG frames or a contact sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders a demo or a scene file (`popping-render owl --out owl.gif`, `popping-render like.yaml --out like.gif`).",
        discussion: "The output kind follows --out: a .gif path writes an animated GIF, .apng an animated PNG, "
            + "a .png path a contact sheet of evenly spaced frames, any other path (or --frames-dir) a folder of "
            + "PNG frames. --format apng writes an APNG to a .png path.")

    @Argument(help: "The demo (\(allDemos.map { $0.name }.joined(separator: ", "))) or a scene file (.yaml, .yml, .json).")
    var demo: String

    @Option(name: .shortAndLong, help: "Output: .gif, .apng, .png (contact sheet) or a folder for PNG frames.")
    var out: String?

    @Option(help: "Output format when --out's extension does not say it: \(RenderOutput.formatNames.joined(separator: ", ")).")
    var format: String?

    @Option(help: "Write PNG frames frame-0000.png… into this folder.")
    var framesDir: String?

    @OptionGroup var options: RenderArguments

    @OptionGroup var encoding: OutputArguments

    func run() throws {
        let source = try AnimationSource(demo)
        _ = try options.validatedLook()
        if framesDir != nil, out != nil {
            throw CommandFailure("--frames-dir", "give either --out or --frames-dir, not both")
        }
        let output = try framesDir.map(RenderOutput.framesFolder) ?? outputNamed(out ?? "\(source.name).gif")
        let run = try options.start(source)
        var renderOptions = try options.renderOptions(for: run)
        renderOptions.encoding = try encoding.encoding()
        let progress = ProgressBar(total: 0, quiet: options.quiet)
        try render(run, to: output, options: renderOptions) { done, total in progress.update(done, of: total) }
        progress.finish()
    }

    /// The output `path` names, or the one `--format` asks for.
    private func outputNamed(_ path: String) throws -> RenderOutput {
        guard let format else { return RenderOutput(path: path) }
        guard let output = RenderOutput(path: path, format: format) else {
            throw CommandFailure("--format \(format)", "must be \(RenderOutput.formatNames.joined(separator: ", "))")
        }
        return output
    }
}
