import ArgumentParser
import CGlibcMalloc
import Foundation

/// The command-line entry point: one subcommand per tool.
@main
struct PoppingRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popping-render",
        abstract: "Replays iOS UI animations headlessly and writes PNG frames, animated GIFs and videos.",
        subcommands: [RenderCommand.self, ListCommand.self, CurveCommand.self, TextCommand.self, GifCommand.self,
                      ApngCommand.self, WebpCommand.self, VideoCommand.self, LayoutCommand.self, CheckCommand.self,
                      MergeReportsCommand.self, NewCommand.self, ValidateCommand.self, SchemaCommand.self, InspectCommand.self,
                      SVGCommand.self, StudioCommand.self],
        defaultSubcommand: RenderCommand.self)

    /// Runs the command; every failure, including a bad argument, prints one line on stderr and
    /// exits with status 2 (ArgumentParser's own default would be 64).
    static func main() {
        popping_retain_freed_memory()
        do {
            var command = try parseQuickly()
            try command.run()
        } catch let failure as CommandFailure {
            failure.exit()
        } catch let code as ExitCode where code == .success {
            Foundation.exit(0)
        } catch {
            let text = fullMessage(for: error)
            if exitCode(for: error) == .success {
                print(text)
                Foundation.exit(0)
            }
            var line = text.split(separator: "\n").first.map(String.init) ?? "\(error)"
            if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
            CommandFailure(OptionSuggestion.checked(line)).exit()
        }
    }
}
