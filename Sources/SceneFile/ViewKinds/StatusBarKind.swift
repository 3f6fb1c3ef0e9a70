import Geometry
import Scene

extension ViewKind {
    /// `statusBar: ID`: an iOS 7 status bar placed like any view, for a phone drawn inside the scene.
    static let statusBar = ViewKind(key: "statusBar", id: \.statusBar, keys: ["color"]) { builder, request in
        StatusBar(width: request.frame.width,
                  contentColor: builder.color(request.spec.color, request.path + [.key("color")]) ?? .black)
    }
}
