import Geometry
import Layout

/// Views take part in Auto Layout as `LayoutItem`s, under the name scripts use for them.
extension View: LayoutItem {
    public var layoutName: String { name.isEmpty ? "View" : name }
}

/// A view's Auto Layout settings, kept on the view (`View.autoLayout`) and used through the
/// UIKit-named API below.
struct ViewLayoutState {
    var translatesAutoresizingMaskIntoConstraints = true
    var constraints: [LayoutConstraint] = []
    var hugging: [LayoutAxis: LayoutPriority] = [:]
    var compressionResistance: [LayoutAxis: LayoutPriority] = [:]
    var needsLayout = false
    /// A stack view remade its constraints (an arranged view was hidden, say): a layout inside
    /// the animation block that caused it runs at once, so the change animates as in UIKit.
    var arrangementChanged = false
    /// The engine of the tree this view is the root of; made on the first layout.
    var session: LayoutSession?
}

extension View {
    /// When true (the default) the view keeps the frame it is given and Auto Layout treats that
    /// frame as fixed; set it to false to have constraints place the view, as in UIKit.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMaskIntoConstraints }
        set {
            autoLayout.translatesAutoresizingMaskIntoConstraints = newValue
            setNeedsLayout()
        }
    }

    /// The constraints this view holds (UIKit keeps a constraint on the views' common ancestor;
    /// here any view in the tree may hold it).
    public var constraints: [LayoutConstraint] { autoLayout.constraints }

    /// Holds `constraint` and lays out again on the next layout pass.
    public func addConstraint(_ constraint: LayoutConstraint) { addConstraints([constraint]) }

    public func addConstraints(_ constraints: [LayoutConstraint]) {
        autoLayout.constraints += constraints.filter { c in !autoLayout.constraints.contains { $0 === c } }
        setNeedsLayout()
    }

    public func removeConstraint(_ constraint: LayoutConstraint) { removeConstraints([constraint]) }

    /// Stops holding the constraints; ones this view does not hold are ignored.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        autoLayout.constraints.removeAll { c in constraints.contains { $0 === c } }
        setNeedsLayout()
    }

    /// How strongly the view resists growing past its intrinsic size on `axis` (UIKit's default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayout.hugging[axis] ?? .defaultLow
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayout.hugging[axis] = priority
        setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis` (UIKit's default 750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayout.compressionResistance[axis] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayout.compressionResistance[axis] = priority
        setNeedsLayout()
    }

    /// Whether some view in this tree remade its constraints since the last layout.
    var arrangementChanged: Bool { subtree.contains { $0.autoLayout.arrangementChanged } }

    /// Asks for a layout pass: the stage runs one before the next frame is drawn.
    public func setNeedsLayout() { autoLayout.needsLayout = true }

    /// Whether some view in this tree has asked for a layout pass.
    public var needsLayout: Bool { subtree.contains { $0.autoLayout.needsLayout } }

    /// Solves the constraints of the whole tree this view belongs to now and assigns the frames
    /// of the views that do not translate their autoresizing masks (model values, as UIKit does),
    /// so that calling it inside `Stage.animate` animates every frame the constraints moved.
    /// Constant changes on active constraints are picked up too. Conflicts are logged once each
    /// on stderr and the layout carries on without the broken constraint.
    public func layoutIfNeeded() {
        var root = self
        while let parent = root.superview { root = parent }
        for view in root.subtree { view.updateConstraints() }
        let tree = root.subtree
        for view in tree {
            view.autoLayout.needsLayout = false
            view.autoLayout.arrangementChanged = false
        }
        if root.autoLayout.session != nil || tree.contains(where: { !$0.autoLayout.constraints.isEmpty }) {
            root.layoutSession.layout(tree)
        }
        for view in tree { view.layoutSubviews() }
    }

    /// The conflicts Auto Layout has reported in the tree this view is the root of, oldest first.
    public var layoutConflicts: [ConflictReport] { autoLayout.session?.engine.conflicts ?? [] }

    /// The constraints a visual format string describes, as
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`; they are not
    /// held by any view yet (add them to one). `|` is the superview of the views named.
    /// - Throws: `VisualFormatError` when the format does not parse or names an unknown view.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double] = [:],
                                   views: [String: View]) throws(VisualFormatError) -> [LayoutConstraint] {
        guard let any = views.keys.min().flatMap({ views[$0] }) else {
            return try LayoutEngine(root: LayoutBox("empty"), size: .zero)
                .constraints(withVisualFormat: format, options: options, metrics: metrics, views: [:])
        }
        var root = any
        while let parent = root.superview { root = parent }
        let session = root.layoutSession
        session.register(root.subtree)
        return try session.engine.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                              views: views.mapValues { $0 as LayoutItem })
    }

    /// The root's engine, made on first use.
    var layoutSession: LayoutSession {
        if let session = autoLayout.session { return session }
        let session = LayoutSession(root: self)
        autoLayout.session = session
        return session
    }
}
