import ArgumentParser
import CGlibcMalloc
import Foundation

/// Benchmarks that print figures comparable with the peers run by the scripts in bench/.
@main
struct PoppingBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popping-bench",
        abstract: "Benchmarks popping-render against the peers run by the scripts in bench/.",
        subcommands: [RasterBench.self, LayoutBench.self])

    /// Runs with the allocator tuned as `popping-render` runs, so the figures are the product's;
    /// a bad argument is one line on stderr and exit status 2.
    static func main() {
        popping_retain_freed_memory()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            var line = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
            FileHandle.standardError.write(Data("popping-bench: \(line)\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// The middle of `sorted` values (the mean of the two middle ones for an even count), as the
/// peer scripts report.
func median(_ sorted: [Double]) -> Double {
    let m = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2
}
