import Geometry
import Layout
import Motion

/// One animatable property of a view, as POP names it (`kPOPLayerPositionX` is `positionX`) and
/// as Core Animation's key paths and UIKit's names spell it (`position.x`, `alpha`): how many
/// components it has, POP's threshold for it, which views have it, and how it reads and writes a
/// `View`'s model values. Every animation kind and `set` find properties in `ViewProperty.all`,
/// the one table of them, so a demo animates a view the way the original animates its layer:
///
///     stage.animator.add(SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18),
///                        forKey: "layerScaleSpringAnimation", to: button, property: .view(.scaleXY))
///
/// To make a property animatable, declare its row below and add it to `all`.
public struct ViewProperty: Equatable, CustomStringConvertible {
    /// POP's name for it, which scene files use first.
    public let name: String
    /// The other names for the same value: Core Animation key paths and UIKit properties.
    public let aliases: [String]
    /// How many components POP animates (1 to 4).
    public let componentCount: Int
    /// POP's `kPOPThreshold…` for it: how near a spring or decay must come to count as arrived.
    public let threshold: Double
    /// True for colours: values given as any colour the scene accepts, animated as straight
    /// (r, g, b, a) as POP interpolates UIColor.
    public let isColor: Bool
    /// What kind of view has it, for messages ("a label"); nil when every view has it.
    public let owner: String?
    private let has: (View) -> Bool
    private let get: (View) -> AnimationVector
    private let set: (View, AnimationVector) -> Void

    /// A row of the table. `has` says which views have the property (every view when nil).
    public init(_ name: String, aliases: [String] = [], components: Int = 1, threshold: Double, isColor: Bool = false,
                owner: String? = nil, has: ((View) -> Bool)? = nil,
                read: @escaping (View) -> AnimationVector, write: @escaping (View, AnimationVector) -> Void) {
        precondition((1...4).contains(components), "a property has 1 to 4 components")
        self.name = name; self.aliases = aliases; componentCount = components; self.threshold = threshold
        self.isColor = isColor; self.owner = owner; self.has = has ?? { _ in true }
        get = read; set = write
    }

    /// Every name the property answers to: POP's first.
    public var names: [String] { [name] + aliases }

    /// Whether `view` has the property (a label has `textColor`, a plain view does not).
    public func applies(to view: View) -> Bool { has(view) }

    /// The property's value on `view`.
    public func read(_ view: View) -> AnimationVector { get(view) }

    /// Sets the property on `view` to `value`.
    public func write(_ view: View, _ value: AnimationVector) { set(view, value) }

    public static func == (a: ViewProperty, b: ViewProperty) -> Bool { a.name == b.name }

    public var description: String { name }

    /// The property with this POP name, Core Animation key path or UIKit name, or nil.
    public static func named(_ name: String) -> ViewProperty? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name a property answers to, for "did you mean" suggestions and messages.
    public static var allNames: [String] { all.flatMap(\.names) }
}

/// POP's thresholds (`POPAnimatableProperty.mm`, springs.md §1.2).
public enum POPThreshold {
    /// `kPOPThresholdPoint`: positions, sizes, translations.
    public static let point = 1.0
    /// `kPOPThresholdScale`.
    public static let scale = 0.005
    /// `kPOPThresholdOpacity`, `kPOPThresholdRotation`, `kPOPThresholdRadius`,
    /// `kPOPThresholdColor`, and the literal 0.01 of border widths and the rest.
    public static let fine = 0.01
}

