import Foundation

/// A reference trajectory from ../shared/reference/pop, copied into Fixtures: the `#` comment
/// line, then a header row, then one row per frame.
struct ReferenceCSV {
    let header: [String]
    let rows: [[String]]

    init(_ name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        let lines = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        header = lines[0].split(separator: ",").map(String.init)
        rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// The numbers in `column` for every row.
    func column(_ name: String) -> [Double] {
        let i = header.firstIndex(of: name)!
        return rows.map { Double($0[i])! }
    }
}
