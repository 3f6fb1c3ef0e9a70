import ArgumentParser

/// Benchmarks that print figures comparable with the peers in ../shared/bench.
@main
struct PoppingBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popping-bench",
        abstract: "Benchmarks popping-render against the peers in ../shared/bench.",
        subcommands: [RasterBench.self, LayoutBench.self])
}