extension ViewProperty {
    /// The layer's position (UIView's centre when the anchor is centred), POP's `kPOPLayerPosition`.
    public static let position = ViewProperty(
        "position", aliases: ["center"], components: 2, threshold: POPThreshold.point,
        read: { AnimationVector($0.position) }, write: { $0.position = $1.value() })
    public static let positionX = ViewProperty(
        "positionX", aliases: ["position.x", "center.x"], threshold: POPThreshold.point,
        read: { [$0.position.x] }, write: { $0.position.x = $1[0] })
    public static let positionY = ViewProperty(
        "positionY", aliases: ["position.y", "center.y"], threshold: POPThreshold.point,
        read: { [$0.position.y] }, write: { $0.position.y = $1[0] })
    /// The layer transform's scale, x, y or both (POP's scaleXY animates an (sx, sy) pair).
    public static let scaleX = ViewProperty(
        "scaleX", aliases: ["transform.scale.x"], threshold: POPThreshold.scale,
        read: { [$0.transform.scaleX] }, write: { $0.transform.scaleX = $1[0] })
    public static let scaleY = ViewProperty(
        "scaleY", aliases: ["transform.scale.y"], threshold: POPThreshold.scale,
        read: { [$0.transform.scaleY] }, write: { $0.transform.scaleY = $1[0] })
    public static let scaleXY = ViewProperty(
        "scaleXY", components: 2, threshold: POPThreshold.scale,
        read: { [$0.transform.scaleX, $0.transform.scaleY] },
        write: { $0.transform.scaleX = $1[0]; $0.transform.scaleY = $1[1] })
    /// Core Animation's `transform.scale`: one number for both axes (it reads their mean).
    public static let scale = ViewProperty(
        "transform.scale", threshold: POPThreshold.scale,
        read: { [($0.transform.scaleX + $0.transform.scaleY) / 2] },
        write: { $0.transform.scaleX = $1[0]; $0.transform.scaleY = $1[0] })
    /// The layer transform's rotation about the anchor point, in radians.
    public static let rotation = ViewProperty(
        "rotation", aliases: ["transform.rotation.z", "transform.rotation"], threshold: POPThreshold.fine,
        read: { [$0.transform.rotation] }, write: { $0.transform.rotation = $1[0] })
    /// The layer transform's rotations about the x and y axes through the anchor point, in
    /// radians (POP's `kPOPLayerRotationX`, `…Y`).
    public static let rotationX = ViewProperty(
        "rotationX", aliases: ["transform.rotation.x"], threshold: POPThreshold.fine,
        read: { [$0.transform.rotationX] }, write: { $0.transform.rotationX = $1[0] })
    public static let rotationY = ViewProperty(
        "rotationY", aliases: ["transform.rotation.y"], threshold: POPThreshold.fine,
        read: { [$0.transform.rotationY] }, write: { $0.transform.rotationY = $1[0] })
    /// The layer transform's translation towards the viewer, POP's `kPOPLayerTranslationZ`.
    public static let translationZ = ViewProperty(
        "translationZ", aliases: ["transform.translation.z"], threshold: POPThreshold.point,
        read: { [$0.transform.translationZ] }, write: { $0.transform.translationZ = $1[0] })
    /// The layer's zPosition (order among siblings, depth under perspective), POP's `kPOPLayerZPosition`.
    public static let zPosition = ViewProperty(
        "zPosition", threshold: POPThreshold.point,
        read: { [$0.zPosition] }, write: { $0.zPosition = $1[0] })
    /// The layer transform's translation, POP's `kPOPLayerTranslationX`, `…Y` and `…XY`.
    public static let translationX = ViewProperty(
        "translationX", aliases: ["transform.translation.x"], threshold: POPThreshold.point,
        read: { [$0.transform.translation.x] }, write: { $0.transform.translation.x = $1[0] })
    public static let translationY = ViewProperty(
        "translationY", aliases: ["transform.translation.y"], threshold: POPThreshold.point,
        read: { [$0.transform.translation.y] }, write: { $0.transform.translation.y = $1[0] })
    public static let translationXY = ViewProperty(
        "translationXY", aliases: ["transform.translation"], components: 2, threshold: POPThreshold.point,
        read: { AnimationVector($0.transform.translation) }, write: { $0.transform.translation = $1.value() })
    /// The layer's opacity (the view's alpha), POP's `kPOPLayerOpacity` and `kPOPViewAlpha`.
    public static let opacity = ViewProperty(
        "opacity", aliases: ["alpha"], threshold: POPThreshold.fine,
        read: { [$0.alpha] }, write: { $0.alpha = $1[0] })
    /// The bounds' size, which keeps the position (and so the centre) where it is.
    public static let size = ViewProperty(
        "size", aliases: ["bounds.size"], components: 2, threshold: POPThreshold.point,
        read: { AnimationVector($0.bounds.size) }, write: { $0.bounds.size = $1.value() })
    /// The whole bounds rect (origin and size), POP's `kPOPLayerBounds`.
    public static let bounds = ViewProperty(
        "bounds", components: 4, threshold: POPThreshold.point,
        read: { AnimationVector($0.bounds) }, write: { $0.bounds = $1.value() })
    /// UIView's frame (origin and size together, the position following the anchor), POP's `kPOPViewFrame`.
    public static let frame = ViewProperty(
        "frame", components: 4, threshold: POPThreshold.point,
        read: { AnimationVector($0.frame) }, write: { $0.frame = $1.value() })
    /// The background colour as straight (r, g, b, a); a nil background reads as clear.
    public static let backgroundColor = ViewProperty(
        "backgroundColor", components: 4, threshold: POPThreshold.fine, isColor: true,
        read: { AnimationVector($0.backgroundColor ?? .clear) }, write: { $0.backgroundColor = $1.value() })
    /// The layer's corner radius, POP's `kPOPLayerCornerRadius`.
    public static let cornerRadius = ViewProperty(
        "cornerRadius", threshold: POPThreshold.fine,
        read: { [$0.cornerRadius] }, write: { $0.cornerRadius = max($1[0], 0) })
    /// The layer's border width (a view without a border reads 0 and gets a clear one).
    public static let borderWidth = ViewProperty(
        "borderWidth", threshold: POPThreshold.fine,
        read: { [$0.border?.width ?? 0] },
        write: { $0.border = (width: max($1[0], 0), color: $0.border?.color ?? .clear) })
    /// The layer's border colour (a view without a border reads clear and gets a zero-width one).
    public static let borderColor = ViewProperty(
        "borderColor", components: 4, threshold: POPThreshold.fine, isColor: true,
        read: { AnimationVector($0.border?.color ?? .clear) },
        write: { $0.border = (width: $0.border?.width ?? 0, color: $1.value()) })
    /// A label's or text field's text colour, POP's `kPOPLabelTextColor`.
    public static let textColor = ViewProperty(
        "textColor", components: 4, threshold: POPThreshold.fine, isColor: true, owner: "a label or text field",
        has: { $0 is Label || $0 is TextField },
        read: { AnimationVector(($0 as? Label)?.textColor ?? ($0 as? TextField)?.textColor ?? .clear) },
        write: { view, value in
            if let label = view as? Label { label.textColor = value.value() }
            if let field = view as? TextField { field.textColor = value.value() }
        })
    /// A button's title colour (UIButton's `setTitleColor(_:for: .normal)`).
    public static let titleColor = ViewProperty(
        "titleColor", components: 4, threshold: POPThreshold.fine, isColor: true, owner: "a button",
        has: { $0 is Button },
        read: { AnimationVector(($0 as? Button)?.titleColor ?? .clear) },
        write: { ($0 as? Button)?.titleColor = $1.value() })

