import Geometry
import Layout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Auto Layout engine of one view tree, kept on its root view and brought up to date with
/// the tree on every layout: views join and leave the engine as they join and leave the tree,
/// views that translate their autoresizing masks are pinned to their frames, intrinsic sizes
/// and the constraints the views hold are (de)activated incrementally, so a layout after a
/// small change re-solves from the previous solution.
final class LayoutSession {
    let engine: LayoutEngine
    /// The views registered with the engine, in tree order.
    private var members: [View] = []
    /// The frame constraints (left, top, width, height) of views that translate autoresizing masks.
    private var pins: [ObjectIdentifier: [LayoutConstraint]] = [:]
    /// The intrinsic sizes and priorities last given to the engine.
    private var intrinsic: [ObjectIdentifier: IntrinsicSizing] = [:]
    /// The views' constraints that are active in the engine, in activation order.
    private var held: [LayoutConstraint] = []
    /// Conflict texts already logged, so each conflict is printed once.
    private var logged: Set<String> = []

    struct IntrinsicSizing: Equatable {
        var size: Size?
        var hugging: [LayoutPriority]
        var compressionResistance: [LayoutPriority]
    }

    init(root: View) {
        engine = LayoutEngine(root: root, size: root.bounds.size)
        engine.onConflict = { [unowned self] report in
            let text = report.description
            guard logged.insert(text).inserted else { return }
            fputs(text + "\n", stderr)
        }
    }

    /// Makes the engine's items match `tree` (the root first, parents before children).
    func register(_ tree: [View]) {
        guard let root = tree.first else { return }
        let present = Set(tree.map(ObjectIdentifier.init))
        for view in members where !present.contains(ObjectIdentifier(view)) && engine.contains(view) {
            engine.remove(view)
        }
        var fresh: Set<ObjectIdentifier> = []
        for view in tree.dropFirst() {
            guard let parent = view.superview else { continue }
            if engine.contains(view), engine.parent(of: view) !== parent { engine.remove(view) }
            if !engine.contains(view) {
                engine.add(view, to: parent)
                fresh.insert(ObjectIdentifier(view))
            }
            view.autoLayout.session = nil
        }
        members = tree
        // A view that left the engine lost its pins and intrinsic size there.
        let kept = present.subtracting(fresh)
        pins = pins.filter { kept.contains($0.key) }
        intrinsic = intrinsic.filter { kept.contains($0.key) }
        held.removeAll { !$0.isActive }
        engine.rootSize = root.bounds.size
    }

    /// Solves `tree` (the root's subtree) and assigns the frames of the views constraints place.
    func layout(_ tree: [View]) {
        register(tree)
        for view in tree.dropFirst() {
            if view.autoLayout.translatesAutoresizingMaskIntoConstraints {
                pin(view)
            } else {
                updateIntrinsicSize(of: view)
            }
        }
        updateConstraints(tree)
        assignFrames(tree)
        // A view whose intrinsic size follows its width (a wrapping label) now knows its width:
        // give the engine the size at that width and solve once more, as UIKit's second pass does.
        let followers = tree.dropFirst().filter {
            !$0.autoLayout.translatesAutoresizingMaskIntoConstraints && $0.intrinsicContentSizeFollowsWidth
        }
        if followers.map(updateIntrinsicSize(of:)).contains(true) { assignFrames(tree) }
    }

    /// Gives the views constraints place their solved frames.
    private func assignFrames(_ tree: [View]) {
        for view in tree.dropFirst() where !view.autoLayout.translatesAutoresizingMaskIntoConstraints {
            let frame = engine.frame(of: view)
            if view.frame != frame { view.frame = frame }
        }
    }

    /// Fixes a translating view at its current frame, as UIKit's autoresizing-mask constraints do.
    private func pin(_ view: View) {
        let id = ObjectIdentifier(view)
        let f = view.frame
        let values = [f.x, f.y, f.width, f.height]
        if let existing = pins[id] {
            for (c, value) in zip(existing, values) where c.constant != value { c.constant = value }
            return
        }
        let made = zip([LayoutAttribute.left, .top, .width, .height], values).map { attribute, value in
            LayoutConstraint(item: view, attribute: attribute, relatedBy: .equal, toItem: nil, attribute: nil,
                             constant: value)
        }
        if let previous = intrinsic.removeValue(forKey: id), previous.size != nil {
            engine.setIntrinsicContentSize(nil, for: view)
        }
        pins[id] = made
        engine.activate(made)
    }

    /// Gives the engine the view's intrinsic size and priorities when they changed; whether they had.
    @discardableResult
    private func updateIntrinsicSize(of view: View) -> Bool {
        let id = ObjectIdentifier(view)
        if let old = pins.removeValue(forKey: id) { engine.deactivate(old) }
        let axes = [LayoutAxis.horizontal, .vertical]
        let sizing = IntrinsicSizing(size: view.intrinsicContentSize,
                                     hugging: axes.map(view.contentHuggingPriority(for:)),
                                     compressionResistance: axes.map(view.contentCompressionResistancePriority(for:)))
        guard intrinsic[id] != sizing else { return false }
        intrinsic[id] = sizing
        for (axis, i) in zip(axes, axes.indices) {
            engine.setContentHuggingPriority(sizing.hugging[i], for: axis, of: view)
            engine.setCompressionResistancePriority(sizing.compressionResistance[i], for: axis, of: view)
        }
        engine.setIntrinsicContentSize(sizing.size, for: view)
        return true
    }

    /// Activates the constraints the views hold that are not active yet and deactivates the ones
    /// no view holds any more; constraints naming a view outside the tree are left out.
    private func updateConstraints(_ tree: [View]) {
        let wanted = tree.flatMap(\.autoLayout.constraints).filter { c in
            engine.contains(c.firstItem) && (c.secondItem.map(engine.contains) ?? true)
        }
        let wantedIDs = Set(wanted.map(ObjectIdentifier.init))
        engine.deactivate(held.filter { !wantedIDs.contains(ObjectIdentifier($0)) })
        let heldIDs = Set(held.map(ObjectIdentifier.init))
        let added = wanted.filter { !heldIDs.contains(ObjectIdentifier($0)) }
        engine.activate(added)
        held = wanted
    }
}
