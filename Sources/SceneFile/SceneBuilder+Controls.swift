import Geometry
import Motion
import Raster
import Scene

/// Scene-file verbs and values for stack views, shapes, scroll views and UIKit's controls:
/// their actions (`setOn`, `insertRows`, …), the properties `set` changes on them, their events,
/// and the animatable properties POP animations name on them.
extension SceneBuilder {
    /// The control events each kind sends, beyond a control's touchDown/touchUpInside/tap.
    static func valueEvents(of view: View) -> [String] {
        view is Switch || view is Slider || view is SegmentedControl || view is PageControl || view is TabBar ? ["valueChanged"] : []
    }

    /// Registers a handler for `BAR.ITEM.tap` (a tab bar item) and `ID.valueChanged`; true when it did.
    func wireControlHandler(_ parts: [String], _ actions: [ActionSpec]) -> Bool {
        if parts.count == 3, parts[2] == "tap", let bar = views[parts[0]] as? TabBar, let item = bar.item(named: parts[1]) {
            item.on(.touchUpInside) { [unowned self] _ in perform([actions]) }
            return true
        }
        if parts.count == 2, parts[1] == "valueChanged", let control = views[parts[0]] as? Control {
            control.on(.valueChanged) { [unowned self] _ in perform([actions]) }
            return true
        }
        return false
    }

    /// Checks `BAR.ITEM.tap` handler keys; true when the key is one.
    func checkTabBarEvent(_ key: String, path: [PathStep]) -> Bool {
        let parts = key.split(separator: ".").map(String.init)
        guard parts.count == 3 else { return false }
        guard let bar = views[parts[0]] as? TabBar else {
            log.add(path, "'\(parts[0])' is not a tabBar (BAR.ITEM.tap names a tab bar's item)")
            return true
        }
        if bar.item(named: parts[1]) == nil { log.add(path, "the tab bar '\(parts[0])' has no item '\(parts[1])'") }
        if parts[2] != "tap" { log.add(path, "a tab bar item's event is tap, not '\(parts[2])'") }
        return true
    }

    /// The control verbs of an action and whether each is given, for the one-verb check.
    static func controlVerbs(_ action: ActionSpec) -> [(String, Bool)] {
        [("insertArrangedSubview", action.insertArrangedSubview != nil), ("removeArrangedSubview", action.removeArrangedSubview != nil),
         ("setOn", action.setOn != nil), ("setProgress", action.setProgress != nil),
         ("setContentOffset", action.setContentOffset != nil), ("insertRows", action.insertRows != nil),
         ("deleteRows", action.deleteRows != nil)]
    }

    /// Checks the control verbs' ids and values.
    func checkControlAction(_ action: ActionSpec, path: [PathStep]) {
        func each<V>(_ key: String, _ map: [String: V]?, _ ok: (View) -> Bool, _ what: String) {
            for id in (map ?? [:]).keys where !(views[id].map(ok) ?? false) { log.add(path + [.key(key), .keyName(id)], "unknown \(what) '\(id)'") }
        }
        each("setOn", action.setOn, { $0 is Switch }, "switch")
        each("setProgress", action.setProgress, { $0 is ProgressView }, "progressView")
        each("setContentOffset", action.setContentOffset, { $0 is ScrollView }, "scrollView")
        for (id, p) in action.setContentOffset ?? [:] { _ = point(p, path + [.key("setContentOffset"), .key(id)]) }
        if let insert = action.insertArrangedSubview {
            let at = path + [.key("insertArrangedSubview")]
            if !(views[insert.stack] is StackView) { log.add(at + [.key("stack")], "unknown stackView '\(insert.stack)'") }
            // The inline view is built (and checked) now, and put into the stack when the action runs.
            if insertedID(insert).map({ views[$0] == nil }) ?? true { _ = makeView(insert.view, path: at + [.key("view")]) }
        }
        for (i, id) in (action.removeArrangedSubview?.values ?? []).enumerated() where !(views[id]?.superview is StackView) {
            log.add(path + [.key("removeArrangedSubview")] + ((action.removeArrangedSubview?.values.count ?? 0) > 1 ? [.index(i)] : []),
                    "'\(id)' is not an arranged subview of a stackView")
        }
        if let rows = action.insertRows {
            let at = path + [.key("insertRows")]
            if let table = views[rows.table] as? TableView {
                if !table.sections.indices.contains(rows.section ?? 0) { log.add(at + [.key("section")], "the table has sections 0…\(table.sections.count - 1)") }
            } else {
                log.add(at + [.key("table")], "unknown tableView '\(rows.table)'")
            }
        }
        if let rows = action.deleteRows, !(views[rows.table] is TableView) {
            log.add(path + [.key("deleteRows"), .key("table")], "unknown tableView '\(rows.table)'")
        }
    }