    /// The layer's shadow colour, POP's `kPOPLayerShadowColor`.
    public static let shadowColor = ViewProperty(
        "shadowColor", components: 4, threshold: POPThreshold.fine, isColor: true,
        read: { AnimationVector($0.shadowColor) }, write: { $0.shadowColor = $1.value() })
    /// The layer's shadow opacity 0...1, POP's `kPOPLayerShadowOpacity`.
    public static let shadowOpacity = ViewProperty(
        "shadowOpacity", threshold: POPThreshold.fine,
        read: { [$0.shadowOpacity] }, write: { $0.shadowOpacity = min(max($1[0], 0), 1) })
    /// The layer's shadow blur in points, POP's `kPOPLayerShadowRadius`.
    public static let shadowRadius = ViewProperty(
        "shadowRadius", threshold: POPThreshold.fine,
        read: { [$0.shadowRadius] }, write: { $0.shadowRadius = max($1[0], 0) })
    /// The layer's shadow offset (width, height) in points, POP's `kPOPLayerShadowOffset`.
    public static let shadowOffset = ViewProperty(
        "shadowOffset", components: 2, threshold: POPThreshold.point,
        read: { [$0.shadowOffset.width, $0.shadowOffset.height] }, write: { $0.shadowOffset = Size($1[0], $1[1]) })
    /// An image view's tint colour (a template or symbol image's fill), POP's `kPOPViewTintColor`.
    public static let tintColor = ViewProperty(
        "tintColor", components: 4, threshold: POPThreshold.fine, isColor: true, owner: "an image view",
        has: { $0 is ImageView },
        read: { AnimationVector(($0 as? ImageView)?.tintColor ?? .clear) },
        write: { ($0 as? ImageView)?.tintColor = $1.value() })

    /// The table: every property a view animates by name.
    public static let all: [ViewProperty] = [
        position, positionX, positionY, scaleX, scaleY, scaleXY, scale, rotation, rotationX, rotationY,
        translationX, translationY, translationXY, translationZ, zPosition, opacity, size, bounds, frame,
        backgroundColor, cornerRadius, borderWidth, borderColor, textColor, titleColor,
        shadowColor, shadowOpacity, shadowRadius, shadowOffset, tintColor,
    ]
}

extension AnimatableProperty {
    /// POP's `kPOPLayoutConstraintConstant` on a `LayoutConstraint` target: each step sets the
    /// constant and asks the constrained views for a layout pass, so the stage lays them out
    /// again on the same frame, as animating a constraint with POP does on iOS.
    public static var layoutConstraintConstant: AnimatableProperty {
        AnimatableProperty(name: StandardProperty.constraintConstant.rawValue, componentCount: 1,
                           threshold: StandardProperty.constraintConstant.threshold,
                           read: { [($0 as! LayoutConstraint).constant] },
                           write: { target, value in
                               let constraint = target as! LayoutConstraint
                               constraint.constant = value[0]
                               for item in [constraint.firstItem, constraint.secondItem] { (item as? View)?.setNeedsLayout() }
                           })
    }

    /// The property `property` of a `View` target, for `Animator.add(_:forKey:to:property:)`.
    public static func view(_ property: ViewProperty) -> AnimatableProperty {
        AnimatableProperty(name: property.name, componentCount: property.componentCount, threshold: property.threshold,
                           read: { property.read($0 as! View) }, write: { property.write($0 as! View, $1) })
    }
}
