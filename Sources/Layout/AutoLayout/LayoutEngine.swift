import Geometry

/// Auto Layout for a tree of `LayoutItem`s: register items under their parents, activate
/// constraints, read frames. The underlying `Solver` works incrementally, so activating,
/// deactivating and changing a constant re-solve from the current solution.
///
/// Frames are solved in the root's coordinates and returned in each item's parent's coordinates.
/// Position attributes of a constraint are measured in the space of the two items' nearest
/// common ancestor (an item's parent's attributes are in the parent's own bounds), which is what
/// makes `child.centerX == 0.5 × superview.centerX` put the centre a quarter across.
///
/// When a required constraint cannot hold, the engine does what UIKit does: it reports the
/// conflict (`conflicts`, `onConflict`), leaves that constraint out, and keeps laying out.
public final class LayoutEngine {
    /// The item everything else is laid out in; its frame is (0, 0, rootSize).
    public let root: LayoutItem
    /// Called with each conflict as it happens (UIKit prints it to the console).
    public var onConflict: ((ConflictReport) -> Void)?
    /// Every conflict so far, oldest first.
    public private(set) var conflicts: [ConflictReport] = []

    private let solver = Solver()
    private var nodes: [ObjectIdentifier: Node] = [:]
    private var items: [LayoutItem] = []
    private var active: [LayoutConstraint] = []
    /// The layout constraint each installed solver constraint stands for.
    private var installedBy: [ObjectIdentifier: LayoutConstraint] = [:]
    private let rootConstraints: [LayoutConstraint]

    /// Per item: its place in the tree, its solver variables (root coordinates) and its
    /// intrinsic-size constraints.
    final class Node {
        let parent: LayoutItem?
        let variables: ItemVariables
        var intrinsicSize: Size?
        var hugging: [LayoutAxis: LayoutPriority] = [.horizontal: .defaultLow, .vertical: .defaultLow]
        var compressionResistance: [LayoutAxis: LayoutPriority] = [.horizontal: .defaultHigh, .vertical: .defaultHigh]
        var intrinsicConstraints: [LayoutConstraint] = []
        /// Where the text baseline sits below the top, for items that show text.
        var baselineFromTop: Double?

        init(parent: LayoutItem?, variables: ItemVariables) {
            self.parent = parent
            self.variables = variables
        }
    }

    /// An engine whose root item has the given size (a window or a view controller's view).
    public init(root: LayoutItem, size: Size) {
        self.root = root
        rootConstraints = [
            LayoutConstraint(item: root, attribute: .left, relatedBy: .equal, toItem: nil, attribute: nil),
            LayoutConstraint(item: root, attribute: .top, relatedBy: .equal, toItem: nil, attribute: nil),
            LayoutConstraint(item: root, attribute: .width, relatedBy: .equal, toItem: nil, attribute: nil,
                             constant: size.width),
            LayoutConstraint(item: root, attribute: .height, relatedBy: .equal, toItem: nil, attribute: nil,
                             constant: size.height),
        ]
        register(root, parent: nil)
        activate(rootConstraints)
    }

    /// The root's size; changing it (a rotation) re-solves incrementally.
    public var rootSize: Size {
        get { Size(rootConstraints[2].constant, rootConstraints[3].constant) }
        set {
            rootConstraints[2].constant = newValue.width
            rootConstraints[3].constant = newValue.height
        }
    }

    // MARK: items

    /// Adds `item` to the tree under `parent` (which must already be in it).
    public func add(_ item: LayoutItem, to parent: LayoutItem) {
        precondition(node(parent) != nil, "\(parent.layoutName) is not in the layout engine")
        register(item, parent: parent)
    }

    private func register(_ item: LayoutItem, parent: LayoutItem?) {
        precondition(node(item) == nil, "\(item.layoutName) is already in the layout engine")
        nodes[ObjectIdentifier(item)] = Node(parent: parent, variables: ItemVariables(in: solver))
        items.append(item)
    }

