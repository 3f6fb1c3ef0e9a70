import Geometry
import Motion
import Raster
import Text

/// UITableView in the `plain` and `insetGrouped` styles with cells in UIKit's default content
/// configurations (`UIListContentConfiguration.cell()`, `.valueCell()`, `.subtitleCell()`):
/// text, secondary text, an image, and an accessory (disclosure indicator, checkmark or a
/// switch), separators inset to the text, section headers and footers, and
/// `insertRows`/`deleteRows` with the `.fade`, `.top` and `.automatic` row animations. It is a
/// scroll view: its rows scroll under `scroll` steps.
///
/// Numbers (iPhone, iOS 15–18): rows at least 44 pt (64 pt with a subtitle), 16 pt layout
/// margins, 17 pt body text, 15 pt subtitles, 29 pt images with 16 pt before the text,
/// separators one pixel thick inset to the text, inset-grouped sections 16 pt from the sides
/// with 10 pt corners, 35 pt above a section, 13 pt uppercase headers and 13 pt footers in
/// secondaryLabel (HIG › Lists and tables; UIListContentConfiguration's defaults). Row
/// animations take 0.3 s ease-in-out, the duration UIKit uses for them (not published).
open class TableView: ScrollView {
    open override var kind: String { "tableView" }

    /// UITableView.Style.
    public enum Style: String, CaseIterable, Sendable { case plain, insetGrouped }

    /// UITableView.RowAnimation.
    public enum RowAnimation: String, CaseIterable, Sendable { case fade, top, automatic, none }

    /// One section: an optional header and footer and its rows.
    public struct Section {
        public var header: String?
        public var footer: String?
        public var rows: [TableViewCell]

        public init(header: String? = nil, footer: String? = nil, rows: [TableViewCell]) {
            self.header = header; self.footer = footer; self.rows = rows
        }
    }

    public let style: Style
    public private(set) var sections: [Section]
    let fonts: (header: Font, footer: Font)

    static let margin = 16.0
    static let sectionGap = 35.0
    static let cornerRadius = 10.0
    static let rowTiming = UIKitTiming.animate(duration: 0.3, curve: .easeInOut)

    /// Header and footer labels by section, made on layout.
    private var headerLabels: [Label] = []
    private var footerLabels: [Label] = []
    /// Cells that were deleted and are fading or sliding away.
    private var leaving: [(cell: TableViewCell, until: Int)] = []
    private var shownFrame = 0
    /// The frame row changes made now start on.
    public var tableClock = 0

    public init(name: String = "", style: Style, sections: [Section], headerFont: Font, footerFont: Font,
                frame: Rect = .zero) {
        self.style = style
        self.sections = sections
        fonts = (headerFont, footerFont)
        super.init(name: name, frame: frame)
        for cell in sections.flatMap(\.rows) {
            cell.grouped = style == .insetGrouped
            cell.isNew = false
            addSubview(cell)
        }
        setNeedsLayout()
    }

    /// The cell with the given row id.
    public func cell(named name: String) -> TableViewCell? {
        sections.lazy.flatMap(\.rows).first { $0.name == name }
    }

    /// Inserts `cells` into `section` at `row` (clamped), animating as `animation` says.
    public func insertRows(_ cells: [TableViewCell], section: Int, at row: Int, animation: RowAnimation) {
        guard sections.indices.contains(section) else { return }
        let at = min(max(0, row), sections[section].rows.count)
        sections[section].rows.insert(contentsOf: cells, at: at)
        let timing = animation == .none ? nil : Self.rowTiming
        for cell in cells {
            cell.grouped = style == .insetGrouped
            addSubview(cell)
            cell.entering = animation == .top ? .top : .fade
            cell.appear = ControlTransition(0)
            cell.appear.set(1, timing: timing, atFrame: tableClock)
        }
        relayout(animated: timing != nil)
    }

