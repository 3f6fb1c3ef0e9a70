import Geometry
import Motion

/// A UIKit block animation in flight: the properties the block changed on one view, animated
/// from their values before the block to the values it set, shown through the view's
/// presentation values (the model already holds the new values, as in UIKit).
struct BlockAnimation {
    let view: View
    let from: AnimatableState
    let to: AnimatableState
    let startFrame: Int
    let timing: UIKitTiming
    let repeating: RepeatTiming
    /// The `animate` call that started it.
    let group: Stage.BlockAnimationGroup

    /// Hands the view back to its model values, as when the animation is removed.
    func remove() { to.clearPresentation(of: view, changedFrom: from) }

    /// Writes the presentation values for `frame`; returns false once the animation (every
    /// repetition) has ended and the presentation values are cleared.
    func apply(atFrame frame: Int) -> Bool {
        let t = Double(frame - startFrame) / 60
        guard let curve = repeating.curveTime(at: t, duration: timing.duration) else {
            remove()
            return false
        }
        from.interpolated(to: to, progress: timing.progress(at: curve.time)).present(on: view, changedFrom: from, to: to)
        return true
    }
}

/// One view changed inside an animation block: what it showed before the block and the model
/// values the block gave it.
struct AnimatedChange {
    let view: View
    let from: AnimatableState
    let to: AnimatableState

    /// Shows the change `progress` of the way (0: `from`, 1: `to`) through the view's presentation values.
    func present(progress: Double) {
        from.interpolated(to: to, progress: progress).present(on: view, changedFrom: from, to: to)
    }
}

/// The values of a view that block animations animate: frame (as position and bounds size),
/// alpha, background colour, transform, corner radius (as UIKit has since iOS 11) and the
/// background gradient's colours, locations and points. Other layer properties set inside a block
/// (zPosition, border, shadow) change at once, as UIKit's layer actions leave them.
struct AnimatableState: Equatable {
    var position: Point
    var size: Size
    var alpha: Double
    var backgroundColor: Color?
    var transform: LayerTransform
    var cornerRadius: Double
    var gradient: GradientValues?
    /// Whether an arranged subview of a stack view is hidden: it stays shown while it collapses.
    var isHidden = false

    /// The model values of `view`.
    init(model view: View) {
        position = view.position
        size = view.bounds.size
        alpha = view.alpha
        backgroundColor = view.backgroundColor
        transform = view.transform
        cornerRadius = view.cornerRadius
        gradient = view.animatedGradient?.values
        isHidden = view.collapsesWhenHidden && view.isHidden
    }

    /// What `view` shows now: its presentation values where it is animating.
    init(presented view: View) {
        position = view.presentation.position ?? view.position
        size = view.presentation.bounds?.size ?? view.bounds.size
        alpha = view.presentation.alpha ?? view.alpha
        backgroundColor = view.presentation.backgroundColor ?? view.backgroundColor
        transform = view.presentation.transform ?? view.transform
        cornerRadius = view.presentation.cornerRadius ?? view.cornerRadius
        gradient = view.presentation.gradient ?? view.animatedGradient?.values
        isHidden = view.collapsesWhenHidden && (view.presentation.isHidden ?? view.isHidden)
    }

    init(position: Point, size: Size, alpha: Double, backgroundColor: Color?, transform: LayerTransform,
         cornerRadius: Double, gradient: GradientValues?, isHidden: Bool) {
        self.position = position
        self.size = size
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.transform = transform
        self.cornerRadius = cornerRadius
        self.gradient = gradient
        self.isHidden = isHidden
    }