    /// Runs the control verbs of an action.
    func actOnControls(_ action: ActionSpec) {
        for (id, on) in action.setOn ?? [:] { (views[id] as? Switch)?.setOn(on, animated: action.animated ?? true) }
        for (id, p) in action.setProgress ?? [:] { (views[id] as? ProgressView)?.setProgress(p, animated: action.animated ?? true) }
        for (id, p) in action.setContentOffset ?? [:] where p.count == 2 {
            (views[id] as? ScrollView)?.setContentOffset(Point(p[0], p[1]), animated: action.animated ?? true, animator: stage.animator)
        }
        if let insert = action.insertArrangedSubview, let stack = views[insert.stack] as? StackView {
            if let view = insertedID(insert).flatMap({ views[$0] }) {
                stack.insertArrangedSubview(view, at: insert.at ?? stack.arrangedSubviews.count)
            }
        }
        for id in action.removeArrangedSubview?.values ?? [] {
            guard let view = views[id], let stack = view.superview as? StackView else { continue }
            stack.removeArrangedSubview(view)
            view.removeFromSuperview()
        }
        if let rows = action.insertRows, let table = views[rows.table] as? TableView {
            let cells = rows.rows.enumerated().compactMap { makeCell($1, [.key("insertRows"), .key("rows"), .index($0)]) }
            table.insertRows(cells, section: rows.section ?? 0, at: rows.at ?? .max, animation: rowAnimation(rows.animation))
        }
        if let rows = action.deleteRows, let table = views[rows.table] as? TableView {
            table.deleteRows(named: rows.rows.values, animation: rowAnimation(rows.animation))
        }
    }

    private func rowAnimation(_ name: RowAnimationName?) -> TableView.RowAnimation {
        TableView.RowAnimation(rawValue: name?.rawValue ?? "automatic") ?? .automatic
    }

    /// The id of the view an `insertArrangedSubview` action declares.
    private func insertedID(_ insert: InsertArrangedSpec) -> String? { Self.viewKinds.lazy.compactMap { $0.id(insert.view) }.first }

    /// Sets the control properties `set` names (without animation, as assigning them in UIKit).
    func setControlValues(_ values: PropertyValues, on view: View) {
        if let on = values.isOn { (view as? Switch)?.setOn(on, animated: false) }
        if let p = values.progress { (view as? ProgressView)?.setProgress(p, animated: false) }
        if let page = values.currentPage { (view as? PageControl)?.setCurrentPage(page, animated: true) }
        if let index = values.selectedSegmentIndex { (view as? SegmentedControl)?.setSelectedSegmentIndex(index, animated: false) }
        if let v = values.value { (view as? Slider)?.setValue(v) }
        if let badge = values.badgeValue { (view as? TabBarItemView)?.badgeValue = badge.isEmpty ? nil : badge }
        if let p = values.contentOffset, p.count == 2 { (view as? ScrollView)?.contentOffset = Point(p[0], p[1]) }
        if let shape = view as? ShapeView {
            if let s = values.strokeStart { shape.strokeStart = min(1, max(0, s)) }
            if let e = values.strokeEnd { shape.strokeEnd = min(1, max(0, e)) }
        }
    }

