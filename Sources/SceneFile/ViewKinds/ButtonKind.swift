import Geometry
import Scene
import Text

extension ViewKind {
    /// `button: ID`: a UIButton, custom (white title) or system (tinted title), 15 pt by default.
    static let button = ViewKind(key: "button", id: \.button,
                                 keys: ["title", "titleColor", "buttonType", "contentPadding", "enabled", "font", "adjustsFontForContentSizeCategory"]) { builder, request in
        let spec = request.spec
        let style: Button.Style = spec.buttonType == .system ? .system : .custom
        let titleColor = builder.color(spec.titleColor, request.path + [.key("titleColor")]) ?? .white
        let button = Button(name: request.id, style: style, title: builder.localized(spec.title ?? ""), font: builder.textFont(request, fallback: builder.systemFont(size: 15)),
                            titleColor: titleColor, frame: request.frame)
        if let padding = builder.size(spec.contentPadding, request.path + [.key("contentPadding")]) { button.contentPadding = padding }
        if let enabled = spec.enabled { button.isEnabled = enabled }
        return button
    }
}
