import Geometry

/// A value an animation can move: it splits into a fixed number of Double components that are
/// animated independently (component-wise, as POP does), and is rebuilt from them.
public protocol AnimatableValue {
    /// How many components the value has (at most 4, the width of POP's solver vectors).
    static var componentCount: Int { get }
    /// Rebuilds the value from exactly `componentCount` components.
    init(animationComponents: AnimationVector)
    /// The value's components, in a fixed order.
    var animationComponents: AnimationVector { get }
}

extension Double: AnimatableValue {
    public static var componentCount: Int { 1 }
    public init(animationComponents c: AnimationVector) { self = c[0] }
    public var animationComponents: AnimationVector { AnimationVector([self]) }
}

/// A point animates as (x, y).
extension Point: AnimatableValue {
    public static var componentCount: Int { 2 }
    public init(animationComponents c: AnimationVector) { self.init(c[0], c[1]) }
    public var animationComponents: AnimationVector { AnimationVector([x, y]) }
}

/// A size animates as (width, height).
extension Size: AnimatableValue {
    public static var componentCount: Int { 2 }
    public init(animationComponents c: AnimationVector) { self.init(c[0], c[1]) }
    public var animationComponents: AnimationVector { AnimationVector([width, height]) }
}

/// A rect animates as (x, y, width, height), like POP's CGRect values.
extension Rect: AnimatableValue {
    public static var componentCount: Int { 4 }
    public init(animationComponents c: AnimationVector) { self.init(c[0], c[1], c[2], c[3]) }
    public var animationComponents: AnimationVector { AnimationVector([x, y, width, height]) }
}

/// A colour animates as straight (red, green, blue, alpha), as POP interpolates UIColor.
extension Color: AnimatableValue {
    public static var componentCount: Int { 4 }
    public init(animationComponents c: AnimationVector) { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
    public var animationComponents: AnimationVector { AnimationVector([red, green, blue, alpha]) }
}
