import Foundation

/// A one-line progress bar on stderr, redrawn in place; silent when disabled (stderr is not a
/// terminal, or --quiet).
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private let width = 30

    /// A bar for `total` steps, shown unless `quiet` or stderr is not a terminal.
    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int) { update(done, of: total) }

    /// Draws `done` of `total` steps, for work whose total is known only once it starts.
    func update(_ done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)".utf8))
    }

    func finish() {
        if enabled { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
