import Geometry
import Raster
import Text

/// UITabBar as iOS 13–18 draws it on an iPhone in portrait: a 49 pt bar (its background reaches
/// the bottom of its bounds, under the home indicator) with a hairline on top, and items laid
/// side by side in equal widths, each a 25 pt template image over a 10 pt medium title, in the
/// tint colour when selected and systemGray otherwise. An item with a `badgeValue` shows a red
/// capsule at its image's top right.
///
/// Tapping an item selects it and sends `touchUpInside` from the item (a scene's
/// `BAR.ITEM.tap`) and `valueChanged` from the bar. Each item is a view with the item's id, its
/// badge a view with the id `ITEMBadge`, so animations can pop the badge.
///
/// Numbers: bar 49 pt, images 25 × 25 pt, 10 pt titles, badge 18 pt tall with a 13 pt label in
/// white on systemRed (HIG › Tab bars and Apple's iOS UI Design Resources); the hairline is
/// UIBarAppearance's default shadow colour, black at 30 % (white at 15 % in dark).
open class TabBar: Control {
    open override var kind: String { "tabBar" }

    static let height = 49.0
    /// The bar's translucent fill (UIBarAppearance's default background, without its blur).
    static let barBackground = DynamicColor(light: Color(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.94),
                                            dark: Color(red: 0.086, green: 0.086, blue: 0.086, alpha: 0.94))
    static let hairline = DynamicColor(light: Color(white: 0, alpha: 0.3), dark: Color(white: 1, alpha: 0.15))

    /// The items, left to right.
    public private(set) var items: [TabBarItemView] = []
    /// The index of the selected item.
    public private(set) var selectedIndex: Int

    public init(name: String = "", items: [TabBarItemView], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.selectedIndex = selectedIndex
        super.init(name: name, frame: frame)
        self.items = items
        for item in items { addSubview(item) }
        select(selectedIndex)
        setNeedsLayout()
    }

    open override var intrinsicContentSize: Size? { Size(-1, Self.height) }

    /// Selects the item at `index` (UITabBar's `selectedItem`).
    public func select(_ index: Int) {
        selectedIndex = min(max(0, index), max(0, items.count - 1))
        for (i, item) in items.enumerated() { item.isSelected = i == selectedIndex }
    }

    /// The item view with the given id.
    public func item(named name: String) -> TabBarItemView? { items.first { $0.name == name } }

    open override func layoutSubviews() {
        guard !items.isEmpty else { return }
        let width = bounds.width / Double(items.count)
        for (i, item) in items.enumerated() {
            // Right to left the first tab is the rightmost.
            let frame = directional(Rect(Double(i) * width, 0, width, Self.height))
            if item.frame != frame { item.frame = frame }
            item.layoutSubviews()
        }
    }

    func itemTapped(_ item: TabBarItemView) {
        guard let index = items.firstIndex(where: { $0 === item }) else { return }
        if index != selectedIndex {
            select(index)
            send(.valueChanged)
        }
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let background = context.resolve(Self.barBackground)
        list.append(.fill(Path(rect: Rect(0, 0, bounds.width, bounds.height)), color: background, rule: .nonZero, transform: .identity))
        let hairline = context.resolve(Self.hairline)
        list.append(.fill(Path(rect: Rect(0, 0, bounds.width, 1 / context.scale)), color: hairline, rule: .nonZero,
                          transform: .identity))
    }
}

/// One tab: its image (a view, drawn as a template in the item's colour), optional selected
/// image, title and badge.
open class TabBarItemView: Control {
    open override var kind: String { "tabBarItem" }

    public var title: String
    public var titleFont: Font
    /// The selected tab's colour (the tint colour when nil).
    public var selectedColor: Color?
    /// The badge view (hidden without a value); its id is the item's followed by `Badge`.
    public let badge: View
    private let badgeLabel: Label
    private let image: View?
    private let selectedImage: View?
    public var isSelected = false

    static let imageSide = 25.0
    static let badgeHeight = 18.0

    public init(name: String, title: String, titleFont: Font, badgeFont: Font, image: View?, selectedImage: View? = nil) {
        self.title = title
        self.titleFont = titleFont
        self.image = image
        self.selectedImage = selectedImage
        badgeLabel = Label(text: "", font: badgeFont, textColor: .white, alignment: .center)
        badge = View(name: name + "Badge")
        super.init(name: name)
        badge.addSubview(badgeLabel)
        badge.isHidden = true
        badge.isUserInteractionEnabled = false
        addSubview(badge)
        for art in [image, selectedImage] { art?.frame = Rect(0, 0, Self.imageSide, Self.imageSide) }
        updateBadgeColour()
    }

    /// The badge's text (UITabBarItem.badgeValue); nil hides the badge.
    public var badgeValue: String? {
        didSet {
            badgeLabel.text = badgeValue ?? ""
            badge.isHidden = badgeValue == nil
            layoutSubviews()
        }
    }

    /// The badge's colour (systemRed when nil).
    public var badgeColor: Color? { didSet { updateBadgeColour() } }

    private func updateBadgeColour() {
        badge.backgroundColor = badgeColor ?? ControlPalette.systemRed.light
    }

    /// The default badge takes the appearance's systemRed.
    private func resolveBadge(_ context: DrawContext) {
        if badgeColor == nil { badge.backgroundColor = context.resolve(ControlPalette.systemRed) }
    }

    open override func layoutSubviews() {
        let text = LabelLayout.intrinsicSize(of: badgeLabel.text, font: badgeLabel.font, scale: 2,
                                             language: badgeLabel.typesettingLanguage).width
        let width = max(Self.badgeHeight, text + 10)
        // At the image's trailing top corner: right of it, or left of it right to left.
        badge.frame = directional(Rect(bounds.width / 2 + 5, 2, width, Self.badgeHeight))
        badge.cornerRadius = Self.badgeHeight / 2
        badgeLabel.frame = Rect(0, 0, width, Self.badgeHeight)
    }

    open override func tapped(at point: Point) { (superview as? TabBar)?.itemTapped(self) }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        resolveBadge(context)
        let colour = isSelected ? selectedColor ?? context.tintColor : context.resolve(ControlPalette.systemGray)
        if let shown = isSelected ? selectedImage ?? image : image {
            // A template image: the item's colour where the image has alpha.
            let box = Rect((bounds.width - Self.imageSide) / 2, 7, Self.imageSide, Self.imageSide)
            var art = DisplayList(width: list.width, height: list.height)
            shown.drawContent(into: &art, context: context)
            let place = AffineTransform.translation(box.x, box.y)
            list.append(.beginGroup(alpha: 1))
            list.append(.fill(Path(rect: box), color: colour, rule: .nonZero, transform: .identity))
            list.append(.beginMask)
            list.items += art.items.map { $0.transformed(by: place) }
            list.append(.endGroup)
        }
        list.appendLine(title, font: titleFont, color: colour, in: Rect(0, 34, bounds.width, 13), alignment: .center,
                        language: typesettingLanguage)
    }
}
