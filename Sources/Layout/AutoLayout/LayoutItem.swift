/// Something Auto Layout positions: a view, or a box from the command line. Scene's views adopt
/// it; the engine keeps the hierarchy, sizes and solver variables, keyed by object identity.
public protocol LayoutItem: AnyObject {
    /// The name constraint descriptions and conflict reports use.
    var layoutName: String { get }
    /// The direction `leading` and `trailing` follow in constraints whose first item this is
    /// (a view's `effectiveUserInterfaceLayoutDirection`).
    var layoutDirection: LayoutDirection { get }
}

extension LayoutItem {
    /// Left to right unless the item says otherwise.
    public var layoutDirection: LayoutDirection { .leftToRight }
}

/// A named rectangle, for laying out without a view tree (the CLI, tests).
public final class LayoutBox: LayoutItem {
    /// The name given at creation.
    public let layoutName: String
    /// The direction its leading and trailing constraints follow (left to right unless set).
    public var layoutDirection = LayoutDirection.leftToRight
    /// A box called `name`.
    public init(_ name: String) { layoutName = name }
}