    /// Removes `item` and everything under it, deactivating every constraint that mentions them.
    public func remove(_ item: LayoutItem) {
        precondition(item !== root, "the root cannot be removed")
        var doomed: Set<ObjectIdentifier> = [ObjectIdentifier(item)]
        for other in items where isDescendant(other, of: item) { doomed.insert(ObjectIdentifier(other)) }
        deactivate(active.filter { c in
            doomed.contains(ObjectIdentifier(c.firstItem)) || c.secondItem.map { doomed.contains(ObjectIdentifier($0)) } == true
        })
        items.removeAll { doomed.contains(ObjectIdentifier($0)) }
        for id in doomed { nodes[id] = nil }
    }

    /// The item's parent, nil for the root and for items not in the engine.
    public func parent(of item: LayoutItem) -> LayoutItem? { node(item)?.parent }

    /// Whether `item` is in the engine.
    public func contains(_ item: LayoutItem) -> Bool { node(item) != nil }

    /// Gives `item` a natural size (like `intrinsicContentSize`): it is kept from growing past it
    /// at the hugging priority and from shrinking below it at the compression-resistance
    /// priority. A component ≤ 0 means "no intrinsic size" on that axis; nil removes both.
    public func setIntrinsicContentSize(_ size: Size?, for item: LayoutItem) {
        guard let node = node(item) else { preconditionFailure("\(item.layoutName) is not in the layout engine") }
        guard node.intrinsicSize != size else { return }
        node.intrinsicSize = size
        rebuildIntrinsicConstraints(item, node)
    }

