import Geometry

/// A rectangular area of the screen with a background, children and an optional drawing of its own:
/// the subset of UIView and its CALayer that the demos use.
///
/// As in UIKit, a view is placed by its layer's `position` (the point in the superview where the
/// `anchorPoint` of its `bounds` sits) and `transform`; `frame` is derived from them. Views are
/// reference types because the demos, like UIKit code, hold on to them and mutate them.
open class View {
    /// A name for debugging and for scripts that tap a view (`tap(on: "loginButton")`).
    public var name: String

    /// The layer's position in the superview's coordinates (UIView's `center` when the anchor is centred).
    public var position: Point
    /// The view's own coordinate space: its origin is the scroll offset, its size the view's size.
    public var bounds: Rect
    /// Where in the bounds (0...1 each way) the position sits and scaling and rotation pivot.
    public var anchorPoint = Point(0.5, 0.5)
    /// Scale, rotation and translation applied about the anchor point, as CALayer's transform.
    public var transform = LayerTransform.identity
    /// Opacity, multiplied into every pixel the view and its subviews draw.
    public var alpha: Double = 1
    public var isHidden = false
    public var backgroundColor: Color?
    /// Rounds the background's corners, clamped to half the shorter side as Core Animation does.
    public var cornerRadius: Double = 0
    /// A gradient drawn over the background colour and under the content, filling the (rounded)
    /// bounds as they change: a CAGradientLayer inserted at index 0 of the view's layer and kept
    /// at its bounds. Only the gradient's colours, locations, points and type are used.
    public var backgroundGradient: GradientLayer?

    /// The gradient whose values UIKit block animations animate on this view: the background
    /// gradient, or the view itself when it is a `GradientLayer` without one.
    var animatedGradient: GradientLayer? { backgroundGradient ?? (self as? GradientLayer) }
    /// Clips subviews to the (rounded) bounds.
    public var clipsToBounds = false
    /// A border drawn inside the bounds, over the content, as CALayer's borderWidth/borderColor.
    public var border: (width: Double, color: Color)?
    /// When false, taps pass through the view, as `userInteractionEnabled`.
    public var isUserInteractionEnabled = true

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []

    /// The values UIKit-style block animations show while they run, laid over the model values
    /// above the way a CALayer's presentation layer is; empty when nothing is animating.
    public var presentation = PresentationValues()

    /// Whether and how Auto Layout places the view (View+Layout.swift has the API).
    var autoLayout = ViewLayoutState()

    public init(name: String = "", frame: Rect = .zero) {
        self.name = name
        bounds = Rect(origin: .zero, size: frame.size)
        position = Point(frame.midX, frame.midY)
    }

    /// The rect in the superview that the untransformed bounds occupy; setting it keeps the
    /// anchor point and moves position and bounds size, as UIView's `frame` does.
    public var frame: Rect {
        get { frame(position: position, size: bounds.size) }
        set {
            bounds.size = newValue.size
            position = Point(newValue.x + anchorPoint.x * newValue.width, newValue.y + anchorPoint.y * newValue.height)
        }
    }

    /// UIView's `center`: the position when the anchor point is centred.
    public var center: Point {
        get { position }
        set { position = newValue }
    }

    func frame(position: Point, size: Size) -> Rect {
        Rect(position.x - anchorPoint.x * size.width, position.y - anchorPoint.y * size.height, size.width, size.height)
    }

    /// The frame as it appears now: the presentation values where an animation is running.
    public var presentedFrame: Rect {
        frame(position: presentation.position ?? position, size: presentation.bounds?.size ?? bounds.size)
    }

    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        view.superview = self
        subviews.append(view)
    }

    /// Inserts `view` just below `sibling` in z-order, as `insertSubview:belowSubview:`.
    public func insertSubview(_ view: View, below sibling: View) {
        view.removeFromSuperview()
        view.superview = self
        subviews.insert(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    public func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// The view and all its descendants, depth first, back to front.
    public var subtree: [View] { [self] + subviews.flatMap(\.subtree) }

    /// The first view in this subtree with the given name.
    public func view(named name: String) -> View? { subtree.first { $0.name == name } }

    /// The size the view's content wants (UIView's `intrinsicContentSize`); nil when it has none.
    open var intrinsicContentSize: Size? { nil }

    /// Whether `intrinsicContentSize` depends on the width layout gives the view (a multi-line
    /// label wrapping at its own width), so layout solves again once that width is known.
    open var intrinsicContentSizeFollowsWidth: Bool { false }

    /// Appends the view's own content (not its background or subviews) in its bounds' coordinates.
    open func drawContent(into list: inout DisplayList, context: DrawContext) {}

    /// Called once per frame before drawing, with the frame index, for views whose look
    /// depends on time (a blinking caret, a spinning activity indicator).
    open func advance(toFrame frame: Int) {}
}

/// CALayer's transform restricted to what the demos animate: a scale and a rotation about the
/// anchor point, then a translation.
public struct LayerTransform: Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    public var translation: Point

    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translation: Point = .zero) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation; self.translation = translation
    }

    public static let identity = LayerTransform()

    /// The affine transform, about the origin.
    public var affine: AffineTransform {
        var t = AffineTransform.scale(scaleX, scaleY)
        if rotation != 0 { t = t.concatenating(.rotation(rotation)) }
        return t.concatenating(.translation(translation.x, translation.y))
    }
}

/// Presentation values of the properties UIKit block animations can animate; each is nil
/// when that property is not animating and the model value shows.
public struct PresentationValues: Sendable {
    public var position: Point?
    public var bounds: Rect?
    public var alpha: Double?
    public var backgroundColor: Color?
    public var transform: LayerTransform?
    /// The colours, locations and points of the `backgroundGradient` (of a `GradientLayer`
    /// without one, its own).
    public var gradient: GradientValues?

    public init() {}
}
