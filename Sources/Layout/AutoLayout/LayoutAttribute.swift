/// The parts of an item's frame a constraint can relate, as in `NSLayoutAttribute`.
/// Leading and trailing are left and right: the renderer lays out left to right.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// The text baseline (`LayoutEngine.setBaselineOffset`); the bottom edge without text.
    case lastBaseline
    /// Same as `lastBaseline`: items here show at most one line of text.
    case firstBaseline

    /// Which axis the attribute measures.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: return .horizontal
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline: return .vertical
        }
    }

    /// Whether the attribute is a length rather than a position.
    public var isSize: Bool { self == .width || self == .height }
}

/// A layout direction: horizontal (x, width) or vertical (y, height).
public enum LayoutAxis: Sendable, Hashable {
    case horizontal, vertical
}
