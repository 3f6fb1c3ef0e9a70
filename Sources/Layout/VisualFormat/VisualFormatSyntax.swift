/// The parsed form of a visual format string, before constraints are made from it.
struct VisualFormatSyntax {
    /// `H:` (or no prefix) or `V:`.
    var axis: LayoutAxis = .horizontal
    /// Whether the format starts with `|` and, if so, the connection after it.
    var leadingConnection: Connection?
    /// The views in order, each with the connection that follows it (nil after the last view
    /// unless a trailing `|` follows).
    var views: [ViewSyntax] = []
    /// The connection before a trailing `|`, if the format ends with one.
    var trailingConnection: Connection?
    /// Where the parser was right after the last view: UIKit reports a missing superview there.
    var positionAfterViews = 0

    struct ViewSyntax {
        let item: LayoutItem
        var predicates: [Predicate<SizeObject>]
        /// The connection to the next view (not to a trailing `|`).
        var connectionToNext: Connection?
    }

    /// The space between two neighbours.
    enum Connection {
        /// No dash: the views touch (`[a][b]`).
        case flush
        /// A lone dash: the system's standard spacing (`[a]-[b]`).
        case standard
        /// `-10-`, `-(>=8,<=20@750)-`.
        case predicates([Predicate<Double>])
    }

    /// `(relation)? object (@priority)?`; a connection's object is a constant.
    struct Predicate<Object> {
        var relation: LayoutRelation
        var object: Object
        var priority: LayoutPriority
    }

    /// What a view's size is related to: a constant or another view's size.
    enum SizeObject {
        case constant(Double)
        case view(LayoutItem)
    }
}
