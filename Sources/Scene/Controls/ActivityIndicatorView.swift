import Geometry
import Raster

/// iOS 7's activity indicator: twelve rounded spokes whose opacity fades behind a leading spoke
/// that steps round once a second. Hidden while stopped (`hidesWhenStopped`).
open class ActivityIndicatorView: View {
    /// The spokes' colour (iOS 7's gray style is a mid grey; the status bar's is the bar's text colour).
    public var color: Color
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

    /// One step (30°) every 5 frames at 60 Hz: a revolution per second.
    open override func advance(toFrame frame: Int) {
        step = isAnimating ? ((frame - startFrame) / 5) % 12 : 0
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let side = min(bounds.width, bounds.height)
        let r = side / 2
        let spoke = Path(roundedRect: Rect(-side * 0.05, -r, side * 0.1, r * 0.5), cornerRadius: side * 0.05)
        let centre = AffineTransform.translation(bounds.width / 2, bounds.height / 2)
        for i in 0..<12 {
            // Spoke `step` is darkest; the eleven behind it fade towards a quarter of full opacity.
            let age = (step - i + 12) % 12
            let alpha = 1 - Double(age) / 12 * 0.75
            list.append(.fill(spoke, color: color.multiplyingAlpha(by: alpha), rule: .nonZero,
                              transform: AffineTransform.rotation(Double(i) * .pi / 6).concatenating(centre)))
        }
    }
}
