/// The parts of an item's frame a constraint can relate, as in `NSLayoutAttribute`.
/// Leading and trailing are left and right in a left-to-right layout and right and left in a
/// right-to-left one (`LayoutItem.layoutDirection`).
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

    /// Whether the attribute follows the layout direction (leading or trailing).
    public var isDirectional: Bool { self == .leading || self == .trailing }
}

/// Which way text and layout run (`UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, CaseIterable, Decodable, Sendable {
    case leftToRight, rightToLeft

    /// `ltr` or `rtl`, as variant names spell the directions.
    public var shortName: String { self == .leftToRight ? "ltr" : "rtl" }

    /// The direction a short name (`ltr`, `rtl`) stands for.
    public init?(shortName: String) {
        guard let match = Self.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = match
    }
}

/// A layout direction: horizontal (x, width) or vertical (y, height).
public enum LayoutAxis: Sendable, Hashable {
    case horizontal, vertical
}
