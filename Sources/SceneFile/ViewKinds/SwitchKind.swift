import Geometry
import Scene

extension ViewKind {
    /// `switch: ID`: a UISwitch, 51 × 31 pt; taps toggle it and send `valueChanged`.
    static let uiSwitch = ViewKind(key: "switch", id: \.switch, keys: ["isOn", "onTintColor", "thumbTintColor"]) { builder, request in
        let spec = request.spec
        let toggle = Switch(name: request.id, isOn: spec.isOn ?? false,
                            frame: spec.frame == nil ? Rect(0, 0, 51, 31) : request.frame)
        toggle.onTintColor = builder.color(spec.onTintColor, request.path + [.key("onTintColor")])
        toggle.thumbTintColor = builder.color(spec.thumbTintColor, request.path + [.key("thumbTintColor")])
        return toggle
    }
}