    /// Deletes the cells with the given ids, animating as `animation` says.
    public func deleteRows(named names: [String], animation: RowAnimation) {
        let timing = animation == .none ? nil : Self.rowTiming
        for s in sections.indices {
            for cell in sections[s].rows where names.contains(cell.name) {
                cell.entering = animation == .top ? .top : .fade
                cell.appear.set(0, timing: timing, atFrame: tableClock)
                if animation == .top {
                    cell.slide.set(cell.frame.y - cell.frame.height, timing: timing, atFrame: tableClock)
                    sendToBack(cell)
                }
                leaving.append((cell, tableClock + Int(saturating: (Self.rowTiming.duration * 60).rounded())))
                if timing == nil { cell.removeFromSuperview() }
            }
            sections[s].rows.removeAll { names.contains($0.name) }
        }
        leaving.removeAll { $0.cell.superview == nil }
        relayout(animated: timing != nil)
    }

    /// Moves every row to its new place: along the row timing when `animated`, a `.top` row
    /// sliding out from under the row above it; others fade in place.
    private func relayout(animated: Bool) {
        let timing = animated ? Self.rowTiming : nil
        for (cell, frame) in layoutPlan().rows {
            if cell.isNew {
                cell.isNew = false
                cell.slide = ControlTransition(animated && cell.entering == .top ? frame.y - frame.height : frame.y)
                if animated, cell.entering == .top { sendToBack(cell) }
            } else if !cell.slide.isMoving(at: tableClock) {
                cell.slide = ControlTransition(cell.frame.y)
            }
            cell.slide.set(frame.y, timing: timing, atFrame: tableClock)
        }
        setNeedsLayout()
    }

    private func sendToBack(_ cell: TableViewCell) {
        guard let first = subviews.first, first !== cell else { return }
        insertSubview(cell, below: first)
    }

    /// Where rows, headers and footers go: content coordinates.
    private func layoutPlan() -> (rows: [(TableViewCell, Rect)], headers: [Rect?], footers: [Rect?], sectionBoxes: [Rect], height: Double) {
        let inset = style == .insetGrouped ? Self.margin : 0
        let width = bounds.width - 2 * inset
        var y = 0.0
        var rows: [(TableViewCell, Rect)] = [], headers: [Rect?] = [], footers: [Rect?] = [], boxes: [Rect] = []
        for section in sections {
            if style == .insetGrouped { y += section.header == nil ? Self.sectionGap : 17 }
            if section.header != nil {
                let h = style == .insetGrouped ? 18.0 + 7 : 28.0
                headers.append(Rect(inset, y, width, h))
                y += h
            } else {
                headers.append(nil)
            }
            let top = y
            for cell in section.rows {
                let h = cell.rowHeight
                rows.append((cell, Rect(inset, y, width, h)))
                y += h
            }
            boxes.append(Rect(inset, top, width, y - top))
            if section.footer != nil {
                footers.append(Rect(inset, y + 7, width, 16))
                y += 7 + 16 + 7
            } else {
                footers.append(nil)
            }
        }
        if style == .insetGrouped { y += Self.sectionGap }
        return (rows, headers, footers, boxes, y)
    }

    open override func layoutSubviews() {
        let plan = layoutPlan()
        contentSize = Size(bounds.width, plan.height)
        for (cell, frame) in plan.rows {
            let y = cell.slide.isMoving(at: shownFrame) ? cell.slide.value(at: shownFrame) : frame.y
            cell.frame = Rect(frame.x, y, frame.width, frame.height)
        }
        for (cell, _) in leaving where cell.slide.isMoving(at: shownFrame) {
            cell.frame.origin.y = cell.slide.value(at: shownFrame)
        }
        // While rows slide, each section's box, header and footer follow its rows as they are now.
        var boxes = plan.sectionBoxes, headers = plan.headers, footers = plan.footers
        for (s, section) in sections.enumerated() where !section.rows.isEmpty {
            let top = section.rows.map(\.frame.minY).min()!, bottom = section.rows.map(\.frame.maxY).max()!
            let dy = top - boxes[s].minY
            boxes[s] = Rect(boxes[s].x, top, boxes[s].width, bottom - top)
            headers[s] = headers[s]?.offsetBy(dx: 0, dy: dy)
            footers[s] = footers[s].map { Rect($0.x, bottom + 7, $0.width, $0.height) }
        }
        sync(&headerLabels, headers, sections.map(\.header), font: fonts.header, upper: style == .insetGrouped)
        sync(&footerLabels, footers, sections.map(\.footer), font: fonts.footer, upper: false)
        sectionBoxes = boxes
    }

