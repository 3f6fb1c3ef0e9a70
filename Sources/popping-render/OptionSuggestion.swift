/// Keeps ArgumentParser's "Did you mean" only when the suggestion is a near spelling of the
/// unknown option (`--fpss` → `--fps`), never an unrelated one (`--mass` → `--fps`), and points
/// iOS's spring words at the commands that take them.
enum OptionSuggestion {
    /// Where each spring word belongs, for an option given to a command that lacks it.
    static let homes: [String: String] = [
        "mass": "curve spring-timing and curve swiftui-spring take --mass; POP's curve spring takes --mass too",
        "stiffness": "curve spring-timing and curve swiftui-spring take --stiffness; POP's curve spring calls it --tension",
        "damping": "curve spring-timing and curve swiftui-spring take --damping; POP's curve spring calls it --friction",
        "response": "curve swiftui-spring takes --response and --damping-fraction",
        "damping-fraction": "curve swiftui-spring takes --response and --damping-fraction",
        "bounce": "curve swiftui-spring and curve spring-timing take --duration and --bounce",
        "damping-ratio": "curve spring-timing takes --damping-ratio with --duration; curve uikit-spring calls it --damping",
        "initial-velocity": "curve spring-timing and curve swiftui-spring take --initial-velocity",
        "tension": "POP's curve spring takes --tension; the other springs call it --stiffness",
        "friction": "POP's curve spring takes --friction; the other springs call it --damping",
        "bounciness": "POP's curve spring takes --bounciness and --speed",
    ]

    /// The error line with an unrelated suggestion removed and a spring hint added.
    static func checked(_ line: String) -> String {
        let prefix = "Unknown option '--"
        guard line.hasPrefix(prefix), let end = line.dropFirst(prefix.count).firstIndex(of: "'") else { return line }
        let option = String(line[line.index(line.startIndex, offsetBy: prefix.count)..<end])
        var text = "Unknown option '--\(option)'"
        if let range = line.range(of: "Did you mean '--"), let close = line[range.upperBound...].firstIndex(of: "'") {
            let suggestion = String(line[range.upperBound..<close])
            if distance(option, suggestion) <= max(1, option.count / 4) { text += ". Did you mean '--\(suggestion)'?" }
        }
        if let home = homes[option] { text += " (\(home))" }
        return text
    }

    /// The edit distance between two option names.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}
