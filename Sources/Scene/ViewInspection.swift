import Geometry
import Layout

/// A view as it appears at one moment, for `popping-render inspect`, tests and tools: what UIKit's
/// `recursiveDescription` prints, and the same tree as data (encoded as JSON by the command).
///
/// Every value is what is on screen (presentation values where an animation is running). `frame`
/// is in window points: the bounding box of the view's bounds carried through its own transform
/// and every ancestor's, as `convert(_:to: nil)` gives it.
public struct ViewSnapshot: Encodable, Equatable, Sendable {
    /// The view's id (its `name`; empty for a view without one).
    public var id: String
    /// The scene-file kind (`view`, `label`, `stackView`, …).
    public var kind: String
    /// [x, y, width, height] in window points.
    public var frame: [Double]
    /// [x, y, width, height] of the view's own coordinate space (x, y: a scroll view's offset).
    public var bounds: [Double]
    public var alpha: Double
    public var hidden: Bool
    /// The layer transform as CGAffineTransform's [a, b, c, d, tx, ty].
    public var transform: [Double]
    /// A label's laid-out lines, in order; nil for other views.
    public var lines: [String]?
    /// The Auto Layout constraints on the view, wherever they are held, as Auto Layout prints
    /// them (`card.top == superview.top + 20`); nil for a view that none places.
    public var constraints: [String]?
    public var subviews: [ViewSnapshot]

    /// The snapshot of `view` and its subtree, placed in the window by `toWindow` (the transform
    /// from the view's superview's bounds coordinates to window points; identity for the root).
    public init(_ view: View, toWindow: AffineTransform = .identity) {
        self.init(view, toWindow: toWindow, held: view.subtree.flatMap(\.constraints))
    }

    /// As `init(_:toWindow:)`, with `held` the constraints that may name the views of the tree.
    init(_ view: View, toWindow: AffineTransform, held: [LayoutConstraint]) {
        let renderer = SceneRenderer(context: DrawContext(scale: 1, snapping: .none, tintColor: .black, frame: 0))
        let bounds = view.presentation.bounds ?? view.bounds
        let local = renderer.localTransform(view).concatenating(toWindow)
        let shown = Rect(origin: .zero, size: bounds.size)
        let corners = [Point(shown.minX, shown.minY), Point(shown.maxX, shown.minY),
                       Point(shown.minX, shown.maxY), Point(shown.maxX, shown.maxY)].map(local.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let layer = (view.presentation.transform ?? view.transform).affine
        id = view.name
        kind = view.kind
        frame = [xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!].map(Self.tidy)
        self.bounds = [bounds.x, bounds.y, bounds.width, bounds.height].map(Self.tidy)
        alpha = Self.tidy(view.presentation.alpha ?? view.alpha)
        hidden = view.presentation.isHidden ?? view.isHidden
        transform = [layer.a, layer.b, layer.c, layer.d, layer.tx, layer.ty].map(Self.tidy)
        lines = view.laidOutLines
        let placing = held.filter { $0.isActive && ($0.firstItem === view || $0.secondItem === view) }.map(\.description)
        constraints = placing.isEmpty ? nil : placing
        let inner = AffineTransform.translation(-bounds.x, -bounds.y).concatenating(local)
        // Layout guides (a stack view's spacers) are not views in UIKit and are left out.
        subviews = view.subviews.filter { $0.kind != "layoutGuide" }.map { ViewSnapshot($0, toWindow: inner, held: held) }
    }

    /// Rounds to a thousandth of a point so that solver noise (1e-12) does not show.
    static func tidy(_ value: Double) -> Double {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == 0 ? 0 : rounded
    }

    /// The first snapshot in this tree (depth first) with the given id.
    public func find(_ id: String) -> ViewSnapshot? {
        if self.id == id { return self }
        for sub in subviews { if let hit = sub.find(id) { return hit } }
        return nil
    }

    /// The tree as `-[UIView recursiveDescription]` prints it: one line per view, indented with
    /// `   | ` per level, `<UILabel: id; frame = (x y; w h); …>`.
    public var recursiveDescription: String {
        var out = ""
        describe(depth: 0, into: &out)
        return out
    }

    private func describe(depth: Int, into out: inout String) {
        out += String(repeating: "   | ", count: depth) + description + "\n"
        for sub in subviews { sub.describe(depth: depth + 1, into: &out) }
    }

    /// This view's line of `recursiveDescription`.
    public var description: String {
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        var fields = ["frame = (\(n(frame[0])) \(n(frame[1])); \(n(frame[2])) \(n(frame[3])))",
                      "bounds = (\(n(bounds[0])) \(n(bounds[1])); \(n(bounds[2])) \(n(bounds[3])))",
                      "alpha = \(n(alpha))", "hidden = \(hidden ? "YES" : "NO")"]
        fields.append(transform == [1, 0, 0, 1, 0, 0] ? "transform = identity"
                      : "transform = [\(transform.map(n).joined(separator: ", "))]")
        if let lines {
            fields.append("lines = [\(lines.map { "'\($0.replacingAll("'", with: "\\'"))'" }.joined(separator: ", "))]")
        }
        let head = Self.uiKitClass[kind] ?? kind
        return "<\(head)\(id.isEmpty ? "" : ": \(id)"); \(fields.joined(separator: "; "))>"
    }

    /// The UIKit class each scene kind stands for, which `recursiveDescription` names.
    static let uiKitClass = [
        "view": "UIView", "label": "UILabel", "button": "UIButton", "textField": "UITextField",
        "imageView": "UIImageView", "activityIndicator": "UIActivityIndicatorView", "statusBar": "UIStatusBar",
        "navigationBar": "UINavigationBar", "keyboard": "UIKeyboard", "gradient": "CAGradientLayer",
        "stackView": "UIStackView", "scrollView": "UIScrollView", "shape": "CAShapeLayer", "switch": "UISwitch",
        "slider": "UISlider", "segmentedControl": "UISegmentedControl", "progressView": "UIProgressView",
        "pageControl": "UIPageControl", "tabBar": "UITabBar", "tableView": "UITableView",
        "visualEffectView": "UIVisualEffectView",
    ]
}

extension String {
    /// The string with every `target` replaced (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

extension View {
    /// The tree under this view as it appears now (see `ViewSnapshot`).
    public var snapshot: ViewSnapshot {
        var toWindow = AffineTransform.identity
        var chain: [View] = []
        var parent = superview
        while let p = parent { chain.append(p); parent = p.superview }
        let renderer = SceneRenderer(context: DrawContext(scale: 1, snapping: .none, tintColor: .black, frame: 0))
        for p in chain.reversed() {
            let b = p.presentation.bounds ?? p.bounds
            toWindow = AffineTransform.translation(-b.x, -b.y).concatenating(renderer.localTransform(p)).concatenating(toWindow)
        }
        return ViewSnapshot(self, toWindow: toWindow, held: (chain.last ?? self).subtree.flatMap(\.constraints))
    }
}
