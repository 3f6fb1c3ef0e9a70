import Geometry
import Scene

extension ViewKind {
    /// `textField: ID`: a UITextField, with its placeholder, border style and left view.
    static let textField = ViewKind(key: "textField", id: \.textField,
                                    keys: ["placeholder", "borderStyle", "secureTextEntry", "leftView", "font", "textColor", "text", "adjustsFontForContentSizeCategory"]) { builder, request in
        let spec = request.spec
        let field = TextField(name: request.id, placeholder: builder.localized(spec.placeholder ?? ""),
                              borderStyle: spec.borderStyle == .roundedRect ? .roundedRect : .none, frame: request.frame)
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