    /// How strongly `item` resists growing past its intrinsic size on `axis` (default 250).
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis, of item: LayoutItem) {
        guard let node = node(item) else { preconditionFailure("\(item.layoutName) is not in the layout engine") }
        guard node.hugging[axis] != priority else { return }
        node.hugging[axis] = priority
        rebuildIntrinsicConstraints(item, node)
    }

    /// How strongly `item` resists shrinking below its intrinsic size on `axis` (default 750).
    public func setCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis,
                                                 of item: LayoutItem) {
        guard let node = node(item) else { preconditionFailure("\(item.layoutName) is not in the layout engine") }
        guard node.compressionResistance[axis] != priority else { return }
        node.compressionResistance[axis] = priority
        rebuildIntrinsicConstraints(item, node)
    }

    /// Where `item`'s text baseline sits, in points below its top (a label's ascender after its
    /// vertical centring); nil, the default, puts the baselines at the bottom edge as for views
    /// without text. Active constraints on the item's baselines follow the change.
    public func setBaselineOffset(_ fromTop: Double?, for item: LayoutItem) {
        guard let node = node(item) else { preconditionFailure("\(item.layoutName) is not in the layout engine") }
        node.baselineFromTop = fromTop
        let isBaseline = { (a: LayoutAttribute?) in a == .lastBaseline || a == .firstBaseline }
        for c in active where c.installed != nil
            && ((c.firstItem === item && isBaseline(c.firstAttribute)) || (c.secondItem === item && isBaseline(c.secondAttribute))) {
            reinstall(c)
        }
    }

    private func rebuildIntrinsicConstraints(_ item: LayoutItem, _ node: Node) {
        deactivate(node.intrinsicConstraints)
        node.intrinsicConstraints = []
        guard let size = node.intrinsicSize else { return }
        for (axis, attribute, length) in [(LayoutAxis.horizontal, LayoutAttribute.width, size.width),
                                          (.vertical, .height, size.height)] where length > 0 {
            node.intrinsicConstraints += [
                LayoutConstraint(item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: nil,
                                 attribute: nil, constant: length, priority: node.hugging[axis] ?? .defaultLow),
                LayoutConstraint(item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: nil,
                                 attribute: nil, constant: length,
                                 priority: node.compressionResistance[axis] ?? .defaultHigh),
            ]
        }
        activate(node.intrinsicConstraints)
    }

    // MARK: constraints

    /// The active constraints, in activation order (broken ones included).
    public var constraints: [LayoutConstraint] { active }

    /// Activates constraints in order. One that conflicts with the required constraints already
    /// active is reported and left out; the rest still apply.
    public func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.engine == nil {
            precondition(node(c.firstItem) != nil && c.secondItem.map { node($0) != nil } != false,
                         "constraint \(c) mentions an item that is not in the layout engine")
            c.engine = self
            active.append(c)
            install(c)
        }
    }

    /// Deactivates constraints; ones not active here are ignored.
    public func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.engine === self {
            uninstall(c)
            c.engine = nil
            active.removeAll { $0 === c }
        }
    }

    private func install(_ c: LayoutConstraint) {
        let linear = linearConstraint(for: c) { self.nodes[ObjectIdentifier($0)]?.variables }
        do {
            try solver.add(linear)
            c.installed = linear
            installedBy[ObjectIdentifier(linear)] = c
        } catch {
            reportConflict(breaking: c)
        }
    }

    func constantDidChange(_ c: LayoutConstraint) {
        guard let linear = c.installed else { return }
        do {
            try solver.setConstant(-c.constant, of: linear)
        } catch {
            let suspects = solver.lastConflict
            uninstall(c)
            reportConflict(breaking: c, suspects: suspects)
        }
    }

    /// Takes `c` out of the solver and puts it back as it now reads (a new priority, a baseline).
    func reinstall(_ c: LayoutConstraint) {
        guard c.installed != nil else { return }
        uninstall(c)
        install(c)
    }

    /// Takes `c` out of the solver, if it is in it.
    private func uninstall(_ c: LayoutConstraint) {
        if let linear = c.installed {
            try? solver.remove(linear)
            installedBy[ObjectIdentifier(linear)] = nil
        }
        c.installed = nil
    }

    private func reportConflict(breaking c: LayoutConstraint, suspects: [LinearConstraint]? = nil) {
        let report = ConflictReport(constraints: minimalConflict(with: c, suspects: suspects ?? solver.lastConflict),
                                    broken: c)
        conflicts.append(report)
        onConflict?(report)
    }

    /// Conflicts up to this size are reduced to a minimal set by the deletion filter; larger ones
    /// (a chain of thousands of views) are reported as the solver's proof names them, since each
    /// step of the filter re-solves the whole set.
    static let largestFilteredConflict = 32

    /// The installed required constraints that, with `c`, have no solution. It starts from the
    /// solver's proof of infeasibility (`suspects`), which costs nothing, and shrinks it with a
    /// deletion filter (drop each one in turn and keep it out if the rest still conflict) when
    /// it is small. Only if the proof does not conflict on its own (it always should) does it
    /// fall back to every required constraint, filtered the same way when there are few.
    private func minimalConflict(with c: LayoutConstraint, suspects: [LinearConstraint]) -> [LayoutConstraint] {
        let order = Dictionary(active.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        var set = suspects.compactMap { installedBy[ObjectIdentifier($0)] }
            .filter { $0 !== c && $0.installed != nil && $0.priority.isRequired }
            .sorted { order[ObjectIdentifier($0)] ?? 0 < order[ObjectIdentifier($1)] ?? 0 }
        if !conflicts(set + [c]) {
            set = active.filter { $0 !== c && $0.installed != nil && $0.priority.isRequired }
        }
        // Filtering costs a solve of the set per member: large sets are reported as they are.
        if set.count > Self.largestFilteredConflict { return set + [c] }
        var i = 0
        while i < set.count {
            var trial = set
            trial.remove(at: i)
            if conflicts(trial + [c]) { set = trial } else { i += 1 }
        }
        return set + [c]
    }

    /// Whether the required constraints `cs`, added in order to a fresh solver, fail.
    private func conflicts(_ cs: [LayoutConstraint]) -> Bool {
        let trial = Solver()
        var variables: [ObjectIdentifier: ItemVariables] = [:]
        let lookup = { (item: LayoutItem) -> ItemVariables? in
            let id = ObjectIdentifier(item)
            if let v = variables[id] { return v }
            let v = ItemVariables(in: trial)
            variables[id] = v
            return v
        }
        for c in cs {
            do { try trial.add(linearConstraint(for: c, lookup)) } catch { return true }
        }
        return false
    }

    // MARK: frames

    /// `item`'s frame in its parent's coordinates.
    public func frame(of item: LayoutItem) -> Rect {
        guard let node = node(item) else { return .zero }
        let v = node.variables
        var x = solver.value(of: v.left), y = solver.value(of: v.top)
        if let parent = node.parent, let p = self.node(parent)?.variables {
            x -= solver.value(of: p.left)
            y -= solver.value(of: p.top)
        }
        return Rect(x, y, solver.value(of: v.width), solver.value(of: v.height))
    }

    /// Every item's frame, in its parent's coordinates, in the order the items were added.
    public func solve() -> [(item: LayoutItem, frame: Rect)] { items.map { ($0, frame(of: $0)) } }

    // MARK: translation to the solver

    private func node(_ item: LayoutItem) -> Node? { nodes[ObjectIdentifier(item)] }

    private func isDescendant(_ item: LayoutItem, of ancestor: LayoutItem) -> Bool {
        var current = parent(of: item)
        while let c = current {
            if c === ancestor { return true }
            current = parent(of: c)
        }
        return false
    }

    /// The nearest item that is `a` or an ancestor of it and also `b` or an ancestor of `b`.
    private func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> LayoutItem? {
        var chain: [LayoutItem] = []
        var current: LayoutItem? = a
        while let c = current { chain.append(c); current = parent(of: c) }
        current = b
        while let c = current {
            if chain.contains(where: { $0 === c }) { return c }
            current = parent(of: c)
        }
        return nil
    }

    /// `c` as a solver constraint over the variables `lookup` gives for each item.
    private func linearConstraint(for c: LayoutConstraint,
                                  _ lookup: (LayoutItem) -> ItemVariables?) -> LinearConstraint {
        // The coordinate space: the common ancestor's, or the first item's parent's without a second item.
        let space = c.secondItem.map { commonAncestor(c.firstItem, $0) } ?? parent(of: c.firstItem)
        let origin = space.flatMap(lookup)
        // Leading and trailing in a right-to-left layout, as UIKit resolves them: the constraint's
        // horizontal positions are measured leftwards from the right edge of its space, so
        // `a.leading == b.leading + 20` keeps a's right edge 20 points inside b's.
        let mirrored = c.firstItem.layoutDirection == .rightToLeft
            && (c.firstAttribute.isDirectional || c.secondAttribute?.isDirectional == true)
        let mirrorSpace = origin ?? lookup(root)
        func side(_ item: LayoutItem, _ attribute: LayoutAttribute) -> LinearExpression {
            guard let v = lookup(item) else { return LinearExpression() }
            let flipped: LayoutAttribute = !mirrored ? attribute : attribute == .leading ? .right : attribute == .trailing ? .left : attribute
            var e = v.expression(for: flipped, baselineFromTop: node(item)?.baselineFromTop)
            if !attribute.isSize, attribute.axis == .horizontal, mirrored, let space = mirrorSpace {
                return (space.left + space.width) - e
            }
            if !attribute.isSize, let origin {
                e = e - (attribute.axis == .horizontal ? origin.left : origin.top)
            }
            return e
        }
        var rhs = LinearExpression(constant: c.constant)
        if let second = c.secondItem, let attribute = c.secondAttribute {
            rhs = rhs + side(second, attribute) * c.multiplier
        }
        return LinearConstraint(side(c.firstItem, c.firstAttribute), c.relation, rhs, priority: c.priority)
    }
}

/// An item's frame as solver variables, in root coordinates.
struct ItemVariables {
    let left, top, width, height: Variable

    /// Four new variables of `solver`.
    init(in solver: Solver) {
        left = solver.makeVariable()
        top = solver.makeVariable()
        width = solver.makeVariable()
        height = solver.makeVariable()
    }

    /// The attribute as an expression; baselines are `baselineFromTop` below the top, or at the
    /// bottom without one.
    func expression(for attribute: LayoutAttribute, baselineFromTop: Double?) -> LinearExpression {
        switch attribute {
        case .left, .leading: return LinearExpression(left)
        case .right, .trailing: return left + width
        case .centerX: return left + width * 0.5
        case .width: return LinearExpression(width)
        case .top: return LinearExpression(top)
        case .bottom: return top + height
        case .lastBaseline, .firstBaseline: return baselineFromTop.map { top + $0 } ?? top + height
        case .centerY: return top + height * 0.5
        case .height: return LinearExpression(height)
        }
    }
}
