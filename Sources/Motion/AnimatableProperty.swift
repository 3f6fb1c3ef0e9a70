/// What an animation animates on a target object, like POP's `POPAnimatableProperty`: a name,
/// the number of components, the threshold that decides when springs and decays are done, and
/// closures that read and write the value on the target.
public struct AnimatableProperty {
    /// The property's name, e.g. POP's `positionX` or a custom name.
    public let name: String
    /// How many components the value has (1 to 4).
    public let componentCount: Int
    /// The distance below which a spring or decay counts as arrived, in the property's units.
    public let threshold: Double
    /// Reads the current value from the target.
    public let read: (AnyObject) -> AnimationVector
    /// Writes a value to the target.
    public let write: (AnyObject, AnimationVector) -> Void

    /// A property from explicit closures, for anything a key path cannot reach.
    public init(name: String, componentCount: Int, threshold: Double,
                read: @escaping (AnyObject) -> AnimationVector,
                write: @escaping (AnyObject, AnimationVector) -> Void) {
        precondition((1...4).contains(componentCount), "a property has 1 to 4 components")
        precondition(threshold > 0, "a property's threshold is positive")
        self.name = name
        self.componentCount = componentCount
        self.threshold = threshold
        self.read = read
        self.write = write
    }

    /// A custom property reached through a key path, e.g. a layout constraint's constant
    /// (POP gives those threshold 0.01).
    public init<Target: AnyObject, Value: AnimatableValue>(
        name: String, threshold: Double, keyPath: ReferenceWritableKeyPath<Target, Value>) {
        self.init(name: name, componentCount: Value.componentCount, threshold: threshold,
                  read: { AnimationVector(($0 as! Target)[keyPath: keyPath]) },
                  write: { ($0 as! Target)[keyPath: keyPath] = $1.value(as: Value.self) })
    }

    /// One of POP's named properties, with POP's threshold, reached through a key path whose
    /// value has the component count POP gives that property.
    public init<Target: AnyObject, Value: AnimatableValue>(
        _ standard: StandardProperty, keyPath: ReferenceWritableKeyPath<Target, Value>) {
        precondition(Value.componentCount == standard.componentCount,
                     "\(standard.rawValue) has \(standard.componentCount) components, \(Value.self) has \(Value.componentCount)")
        self.init(name: standard.rawValue, threshold: standard.threshold, keyPath: keyPath)
    }

    /// A property with POP's name, threshold and component count that lives in a plain variable
    /// instead of on a view, for sampling an animation on its own.
    public static func standalone(_ standard: StandardProperty) -> (property: AnimatableProperty, box: ValueBox) {
        let box = ValueBox(AnimationVector.zero(count: standard.componentCount))
        let property = AnimatableProperty(name: standard.rawValue, componentCount: standard.componentCount,
                                          threshold: standard.threshold,
                                          read: { ($0 as! ValueBox).value },
                                          write: { ($0 as! ValueBox).value = $1 })
        return (property, box)
    }
}

/// A target object holding one bare animated value.
public final class ValueBox {
    /// The value animations read and write.
    public var value: AnimationVector

    /// A box holding `value`.
    public init(_ value: AnimationVector) { self.value = value }
}

/// POP's named layer properties (the `kPOPLayer…` constants and the few others the Popping demos
/// use), each with the threshold and component count POP gives it.
public enum StandardProperty: String, CaseIterable, Sendable {
    case positionX, positionY, position
    case scaleX, scaleY, scaleXY
    case opacity, rotation, rotationX
    case size, bounds, backgroundColor
    case frame = "view.frame"
    case strokeEnd = "shapeLayer.strokeEnd"
    case constraintConstant = "layoutConstraint.constant"
    /// A bare number with POP's generic threshold 0.01 (not a POP name).
    case scalar

    /// POP's `kPOPThreshold…` value for the property.
    public var threshold: Double {
        switch self {
        case .positionX, .positionY, .position, .size, .bounds, .frame: return 1
        case .scaleX, .scaleY, .scaleXY: return 0.005
        case .opacity, .rotation, .rotationX, .backgroundColor, .strokeEnd, .constraintConstant, .scalar: return 0.01
        }
    }

    /// How many components POP animates: 2 for points, sizes and scaleXY, 4 for rects and colours.
    public var componentCount: Int {
        switch self {
        case .position, .scaleXY, .size: return 2
        case .bounds, .frame, .backgroundColor: return 4
        default: return 1
        }
    }
}
