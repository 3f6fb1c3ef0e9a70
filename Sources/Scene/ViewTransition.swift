import Foundation
import Geometry
import Motion

/// The transition styles of `UIView.transition(with:duration:options:animations:completion:)`,
/// named as UIView.AnimationOptions names them.
public enum ViewTransitionStyle: String, CaseIterable, Sendable {
    /// The view turns about its vertical axis, its left edge coming towards the viewer.
    case transitionFlipFromLeft
    /// The view turns about its vertical axis, its right edge coming towards the viewer.
    case transitionFlipFromRight
    /// The view turns about its horizontal axis, its top edge coming towards the viewer.
    case transitionFlipFromTop
    /// The view turns about its horizontal axis, its bottom edge coming towards the viewer.
    case transitionFlipFromBottom
    /// The old look fades out over the new one.
    case transitionCrossDissolve

    /// The eye's distance for the flips, in points. UIKit publishes none; 1000 points (m34 =
    /// −1/1000) gives a card the depth a flip shows on an iPhone without distorting a full-screen view.
    static let flipEyeDistance = 1000.0
}

/// One frame of a running transition, shown through the view's presentation values: what the
/// view looked like before the change (its contents frozen as display items in its frame-local
/// coordinates) and how far the transition has come.
public struct ViewTransitionFrame: Sendable {
    public let style: ViewTransitionStyle
    /// The view's background, content, subviews and border as they were before the change.
    public let snapshot: [DisplayItem]
    /// 0 at the start, 1 at the end, along the transition's curve.
    public let progress: Double

    /// The turn the flip adds to the view's transform: half a turn over the transition, the
    /// old look on the front for the first half and the new one for the second (turned a half
    /// turn back, so it reads the right way round). Nil for a cross-dissolve.
    var flip: LayerTransform? {
        let half = progress < 0.5 ? progress : progress - 1
        let angle = Double.pi * half
        switch style {
        case .transitionFlipFromLeft: return LayerTransform(rotationY: angle, m34: -1 / ViewTransitionStyle.flipEyeDistance)
        case .transitionFlipFromRight: return LayerTransform(rotationY: -angle, m34: -1 / ViewTransitionStyle.flipEyeDistance)
        case .transitionFlipFromTop: return LayerTransform(rotationX: -angle, m34: -1 / ViewTransitionStyle.flipEyeDistance)
        case .transitionFlipFromBottom: return LayerTransform(rotationX: angle, m34: -1 / ViewTransitionStyle.flipEyeDistance)
        case .transitionCrossDissolve: return nil
        }
    }

    /// The view's transform with the flip's turn added (and its perspective, unless the view
    /// has its own).
    func turning(_ transform: LayerTransform) -> LayerTransform {
        guard let flip else { return transform }
        var t = transform
        t.rotationX += flip.rotationX
        t.rotationY += flip.rotationY
        if t.m34 == 0 { t.m34 = flip.m34 }
        return t
    }

    /// The items the view shows now with opacity `alpha`: the frozen old look for a flip's first
    /// half, the live (new) look for its second, and for a cross-dissolve the old look at
    /// opacity 1 − progress over the new one at opacity progress.
    func composite(live: () -> [DisplayItem], snapshot placed: [DisplayItem], alpha: Double) -> [DisplayItem] {
        switch style {
        case .transitionCrossDissolve:
            return live().withOpacity(alpha * progress) + placed.withOpacity(alpha * (1 - progress))
        default:
            return (progress < 0.5 ? placed : live()).withOpacity(alpha)
        }
    }
}

/// A transition in flight on one view.
struct ViewTransition {
    let view: View
    let style: ViewTransitionStyle
    let snapshot: [DisplayItem]
    let startFrame: Int
    let timing: UIKitTiming

    /// Shows the transition at `frame`; returns false (and hands the view back to its own
    /// look) once it has ended.
    func apply(atFrame frame: Int) -> Bool {
        let t = Double(frame - startFrame) / 60
        guard !timing.isFinished(at: t) else {
            view.presentation.transition = nil
            return false
        }
        view.presentation.transition = ViewTransitionFrame(style: style, snapshot: snapshot, progress: timing.progress(at: t))
        return true
    }
}

extension Stage {
    /// `UIView.transition(with:duration:options:animations:completion:)`: runs `changes` at once
    /// (they are not animated) and shows the change with `style` over `duration` seconds along
    /// `curve`; `completion` runs with `true` on the frame it ends. During a flip the view shows
    /// its old look until it is edge-on and its new look after.
    public func transition(with view: View, duration: Double, style: ViewTransitionStyle, curve: UIKitCurve = .easeInOut,
                           changes: () -> Void, completion: ((_ finished: Bool) -> Void)? = nil) {
        let renderer = SceneRenderer(context: DrawContext(scale: 1, snapping: .none, tintColor: tintColor, frame: frame))
        let snapshot = renderer.contents(of: view)
        changes()
        let transition = ViewTransition(view: view, style: style, snapshot: snapshot, startFrame: frame,
                                        timing: .animate(duration: duration, curve: curve))
        transitions.removeAll { $0.view === view }
        if transition.apply(atFrame: frame) { transitions.append(transition) }
        if let completion { run(after: duration) { completion(true) } }
    }
}
