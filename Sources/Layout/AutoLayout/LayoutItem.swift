/// Something Auto Layout positions: a view, or a box from the command line. Scene's views adopt
/// it; the engine keeps the hierarchy, sizes and solver variables, keyed by object identity.
public protocol LayoutItem: AnyObject {
    /// The name constraint descriptions and conflict reports use.
    var layoutName: String { get }
}

/// A named rectangle, for laying out without a view tree (the CLI, tests).
public final class LayoutBox: LayoutItem {
    /// The name given at creation.
    public let layoutName: String
    /// A box called `name`.
    public init(_ name: String) { layoutName = name }
}
