import Geometry
import Raster
import Text

/// The navigation bar of current iOS (iOS 15–18): a 44 pt bar under the status bar with a
/// back chevron, an inline title (17 pt semibold) and a right bar item, and, with
/// `prefersLargeTitles`, a 52 pt large-title area under it with the title at 34 pt bold at the
/// leading layout margin (Apple's type ramp: Large Title 34 pt, bold in navigation bars).
///
/// The bar collapses as UIKit's does while content scrolls under it: it is as tall as its
/// bounds (96 pt expanded, 44 pt collapsed), the large title rides up with its bottom edge and
/// is clipped by it, the inline title fades in over the last 12 pt, and the bar's background
/// (transparent at the scroll edge, the standard bar material once collapsed: iOS 15's
/// `scrollEdgeAppearance` and `standardAppearance`) fades in over the last 8 pt. Animate its
/// height (`setCollapse` or a frame animation) to collapse or expand it.
open class ModernNavigationBar: View {
    /// The bar's own row and the large-title area under it.
    public static let barHeight = 44.0
    public static let largeTitleHeight = 52.0
    /// The standard appearance's background (the chrome material drawn without blur) and its
    /// hairline shadow, light and dark.
    public static let barColor = DynamicColor(light: Color(r255: 249, g: 249, b: 249, alpha: 0.94),
                                              dark: Color(r255: 29, g: 29, b: 29, alpha: 0.94))
    public static let hairlineColor = DynamicColor(light: Color(white: 0, alpha: 0.3), dark: Color(white: 1, alpha: 0.15))
    /// The inline title (17 pt semibold), bar items (17 pt regular) and the large title (34 pt
    /// bold), in the system font as UIKit's bars set them.
    public static var titleFont: Font { Font.system(size: 17, weight: .semibold) }
    public static var itemFont: Font { Font.system(size: 17) }
    public static var largeTitleFont: Font { Font.system(size: 34, weight: .bold) }

    public var title: String
    /// The previous screen's title after the chevron; nil for a root screen.
    public var backTitle: String?
    public let prefersLargeTitles: Bool
    /// The title's colour; nil for `label`.
    public var titleColor: Color?
    /// How far the bar's background reaches up behind the status bar.
    public let statusBarHeight: Double
    /// The leading and trailing layout margin the large title and items keep.
    public let margin: Double
    public private(set) var rightItem: View?

    /// A bar across a screen `width` points wide, under a status bar `statusBarHeight` tall.
    public init(width: Double, statusBarHeight: Double, margin: Double, title: String, backTitle: String? = nil,
                prefersLargeTitles: Bool = false) {
        self.title = title
        self.backTitle = backTitle
        self.prefersLargeTitles = prefersLargeTitles
        self.statusBarHeight = statusBarHeight
        self.margin = margin
        let height = ModernNavigationBar.barHeight + (prefersLargeTitles ? ModernNavigationBar.largeTitleHeight : 0)
        super.init(name: "navigationBar", frame: Rect(0, statusBarHeight, width, height))
    }

    /// The expanded height: 96 pt with large titles, 44 pt without.
    public var expandedHeight: Double {
        ModernNavigationBar.barHeight + (prefersLargeTitles ? ModernNavigationBar.largeTitleHeight : 0)
    }

    /// The bar's height as shown now: the presentation value while an animation changes it.
    var shownHeight: Double { presentation.bounds?.height ?? bounds.height }

    /// How much of the large-title area shows now (0 collapsed … 52 expanded).
    var largeTitleShown: Double {
        prefersLargeTitles ? min(max(shownHeight - ModernNavigationBar.barHeight, 0), ModernNavigationBar.largeTitleHeight) : 0
    }

    /// Collapses (1) or expands (0) the large title, as scrolling the content under it by
    /// `amount × 52` points does; the top edge stays put.
    public func setCollapse(_ amount: Double) {
        let shown = ModernNavigationBar.largeTitleHeight * (1 - min(max(amount, 0), 1))
        frame = Rect(frame.x, frame.y, frame.width, ModernNavigationBar.barHeight + (prefersLargeTitles ? shown : 0))
    }

