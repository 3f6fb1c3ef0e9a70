/// The iOS 7 standard spacing a lone `-` stands for: to the superview's edge, and between siblings.
public enum StandardSpacing {
    /// `|-[view]`: 20 points between a view and its superview's edge.
    public static let toSuperview = 20.0
    /// `[a]-[b]`: 8 points between siblings.
    public static let betweenSiblings = 8.0
}

extension LayoutEngine {
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`: the constraints
    /// a visual format string describes (not yet active), in UIKit's order — each connection's
    /// constraints, then the sizes of the view after it, and the alignments last.
    ///
    /// `|` stands for the first view's parent. `-` is the standard spacing (20 to the parent,
    /// 8 between siblings, as on iOS 7). Alignment options align each pair of neighbouring views.
    /// - Throws: `VisualFormatError`, worded like UIKit's, with a caret under the problem.
    public func constraints(withVisualFormat format: String, options: FormatOptions = [],
                            metrics: [String: Double] = [:],
                            views: [String: LayoutItem]) throws(VisualFormatError) -> [LayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics, views: views)
        let syntax = try parser.parse()
        let edges = VisualFormatEdges(axis: syntax.axis, options: options)

        for (option, attribute) in FormatOptions.alignments where options.contains(option) && attribute.axis == syntax.axis {
            let edge = syntax.axis == .horizontal ? "horizontal" : "vertical"
            throw VisualFormatError(
                message: "Options mask required views to be aligned on a \(edge) edge, which is not allowed for layout that is also \(edge).",
                format: format, position: format.count)
        }

        var superview: LayoutItem?
        if syntax.leadingConnection != nil || syntax.trailingConnection != nil {
            guard let first = syntax.views.first, let parent = parent(of: first.item) else {
                throw VisualFormatError(
                    message: "Unable to interpret '|' character, because the related view doesn't have a superview",
                    format: format, position: syntax.positionAfterViews)
            }
            superview = parent
        }

        var result: [LayoutConstraint] = []
        if let connection = syntax.leadingConnection, let superview, let first = syntax.views.first {
            result += edges.constraints(from: .superview(superview), to: .view(first.item), connection)
        }
        for (i, view) in syntax.views.enumerated() {
            result += view.predicates.map { edges.sizeConstraint(view.item, $0) }
            if let connection = view.connectionToNext {
                result += edges.constraints(from: .view(view.item), to: .view(syntax.views[i + 1].item), connection)
            }
        }
        if let connection = syntax.trailingConnection, let superview, let last = syntax.views.last {
            result += edges.constraints(from: .view(last.item), to: .superview(superview), connection)
        }
        for (a, b) in zip(syntax.views, syntax.views.dropFirst()) {
            for (option, attribute) in FormatOptions.alignments where options.contains(option) {
                result.append(LayoutConstraint(item: a.item, attribute: attribute, relatedBy: .equal,
                                               toItem: b.item, attribute: attribute))
            }
        }
        return result
    }
}

/// Which attributes a format's connections and sizes use, for its axis and direction.
struct VisualFormatEdges {
    /// The edge a view starts at and the edge it ends at, in reading order.
    let start: LayoutAttribute, end: LayoutAttribute
    /// True when reading order runs against the coordinates (right to left).
    let reversed: Bool
    let size: LayoutAttribute

    enum Element {
        case superview(LayoutItem)
        case view(LayoutItem)
    }

    init(axis: LayoutAxis, options: FormatOptions) {
        if axis == .vertical {
            (start, end, reversed, size) = (.top, .bottom, false, .height)
        } else if options.contains(.directionRightToLeft) {
            (start, end, reversed, size) = (.right, .left, true, .width)
        } else if options.contains(.directionLeftToRight) {
            (start, end, reversed, size) = (.left, .right, false, .width)
        } else {
            (start, end, reversed, size) = (.leading, .trailing, false, .width)
        }
    }

    /// The gap between `x` and the `y` after it, related to each predicate's constant:
    /// `y.start R x.end + c` (a superview contributes its own start or end edge).
    func constraints(from x: Element, to y: Element,
                     _ connection: VisualFormatSyntax.Connection) -> [LayoutConstraint] {
        let (xItem, xEdge): (LayoutItem, LayoutAttribute)
        let (yItem, yEdge): (LayoutItem, LayoutAttribute)
        var touchesSuperview = false
        switch x {
        case .superview(let s): (xItem, xEdge) = (s, start); touchesSuperview = true
        case .view(let v): (xItem, xEdge) = (v, end)
        }
        switch y {
        case .superview(let s): (yItem, yEdge) = (s, end); touchesSuperview = true
        case .view(let v): (yItem, yEdge) = (v, start)
        }
        let gaps: [(LayoutRelation, Double, LayoutPriority)]
        switch connection {
        case .flush: gaps = [(.equal, 0, .required)]
        case .standard:
            gaps = [(.equal, touchesSuperview ? StandardSpacing.toSuperview : StandardSpacing.betweenSiblings, .required)]
        case .predicates(let predicates):
            gaps = predicates.map { ($0.relation, $0.object, $0.priority) }
        }
        return gaps.map { relation, constant, priority in
            reversed
                ? LayoutConstraint(item: xItem, attribute: xEdge, relatedBy: relation, toItem: yItem,
                                   attribute: yEdge, constant: constant, priority: priority)
                : LayoutConstraint(item: yItem, attribute: yEdge, relatedBy: relation, toItem: xItem,
                                   attribute: xEdge, constant: constant, priority: priority)
        }
    }

    /// `[view(predicate)]`: the view's width (or height) related to a constant or another view's.
    func sizeConstraint(_ item: LayoutItem, _ p: VisualFormatSyntax.Predicate<VisualFormatSyntax.SizeObject>) -> LayoutConstraint {
        switch p.object {
        case .constant(let c):
            return LayoutConstraint(item: item, attribute: size, relatedBy: p.relation, toItem: nil, attribute: nil,
                                    constant: c, priority: p.priority)
        case .view(let other):
            return LayoutConstraint(item: item, attribute: size, relatedBy: p.relation, toItem: other,
                                    attribute: size, priority: p.priority)
        }
    }
}
