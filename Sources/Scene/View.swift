import Geometry
import Layout
import Raster

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
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue, let stack = superview as? StackView,
                  stack.arrangedSubviews.contains(where: { $0 === self }) else { return }
            stack.setNeedsArrangement()
        }
    }
    public var backgroundColor: Color?
    /// Rounds the background's corners, clamped to half the shorter side as Core Animation does.
    public var cornerRadius: Double = 0
    /// Which corners `cornerRadius` rounds, as CALayer's `maskedCorners` (all four by default).
    public var maskedCorners = CornerMask.all
    /// The curve of the rounded corners, as CALayer's `cornerCurve` (circular by default).
    public var cornerCurve = CornerCurve.circular
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
    /// The shadow's colour, as CALayer's `shadowColor` (opaque black by default); its alpha is
    /// multiplied by `shadowOpacity`.
    public var shadowColor: Color = .black
    /// The shadow's opacity 0...1, as CALayer's `shadowOpacity`; 0 (the default) casts no shadow.
    public var shadowOpacity: Double = 0
    /// The shadow's blur in points, as CALayer's `shadowRadius`: the standard deviation of the
    /// Gaussian the layer's shape is blurred with (CSS `box-shadow` with a blur of twice it).
    public var shadowRadius: Double = 3
    /// How far the shadow is moved from the layer, in points, as CALayer's `shadowOffset`;
    /// Core Animation's default (0, -3) casts it upward.
    public var shadowOffset = Size(0, -3)
    /// The shape that casts the shadow, in the view's bounds coordinates, as CALayer's
    /// `shadowPath`; nil (the default) takes the shape the layer draws (its alpha).
    public var shadowPath: Path?
    /// The shadow blurred for the last frame drawn, used again while the shape is the same.
    var cachedShadow: CachedShadow?
    /// CALayer's `mask`: a view (a shape, say) drawn in this view's bounds coordinates whose alpha
    /// masks the view and its subviews. It is not a subview; its own properties animate.
    public var mask: View?
    /// When false, taps pass through the view, as `userInteractionEnabled`.
    public var isUserInteractionEnabled = true
    /// CALayer's `sublayerTransform`: applied to every subview about this view's anchor point,
    /// usually to give them one shared perspective (`m34`) so they turn in the same 3-D space.
    public var sublayerTransform = LayerTransform.identity
    /// CALayer's `zPosition`: subviews are drawn in increasing zPosition (in subview order where
    /// equal), and under a superview's perspective it moves the view towards the viewer.
    public var zPosition: Double = 0
    /// CALayer's `doubleSided`: when false the view (with its subviews) is not drawn while its
    /// back faces the viewer, as the hidden side of a flipping card.
    public var isDoubleSided = true
    /// UIView's `semanticContentAttribute`: whether the view follows the layout direction
    /// (`unspecified`) or keeps one (`forceLeftToRight`, `forceRightToLeft`; `playback` and
    /// `spatial` stay left to right), for itself and the subviews that inherit it.
    public var semanticContentAttribute = SemanticContentAttribute.unspecified
    /// The trait environment's layout direction (`traitCollection.layoutDirection`) for a view
    /// without a superview to take it from: the stage sets the window's.
    public var traitLayoutDirection: LayoutDirection?
    /// The trait environment's typesetting language (`traitCollection.typesettingLanguage`, a
    /// BCP 47 identifier such as `ro` or `zh-Hans`) for a view without a superview to take it
    /// from: the stage sets the window's to the scene's locale.
    public var traitTypesettingLanguage: String?

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

    /// The view, its masks and its descendants with theirs, depth first: every view whose
    /// properties animate.
    public var subtreeWithMasks: [View] { [self] + (mask?.subtreeWithMasks ?? []) + subviews.flatMap(\.subtreeWithMasks) }

    /// The first view in this subtree (masks included) with the given name.
    public func view(named name: String) -> View? { subtreeWithMasks.first { $0.name == name } }

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

    /// Appends what the view draws over its subviews (a scroll view's indicators), in its bounds'
    /// coordinates, inside its clip.
    open func drawOverlay(into list: inout DisplayList, context: DrawContext) {}

    /// True while the view is moving on its own (a scroll view decelerating), which keeps the
    /// stage from being settled.
    open var isMovingByItself: Bool { false }

    /// Places subviews by hand after each layout pass, as UIKit's `layoutSubviews` (a tab bar's
    /// items, a table's rows); called on every view of the tree, parents first.
    open func layoutSubviews() {}

    /// Brings the constraints the view makes for itself up to date before a layout pass, as
    /// UIKit's `updateConstraints` (a stack view's arrangement); called on every view of the tree.
    open func updateConstraints() {}

    /// The scene-file kind of the view (`view`, `label`, …), which `inspect` reports.
    open var kind: String { "view" }

    /// The lines of text the view shows as laid out now (a label's); nil for views without text.
    open var laidOutLines: [String]? { nil }
}