    private var sectionBoxes: [Rect] = []

    private func sync(_ labels: inout [Label], _ frames: [Rect?], _ texts: [String?], font: Font, upper: Bool) {
        for label in labels { label.removeFromSuperview() }
        labels = []
        for (frame, text) in zip(frames, texts) {
            guard let frame, let text else { continue }
            let box = style == .insetGrouped ? Rect(frame.x + Self.margin, frame.maxY - 7 - 16, frame.width - 2 * Self.margin, 16)
                : Rect(frame.x + Self.margin, frame.y, frame.width - 2 * Self.margin, frame.height)
            let label = Label(text: upper ? text.uppercased() : text, font: font, textColor: ControlPalette.secondaryLabel.light,
                              alignment: .natural, frame: box)
            label.isUserInteractionEnabled = false
            addSubview(label)
            labels.append(label)
        }
    }

    open override func advance(toFrame frame: Int) {
        shownFrame = frame
        tableClock = frame + 1
        var moved = false
        for cell in sections.flatMap(\.rows) + leaving.map(\.cell) {
            cell.alpha = cell.entering == .fade ? cell.appear.value(at: frame) : 1
            if cell.slide.isMoving(at: frame) || cell.slide.isMoving(at: frame - 1) { moved = true }
        }
        for (cell, until) in leaving where frame >= until { cell.removeFromSuperview() }
        leaving.removeAll { $0.cell.superview == nil }
        if moved { layoutSubviews() }
        super.advance(toFrame: frame)
    }

    open override var isMovingByItself: Bool {
        super.isMovingByItself || !leaving.isEmpty
            || sections.contains { $0.rows.contains { $0.appear.isMoving(at: shownFrame) || $0.slide.isMoving(at: shownFrame) } }
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        for label in headerLabels + footerLabels { label.textColor = context.resolve(ControlPalette.secondaryLabel) }
        let background = style == .insetGrouped ? ControlPalette.systemGroupedBackground : ControlPalette.systemBackground
        let visible = presentation.bounds ?? bounds
        list.append(.fill(Path(rect: visible), color: context.resolve(background), rule: .nonZero,
                          transform: .identity))
        guard style == .insetGrouped else { return }
        for box in sectionBoxes where box.height > 0 {
            list.append(.fill(Path(roundedRect: box, cornerRadius: Self.cornerRadius),
                              color: context.resolve(ControlPalette.secondarySystemGroupedBackground), rule: .nonZero, transform: .identity))
        }
    }
}

/// A table row in a default content configuration: text, secondary text (beside it, or under it
/// as a subtitle), an image and an accessory; a separator under it inset to the text.
open class TableViewCell: View {
    open override var kind: String { "tableViewCell" }

    /// UITableViewCell.AccessoryType, and a switch as the accessory view.
    public enum Accessory: String, CaseIterable, Sendable { case none, disclosureIndicator, checkmark, `switch` }

    public let textLabel: Label
    public let secondaryTextLabel: Label?
    /// Whether the secondary text sits under the text (`subtitleCell`) rather than at the trailing edge (`valueCell`).
    public let isSubtitle: Bool
    public let image: View?
    public let accessory: Accessory
    /// The switch of a `switch` accessory, named `ROWSwitch`.
    public let accessorySwitch: Switch?
    /// Draws the separator under the row (the last row of an inset-grouped section has none).
    public var showsSeparator = true

    var grouped = false
    var entering: TableView.RowAnimation = .fade
    /// 0 gone, 1 shown: how far the row has appeared.
    var appear = ControlTransition(1)
    /// The row's y in the content while it slides to its place.
    var slide = ControlTransition(0)
    var isNew = true

    public init(name: String, text: String, secondaryText: String? = nil, subtitle: Bool = false, image: View? = nil,
                accessory: Accessory = .none, font: Font, secondaryFont: Font) {
        textLabel = Label(name: name + "Text", text: text, font: font, textColor: ControlPalette.label.light, alignment: .natural)
        secondaryTextLabel = secondaryText.map {
            Label(name: name + "SecondaryText", text: $0, font: secondaryFont, textColor: ControlPalette.secondaryLabel.light,
                  alignment: subtitle ? .natural : .right)
        }
        isSubtitle = subtitle && secondaryText != nil
        self.image = image
        self.accessory = accessory
        accessorySwitch = accessory == .switch ? Switch(name: name + "Switch") : nil
        super.init(name: name)
        for sub in [image, textLabel, secondaryTextLabel, accessorySwitch].compactMap({ $0 as View? }) { addSubview(sub) }
        for label in [textLabel, secondaryTextLabel].compactMap({ $0 }) { label.isUserInteractionEnabled = false }
    }

