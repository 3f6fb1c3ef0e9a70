import Geometry
import Raster
import Text

/// The status bar of current iOS (iOS 16–18): the time on the left, cellular signal, Wi-Fi and
/// battery glyphs on the right, laid out around the Dynamic Island or the notch where the
/// device has one, or (home-button phones) the time centred with signal and Wi-Fi on the left.
/// The glyphs are black in the light appearance and white in the dark one, as the default
/// status bar style (`.default`) follows `userInterfaceStyle`.
///
/// Placement follows Apple's iOS 17/18 design resources for iPhone: on a Dynamic Island or notch
/// phone the time (17 pt semibold) is centred in the area left of the housing and the glyphs
/// in the area right of it, 6 pt further out than the exact middle, their row centred on the
/// housing; on a home-button phone the bar is 20 pt with 12 pt text; on an iPad 24 pt with the
/// time at the leading margin.
open class ModernStatusBar: View {
    /// The clock (default 9:41, Apple's marketing time).
    public var time = "9:41"
    /// The battery's charge, 0…1.
    public var batteryLevel = 1.0
    /// The glyphs' colour when set (`statusBarStyle` given explicitly); nil follows the appearance.
    public var contentColor: Color?
    /// The device screen it sits on (housing, iPad or phone).
    public let screen: DeviceScreen

    /// The time's font: the system font, semibold (SF Pro Semibold on iOS).
    static func timeFont(size: Double) -> Font { Font.system(size: size, weight: .semibold) }

    public init(screen: DeviceScreen, width: Double, height: Double) {
        self.screen = screen
        super.init(name: "statusBar", frame: Rect(0, 0, width, height))
        isUserInteractionEnabled = false
    }

    /// The colour the glyphs take in `style`.
    public func glyphColor(_ style: UserInterfaceStyle) -> Color { contentColor ?? (style == .dark ? .white : .black) }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let color = glyphColor(context.userInterfaceStyle)
        let width = bounds.width, height = bounds.height
        guard height > 0 else { return }
        let housing = screen.sensorHousing.rect(screenWidth: width)
        if let housing, width < height * 20 {
            // Around the Dynamic Island or notch: both ears centred on the housing's middle row.
            let rowMid = housing.minY == 0 ? height / 2 : housing.midY
            let font = Self.timeFont(size: 17)
            let leftMid = housing.minX / 2 + 6, rightMid = (housing.maxX + width) / 2 - 6
            // The clock sits at the leading ear: the right one in a right-to-left layout.
            let (timeMid, glyphsMid) = isRightToLeft ? (rightMid, leftMid) : (leftMid, rightMid)
            list.appendLine(time, font: font, color: color, in: Rect(timeMid - 40, rowMid - 11, 80, 22), alignment: .center,
                            language: typesettingLanguage)
            drawGlyphs(into: &list, centerX: glyphsMid, midY: rowMid, color: color)
        } else if screen.isPad {
            let font = Self.timeFont(size: 13)
            list.appendLine(time, font: font, color: color, in: Rect(20, 0, 120, height), alignment: .left,
                            language: typesettingLanguage)
            let glyphWidth = groupWidth
            drawGlyphs(into: &list, centerX: width - 20 - glyphWidth / 2, midY: height / 2, color: color)
        } else {
            let font = Self.timeFont(size: 12)
            list.appendLine(time, font: font, color: color, in: Rect(0, 0, width, height), alignment: .center,
                            language: typesettingLanguage)
            let scale = 0.8
            var bars = Path()
            bars.append(SystemGlyphs.signalBars(at: .zero))
            bars.append(SystemGlyphs.wifi(at: Point(SystemGlyphs.signalSize.width + 4, 0)))
            let y = (height - SystemGlyphs.wifiSize.height * scale) / 2
            list.append(.fill(bars, color: color, rule: .nonZero, transform: AffineTransform.scale(scale, scale)
                .concatenating(.translation(6, y))))
            let b = SystemGlyphs.battery(at: .zero, level: batteryLevel)
            let place = AffineTransform.scale(scale, scale).concatenating(
                .translation(width - 6 - SystemGlyphs.batterySize.width * scale, (height - SystemGlyphs.batterySize.height * scale) / 2))
            appendBattery(b, into: &list, color: color, transform: place)
        }
    }

    /// Signal, Wi-Fi and battery side by side with 5 pt and 6 pt gaps.
    var groupWidth: Double { SystemGlyphs.signalSize.width + 5 + SystemGlyphs.wifiSize.width + 6 + SystemGlyphs.batterySize.width }

    private func drawGlyphs(into list: inout DisplayList, centerX: Double, midY: Double, color: Color) {
        var x = centerX - groupWidth / 2
        list.append(.fill(SystemGlyphs.signalBars(at: Point(x, midY - SystemGlyphs.signalSize.height / 2)), color: color,
                          rule: .nonZero, transform: .identity))
        x += SystemGlyphs.signalSize.width + 5
        list.append(.fill(SystemGlyphs.wifi(at: Point(x, midY - SystemGlyphs.wifiSize.height / 2)), color: color,
                          rule: .nonZero, transform: .identity))
        x += SystemGlyphs.wifiSize.width + 6
        appendBattery(SystemGlyphs.battery(at: Point(x, midY - SystemGlyphs.batterySize.height / 2), level: batteryLevel),
                      into: &list, color: color, transform: .identity)
    }

    private func appendBattery(_ b: (outline: Path, cap: Path, charge: Path), into list: inout DisplayList, color: Color,
                               transform: AffineTransform) {
        let faint = color.multiplyingAlpha(by: 0.35)
        list.append(.fill(b.outline, color: faint, rule: .evenOdd, transform: transform))
        list.append(.fill(b.cap, color: faint, rule: .nonZero, transform: transform))
        list.append(.fill(b.charge, color: color, rule: .nonZero, transform: transform))
    }
}
