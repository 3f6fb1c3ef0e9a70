import Scene

extension ViewKind {
    /// `visualEffectView: ID`: a UIVisualEffectView with a UIBlurEffect of `effect` (default
    /// systemMaterial); its subviews are its content view's.
    static let visualEffectView = ViewKind(key: "visualEffectView", id: \.visualEffectView,
                                           keys: ["effect"]) { _, request in
        VisualEffectView(name: request.id, effect: request.spec.effect ?? .systemMaterial, frame: request.frame)
    }
}

extension BlurEffectStyle: SchemaEnum {}

/// The names `effect` takes: UIBlurEffect.Style's, as Scene's `BlurEffectStyle` spells them.
typealias BlurEffectName = BlurEffectStyle