    /// 44 pt, or 64 pt with a subtitle.
    public var rowHeight: Double { isSubtitle ? 64 : 44 }

    /// Where the text starts: the margin, past the image when there is one.
    var textStart: Double { image == nil ? TableView.margin : TableView.margin + 29 + 16 }

    open override func layoutSubviews() {
        let m = TableView.margin
        var trailing = bounds.width - m
        if let sw = accessorySwitch {
            sw.frame = Rect(trailing - 51, (bounds.height - 31) / 2, 51, 31)
            trailing -= 51 + 8
        } else if accessory != .none {
            trailing -= 14 + 8
        }
        image?.frame = Rect(m, (bounds.height - 29) / 2, 29, 29)
        let x = textStart
        if isSubtitle, let detail = secondaryTextLabel {
            textLabel.frame = Rect(x, 11, trailing - x, 22)
            detail.frame = Rect(x, 11 + 22 + 3, trailing - x, 18)
        } else if let detail = secondaryTextLabel {
            let width = LabelLayout.intrinsicSize(of: detail.text, font: detail.font, scale: 2,
                                                  language: detail.typesettingLanguage).width
            detail.frame = Rect(trailing - width, 0, width, bounds.height)
            textLabel.frame = Rect(x, 0, max(0, trailing - width - 8 - x), bounds.height)
        } else {
            textLabel.frame = Rect(x, 0, trailing - x, bounds.height)
        }
        // Laid out left to right above; right to left UIKit mirrors the row: image and text at
        // the right, the accessory at the left.
        if isRightToLeft {
            for view in [image, textLabel, secondaryTextLabel, accessorySwitch].compactMap({ $0 as View? }) {
                view.frame = directional(view.frame)
            }
        }
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        // The labels take the appearance's label colours, as UIListContentConfiguration's do.
        textLabel.textColor = context.resolve(ControlPalette.label)
        secondaryTextLabel?.textColor = context.resolve(ControlPalette.secondaryLabel)
        if !grouped {
            list.append(.fill(Path(rect: Rect(0, 0, bounds.width, bounds.height)), color: context.resolve(ControlPalette.systemBackground),
                              rule: .nonZero, transform: .identity))
        }
        let m = TableView.margin
        let mid = bounds.height / 2
        switch accessory {
        case .disclosureIndicator:
            // The chevron: 7 × 12 pt, 2 pt stroke, in tertiaryLabel grey.
            var chevron = Path()
            chevron.move(to: Point(bounds.width - m - 7, mid - 6))
            chevron.line(to: Point(bounds.width - m, mid))
            chevron.line(to: Point(bounds.width - m - 7, mid + 6))
            // Right to left it is at the left, pointing left (chevron.forward flips).
            list.append(.fill(chevron.stroked(width: 2, cap: .round, join: .round), color: context.resolve(ControlPalette.tertiaryLabel),
                              rule: .nonZero, transform: rightToLeftMirror(flips: true)))
        case .checkmark:
            // At the trailing margin; a checkmark is not mirrored.
            let end = directional(Rect(bounds.width - m - 14, 0, 14, 0)).maxX
            var tick = Path()
            tick.move(to: Point(end - 14, mid))
            tick.line(to: Point(end - 9, mid + 5))
            tick.line(to: Point(end, mid - 6))
            list.append(.fill(tick.stroked(width: 2.2, cap: .round, join: .round), color: context.tintColor,
                              rule: .nonZero, transform: .identity))
        case .none, .switch: break
        }
        if showsSeparator {
            let h = 1 / context.scale
            list.append(.fill(Path(rect: directional(Rect(textStart, bounds.height - h, bounds.width - textStart, h))),
                              color: context.resolve(ControlPalette.separator), rule: .nonZero, transform: .identity))
        }
    }
}