    /// Checks that each control property `set` names is one the view has.
    func checkControlValues(_ values: PropertyValues, on view: View, _ path: [PathStep]) {
        let owners: [(String, Bool, Bool)] = [
            ("isOn", values.isOn != nil, view is Switch), ("progress", values.progress != nil, view is ProgressView),
            ("currentPage", values.currentPage != nil, view is PageControl),
            ("selectedSegmentIndex", values.selectedSegmentIndex != nil, view is SegmentedControl),
            ("value", values.value != nil, view is Slider), ("badgeValue", values.badgeValue != nil, view is TabBarItemView),
            ("contentOffset", values.contentOffset != nil, view is ScrollView),
            ("strokeStart", values.strokeStart != nil, view is ShapeView), ("strokeEnd", values.strokeEnd != nil, view is ShapeView),
        ]
        for (key, given, fits) in owners where given && !fits { log.add(path + [.keyName(key)], "'\(view.name)' (a \(view.kind)) has no \(key)") }
    }

    /// The property a POP animation names on a shape or scroll view (CAShapeLayer's key paths,
    /// POP's `contentOffset`), and its component count; nil for other names.
    static func layerProperty(_ name: String) -> (AnimatableProperty, Int)? {
        if name == "contentOffset" { return (.contentOffset, 2) }
        guard let shape = ShapeProperty(rawValue: name) else { return nil }
        return (.shape(shape), shape == .strokeColor || shape == .fillColor ? 4 : 1)
    }

    /// Checks the views a shape or scroll view property animates; their component count when all are known.
    func checkLayerTargets(_ spec: AnimationSpec, _ property: String, _ count: Int, _ path: [PathStep]) -> Int? {
        guard let ids = spec.view?.values, !ids.isEmpty else { log.add(path, "a \(spec.type.rawValue) animation needs a view"); return nil }
        var known = true
        for (i, id) in ids.enumerated() {
            let at = path + [.key("view")] + (ids.count > 1 ? [.index(i)] : [])
            guard let view = views[id] else { log.add(at, "unknown view '\(id)'"); known = false; continue }
            let fits = property == "contentOffset" ? view is ScrollView : view is ShapeView
            if !fits {
                log.add(at, "'\(id)' is not a \(property == "contentOffset" ? "scrollView" : "shape"); \(property) animates on one")
                known = false
            }
        }
        return known ? count : nil
    }
}

/// `insertArrangedSubview:`: a view (by id, or declared inline) put into a stack at an index.
struct InsertArrangedSpec: Decodable, SchemaDocumented {
    var stack: String
    var view: ViewSpec
    var at: Int?

    static let keyDescriptions = ["stack": "The stackView's id.", "view": "The view, declared as in views (built when the action first runs).",
                                  "at": "Its index among the arranged subviews (default: the end)."]
}

/// `insertRows:`: rows put into a table's section, animated (UITableView.insertRows(at:with:)).
struct InsertRowsSpec: Decodable, SchemaDocumented {
    var table: String
    var section: Int?
    var at: Int?
    var rows: [RowSpec]
    var animation: RowAnimationName?

    static let keyDescriptions = ["table": "The tableView's id.", "section": "The section (default 0).",
                                  "at": "The row index the first new row takes (default: the end).",
                                  "animation": "fade, top, automatic (default) or none."]
}

/// `deleteRows:`: rows taken out of a table by id, animated.
struct DeleteRowsSpec: Decodable, SchemaDocumented {
    var table: String
    var rows: Names
    var animation: RowAnimationName?

    static let keyDescriptions = ["table": "The tableView's id.", "rows": "The ids of the rows to delete.",
                                  "animation": "fade, top, automatic (default) or none."]
}

enum RowAnimationName: String, SchemaEnum { case fade, top, automatic, none }
