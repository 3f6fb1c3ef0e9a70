import Foundation

/// How far a frame may stray from its golden and still pass, for renders that are not byte-exact
/// across machines: pixels whose largest channel difference exceeds `maxChannelDifference` may be
/// at most `maxShare` of the frame. Frames with equal hashes always pass without being compared.
public struct Tolerance: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The channel difference (0...255) a pixel may have without counting as changed.
    public var maxChannelDifference: Int
    /// The share of pixels (0...1) that may differ by more than that.
    public var maxShare: Double

    public init(maxChannelDifference: Int, maxShare: Double = 0) {
        self.maxChannelDifference = maxChannelDifference
        self.maxShare = maxShare
    }

    /// Reads `LEVEL` or `LEVEL,SHARE`, the share a fraction (`0.001`) or a percentage (`0.1%`);
    /// nil when malformed or out of range.
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count), let level = Int(parts[0]), (0...255).contains(level) else { return nil }
        var share = 0.0
        if parts.count == 2 {
            let isPercent = parts[1].hasSuffix("%")
            guard let value = Double(isPercent ? String(parts[1].dropLast()) : parts[1]), value.isFinite else { return nil }
            share = isPercent ? value / 100 : value
            guard (0...1).contains(share) else { return nil }
        }
        self.init(maxChannelDifference: level, maxShare: share)
    }

    /// Whether a frame differing from its golden as `difference` says passes.
    public func accepts(_ difference: ImageDifference, pixelCount: Int) -> Bool {
        Double(difference.pixels(over: maxChannelDifference)) <= maxShare * Double(pixelCount)
    }

    /// `8,0.1%`: the form `--tolerance` reads.
    public var description: String {
        maxShare == 0 ? "\(maxChannelDifference)" : "\(maxChannelDifference),\(formatPercent(maxShare * 100))%"
    }
}

/// A percentage with up to four decimals and no trailing zeros (`0.1`, `12.5`).
func formatPercent(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
