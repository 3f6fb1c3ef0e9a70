import Geometry
import Raster
import Text

/// iOS 7's 20 pt status bar: signal dots and carrier on the left, the time in the middle, the
/// battery on the right, and the network activity spinner beside the carrier when it is on.
open class StatusBar: View {
    open override var kind: String { "statusBar" }

    /// The glyphs' colour: black for the default style, white for light content.
    public var contentColor: Color
    public var time = "9:41 AM"
    /// The carrier name; the network activity spinner sits just after it.
    public var carrier = "Carrier" {
        didSet { placeNetworkActivity() }
    }
    public let networkActivity: ActivityIndicatorView

    /// Where the carrier name starts: after five 6.5 pt signal dots from 6 pt in, and a 3 pt gap.
    static let carrierX = 6 + 5 * 6.5 + 3
    static let font = Font.named("system", size: 12)

    public init(width: Double, contentColor: Color = .black) {
        self.contentColor = contentColor
        networkActivity = ActivityIndicatorView(name: "networkActivityIndicator", color: contentColor,
                                                frame: Rect(0, 5, 10, 10))
        super.init(name: "statusBar", frame: Rect(0, 0, width, 20))
        addSubview(networkActivity)
        placeNetworkActivity()
    }

    /// Places the spinner again once the bar is in a window, whose locale the carrier is shaped in.
    open override func layoutSubviews() { placeNetworkActivity() }

    private func placeNetworkActivity() {
        networkActivity.frame = Rect(StatusBar.carrierX + carrierWidth + 6, 5, 10, 10)
    }

    /// The carrier name's advance, shaped in the bar's typesetting language.
    private var carrierWidth: Double { TextLine(carrier, font: StatusBar.font, language: typesettingLanguage).width }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        for i in 0..<5 {
            let box = Rect(6 + Double(i) * 6.5, 7, 5.5, 5.5)
            list.append(.fill(i < 4 ? Path(ellipseIn: box) : Path(ring: box, cornerRadius: 2.75, width: 0.5),
                              color: contentColor, rule: i < 4 ? .nonZero : .evenOdd, transform: .identity))
        }
        let font = StatusBar.font
        let language = typesettingLanguage
        list.appendLine(carrier, font: font, color: contentColor, in: Rect(StatusBar.carrierX, 0, carrierWidth + 1, 20),
                        alignment: .left, language: language)
        list.appendLine(time, font: Font.named("HelveticaNeue-Medium", size: 12), color: contentColor,
                        in: Rect(0, 0, bounds.width, 20), alignment: .center, language: language)
        let body = Rect(bounds.width - 30, 6.5, 22, 9)
        list.append(.fill(Path(ring: body, cornerRadius: 2, width: 1), color: contentColor, rule: .evenOdd, transform: .identity))
        list.append(.fill(Path(rect: body.insetBy(dx: 2, dy: 2)), color: contentColor, rule: .nonZero, transform: .identity))
        list.append(.fill(Path(roundedRect: Rect(body.maxX + 0.5, 9.5, 1.5, 3), cornerRadius: 0.5), color: contentColor,
                          rule: .nonZero, transform: .identity))
        let percent = "100%"
        let w = TextLine(percent, font: font, language: language).width
        list.appendLine(percent, font: font, color: contentColor, in: Rect(body.minX - 4 - w, 0, w + 1, 20), alignment: .right,
                        language: language)
    }
}