/// CALayer's transform as the values POP and Core Animation's key paths animate: a scale, then
/// rotations about x, y and z (in that order), all about the anchor point, then a translation,
/// then the perspective term `m34`, the order POP recomposes a decomposed CATransform3D in.
/// Without rotation about x or y, z translation or perspective it is a 2-D affine transform.
public struct LayerTransform: Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    /// Radians, clockwise on screen (about z: `transform.rotation.z`, POP's `rotation`).
    public var rotation: Double
    public var translation: Point
    /// Radians about the x axis (`transform.rotation.x`, POP's `rotationX`): positive tips the
    /// top edge away from the viewer.
    public var rotationX: Double
    /// Radians about the y axis (`transform.rotation.y`, POP's `rotationY`): positive swings the
    /// right edge away from the viewer.
    public var rotationY: Double
    /// Points towards the viewer (`transform.translation.z`, POP's `translationZ`); it shows only
    /// under perspective.
    public var translationZ: Double
    /// CATransform3D's perspective term: −1/d puts the eye d points in front of the layer
    /// (`perspective: 500` in a scene file is m34 = −1/500); 0 is no perspective.
    public var m34: Double

    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translation: Point = .zero,
                rotationX: Double = 0, rotationY: Double = 0, translationZ: Double = 0, m34: Double = 0) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation; self.translation = translation
        self.rotationX = rotationX; self.rotationY = rotationY; self.translationZ = translationZ; self.m34 = m34
    }

    public static let identity = LayerTransform()

    /// True when the transform leaves the screen's plane (rotation about x or y, z translation
    /// or perspective), so it needs the 3-D path; false for a 2-D affine transform.
    public var is3D: Bool { rotationX != 0 || rotationY != 0 || translationZ != 0 || m34 != 0 }

    /// The CATransform3D, about the origin.
    public var transform3D: Transform3D {
        var t = Transform3D.scale(scaleX, scaleY, 1)
        if rotationX != 0 { t = t.concatenating(.rotationX(rotationX)) }
        if rotationY != 0 { t = t.concatenating(.rotationY(rotationY)) }
        if rotation != 0 { t = t.concatenating(.rotationZ(rotation)) }
        t = t.concatenating(.translation(translation.x, translation.y, translationZ))
        return m34 != 0 ? t.concatenating(.perspective(m34: m34)) : t
    }

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
    /// The layer's corner radius (UIKit animates `layer.cornerRadius` in animation blocks since iOS 11).
    public var cornerRadius: Double?
    /// The colours, locations and points of the `backgroundGradient` (of a `GradientLayer`
    /// without one, its own).
    public var gradient: GradientValues?
    /// The frame of a `UIView.transition` running on the view.
    public var transition: ViewTransitionFrame?
    /// Whether the view shows: a view hidden inside an animation (an arranged subview collapsing)
    /// stays visible until the animation ends, as UIKit keeps it.
    public var isHidden: Bool?

    public init() {}
}