    /// Component-wise interpolation; `p` may overshoot 0...1 (springs), and then sizes and
    /// alpha overshoot too, but colour components are clamped as Core Animation clamps them.
    func interpolated(to end: AnimatableState, progress p: Double) -> AnimatableState {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        func clampedMix(_ a: Double, _ b: Double) -> Double { min(1, max(0, mix(a, b))) }
        let colour: Color?
        switch (backgroundColor, end.backgroundColor) {
        case let (a?, b?):
            colour = Color(red: clampedMix(a.red, b.red), green: clampedMix(a.green, b.green),
                           blue: clampedMix(a.blue, b.blue), alpha: clampedMix(a.alpha, b.alpha))
        case let (nil, b?):
            // UIKit animates from a nil (clear) background as from the new colour at zero alpha.
            colour = b.withAlpha(clampedMix(0, b.alpha))
        default:
            colour = end.backgroundColor
        }
        return AnimatableState(
            position: Point(mix(position.x, end.position.x), mix(position.y, end.position.y)),
            size: Size(max(0, mix(size.width, end.size.width)), max(0, mix(size.height, end.size.height))),
            alpha: min(1, max(0, mix(alpha, end.alpha))),
            backgroundColor: colour,
            transform: LayerTransform(
                scaleX: mix(transform.scaleX, end.transform.scaleX), scaleY: mix(transform.scaleY, end.transform.scaleY),
                rotation: mix(transform.rotation, end.transform.rotation),
                translation: Point(mix(transform.translation.x, end.transform.translation.x),
                                   mix(transform.translation.y, end.transform.translation.y)),
                rotationX: mix(transform.rotationX, end.transform.rotationX),
                rotationY: mix(transform.rotationY, end.transform.rotationY),
                translationZ: mix(transform.translationZ, end.transform.translationZ),
                m34: mix(transform.m34, end.transform.m34)),
            cornerRadius: max(0, mix(cornerRadius, end.cornerRadius)),
            gradient: end.gradient.map { gradient?.interpolated(to: $0, progress: p) ?? $0 },
            isHidden: end.isHidden)
    }

    /// Shows these values on `view` for the properties that differ between `a` and `b`.
    func present(on view: View, changedFrom a: AnimatableState, to b: AnimatableState) {
        if a.position != b.position { view.presentation.position = position }
        if a.size != b.size { view.presentation.bounds = Rect(origin: view.bounds.origin, size: size) }
        if a.alpha != b.alpha { view.presentation.alpha = alpha }
        if a.backgroundColor != b.backgroundColor { view.presentation.backgroundColor = backgroundColor }
        if a.transform != b.transform { view.presentation.transform = transform }
        if a.cornerRadius != b.cornerRadius { view.presentation.cornerRadius = cornerRadius }
        if a.gradient != b.gradient { view.presentation.gradient = gradient }
        // Shown while it collapses or grows; hidden (or not) when the animation ends.
        if a.isHidden != b.isHidden { view.presentation.isHidden = false }
    }

    /// Makes these the model values of `view` for the properties that differ between `a` and
    /// `b` (an animator finishing at its start, or stopped where it is), and hands them back
    /// from the presentation values.
    func write(toModelOf view: View, changedFrom a: AnimatableState, to b: AnimatableState) {
        if a.position != b.position { view.position = position }
        if a.size != b.size { view.bounds.size = size }
        if a.alpha != b.alpha { view.alpha = alpha }
        if a.backgroundColor != b.backgroundColor { view.backgroundColor = backgroundColor }
        if a.transform != b.transform { view.transform = transform }
        if a.cornerRadius != b.cornerRadius { view.cornerRadius = cornerRadius }
        if a.gradient != b.gradient, let values = gradient, let layer = view.animatedGradient {
            layer.colors = values.colors
            layer.locations = values.locations
            layer.startPoint = values.startPoint
            layer.endPoint = values.endPoint
        }
        if a.isHidden != b.isHidden { view.isHidden = isHidden }
        b.clearPresentation(of: view, changedFrom: a)
    }

    /// Hands the properties that differ from `a` back to the model values.
    func clearPresentation(of view: View, changedFrom a: AnimatableState) {
        if a.position != position { view.presentation.position = nil }
        if a.size != size { view.presentation.bounds = nil }
        if a.alpha != alpha { view.presentation.alpha = nil }
        if a.backgroundColor != backgroundColor { view.presentation.backgroundColor = nil }
        if a.transform != transform { view.presentation.transform = nil }
        if a.cornerRadius != cornerRadius { view.presentation.cornerRadius = nil }
        if a.gradient != gradient { view.presentation.gradient = nil }
        if a.isHidden != isHidden { view.presentation.isHidden = nil }
    }
}
