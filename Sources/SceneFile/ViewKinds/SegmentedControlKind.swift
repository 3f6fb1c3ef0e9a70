import Scene
import Text

extension ViewKind {
    /// `segmentedControl: ID`: a UISegmentedControl of text `items`; taps choose a segment,
    /// sliding the selection, and send `valueChanged`.
    static let segmentedControl = ViewKind(key: "segmentedControl", id: \.segmentedControl,
                                           keys: ["items", "selectedSegmentIndex", "selectedSegmentTintColor", "font"]) { builder, request in
        let spec = request.spec, path = request.path
        guard case let .titles(items)? = spec.items, !items.isEmpty else {
            builder.log.add(path, "a segmentedControl needs items: a list of titles")
            return nil
        }
        let index = spec.selectedSegmentIndex ?? 0
        guard (-1..<items.count).contains(index) else {
            builder.log.add(path + [.key("selectedSegmentIndex")], "selectedSegmentIndex lies in -1…\(items.count - 1)")
            return nil
        }
        let control = SegmentedControl(name: request.id, items: items.map(builder.localized), selectedSegmentIndex: index,
                                       font: request.font ?? builder.systemFont(size: 13), frame: request.frame)
        control.selectedSegmentTintColor = builder.color(spec.selectedSegmentTintColor, path + [.key("selectedSegmentTintColor")])
        return control
    }
}
