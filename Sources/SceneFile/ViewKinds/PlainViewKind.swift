import Geometry
import Scene

extension ViewKind {
    /// `view: ID`: a plain UIView, or a control when a handler listens for its taps.
    static let plainView = ViewKind(key: "view", id: \.view, keys: ["intrinsicContentSize"]) { builder, request in
        let id = request.id
        let tappable = (builder.handlers["\(id).tap"] ?? builder.handlers["\(id).touchUpInside"]
            ?? builder.handlers["\(id).touchDown"]) != nil
        let size = builder.size(request.spec.intrinsicContentSize, request.path + [.key("intrinsicContentSize")])
        if tappable {
            let control = SceneControl(name: id, frame: request.frame)
            control.intrinsicSize = size
            return control
        }
        let view = SceneView(name: id, frame: request.frame)
        view.intrinsicSize = size
        return view
    }
}

/// A plain view of a scene, with an optional intrinsic content size.
final class SceneView: View {
    var intrinsicSize: Size?
    override var intrinsicContentSize: Size? { intrinsicSize }
}

/// A plain view that a scene handles taps on (a tap gesture recogniser): a control.
final class SceneControl: Control {
    var intrinsicSize: Size?
    override var intrinsicContentSize: Size? { intrinsicSize }
}
