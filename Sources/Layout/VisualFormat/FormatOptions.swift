/// `NSLayoutFormatOptions`: alignment of the views a visual format lays out, and the direction
/// horizontal formats run in. Raw values are Apple's, so masks written for UIKit mean the same.
public struct FormatOptions: OptionSet, Hashable, Sendable {
    /// Apple's bit mask.
    public let rawValue: UInt

    /// Options from Apple's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Align the left edges of neighbouring views (vertical formats).
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    /// Align the right edges of neighbouring views (vertical formats).
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    /// Align the top edges of neighbouring views (horizontal formats).
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    /// Align the bottom edges of neighbouring views (horizontal formats).
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    /// Align the leading edges of neighbouring views (vertical formats).
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    /// Align the trailing edges of neighbouring views (vertical formats).
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    /// Align the horizontal centres of neighbouring views (vertical formats).
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    /// Align the vertical centres of neighbouring views (horizontal formats).
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    /// Align the last baselines of neighbouring views (horizontal formats).
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    /// The older name of `alignAllLastBaseline`.
    public static let alignAllBaseline = alignAllLastBaseline
    /// Align the first baselines of neighbouring views (horizontal formats).
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)

    /// Horizontal formats run leading to trailing (the default; left to right here).
    public static let directionLeadingToTrailing = FormatOptions([])
    /// Horizontal formats use left and right, reading left to right.
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    /// Horizontal formats use left and right, reading right to left.
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)

    /// The alignment options with the attribute each one aligns, in Apple's bit order.
    static let alignments: [(FormatOptions, LayoutAttribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline),
        (.alignAllFirstBaseline, .firstBaseline),
    ]

    /// The option for an Apple name such as `alignAllTop` or `NSLayoutFormatAlignAllTop`.
    public init?(name: String) {
        let names: [String: FormatOptions] = [
            "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
            "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading,
            "alignAllTrailing": .alignAllTrailing, "alignAllCenterX": .alignAllCenterX,
            "alignAllCenterY": .alignAllCenterY, "alignAllBaseline": .alignAllBaseline,
            "alignAllLastBaseline": .alignAllLastBaseline, "alignAllFirstBaseline": .alignAllFirstBaseline,
            "directionLeadingToTrailing": .directionLeadingToTrailing,
            "directionLeftToRight": .directionLeftToRight, "directionRightToLeft": .directionRightToLeft,
        ]
        var key = name.hasPrefix("NSLayoutFormat") ? String(name.dropFirst("NSLayoutFormat".count)) : name
        if let first = key.first { key = first.lowercased() + key.dropFirst() }
        guard let option = names[key] else { return nil }
        self = option
    }
}
