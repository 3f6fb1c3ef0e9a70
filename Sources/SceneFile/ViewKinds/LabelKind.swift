import Geometry
import Scene
import Text

extension ViewKind {
    /// `label: ID`: a UILabel (one line, in the system font at 17 pt and the `label` colour, unless
    /// `numberOfLines`, `font` and `textColor` say otherwise).
    static let label = ViewKind(key: "label", id: \.label,
                                keys: ["text", "font", "textColor", "textAlignment", "numberOfLines", "lineBreakMode",
                                       "preferredMaxLayoutWidth", "adjustsFontForContentSizeCategory"]) { builder, request in
        let spec = request.spec
        let textColor = builder.color(spec.textColor, request.path + [.key("textColor")])
            ?? SystemColors.byName["label"]!.resolved(for: builder.appearance)
        let alignment = spec.textAlignment.flatMap { TextAlignment(rawValue: $0.rawValue) } ?? .natural
        let lines = spec.numberOfLines ?? 1
        if !(0...10_000).contains(lines) {
            builder.log.add(request.path + [.key("numberOfLines")], "numberOfLines is 0 (as many as needed) … 10000")
        }
        if let width = spec.preferredMaxLayoutWidth, !(width > 0 && width <= 100_000) {
            builder.log.add(request.path + [.key("preferredMaxLayoutWidth")], "preferredMaxLayoutWidth is above 0 and at most 100000 points")
        }
        let label = Label(name: request.id, text: builder.localized(spec.text ?? ""), font: builder.textFont(request, fallback: builder.systemFont(size: 17)),
                          textColor: textColor, alignment: alignment, numberOfLines: min(max(lines, 0), 10_000),
                          lineBreakMode: spec.lineBreakMode.flatMap { LineBreakMode(rawValue: $0.rawValue) } ?? .byTruncatingTail,
                          frame: request.frame)
        label.preferredMaxLayoutWidth = spec.preferredMaxLayoutWidth
        return label
    }
}
