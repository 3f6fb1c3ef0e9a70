import Scene
import Text

extension ContentSizeCategory: SchemaEnum {}

/// Dynamic Type: the fonts of text views that adjust to the content size, and VFL metrics that
/// scale with it.
extension SceneBuilder {
    /// The font a label, button or text field shows: its `font`, else `fallback`; with
    /// `adjustsFontForContentSizeCategory`, a fixed-size font is scaled for the content size as
    /// `UIFontMetrics.default.scaledFont(for:)` scales it (a text style already is at that size).
    func textFont(_ request: ViewRequest, fallback: @autoclosure () -> Font) -> Font {
        let font = request.font ?? fallback()
        guard request.spec.adjustsFontForContentSizeCategory == true,
              request.spec.font.flatMap(SceneValues.textStyle) == nil else { return font }
        return FontMetrics.default.scaledFont(for: font, compatibleWith: contentSize)
    }

    /// A constraint group's format metrics: `metrics` as written and `scaledMetrics` scaled by
    /// `UIFontMetrics.default.scaledValue(for:)`; a name given in both, or scaled metrics without a
    /// format to use them, is a problem at `path`.
    func formatMetrics(_ spec: ConstraintGroupSpec, path: [PathStep]) -> [String: Double] {
        var metrics = spec.metrics ?? [:]
        guard let scaled = spec.scaledMetrics else { return metrics }
        if spec.vfl == nil {
            log.add(path + [.key("scaledMetrics")], "scaledMetrics name values for visual formats, and this group has no vfl")
        }
        for (name, value) in scaled.sorted(by: { $0.key < $1.key }) {
            guard metrics[name] == nil else {
                log.add(path + [.key("scaledMetrics"), .key(name)], "'\(name)' is already in metrics; give it once")
                continue
            }
            guard abs(value) <= 100_000 else {
                log.add(path + [.key("scaledMetrics"), .key(name)], "a metric lies within ±100000 points")
                continue
            }
            metrics[name] = FontMetrics.default.scaledValue(for: value, compatibleWith: contentSize)
        }
        return metrics
    }
}
