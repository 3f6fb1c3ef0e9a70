import Geometry
import Motion
import Raster
import Text

/// UISegmentedControl as iOS 13+ draws it: a 32 pt tall rounded track in tertiarySystemFill
/// with the selected segment on a raised 2 pt-inset plate (white with a soft shadow in light
/// appearance, systemGray dark in dark), thin separators between unselected segments, titles in
/// the 13 pt system font. Choosing a segment slides the plate to it (0.3 s spring) and sends
/// `valueChanged`.
///
/// Numbers: height 32 pt, corner radius 9 pt outside and 7 pt on the plate, 2 pt inset,
/// separators 1 pt × 16 pt, 13 pt titles (Apple's iOS UI Design Resources for the iOS 13+
/// control); plate colours from the design resources (white; #636366 dark). The slide's timing
/// is matched by eye.
open class SegmentedControl: Control {
    open override var kind: String { "segmentedControl" }

    public var items: [String]
    /// The chosen segment, or -1 for none (`UISegmentedControl.noSegment`).
    public private(set) var selectedSegmentIndex: Int
    public var font: Font
    public var selectedSegmentTintColor: Color?

    static let height = 32.0
    static let radius = 9.0
    static let inset = 2.0
    static let timing = UIKitTiming.animate(duration: 0.3, dampingRatio: 0.9, initialVelocity: 0)

    /// The selected segment's plate: white, or #636366 in dark appearance (Apple's design resources).
    static let plateColor = DynamicColor(light: .white, dark: Color(red: 99 / 255, green: 99 / 255, blue: 102 / 255))

    private var plate: ControlTransition
    private var shownFrame = 0

    public init(name: String = "", items: [String], selectedSegmentIndex: Int = 0, font: Font, frame: Rect = .zero) {
        self.items = items
        self.selectedSegmentIndex = selectedSegmentIndex
        self.font = font
        plate = ControlTransition(Double(selectedSegmentIndex))
        super.init(name: name, frame: frame)
    }

    /// Each segment as wide as the widest title plus 12 pt a side, 32 pt tall.
    open override var intrinsicContentSize: Size? {
        let language = typesettingLanguage
        let widest = items.map { LabelLayout.intrinsicSize(of: $0, font: font, scale: 2, language: language).width }.max() ?? 0
        return Size(Double(items.count) * (widest + 24), Self.height)
    }

    /// Selects `index`, sliding the plate there when `animated`; sends no event, as in UIKit.
    public func setSelectedSegmentIndex(_ index: Int, animated: Bool) {
        let index = (-1..<items.count).contains(index) ? index : -1
        selectedSegmentIndex = index
        guard index >= 0 else { return }
        plate.set(Double(index), timing: animated && plate.target >= 0 ? Self.timing : nil, atFrame: clock)
    }

    open override func tapped(at point: Point) {
        guard !items.isEmpty, bounds.width > 0 else { return }
        // Right to left the first segment is the rightmost.
        let x = isRightToLeft ? bounds.width - point.x : point.x
        let index = min(items.count - 1, max(0, Int(saturating: x / (bounds.width / Double(items.count)))))
        guard index != selectedSegmentIndex else { return }
        setSelectedSegmentIndex(index, animated: true)
        send(.valueChanged)
    }

    open override func advance(toFrame frame: Int) { shownFrame = frame }

    open override var isMovingByItself: Bool { plate.isMoving(at: shownFrame) }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard !items.isEmpty else { return }
        let track = Rect(0, 0, bounds.width, bounds.height)
        list.append(.fill(Path(roundedRect: track, cornerRadius: Self.radius),
                          color: context.resolve(ControlPalette.tertiarySystemFill), rule: .nonZero, transform: .identity))
        let segment = bounds.width / Double(items.count)
        let at = plate.value(at: shownFrame)
        // Separators between segments that the plate is not next to.
        for i in 1..<items.count where selectedSegmentIndex < 0 || abs(Double(i) - (at + 0.5)) > 0.75 {
            let rect = directional(Rect(Double(i) * segment - 0.5, (bounds.height - 16) / 2, 1, 16))
            list.append(.fill(Path(rect: rect), color: context.resolve(ControlPalette.separator).multiplyingAlpha(by: 0.6),
                              rule: .nonZero, transform: .identity))
        }
        if selectedSegmentIndex >= 0 {
            let rect = directional(Rect(at * segment + Self.inset, Self.inset, segment - 2 * Self.inset, bounds.height - 2 * Self.inset))
            let plateColour = selectedSegmentTintColor ?? context.resolve(Self.plateColor)
            list.append(.fill(Path(roundedRect: rect.offsetBy(dx: 0, dy: 1).insetBy(dx: -0.5, dy: -0.5), cornerRadius: Self.radius - 1.5),
                              color: Color(white: 0, alpha: 0.06), rule: .nonZero, transform: .identity))
            list.append(.fill(Path(roundedRect: rect, cornerRadius: Self.radius - 2), color: plateColour,
                              rule: .nonZero, transform: .identity))
        }
        let text = context.resolve(ControlPalette.label)
        for (i, title) in items.enumerated() {
            let box = directional(Rect(Double(i) * segment + 4, 0, segment - 8, bounds.height))
            list.appendLine(title, font: font, color: text, in: box, alignment: .center, language: typesettingLanguage)
        }
    }
}
