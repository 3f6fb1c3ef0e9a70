import Geometry
import Raster
import Text

/// iOS 7's translucent navigation bar: 44 pt under the 20 pt status bar, its near-white
/// background reaching up behind the status bar, a hairline along the bottom, a back button
/// (chevron and the previous screen's title in the tint colour), a centred title and an optional
/// right bar item (a text button or a custom view such as an activity indicator).
///
/// Long titles are fitted as iOS 7 fits them: the back title shortens to "Back", then to the
/// chevron alone, and a title that still does not fit is truncated with an ellipsis.
open class NavigationBar: View {
    open override var kind: String { "navigationBar" }

    /// The bar's height below the status bar.
    public static let height = 44.0
    /// The status bar the background reaches up behind.
    public static let statusBarHeight = 20.0
    /// iOS 7's default bar tint: white at 97 %, drawn nearly opaque over the content.
    public static let barColor = Color(r255: 247, g: 247, b: 247, alpha: 0.98)
    /// The shadow image: a hairline of 30 % black, half a point thick.
    public static let hairlineColor = Color(white: 0, alpha: 0.3)

    /// The screen's title (`navigationItem.title`), centred when it fits.
    public var title: String
    /// Title appearance (`titleTextAttributes`).
    public var titleFont: Font
    /// Title colour (`titleTextAttributes`' foreground colour).
    public var titleColor: Color
    /// The previous screen's title, shown after the chevron; nil for a root screen.
    public var backTitle: String?
    /// The right bar item; the bar places it at its right margin and vertically centred.
    public private(set) var rightItem: View?

    /// The font of bar button titles (the system font at 17 pt).
    public static let itemFont = Font.named("system", size: 17)
    /// Space between the screen edges and the bar items, and between items and the title.
    static let margin = 8.0
    /// The chevron's box: 12.5 × 21 pt with its left edge at the margin.
    static let chevronSize = Size(12.5, 21)
    /// The gap between the chevron and the back title.
    static let chevronGap = 6.0

    /// A bar across a screen `width` points wide, placed under the status bar, named "navigationBar".
    public init(width: Double, title: String, backTitle: String? = nil,
                titleFont: Font = .named("system", size: 17), titleColor: Color = .black) {
        self.title = title
        self.backTitle = backTitle
        self.titleFont = titleFont
        self.titleColor = titleColor
        super.init(name: "navigationBar", frame: Rect(0, NavigationBar.statusBarHeight, width, NavigationBar.height))
    }

    /// Makes `item` the right bar item (`navigationItem.rightBarButtonItem`), replacing any other;
    /// right to left it is at the left, as UIKit swaps a bar's items.
    public func setRightItem(_ item: View?) {
        rightItem?.removeFromSuperview()
        rightItem = item
        guard let item else { return }
        addSubview(item)
        rightItemPlacement = TrailingBarItem()
        rightItemPlacement.place(item, in: self, margin: NavigationBar.margin, rowHeight: NavigationBar.height)
    }

    private var rightItemPlacement = TrailingBarItem()

    open override func layoutSubviews() {
        if let rightItem { rightItemPlacement.place(rightItem, in: self, margin: NavigationBar.margin, rowHeight: NavigationBar.height) }
    }

    /// A plain text bar button item (`initWithTitle:style:UIBarButtonItemStylePlain`): the system
    /// font at 17 pt in the tint colour, as wide as its title plus a little room to tap.
    public static func textItem(_ title: String, name: String) -> Button {
        let button = Button(name: name, style: .system, title: title, font: itemFont)
        let text = button.intrinsicContentSize ?? .zero
        button.bounds.size = Size(text.width + 2 * margin, 30)
        return button
    }

    /// The back button's and title's layout for the current width: what each shows and where.
    public struct Layout: Equatable {
        /// The back title shown after the chevron: the full one, "Back", or nil for the chevron alone.
        public var backTitle: String?
        /// Where the title is drawn (in the bar's coordinates); narrower than the title when truncated.
        public var titleBox: Rect
    }

    /// Fits the title between the back button and the right item, shortening the back title
    /// to "Back" and then to nothing before the title is truncated.
    public var fittedLayout: Layout {
        let titleWidth = TextLine(title, font: titleFont, language: typesettingLanguage).width
        let rightEdge = (rightItem.map { directional($0.frame).minX } ?? bounds.width) - NavigationBar.margin
        let candidates: [String?] = backTitle.map { [$0, "Back", nil] } ?? [nil]
        var last = Layout(backTitle: nil, titleBox: .zero)
        for candidate in candidates {
            let left = backButtonWidth(candidate) + NavigationBar.margin
            let space = max(0, rightEdge - left)
            // Centred on the bar when that fits, otherwise pushed away from whichever side it hits.
            let centred = (bounds.width - titleWidth) / 2
            let x = min(max(centred, left), rightEdge - min(titleWidth, space))
            last = Layout(backTitle: candidate, titleBox: Rect(x, 0, min(titleWidth, space), NavigationBar.height))
            if titleWidth <= space { return last }
        }
        return last
    }

    /// The right end of the back button showing `title` after the chevron.
    func backButtonWidth(_ title: String?) -> Double {
        guard backTitle != nil else { return 0 }
        let chevronEnd = NavigationBar.margin + NavigationBar.chevronSize.width
        guard let title else { return chevronEnd }
        return chevronEnd + NavigationBar.chevronGap + TextLine(title, font: NavigationBar.itemFont, language: typesettingLanguage).width
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let top = -NavigationBar.statusBarHeight
        list.append(.fill(Path(rect: Rect(0, top, bounds.width, NavigationBar.height - top)), color: NavigationBar.barColor,
                          rule: .nonZero, transform: .identity))
        list.append(.fill(Path(rect: Rect(0, NavigationBar.height, bounds.width, 0.5)), color: NavigationBar.hairlineColor,
                          rule: .nonZero, transform: .identity))
        // Laid out left to right, then placed by `directional`: right to left the back button
        // (its chevron pointing right) is at the right.
        let fitted = fittedLayout
        if backTitle != nil {
            list.append(.fill(chevron(), color: context.tintColor, rule: .nonZero, transform: rightToLeftMirror(flips: true)))
            if let back = fitted.backTitle {
                let x = NavigationBar.margin + NavigationBar.chevronSize.width + NavigationBar.chevronGap
                list.appendLine(back, font: NavigationBar.itemFont, color: context.tintColor,
                                in: directional(Rect(x, 0, bounds.width - x, NavigationBar.height)), alignment: isRightToLeft ? .right : .left,
                                language: typesettingLanguage)
            }
        }
        list.appendLine(title, font: titleFont, color: titleColor, in: directional(fitted.titleBox), alignment: .center,
                        language: typesettingLanguage)
    }

    /// iOS 7's back chevron: two 3 pt strokes meeting in a point at the left, vertically centred.
    func chevron() -> Path {
        let size = NavigationBar.chevronSize
        let x = NavigationBar.margin, y = (NavigationBar.height - size.height) / 2
        let stroke = 3.0, inset = stroke / 2
        var path = Path()
        path.move(to: Point(x + size.width - inset, y + inset))
        path.line(to: Point(x + inset + 1, y + size.height / 2))
        path.line(to: Point(x + size.width - inset, y + size.height - inset))
        return path.stroked(StrokeStyle(width: stroke, cap: .butt, join: .miter), tolerance: 0.02)
    }
}
