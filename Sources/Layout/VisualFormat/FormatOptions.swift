/// `NSLayoutFormatOptions`: alignment of the views a visual format lays out, and the direction
/// horizontal formats run in. Raw values are Apple's, so masks written for UIKit mean the same.
public struct FormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllBaseline = alignAllLastBaseline
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)

    /// Horizontal formats run leading to trailing (the default; left to right here).
    public static let directionLeadingToTrailing = FormatOptions([])
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
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
