import ArgumentParser

/// The command-line entry point: one subcommand per tool.
@main
struct PoppingRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popping-render",
        abstract: "Replays iOS UI animations headlessly and writes PNG frames and animated GIFs.",
        subcommands: [])
}
