import Geometry
import Scene
import Text

extension ViewKind {
    /// `tabBar: ID`: a UITabBar of `items` (each a view id, title, template image, selected image,
    /// badge); tapping an item selects it and sends `BAR.ITEM.tap`.
    static let tabBar = ViewKind(key: "tabBar", id: \.tabBar, keys: ["items", "selectedItem"]) { builder, request in
        let spec = request.spec, path = request.path
        guard case let .tabs(specs)? = spec.items, !specs.isEmpty else {
            builder.log.add(path, "a tabBar needs items: a list of {id, title, image, …}")
            return nil
        }
        var items: [TabBarItemView] = []
        for (i, item) in specs.enumerated() {
            let at = path + [.key("items"), .index(i)]
            guard builder.checkIdentifier(item.id, at + [.key("id")]), builder.view(item.id) == nil else {
                builder.log.add(at + [.key("id")], "the id '\(item.id)' is already used")
                continue
            }
            func art(_ file: String?, _ key: String) -> View? {
                guard let file else { return nil }
                switch builder.image(file, at + [.key(key)]) {
                case let .vector(image)?: return ImageView(name: "", image: image)
                case let .picture(pixmap, scale)?: return PictureView(name: "", picture: pixmap, scale: scale, frame: .zero)
                case nil: return nil
                }
            }
            let view = TabBarItemView(name: item.id, title: builder.localized(item.title ?? ""), titleFont: builder.systemFont(size: 10, weight: .medium),
                                      badgeFont: builder.systemFont(size: 13), image: art(item.image, "image"),
                                      selectedImage: art(item.selectedImage, "selectedImage"))
            view.badgeValue = item.badgeValue
            view.badgeColor = builder.color(item.badgeColor, at + [.key("badgeColor")])
            builder.views[view.name] = view
            builder.views[view.badge.name] = view.badge
            items.append(view)
        }
        let selected = spec.selectedItem.flatMap { id in items.firstIndex { $0.name == id } } ?? 0
        if let id = spec.selectedItem, !items.contains(where: { $0.name == id }) {
            builder.log.add(path + [.key("selectedItem")], "unknown item '\(id)'")
        }
        return TabBar(name: request.id, items: items, selectedIndex: selected,
                      frame: spec.frame == nil ? Rect(0, 0, 0, 49) : request.frame)
    }
}

/// One UITabBarItem of a tab bar.
struct TabBarItemSpec: Decodable, SchemaDocumented {
    var id: String
    var title: String?
    var image: String?
    var selectedImage: String?
    var badgeValue: String?
    var badgeColor: String?

    static let keyDescriptions = [
        "id": "The item's view id: handlers name `BAR.ID.tap`; its badge is the view `IDBadge`.",
        "image": "An .svg or .png drawn as a template image in the item's colour.",
        "selectedImage": "The image shown while the item is selected (default: image).",
        "badgeValue": "The badge's text; no badge without one.",
        "badgeColor": "The badge's colour (default systemRed).",
    ]
}

/// `items:`: a segmented control's titles, or a tab bar's items.
enum ItemList: Decodable, SchemaDescribing {
    case titles([String])
    case tabs([TabBarItemSpec])

    init(from decoder: Decoder) throws {
        let entries = try decoder.singleValueContainer().decode([Entry].self)
        let titles = entries.compactMap(\.title), tabs = entries.compactMap(\.tab)
        guard titles.isEmpty || tabs.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "items are all titles (a segmented control's) or all {id, title, …} (a tab bar's)"))
        }
        self = tabs.isEmpty ? .titles(titles) : .tabs(tabs)
    }

    /// One item: a title, or a tab bar item.
    private struct Entry: Decodable {
        var title: String?
        var tab: TabBarItemSpec?

        init(from decoder: Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) { title = text } else {
                tab = try TabBarItemSpec(from: decoder)
            }
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .array(.oneOf([.string(), recorder.schema(of: TabBarItemSpec.self)]),
               description: "A segmented control's titles, or a tab bar's items ({id, title, image, …}).")
    }
}
