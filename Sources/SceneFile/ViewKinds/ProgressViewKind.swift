import Scene

extension ViewKind {
    /// `progressView: ID`: a UIProgressView; `setProgress` animates it.
    static let progressView = ViewKind(key: "progressView", id: \.progressView,
                                       keys: ["progress", "progressTintColor", "trackTintColor"]) { builder, request in
        let spec = request.spec, path = request.path
        if let p = spec.progress, !(0...1).contains(p) { builder.log.add(path + [.key("progress")], "progress lies in 0…1") }
        let bar = ProgressView(name: request.id, progress: spec.progress ?? 0, frame: request.frame)
        bar.progressTintColor = builder.color(spec.progressTintColor, path + [.key("progressTintColor")])
        bar.trackTintColor = builder.color(spec.trackTintColor, path + [.key("trackTintColor")])
        return bar
    }
}
