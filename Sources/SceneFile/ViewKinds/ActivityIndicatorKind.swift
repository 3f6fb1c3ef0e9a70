import Geometry
import Scene

extension ViewKind {
    /// `activityIndicator: ID`: a UIActivityIndicatorView, 20 × 20 pt unless a frame is given.
    static let activityIndicator = ViewKind(key: "activityIndicator", id: \.activityIndicator,
                                            keys: ["color", "animating"]) { builder, request in
        let spec = request.spec
        let indicator = ActivityIndicatorView(name: request.id,
                                              color: builder.color(spec.color, request.path + [.key("color")]) ?? Color(white: 0.5),
                                              frame: spec.frame == nil ? Rect(0, 0, 20, 20) : request.frame)
        if spec.animating == true { indicator.startAnimating(atFrame: 0) }
        return indicator
    }
}
