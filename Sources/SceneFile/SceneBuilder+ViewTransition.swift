import Motion
import Scene

/// `transition:` actions, `UIView.transition(with:duration:options:animations:completion:)`:
/// a view flips or cross-dissolves from its old look to the one its `changes` give it.
struct ViewTransitionSpec: Decodable, SchemaDocumented {
    var view: String
    var duration: Double
    var options: [ViewTransitionOptionName]?
    var changes: [ActionSpec]?
    var completion: [ActionSpec]?

    static let typeDescription: String? = "UIView.transition(with:duration:options:animations:): the view shows its old look turning (or fading) into the one `changes` give it."
    static let keyDescriptions = [
        "view": "The view that flips or dissolves (with its subviews): the container whose contents change.",
        "duration": "Seconds, 0…600.",
        "options": "UIView.AnimationOptions: one of transitionFlipFromLeft, transitionFlipFromRight, transitionFlipFromTop, transitionFlipFromBottom, transitionCrossDissolve, and at most one curve (curveEaseInOut, the default, curveEaseIn, curveEaseOut, curveLinear).",
        "completion": "Actions run on the frame the transition ends (its completion: block), as any handler's actions.",
        "changes": "UIKit's animations: block, made at the start without animation: set, activate, deactivate, constant, shuffle, layoutIfNeeded (showing the other face: set: {front: {hidden: true}, back: {hidden: false}}).",
    ]
}

/// The `UIView.AnimationOptions` a transition takes: its style and its curve.
enum ViewTransitionOptionName: String, SchemaEnum {
    case transitionFlipFromLeft, transitionFlipFromRight, transitionFlipFromTop, transitionFlipFromBottom, transitionCrossDissolve
    case curveEaseInOut, curveEaseIn, curveEaseOut, curveLinear

    /// The transition style this option names, or nil for a curve.
    var style: ViewTransitionStyle? { ViewTransitionStyle(rawValue: rawValue) }

    /// The curve this option names, or nil for a style.
    var curve: UIKitCurve? {
        switch self {
        case .curveEaseInOut: return .easeInOut
        case .curveEaseIn: return .easeIn
        case .curveEaseOut: return .easeOut
        case .curveLinear: return .linear
        default: return nil
        }
    }
}

extension SceneBuilder {
    /// The longest transition, in seconds.
    static let transitionDurationLimit = 600.0

    /// Checks a transition's view, duration, options (one style, at most one curve) and changes.
    func checkViewTransition(_ spec: ViewTransitionSpec, path: [PathStep]) {
        if views[spec.view] == nil { log.add(path + [.key("view")], "unknown view '\(spec.view)'") }
        if !(0...Self.transitionDurationLimit).contains(spec.duration) {
            log.add(path + [.key("duration")], "a transition's duration lies in 0…\(Int(Self.transitionDurationLimit)) seconds")
        }
        let options = spec.options ?? []
        let styles = options.compactMap(\.style)
        let curves = options.filter { $0.curve != nil }
        // An options list the schema check refused was reported there and is gone by now.
        let refused = spec.options == nil && log.locator.keys(at: path).contains("options")
        if styles.count != 1, !refused {
            let names = ViewTransitionStyle.allCases.map(\.rawValue).joined(separator: ", ")
            log.add(spec.options == nil ? path : path + [.key("options")],
                    styles.isEmpty ? "a transition needs one style in options: \(names)"
                                   : "a transition has one style, found \(styles.map(\.rawValue).joined(separator: " and "))")
        }
        if curves.count > 1 {
            log.add(path + [.key("options")], "a transition has one curve, found \(curves.map(\.rawValue).joined(separator: " and "))")
        }
        for (i, change) in (spec.changes ?? []).enumerated() {
            checkAction(change, path: path + [.key("changes"), .index(i)], inBlock: true)
        }
        for (i, action) in (spec.completion ?? []).enumerated() {
            checkAction(action, path: path + [.key("completion"), .index(i)], inBlock: false)
        }
    }

    /// Runs the transition: the changes are made at once and the view shows the old look
    /// giving way to the new one over the duration.
    func runViewTransition(_ spec: ViewTransitionSpec) {
        guard let view = views[spec.view], let style = spec.options?.lazy.compactMap(\.style).first else { return }
        let curve = spec.options?.lazy.compactMap(\.curve).first ?? .easeInOut
        stage.transition(with: view, duration: spec.duration, style: style, curve: curve,
                         changes: { for change in spec.changes ?? [] { self.change(change) } },
                         completion: spec.completion.map { actions in
                             { [unowned self] _ in perform([actions], because: "the transition of '\(spec.view)' completing") }
                         })
    }
}
