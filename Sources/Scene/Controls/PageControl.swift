import Geometry
import Motion
import Raster

/// UIPageControl as iOS 14+ draws it: a row of 7 pt dots, 9 pt apart, centred in the bounds;
/// the current page's dot in `currentPageIndicatorTintColor` (label by default) and the others
/// in `pageIndicatorTintColor` (tertiaryLabel by default). Changing `currentPage` cross-fades
/// the two dots over 0.25 s; a tap left or right of the current dot moves one page that way and
/// sends `valueChanged`, as UIKit does.
///
/// Dot size and gap: UIPageControl's indicators (7 pt, 9 pt gaps, unchanged since iOS 7); the
/// height 26 pt is the control's intrinsic height on iOS 14+. The fade's duration is chosen.
open class PageControl: Control {
    open override var kind: String { "pageControl" }

    public var numberOfPages: Int
    public private(set) var currentPage: Int
    public var pageIndicatorTintColor: Color?
    public var currentPageIndicatorTintColor: Color?

    static let dot = 7.0
    static let gap = 9.0
    static let height = 26.0
    static let timing = UIKitTiming.animate(duration: 0.25, curve: .easeInOut)

    /// The current page as a number that moves between pages (the dots cross-fade by it).
    private var shown: ControlTransition
    private var previousPage: Int
    private var shownFrame = 0

    public init(name: String = "", numberOfPages: Int, currentPage: Int = 0, frame: Rect = .zero) {
        self.numberOfPages = numberOfPages
        self.currentPage = currentPage
        previousPage = currentPage
        shown = ControlTransition(1)
        super.init(name: name, frame: frame)
    }

    open override var intrinsicContentSize: Size? {
        let n = Double(max(0, numberOfPages))
        return Size(max(0, n * Self.dot + (n - 1) * Self.gap) + 2 * Self.gap, Self.height)
    }

    /// Shows `page` as the current one, the dots cross-fading when `animated`.
    public func setCurrentPage(_ page: Int, animated: Bool) {
        let page = min(max(0, page), max(0, numberOfPages - 1))
        guard page != currentPage else { return }
        previousPage = currentPage
        currentPage = page
        shown = ControlTransition(0)
        shown.set(1, timing: animated ? Self.timing : nil, atFrame: clock)
    }

    open override func tapped(at point: Point) {
        let centre = dotCentre(currentPage)
        let page = point.x < centre ? currentPage - 1 : currentPage + 1
        guard page >= 0, page < numberOfPages else { return }
        setCurrentPage(page, animated: true)
        send(.valueChanged)
    }

    open override func advance(toFrame frame: Int) { shownFrame = frame }

    open override var isMovingByItself: Bool { shown.isMoving(at: shownFrame) }

    /// The centre of page `i`'s dot: the first page's at the leading end.
    private func dotCentre(_ i: Int) -> Double {
        let n = Double(numberOfPages)
        let width = n * Self.dot + (n - 1) * Self.gap
        let x = (bounds.width - width) / 2 + Double(i) * (Self.dot + Self.gap) + Self.dot / 2
        return isRightToLeft ? bounds.width - x : x
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard numberOfPages > 0 else { return }
        let other = pageIndicatorTintColor ?? context.resolve(ControlPalette.tertiaryLabel)
        let current = currentPageIndicatorTintColor ?? context.resolve(ControlPalette.label)
        let f = shown.value(at: shownFrame)
        for i in 0..<numberOfPages {
            var colour = other
            if i == currentPage { colour = mixed(other, current, f) }
            if i == previousPage, previousPage != currentPage { colour = mixed(current, other, f) }
            let c = dotCentre(i)
            let rect = Rect(c - Self.dot / 2, bounds.height / 2 - Self.dot / 2, Self.dot, Self.dot)
            list.append(.fill(Path(ellipseIn: rect), color: colour, rule: .nonZero, transform: .identity))
        }
    }

    private func mixed(_ a: Color, _ b: Color, _ f: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
              blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }
}