    /// Makes `item` the right bar item, at the trailing margin in the 44 pt row (the left,
    /// right to left, as UIKit swaps a bar's items).
    public func setRightItem(_ item: View?) {
        rightItem?.removeFromSuperview()
        rightItem = item
        guard let item else { return }
        addSubview(item)
        rightItemPlacement = TrailingBarItem()
        rightItemPlacement.place(item, in: self, margin: margin, rowHeight: ModernNavigationBar.barHeight)
    }

    private var rightItemPlacement = TrailingBarItem()

    open override func layoutSubviews() {
        if let rightItem { rightItemPlacement.place(rightItem, in: self, margin: margin, rowHeight: ModernNavigationBar.barHeight) }
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let style = context.userInterfaceStyle
        let shown = largeTitleShown
        let width = bounds.width
        let chrome = prefersLargeTitles ? min(max((8 - shown) / 8, 0), 1) : 1
        if chrome > 0 {
            let back = Rect(0, -statusBarHeight, width, shownHeight + statusBarHeight)
            list.append(.fill(Path(rect: back), color: Self.barColor.resolved(for: style).multiplyingAlpha(by: chrome),
                              rule: .nonZero, transform: .identity))
            list.append(.fill(Path(rect: Rect(0, shownHeight, width, 1.0 / context.scale)),
                              color: Self.hairlineColor.resolved(for: style).multiplyingAlpha(by: chrome), rule: .nonZero,
                              transform: .identity))
        }
        let label = titleColor ?? SystemColors.byName["label"]!.resolved(for: style)
        // Laid out left to right, then placed by `directional`: right to left the back button
        // (its chevron pointing right) is at the right and the large title is right-aligned.
        var left = margin
        if backTitle != nil {
            list.append(.fill(chevron(), color: context.tintColor, rule: .nonZero, transform: rightToLeftMirror(flips: true)))
            left = 8 + 12 + 6
            if let back = backTitle {
                let w = TextLine(back, font: Self.itemFont, language: typesettingLanguage).width
                list.appendLine(back, font: Self.itemFont, color: context.tintColor,
                                in: directional(Rect(left, 0, w + 1, ModernNavigationBar.barHeight)), alignment: isRightToLeft ? .right : .left,
                                language: typesettingLanguage)
                left += w + 8
            }
        }
        let inline = prefersLargeTitles ? min(max((12 - shown) / 12, 0), 1) : 1
        if inline > 0 {
            let right = (rightItem.map { directional($0.frame).minX } ?? width - margin) - 8
            let w = min(TextLine(title, font: Self.titleFont, language: typesettingLanguage).width, max(0, right - left))
            let x = min(max((width - w) / 2, left), right - w)
            list.appendLine(title, font: Self.titleFont, color: label.multiplyingAlpha(by: inline),
                            in: directional(Rect(x, 0, w, ModernNavigationBar.barHeight)), alignment: .center, language: typesettingLanguage)
        }
        if shown > 0 {
            let area = Rect(0, ModernNavigationBar.barHeight, width, shown)
            list.append(.beginClip(Path(rect: area), transform: .identity))
            let top = ModernNavigationBar.barHeight + shown - ModernNavigationBar.largeTitleHeight
            list.appendLine(title, font: Self.largeTitleFont, color: label,
                            in: Rect(margin, top + 3, width - 2 * margin, ModernNavigationBar.largeTitleHeight - 6),
                            alignment: isRightToLeft ? .right : .left, language: typesettingLanguage)
            list.append(.endClip)
        }
    }

    /// The back chevron (SF Symbols' `chevron.backward` at the bar's 17 pt, semibold): two
    /// 2.7 pt strokes with round caps meeting at a point, 12 × 20 pt, 8 pt from the leading edge.
    func chevron() -> Path {
        let x = 8.0, h = 20.0, w = 12.0, y = (ModernNavigationBar.barHeight - h) / 2
        let stroke = 2.7, inset = stroke / 2
        var path = Path()
        path.move(to: Point(x + w - inset, y + inset))
        path.line(to: Point(x + inset, y + h / 2))
        path.line(to: Point(x + w - inset, y + h - inset))
        return path.stroked(StrokeStyle(width: stroke, cap: .round, join: .round), tolerance: 0.02)
    }
}
