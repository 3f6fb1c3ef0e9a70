import Geometry
import Layout
import Motion

/// The view properties POP animates by name (`kPOPLayerPositionX`, `kPOPLayerScaleXY`, …), each
/// reading and writing a `View`'s model values with POP's threshold and component count, so a
/// demo animates a view the way the original animates its layer:
///
///     stage.animator.add(SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18),
///                        forKey: "layerScaleSpringAnimation", to: button, property: .view(.scaleXY))
public enum ViewProperty: String, CaseIterable, Sendable {
    /// The layer's position (UIView's centre), x, y or both.
    case positionX, positionY, position
    /// The layer transform's scale, x, y or both (POP's scaleXY animates a (sx, sy) pair).
    case scaleX, scaleY, scaleXY
    /// The layer's opacity (the view's alpha).
    case opacity
    /// The layer transform's rotation about the anchor point, in radians.
    case rotation
    /// The bounds' size, which keeps the position (and so the centre) where it is.
    case size
    /// The whole bounds rect (origin and size), POP's `kPOPLayerBounds`.
    case bounds
    /// UIView's frame (origin and size together, the position following the anchor), POP's `kPOPViewFrame`.
    case frame
    /// The background colour as straight (r, g, b, a); a nil background reads as clear.
    case backgroundColor

    /// POP's name for the property, which carries its threshold and component count.
    public var standard: StandardProperty {
        switch self {
        case .positionX: return .positionX
        case .positionY: return .positionY
        case .position: return .position
        case .scaleX: return .scaleX
        case .scaleY: return .scaleY
        case .scaleXY: return .scaleXY
        case .opacity: return .opacity
        case .rotation: return .rotation
        case .size: return .size
        case .bounds: return .bounds
        case .frame: return .frame
        case .backgroundColor: return .backgroundColor
        }
    }

    /// The property's value on `view`.
    func read(_ view: View) -> AnimationVector {
        switch self {
        case .positionX: return [view.position.x]
        case .positionY: return [view.position.y]
        case .position: return AnimationVector(view.position)
        case .scaleX: return [view.transform.scaleX]
        case .scaleY: return [view.transform.scaleY]
        case .scaleXY: return [view.transform.scaleX, view.transform.scaleY]
        case .opacity: return [view.alpha]
        case .rotation: return [view.transform.rotation]
        case .size: return AnimationVector(view.bounds.size)
        case .bounds: return AnimationVector(view.bounds)
        case .frame: return AnimationVector(view.frame)
        case .backgroundColor: return AnimationVector(view.backgroundColor ?? .clear)
        }
    }

    /// Sets the property on `view` to `value`.
    func write(_ view: View, _ value: AnimationVector) {
        switch self {
        case .positionX: view.position.x = value[0]
        case .positionY: view.position.y = value[0]
        case .position: view.position = value.value()
        case .scaleX: view.transform.scaleX = value[0]
        case .scaleY: view.transform.scaleY = value[0]
        case .scaleXY:
            view.transform.scaleX = value[0]
            view.transform.scaleY = value[1]
        case .opacity: view.alpha = value[0]
        case .rotation: view.transform.rotation = value[0]
        case .size: view.bounds.size = value.value()
        case .bounds: view.bounds = value.value()
        case .frame: view.frame = value.value()
        case .backgroundColor: view.backgroundColor = value.value()
        }
    }
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

    /// The POP property `property` of a `View` target, for `Animator.add(_:forKey:to:property:)`.
    public static func view(_ property: ViewProperty) -> AnimatableProperty {
        let standard = property.standard
        return AnimatableProperty(name: standard.rawValue, componentCount: standard.componentCount,
                                  threshold: standard.threshold,
                                  read: { property.read($0 as! View) },
                                  write: { property.write($0 as! View, $1) })
    }
}
