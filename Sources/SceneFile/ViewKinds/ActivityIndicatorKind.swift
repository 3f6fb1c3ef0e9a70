import Geometry
import Scene

extension ViewKind {
    /// `activityIndicator: ID`: a UIActivityIndicatorView, 20 × 20 pt unless a frame is given.
    static let activityIndicator = ViewKind(key: "activityIndicator", id: \.activityIndicator,
                                            keys: ["color", "animating", "style"]) { builder, request in
        let spec = request.spec
        let style = ActivityIndicatorView.Style(rawValue: spec.style ?? "gray")
        guard let style else {
            builder.log.add(request.path + [.key("style")], "an activity indicator's style is medium, large or gray")
            return nil
        }
        let indicator = ActivityIndicatorView(name: request.id,
                                              color: Color(white: 0.5),
                                              frame: spec.frame == nil ? Rect(0, 0, style.side ?? 20, style.side ?? 20) : request.frame)
        indicator.style = style
        if let c = builder.color(spec.color, request.path + [.key("color")]) { indicator.color = c }
        if spec.animating == true { indicator.startAnimating(atFrame: 0) }
        return indicator
    }
}
