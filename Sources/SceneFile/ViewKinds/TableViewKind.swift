import Geometry
import Scene
import Text

extension ViewKind {
    /// `tableView: ID`: a UITableView (`style: plain` or `insetGrouped`) of `sections`, each with
    /// an optional header and footer and rows in UIKit's default content configurations.
    static let tableView = ViewKind(key: "tableView", id: \.tableView, keys: ["style", "sections"]) { builder, request in
        let spec = request.spec, path = request.path
        let style: TableView.Style
        switch spec.style ?? "plain" {
        case "plain": style = .plain
        case "insetGrouped": style = .insetGrouped
        case let other:
            builder.log.add(path + [.key("style")], "a tableView's style is plain or insetGrouped, not '\(other)'")
            return nil
        }
        var sections: [TableView.Section] = []
        for (s, section) in (spec.sections ?? []).enumerated() {
            let at = path + [.key("sections"), .index(s)]
            let rows = (section.rows ?? []).enumerated().compactMap { builder.makeCell($1, at + [.key("rows"), .index($0)]) }
            sections.append(TableView.Section(header: builder.localized(section.header), footer: builder.localized(section.footer), rows: rows))
        }
        return TableView(name: request.id, style: style, sections: sections, headerFont: builder.systemFont(size: 13),
                         footerFont: builder.systemFont(size: 13), frame: request.frame)
    }
}

extension SceneBuilder {
    /// A table row from its spec (registered under its id, its switch under `IDSwitch`).
    func makeCell(_ row: RowSpec, _ path: [PathStep]) -> TableViewCell? {
        guard checkIdentifier(row.id, path + [.key("id")]) else { return nil }
        guard views[row.id] == nil else { log.add(path + [.key("id")], "the id '\(row.id)' is already used"); return nil }
        var image: View?
        if let file = row.image {
            switch self.image(file, path + [.key("image")]) {
            case let .vector(art)?: image = ImageView(name: "", image: art)
            case let .picture(pixmap, scale)?: image = PictureView(name: "", picture: pixmap, scale: scale, frame: .zero)
            case nil: return nil
            }
        }
        let accessory = TableViewCell.Accessory(rawValue: row.accessory?.rawValue ?? "none") ?? .none
        if row.isOn != nil, accessory != .switch { log.add(path + [.key("isOn")], "isOn sets a row's switch; give the row accessory: switch") }
        let cell = TableViewCell(name: row.id, text: localized(row.text ?? ""), secondaryText: localized(row.secondaryText), subtitle: row.cellStyle == .subtitle,
                                 image: image, accessory: accessory, font: systemFont(size: 17),
                                 secondaryFont: systemFont(size: row.cellStyle == .subtitle ? 15 : 17))
        if let on = row.isOn { cell.accessorySwitch?.setOn(on, animated: false) }
        views[row.id] = cell
        for sub in [cell.textLabel, cell.secondaryTextLabel as View?, cell.accessorySwitch as View?].compactMap({ $0 }) {
            views[sub.name] = sub
        }
        return cell
    }
}

/// One section of a table view.
struct SectionSpec: Decodable, SchemaDocumented {
    var header: String?
    var footer: String?
    var rows: [RowSpec]?

    static let keyDescriptions = ["header": "The section's header text.", "footer": "The section's footer text.",
                                  "rows": "The rows, top to bottom."]
}

/// One row of a table: UIListContentConfiguration's text, secondary text and image, and an accessory.
struct RowSpec: Decodable, SchemaDocumented {
    var id: String
    var text: String?
    var secondaryText: String?
    var cellStyle: CellStyleName?
    var image: String?
    var accessory: AccessoryName?
    var isOn: Bool?

    static let keyDescriptions = [
        "id": "The row's view id (its labels are IDText and IDSecondaryText, its switch IDSwitch).",
        "secondaryText": "Beside the text at the trailing edge (value cell), or under it with cellStyle subtitle.",
        "cellStyle": "value (default) or subtitle: where the secondary text goes.",
        "image": "An .svg or .png, 29 pt square, before the text.",
        "accessory": "none, disclosureIndicator, checkmark or switch.",
        "isOn": "The switch accessory starts on.",
    ]
}

enum CellStyleName: String, SchemaEnum { case value, subtitle }
enum AccessoryName: String, SchemaEnum { case none, disclosureIndicator, checkmark, `switch` }
