import Geometry
import Layout

/// A view controller's `safeAreaLayoutGuide` and `layoutMarginsGuide`, as two invisible views
/// named `safeArea` and `margins` pinned inside its view, so constraints can name their edges
/// (`title.top == safeArea.top + 8`, `card.leading == margins.leading`).
///
/// The safe area is the view inset by the device's safe-area insets (status bar or sensor
/// housing, home indicator, and in landscape the housing's side), and by the navigation bar
/// when one is shown, as a view controller inside a navigation controller sees it. The margins
/// guide is the safe area inset further by UIKit's minimum side margins (16 or 20 pt,
/// `systemMinimumLayoutMargins`), its top and bottom on the safe area's, as iOS 11 and later
/// give a view controller's view (`insetsLayoutMarginsFromSafeArea`).
public final class LayoutGuides {
    public let safeArea: View
    public let margins: View
    private let edges: [LayoutConstraint]

    /// Adds the guides to `host` with the given insets.
    public init(in host: View, safeAreaInsets insets: EdgeInsets, sideMargin: Double) {
        safeArea = View(name: "safeArea")
        margins = View(name: "margins")
        var edges: [LayoutConstraint] = []
        for guide in [safeArea, margins] {
            guide.isHidden = true
            guide.isUserInteractionEnabled = false
            guide.translatesAutoresizingMaskIntoConstraints = false
            host.addSubview(guide)
        }
        for (guide, outer) in [(safeArea, host), (margins, safeArea)] as [(View, View)] {
            for attribute in [LayoutAttribute.left, .right, .top, .bottom] {
                edges.append(LayoutConstraint(item: guide, attribute: attribute, relatedBy: .equal, toItem: outer,
                                              attribute: attribute))
            }
        }
        self.edges = edges
        host.addConstraints(edges)
        update(safeAreaInsets: insets, sideMargin: sideMargin)
    }

    /// Moves the guides to new insets (after a rotation, or when the bars change); the next
    /// layout pass places them and what hangs on them.
    public func update(safeAreaInsets insets: EdgeInsets, sideMargin: Double) {
        let constants = [insets.left, -insets.right, insets.top, -insets.bottom, sideMargin, -sideMargin, 0, 0]
        for (constraint, constant) in zip(edges, constants) { constraint.constant = constant }
        safeArea.superview?.setNeedsLayout()
    }
}
