import Geometry
import Scene

extension ViewKind {
    /// `textField: ID`: a UITextField, with its placeholder, border style and left view.
    static let textField = ViewKind(key: "textField", id: \.textField,
                                    keys: ["placeholder", "borderStyle", "secureTextEntry", "leftView", "font", "textColor", "text", "adjustsFontForContentSizeCategory"]) { builder, request in
        let spec = request.spec
        let field = TextField(name: request.id, placeholder: builder.localized(spec.placeholder ?? ""),
                              borderStyle: spec.borderStyle == .roundedRect ? .roundedRect : .none, frame: request.frame)
        // UIKit's dynamic defaults, resolved for the scene's appearance: `label` text and, on a rounded
        // rect, a `systemBackground` field inside a `systemGray3` hairline, whose light values are
        // the fixed iOS 7 ones `TextField` starts with (black, white, (199, 199, 204)).
        let resolved = { (name: String) in SystemColors.byName[name]!.resolved(for: builder.appearance) }
        field.textColor = resolved("label")
        if field.borderStyle == .roundedRect {
            field.backgroundColor = resolved("systemBackground")
            field.border = (0.5, resolved("systemGray3"))
        }
        field.isSecureTextEntry = spec.secureTextEntry ?? false
        field.font = builder.textFont(request, fallback: builder.systemFont(size: 17))
        if let c = builder.color(spec.textColor, request.path + [.key("textColor")]) { field.textColor = c }
        field.text = builder.localized(spec.text ?? "")
        if let left = spec.leftView, let leftView = builder.makeView(left, path: request.path + [.key("leftView")]) {
            field.leftView = leftView
        }
        return field
    }
}
