import Geometry
import Raster

/// UIActivityIndicatorView: spokes whose opacity fades behind a leading spoke that steps round
/// once a second. Hidden while stopped (`hidesWhenStopped`). The `gray` style is iOS 7's twelve
/// spokes filling the bounds; `medium` and `large` are iOS 13+'s eight spokes at the styles'
/// fixed sizes, 20 and 37 pt (UIActivityIndicatorView.Style), in secondaryLabel grey.
open class ActivityIndicatorView: View {
    /// UIActivityIndicatorView.Style.
    public enum Style: String, CaseIterable, Sendable {
        case gray, medium, large

        /// The spokes and the side of the square they fill (nil: the bounds).
        var spokes: Int { self == .gray ? 12 : 8 }
        public var side: Double? {
            switch self {
            case .gray: return nil
            case .medium: return 20
            case .large: return 37
            }
        }
    }

    open override var kind: String { "activityIndicator" }

    /// The spokes' colour (iOS 7's gray style is a mid grey; the status bar's is the bar's text colour).
    public var color: Color { didSet { hasCustomColor = true } }
    /// Whether `color` was set after the indicator was made (the iOS 13+ styles are otherwise grey).
    private var hasCustomColor = false
    public var style = Style.gray
    public private(set) var isAnimating = false
    private var startFrame = 0
    private var step = 0

    public init(name: String = "", color: Color = Color(white: 0.5), frame: Rect) {
        self.color = color
        super.init(name: name, frame: frame)
        isHidden = true
    }

    /// Starts spinning from the leading spoke at twelve o'clock on `frame`.
    public func startAnimating(atFrame frame: Int) {
        isAnimating = true
        isHidden = false
        startFrame = frame
    }

    public func stopAnimating() {
        isAnimating = false
        isHidden = true
    }

    open override var intrinsicContentSize: Size? { style.side.map { Size($0, $0) } }

    /// One step a spoke, a revolution per second (every 5 frames at 60 Hz for twelve spokes).
    open override func advance(toFrame frame: Int) {
        let n = style.spokes
        step = isAnimating ? ((frame - startFrame) * n / 60) % n : 0
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let side = style.side ?? min(bounds.width, bounds.height)
        let r = side / 2
        let n = style.spokes
        // iOS 7: 10 % wide, half the radius long; iOS 13+: 9 % wide, from 45 % of the radius out.
        let spoke = style == .gray
            ? Path(roundedRect: Rect(-side * 0.05, -r, side * 0.1, r * 0.5), cornerRadius: side * 0.05)
            : Path(roundedRect: Rect(-side * 0.045, -r, side * 0.09, r * 0.55), cornerRadius: side * 0.045)
        let colour = style == .gray || hasCustomColor ? color : context.resolve(ControlPalette.secondaryLabel)
        let centre = AffineTransform.translation(bounds.width / 2, bounds.height / 2)
        for i in 0..<n {
            // Spoke `step` is darkest; the ones behind it fade towards a quarter of full opacity.
            let age = (step - i + n) % n
            let alpha = 1 - Double(age) / Double(n) * 0.75
            list.append(.fill(spoke, color: colour.multiplyingAlpha(by: alpha), rule: .nonZero,
                              transform: AffineTransform.rotation(Double(i) * 2 * .pi / Double(n)).concatenating(centre)))
        }
    }
}
