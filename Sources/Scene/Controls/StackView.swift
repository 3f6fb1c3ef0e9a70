import Geometry
import Layout

/// UIStackView: lays out its arranged subviews in a row or a column with ordinary Auto Layout
/// constraints that it holds and the solver sees alongside every other constraint, so a stack
/// may itself be constrained from outside like any view.
///
/// The constraints follow the documented behaviour of each `Distribution` and `Alignment`
/// (developer.apple.com/documentation/uikit/uistackview): `fill` stretches the view with the
/// lowest content hugging priority, the first such on a tie; `fillEqually` gives every view
/// the same length; `fillProportionally` lengths proportional to their intrinsic sizes;
/// `equalSpacing` and `equalCentering` keep intrinsic sizes and pad the gaps (between edges, or
/// between centres) evenly with layout guides, never closer than `spacing`. A hidden arranged
/// view collapses to zero length and the spacing beside it goes, so hiding one inside an
/// animation block moves the others while it shrinks, as UIKit animates it.
open class StackView: View {
    /// UIStackView.Distribution.
    public enum Distribution: String, CaseIterable, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// UIStackView.Alignment; `top` is `leading` and `bottom` is `trailing`, as in UIKit, and the
    /// baselines apply to horizontal stacks.
    public enum Alignment: String, CaseIterable, Sendable {
        case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline
    }

    open override var kind: String { "stackView" }

