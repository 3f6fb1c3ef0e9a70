import Geometry
import Scene
import Text

extension ViewKind {
    /// `label: ID`: a UILabel (one line, in the system font at 17 pt unless `font` says otherwise).
    static let label = ViewKind(key: "label", id: \.label, keys: ["text", "font", "textColor", "textAlignment"]) { builder, request in
        let spec = request.spec
        let textColor = builder.color(spec.textColor, request.path + [.key("textColor")]) ?? .black
        let alignment = spec.textAlignment.flatMap { TextAlignment(rawValue: $0.rawValue) } ?? .left
        return Label(name: request.id, text: spec.text ?? "", font: request.font ?? .named("system", size: 17),
                     textColor: textColor, alignment: alignment, frame: request.frame)
    }
}