    /// The views the stack lays out, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []
    public var axis: LayoutAxis = .horizontal { didSet { setNeedsArrangement() } }
    public var distribution: Distribution = .fill { didSet { setNeedsArrangement() } }
    public var alignment: Alignment = .fill { didSet { setNeedsArrangement() } }
    /// Points between adjacent arranged views (the least gap for the equal distributions).
    public var spacing: Double = 0 { didSet { setNeedsArrangement() } }
    /// Lays the views out inside `layoutMargins` instead of the bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsArrangement() } }
    /// UIView's default layout margins: 8 points on each side (UIView.layoutMargins).
    public var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) { didSet { setNeedsArrangement() } }

    private var customSpacings: [ObjectIdentifier: Double] = [:]
    /// The constraints the stack made last, held by the stack.
    private var arrangement: [LayoutConstraint] = []
    /// The spacer guides the equal distributions measure gaps with.
    private var guides: [View] = []
    /// The intrinsic lengths `fillProportionally` used, to remake its constraints when they change.
    private var proportions: [Double] = []
    private var isArranged = false

    public init(name: String = "", arrangedSubviews: [View] = [], frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Adds `view` at the end, as a subview too.
    public func addArrangedSubview(_ view: View) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts `view` at `index` of the arranged views (clamped), adding it as a subview when it
    /// is not one; its constraints come from the stack from now on.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        view.translatesAutoresizingMaskIntoConstraints = false
        setNeedsArrangement()
    }

    /// Stops arranging `view`; it stays a subview (as in UIKit: remove it from the superview to
    /// take it off screen).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
    }

    /// The gap after `view` instead of `spacing` (`setCustomSpacing(_:after:)`).
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings[ObjectIdentifier(view)] = spacing
        setNeedsArrangement()
    }

    /// The gap after `view`: its custom spacing, or `spacing`.
    public func customSpacing(after view: View) -> Double { customSpacings[ObjectIdentifier(view)] ?? spacing }

    /// Remakes the constraints before the next layout; a layout inside an animation block that
    /// follows animates the change.
    func setNeedsArrangement() {
        isArranged = false
        autoLayout.arrangementChanged = true
        setNeedsLayout()
    }

    open override func updateConstraints() {
        if distribution == .fillProportionally, proportions != lengths() { isArranged = false }
        guard !isArranged else { return }
        isArranged = true
        arrangedSubviews.removeAll { $0.superview !== self }
        removeConstraints(arrangement)
        for guide in guides { guide.removeFromSuperview() }
        guides = []
        arrangement = makeArrangement()
        addConstraints(arrangement)
    }

    /// Intrinsic lengths along the axis (0 for a view without one).
    private func lengths() -> [Double] {
        arrangedSubviews.map { v in
            guard !v.isHidden, let size = v.intrinsicContentSize else { return 0 }
            return max(0, axis == .horizontal ? size.width : size.height)
        }
    }

    // MARK: Constraints

    private typealias Edges = (leading: LayoutAttribute, trailing: LayoutAttribute, center: LayoutAttribute,
                               length: LayoutAttribute)

    private var along: Edges {
        axis == .horizontal ? (.left, .right, .centerX, .width) : (.top, .bottom, .centerY, .height)
    }

    private var across: Edges {
        axis == .horizontal ? (.top, .bottom, .centerY, .height) : (.left, .right, .centerX, .width)
    }

    /// Insets of the arranged area from the bounds, along then across the axis (leading, trailing).
    private var insets: (along: (Double, Double), across: (Double, Double)) {
        guard isLayoutMarginsRelativeArrangement else { return ((0, 0), (0, 0)) }
        let m = layoutMargins
        return axis == .horizontal ? ((m.left, m.right), (m.top, m.bottom)) : ((m.top, m.bottom), (m.left, m.right))
    }

    private func make(_ a: View, _ attribute: LayoutAttribute, _ b: View?, _ other: LayoutAttribute? = nil,
                      times m: Double = 1, plus c: Double = 0, priority: LayoutPriority = .required,
                      _ relation: LayoutRelation = .equal) -> LayoutConstraint {
        LayoutConstraint(item: a, attribute: attribute, relatedBy: relation, toItem: b, attribute: b == nil ? nil : other ?? attribute,
                         multiplier: m, constant: c, priority: priority)
    }

    private func makeArrangement() -> [LayoutConstraint] {
        let views = arrangedSubviews
        guard !views.isEmpty else { return [] }
        let visible = views.filter { !$0.isHidden }
        var out = views.flatMap(crossConstraints)
        let e = along, inset = insets.along
        // Hidden views: zero length, sitting where the next visible view starts (UIKit's UISV-hiding).
        for (i, v) in views.enumerated() where v.isHidden {
            out.append(make(v, e.length, nil, plus: 0))
            if let next = views[(i + 1)...].first(where: { !$0.isHidden }) {
                out.append(make(v, e.leading, next, e.leading))
            } else if let previous = views[..<i].last(where: { !$0.isHidden }) {
                out.append(make(v, e.leading, previous, e.trailing))
            } else {
                out.append(make(v, e.leading, self, e.leading, plus: inset.0))
            }
        }
        guard let first = visible.first, let last = visible.last else { return out }
        out.append(make(first, e.leading, self, e.leading, plus: inset.0))
        out.append(make(last, e.trailing, self, e.trailing, plus: -inset.1))
        let pairs = Array(zip(visible, visible.dropFirst()))
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (a, b) in pairs { out.append(make(b, e.leading, a, e.trailing, plus: customSpacing(after: a))) }
        case .equalSpacing, .equalCentering:
            for (a, b) in pairs {
                out.append(make(b, e.leading, a, e.trailing, plus: customSpacing(after: a), .greaterThanOrEqual))
            }
        }
        switch distribution {
        case .fill:
            out += fillTiebreak(visible)
        case .fillEqually:
            for v in visible.dropFirst() { out.append(make(v, e.length, first, e.length)) }
        case .fillProportionally:
            proportions = lengths()
            let shown = zip(views, proportions).filter { !$0.0.isHidden }
            let total = shown.map(\.1).reduce(0, +)
            let gaps = pairs.map { customSpacing(after: $0.0) }.reduce(0, +) + inset.0 + inset.1
            if total > 0 {
                for (v, length) in shown {
                    let share = length / total
                    out.append(make(v, e.length, self, e.length, times: share, plus: -gaps * share, priority: 999))
                }
            } else {
                for v in visible.dropFirst() { out.append(make(v, e.length, first, e.length)) }
            }
        case .equalSpacing, .equalCentering:
            let centring = distribution == .equalCentering
            var firstGuide: View?
            for (a, b) in pairs {
                let guide = StackSpacerGuide()
                addSubview(guide)
                guides.append(guide)
                out.append(make(guide, e.leading, a, centring ? e.center : e.trailing))
                out.append(make(guide, e.trailing, b, centring ? e.center : e.leading))
                out.append(make(guide, across.leading, self, across.leading))
                out.append(make(guide, across.length, nil, plus: 0))
                if let g = firstGuide { out.append(make(guide, e.length, g, e.length)) } else { firstGuide = guide }
            }
        }
        return out
    }

    /// `fill` with equal hugging stretches the first of the views with the lowest hugging priority
    /// (Apple's documentation of `Distribution.fill`: ambiguity is resolved by index): the others
    /// hug a hair harder.
    private func fillTiebreak(_ visible: [View]) -> [LayoutConstraint] {
        let hugging = visible.map { $0.contentHuggingPriority(for: axis).rawValue }
        guard let lowest = hugging.min(), let stretched = hugging.firstIndex(of: lowest) else { return [] }
        return visible.enumerated().compactMap { i, v in
            guard i != stretched, hugging[i] == lowest, let size = v.intrinsicContentSize else { return nil }
            let length = axis == .horizontal ? size.width : size.height
            guard length > 0 else { return nil }
            return make(v, along.length, nil, plus: length, priority: LayoutPriority(lowest + 0.5), .lessThanOrEqual)
        }
    }

    /// How `v` sits across the axis, by `alignment`.
    private func crossConstraints(_ v: View) -> [LayoutConstraint] {
        let e = across, inset = insets.across
        let leading = make(v, e.leading, self, e.leading, plus: inset.0)
        let trailing = make(v, e.trailing, self, e.trailing, plus: -inset.1)
        let inLeading = make(v, e.leading, self, e.leading, plus: inset.0, .greaterThanOrEqual)
        let inTrailing = make(v, e.trailing, self, e.trailing, plus: -inset.1, .lessThanOrEqual)
        // Without a length of its own across the axis the stack hugs its tallest (widest) view.
        let hug = make(self, e.length, v, e.length, plus: inset.0 + inset.1, priority: 49)
        switch alignment {
        case .fill: return [leading, trailing]
        case .leading, .top: return [leading, inTrailing, hug]
        case .trailing, .bottom: return [trailing, inLeading, hug]
        case .center:
            let centre = make(v, e.center, self, e.center, plus: (inset.0 - inset.1) / 2)
            return [centre, inLeading, inTrailing, hug]
        case .firstBaseline, .lastBaseline:
            let attribute: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            guard let reference = arrangedSubviews.first(where: { !$0.isHidden }), reference !== v else {
                return [inLeading, inTrailing, hug]
            }
            return [make(v, attribute, reference, attribute), inLeading, inTrailing, hug]
        }
    }
}

/// A stack's spacer (the UILayoutGuide UIKit uses to even out gaps): in the layout, never drawn,
/// never touched, and left out of `inspect`.
final class StackSpacerGuide: View {
    override var kind: String { "layoutGuide" }

    init() {
        super.init(name: "", frame: .zero)
        isHidden = true
        isUserInteractionEnabled = false
        translatesAutoresizingMaskIntoConstraints = false
    }
}

extension View {
    /// Whether hiding the view collapses it in a stack view, and so animates inside a block.
    var collapsesWhenHidden: Bool { (superview as? StackView)?.arrangedSubviews.contains { $0 === self } ?? false }
}
