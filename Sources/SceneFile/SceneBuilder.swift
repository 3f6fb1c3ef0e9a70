import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// Builds a stage from a decoded scene, as a view controller's `viewDidLoad` would: the window
/// and bars, the view tree, the constraints, the handlers wired to the controls, the state
/// machines. It stays alive while the scene plays (it is the run's controller) and runs the
/// actions the handlers name. Every problem found on the way goes to the log with its place;
/// a scene with problems is never played.
final class SceneBuilder {
    let document: SceneDocument
    let folder: URL
    let log: ProblemLog
    let stage: Stage
    /// The view controller's view, holding the scene's views; id `view`.
    let root: View
    private(set) var navigationBar: NavigationBar?
    private(set) var statusBar: StatusBar?

    private var views: [String: View] = [:]
    /// The ids of views declaring a `gradient:`, built or not (a bad one is reported once, there).
    private var declaredGradients: Set<String> = []
    private var groups: [String: ConstraintGroup] = [:]
    private var animations: [String: AnimationSpec] = [:]
    private var machines: [String: StateMachine] = [:]
    private var handlers: [String: [[ActionSpec]]] = [:]
    /// The animations each run of an animate block started, by its name, for `stop`.
    private var blockGroups: [String: [Stage.BlockAnimationGroup]] = [:]
    private var random: SeededRandom
    /// The orientation the scene launched in, for steps and actions given a `launchOrientation`.
    let launchOrientation: Orientation

    /// Reserved ids: the root view and the system views.
    static let reserved: Set<String> = ["view", "screen", "window", "navigationBar", "statusBar", "keyboard",
                                        "networkActivityIndicator"]

    init(document: SceneDocument, folder: URL, screenSize: Size, seed: UInt64, launchOrientation: Orientation, log: ProblemLog) {
        self.document = document
        self.launchOrientation = launchOrientation
        self.folder = folder
        self.log = log
        random = SeededRandom(seed: seed)
        let screen = document.screen
        let tint = Self.color(screen?.tintColor, [.key("screen"), .key("tintColor")], log) ?? Color(r255: 0, g: 122, b: 255)
        let background = Self.color(screen?.background, [.key("screen"), .key("background")], log) ?? .white
        stage = Stage(screenSize: screenSize, tintColor: tint)
        stage.window.backgroundColor = background
        root = View(name: "view", frame: Rect(origin: .zero, size: screenSize))
        root.backgroundColor = background
        stage.window.addSubview(root)
        views["view"] = root
        animations = document.animations ?? [:]
    }

    /// Builds everything; problems end up in the log. `layout` lays the tree out for playing
    /// (checking a scene does not need the frames).
    func build(layout: Bool = true) {
        collectHandlers()
        for (i, spec) in (document.views ?? []).enumerated() {
            if let v = makeView(spec, path: [.key("views"), .index(i)]) { root.addSubview(v) }
        }
        makeBars()
        for (i, entry) in (document.constraints ?? []).enumerated() {
            makeConstraints(entry.group, path: [.key("constraints"), .index(i)])
        }
        checkAnimations()
        makeStateMachines()
        checkHandlerActions()
        if case let .view(id)? = document.screen?.keyboard, views[id] == nil {
            log.add([.key("screen"), .key("keyboard")], "unknown view '\(id)'")
        }
        wireHandlers()
        guard log.problems.isEmpty else { return }
        perform(handlers["screen.load"] ?? [])
        switch document.screen?.keyboard {
        case .root?: stage.installKeyboard(in: root)
        case let .view(id)?: if let host = views[id] { stage.installKeyboard(in: host) }
        default: break
        }
        if layout { stage.window.layoutIfNeeded() }
        let turns = ["portrait", "landscape"].compactMap { handlers["screen.\($0)"] }
        stage.onRotate = { [unowned self] orientation in
            if turns.isEmpty { rotate(to: orientation) } else { perform(handlers["screen.\(orientation.rawValue)"] ?? []) }
        }
    }

    /// Starts the shuffles' random sequence again from `seed` (the script's `seed` step).
    func reseed(_ seed: UInt64) { random = SeededRandom(seed: seed) }

    /// A view by id (the root is `view`; the status bar's spinner is `networkActivityIndicator`).
    func view(_ id: String) -> View? { views[id] }

    // MARK: Views

    private func makeView(_ spec: ViewSpec, path: [PathStep]) -> View? {
        let kinds: [(String, String?)] = [("view", spec.view), ("label", spec.label), ("button", spec.button),
                                          ("textField", spec.textField), ("imageView", spec.imageView),
                                          ("activityIndicator", spec.activityIndicator), ("statusBar", spec.statusBar)]
        let given = kinds.filter { $0.1 != nil }
        guard given.count == 1, let (kind, idOrNil) = given.first, let id = idOrNil else {
            log.add(path, given.isEmpty ? "a view needs one kind key: view, label, button, textField, imageView, activityIndicator or statusBar"
                                        : "a view has one kind key, found \(given.map(\.0).joined(separator: " and "))")
            return nil
        }
        let idPath = path + [.key(kind)]
        guard checkIdentifier(id, idPath) else { return nil }
        guard views[id] == nil, !Self.reserved.contains(id) else {
            log.add(idPath, "the id '\(id)' is already used")
            return nil
        }
        let frame = rect(spec.frame, path + [.key("frame")]) ?? .zero
        let chosenFont = spec.font.flatMap { self.font($0, path + [.key("font")]) }
        let view: View
        switch kind {
        case "label":
            let textColor: Color = color(spec.textColor, path + [.key("textColor")]) ?? .black
            let alignment: TextAlignment = spec.textAlignment.flatMap { TextAlignment(rawValue: $0.rawValue) } ?? .left
            let labelFont: Font = chosenFont ?? .named("system", size: 17)
            view = Label(name: id, text: spec.text ?? "", font: labelFont, textColor: textColor, alignment: alignment, frame: frame)
        case "button":
            let style: Button.Style = spec.buttonType == .system ? .system : .custom
            let titleColor: Color = color(spec.titleColor, path + [.key("titleColor")]) ?? .white
            let buttonFont: Font = chosenFont ?? .named("system", size: 15)
            let button = Button(name: id, style: style, title: spec.title ?? "", font: buttonFont, titleColor: titleColor, frame: frame)
            if let padding = size(spec.contentPadding, path + [.key("contentPadding")]) { button.contentPadding = padding }
            if let enabled = spec.enabled { button.isEnabled = enabled }
            view = button
        case "textField":
            let field = TextField(name: id, placeholder: spec.placeholder ?? "",
                                  borderStyle: spec.borderStyle == .roundedRect ? .roundedRect : .none, frame: frame)
            field.isSecureTextEntry = spec.secureTextEntry ?? false
            if let chosenFont { field.font = chosenFont }
            if let c = color(spec.textColor, path + [.key("textColor")]) { field.textColor = c }
            field.text = spec.text ?? ""
            if let left = spec.leftView, let leftView = makeView(left, path: path + [.key("leftView")]) {
                field.leftView = leftView
            }
            view = field
        case "imageView":
            guard let art = image(spec.image, path) else { return nil }
            switch art {
            case let .vector(image): view = ImageView(name: id, image: image, frame: frame)
            case let .picture(pixmap, scale): view = PictureView(name: id, picture: pixmap, scale: scale, frame: frame)
            }
        case "activityIndicator":
            let indicator = ActivityIndicatorView(name: id, color: color(spec.color, path + [.key("color")]) ?? Color(white: 0.5),
                                                  frame: spec.frame == nil ? Rect(0, 0, 20, 20) : frame)
            if spec.animating == true { indicator.startAnimating(atFrame: 0) }
            view = indicator
        case "statusBar":
            view = StatusBar(width: frame.width, contentColor: color(spec.color, path + [.key("color")]) ?? .black)
        default:
            let tappable = (handlers["\(id).tap"] ?? handlers["\(id).touchUpInside"] ?? handlers["\(id).touchDown"]) != nil
            let plain: View = tappable ? SceneControl(name: id, frame: frame) : SceneView(name: id, frame: frame)
            if let s = size(spec.intrinsicContentSize, path + [.key("intrinsicContentSize")]) {
                (plain as? SceneView)?.intrinsicSize = s
                (plain as? SceneControl)?.intrinsicSize = s
            }
            view = plain
        }
        views[id] = view
        view.translatesAutoresizingMaskIntoConstraints = spec.translatesAutoresizingMaskIntoConstraints ?? (spec.frame != nil)
        apply(common: spec, to: view, path: path)
        for (i, sub) in (spec.subviews ?? []).enumerated() {
            if let child = makeView(sub, path: path + [.key("subviews"), .index(i)]) { view.addSubview(child) }
        }
        return view
    }

    private func apply(common spec: ViewSpec, to view: View, path: [PathStep]) {
        if let c = color(spec.backgroundColor, path + [.key("backgroundColor")]) { view.backgroundColor = c }
        if let r = spec.cornerRadius { view.cornerRadius = r }
        if let w = spec.borderWidth {
            view.border = (w, color(spec.borderColor, path + [.key("borderColor")]) ?? .black)
        }
        if let g = spec.gradient {
            view.backgroundGradient = gradient(g, path + [.key("gradient")])
            declaredGradients.insert(view.name)
        }
        if let a = spec.alpha { view.alpha = a }
        if let h = spec.hidden { view.isHidden = h }
        if let c = spec.clipsToBounds { view.clipsToBounds = c }
        if let u = spec.userInteractionEnabled { view.isUserInteractionEnabled = u }
        if let t = spec.transform { view.transform = transform(t, path + [.key("transform")]) }
        if let p = spec.contentHuggingPriority {
            if let h = p.horizontal { view.setContentHuggingPriority(LayoutPriority(h), for: .horizontal) }
            if let v = p.vertical { view.setContentHuggingPriority(LayoutPriority(v), for: .vertical) }
        }
        if let p = spec.contentCompressionResistancePriority {
            if let h = p.horizontal { view.setContentCompressionResistancePriority(LayoutPriority(h), for: .horizontal) }
            if let v = p.vertical { view.setContentCompressionResistancePriority(LayoutPriority(v), for: .vertical) }
        }
    }

    private func makeBars() {
        let screen = document.screen
        let width = root.bounds.width
        if let bar = screen?.navigationBar {
            let path: [PathStep] = [.key("screen"), .key("navigationBar")]
            let nav = NavigationBar(width: width, title: bar.title ?? "", backTitle: bar.backTitle,
                                    titleFont: bar.titleFont.flatMap { font($0, path + [.key("titleFont")]) } ?? .named("system", size: 17),
                                    titleColor: color(bar.titleColor, path + [.key("titleColor")]) ?? .black)
            if let item = bar.rightBarButtonItem {
                let itemPath = path + [.key("rightBarButtonItem")]
                if let custom = item.customView {
                    if let v = makeView(custom, path: itemPath + [.key("customView")]) { nav.setRightItem(v) }
                } else if let id = item.id, checkIdentifier(id, itemPath + [.key("id")]) {
                    if views[id] != nil || Self.reserved.contains(id) { log.add(itemPath + [.key("id")], "the id '\(id)' is already used") }
                    let button = NavigationBar.textItem(item.title ?? "", name: id)
                    views[id] = button
                    nav.setRightItem(button)
                } else if item.id == nil {
                    log.add(itemPath, "a bar button item needs an id and a title, or a customView")
                }
            }
            stage.window.addSubview(nav)
            navigationBar = nav
            views["navigationBar"] = nav
        }
        if screen?.statusBar?.hidden != true {
            let spec = screen?.statusBar
            let path: [PathStep] = [.key("screen"), .key("statusBar")]
            let bar = StatusBar(width: width, contentColor: color(spec?.color, path + [.key("color")]) ?? .black)
            if let time = spec?.time { bar.time = time }
            if let carrier = spec?.carrier { bar.carrier = carrier }
            if spec?.networkActivityIndicator == true { bar.networkActivity.startAnimating(atFrame: 0) }
            stage.window.addSubview(bar)
            statusBar = bar
            views["statusBar"] = bar
            views["networkActivityIndicator"] = bar.networkActivity
        }
    }

    /// iOS rotates the interface in 0.4 s: the view takes the new screen size and lays out again.
    private func rotate(to orientation: Orientation) {
        let size = stage.screenSize
        stage.animate(duration: 0.4, curve: .easeInOut) { [self] in
            root.frame = Rect(origin: .zero, size: size)
            if let bar = navigationBar { bar.frame.size.width = size.width }
            if let bar = statusBar { bar.frame.size.width = size.width }
            root.layoutIfNeeded()
        }
    }

    // MARK: Constraints

    /// A constraint list entry, made once: its constraints (for each order of a shuffle group),
    /// the view holding them and which are active.
    final class ConstraintGroup {
        var constraints: [LayoutConstraint]
        let holder: View
        var active: Bool
        /// For a shuffle group: the ids `$1`, `$2`, … stand for and the constraints for each order.
        var shuffleIDs: [String] = []
        var byOrder: [[String]: [LayoutConstraint]] = [:]

        init(constraints: [LayoutConstraint], holder: View, active: Bool) {
            self.constraints = constraints
            self.holder = holder
            self.active = active
        }
    }

    /// The views by id as layout items, and an engine that knows the tree (for `|`), to read
    /// formats and equations with; made once, after the views, so each format costs its length.
    private lazy var formatReader: (engine: LayoutEngine, items: [String: LayoutItem]) = {
        let engine = LayoutEngine(root: stage.window, size: stage.screenSize)
        for view in stage.window.subtree.dropFirst() {
            if let parent = view.superview { engine.add(view, to: parent) }
        }
        return (engine, views.mapValues { $0 as LayoutItem })
    }()

    /// The views a format names: its identifiers that are view ids.
    private func views(in format: String) -> [String: LayoutItem] {
        var found: [String: LayoutItem] = [:]
        var word = ""
        for c in format.unicodeScalars {
            if c == "_" || (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) {
                word.unicodeScalars.append(c)
                continue
            }
            if let item = formatReader.items[word] { found[word] = item }
            word = ""
        }
        if let item = formatReader.items[word] { found[word] = item }
        return found
    }

    private func makeConstraints(_ spec: ConstraintGroupSpec, path: [PathStep]) {
        if let id = spec.id {
            guard checkIdentifier(id, path + [.key("id")]) else { return }
            if groups[id] != nil { log.add(path + [.key("id")], "the constraint id '\(id)' is already used") }
        }
        func formatOptions(_ names: Names?, _ at: [PathStep]) -> FormatOptions {
            var options: FormatOptions = []
            for (i, name) in (names?.values ?? []).enumerated() {
                guard let option = FormatOptions(name: name) else {
                    log.add(at + (names!.values.count > 1 ? [.index(i)] : []),
                            "unknown format option '\(name)' (alignAllTop, alignAllCenterY, directionLeftToRight, …)")
                    continue
                }
                options.insert(option)
            }
            return options
        }
        let options = formatOptions(spec.options, path + [.key("options")])
        let vfl = spec.vfl?.formats ?? [], equations = spec.equation?.values ?? []
        let vflPaths: [[PathStep]] = vfl.indices.map { i in
            path + (spec.vfl.map { $0.formats.count > 1 } ?? false ? [.key("vfl"), .index(i)] : [.key("vfl")])
        }
        let vflOptions = vfl.enumerated().map { i, f in options.union(formatOptions(f.options, vflPaths[i] + [.key("options")])) }
        if vfl.isEmpty && equations.isEmpty { log.add(path, "a constraint group needs vfl or equation") }
        func made(_ substitutions: [String: String]) -> [LayoutConstraint]? {
            var out: [LayoutConstraint] = []
            var ok = true
            for (i, entry) in vfl.enumerated() {
                let format = substitute(entry.format, substitutions)
                let at = vflPaths[i] + (entry.options == nil ? [] : [.key("format")])
                do {
                    out += try formatReader.engine.constraints(withVisualFormat: format, options: vflOptions[i],
                                                               metrics: spec.metrics ?? [:], views: views(in: format))
                } catch {
                    report(error, text: entry.format, at: at)
                    ok = false
                }
            }
            for (i, text) in equations.enumerated() {
                let at = path + (spec.equation!.values.count > 1 ? [.key("equation"), .index(i)] : [.key("equation")])
                do {
                    out.append(try formatReader.engine.constraint(parsing: substitute(text, substitutions), items: formatReader.items))
                } catch {
                    report(error, text: text, at: at)
                    ok = false
                }
            }
            return ok ? out : nil
        }
        let active = spec.active ?? true
        if let ids = spec.shuffle {
            guard let id = spec.id else { return log.add(path + [.key("shuffle")], "a shuffle group needs an id for the shuffle action") }
            for (i, v) in ids.enumerated() where views[v] == nil {
                log.add(path + [.key("shuffle"), .index(i)], "unknown view '\(v)'")
            }
            guard ids.allSatisfy({ views[$0] != nil }), ids.count <= 6 else {
                if ids.count > 6 { log.add(path + [.key("shuffle")], "a shuffle group orders at most 6 views") }
                return
            }
            var byOrder: [[String]: [LayoutConstraint]] = [:]
            for order in Demos.permutations(of: ids) {
                let names = Dictionary(uniqueKeysWithValues: order.enumerated().map { ("$\($0.offset + 1)", $0.element) })
                guard let constraints = made(names) else { return }
                byOrder[order] = constraints
            }
            let holder = commonAncestor(of: byOrder.values.first ?? []) ?? root
            let group = ConstraintGroup(constraints: [], holder: holder, active: false)
            group.shuffleIDs = ids
            group.byOrder = byOrder
            groups[id] = group
            return
        }
        guard let constraints = made([:]) else { return }
        let group = ConstraintGroup(constraints: constraints, holder: commonAncestor(of: constraints) ?? root, active: active)
        if active { group.holder.addConstraints(constraints) }
        if let id = spec.id { groups[id] = group }
    }

    /// The text with `$1`, `$2`, … replaced (longest first, so `$12` is not read as `$1`).
    private func substitute(_ text: String, _ names: [String: String]) -> String {
        guard !names.isEmpty else { return text }
        return names.keys.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: names[$1]!) }
    }

    private func report(_ error: Error, text: String, at path: [PathStep]) {
        if let vf = error as? VisualFormatError {
            // Point at the character in the string when it is written on one line, unquoted or quoted.
            log.add(path, "\(vf.message) in '\(text)' at character \(vf.position + 1)")
        } else {
            log.add(path, "\(error)")
        }
    }

    /// UIKit's rule: a constraint is held by the nearest common ancestor of the views it relates.
    private func commonAncestor(of constraints: [LayoutConstraint]) -> View? {
        let items = constraints.flatMap { [$0.firstItem, $0.secondItem].compactMap { $0 as? View } }
        guard var candidate = items.first else { return nil }
        func chain(_ v: View) -> [View] { var out = [v]; var p = v.superview; while let x = p { out.append(x); p = x.superview }; return out }
        for item in items.dropFirst() {
            let ancestors = chain(item)
            candidate = chain(candidate).first { c in ancestors.contains { $0 === c } } ?? root
        }
        return candidate
    }

    // MARK: Animations, handlers, states

    private func collectHandlers() {
        let written = log.locator.keys(at: [.key("on")])
        let order = Dictionary(written.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for key in (document.on ?? [:]).keys.sorted(by: { (order[$0] ?? 0) < (order[$1] ?? 0) }) {
            handlers[key, default: []].append(document.on![key]!)
        }
    }

    /// The ranges that keep every animation finite: POP's and UIKit's constants stay where
    /// their solvers are stable, values and velocities where a frame can still be drawn.
    static let limits: [(key: String, range: ClosedRange<Double>, value: (AnimationSpec) -> Double?)] = [
        ("springBounciness", 0...50, \.springBounciness), ("springSpeed", 0...50, \.springSpeed),
        ("dynamicsTension", 0...100_000, \.dynamicsTension), ("dynamicsFriction", 0...100_000, \.dynamicsFriction),
        ("dynamicsMass", 0.001...10_000, \.dynamicsMass), ("duration", 0...60, \.duration),
        ("beginTime", 0...600, \.beginTime), ("delay", 0...600, \.delay),
        ("dampingRatio", 0.01...10, \.dampingRatio), ("initialSpringVelocity", -100...100, \.initialSpringVelocity),
        ("deceleration", 0.5...0.99999, \.deceleration), ("repeatCount", 0...1_000_000, \.repeatCount),
    ]

    private func checkAnimations() {
        for (name, spec) in animations {
            let path: [PathStep] = [.key("animations"), .key(name)]
            for limit in Self.limits {
                if let v = limit.value(spec), !limit.range.contains(v) {
                    log.add(path + [.key(limit.key)], "\(limit.key) lies in \(limit.range.lowerBound)…\(limit.range.upperBound)")
                }
            }
            checkRepeats(spec, path)
            switch spec.type {
            case .animate:
                if spec.duration == nil { log.add(path, "an animate block needs a duration") }
                if spec.changes == nil { log.add(path, "an animate block needs changes") }
                for (i, change) in (spec.changes ?? []).enumerated() {
                    checkAction(change, path: path + [.key("changes"), .index(i)], inBlock: true)
                }
            case .spring, .basic, .decay:
                guard let count = animatedComponents(spec, path) else { continue }
                for (key, value) in [("fromValue", spec.fromValue), ("toValue", spec.toValue), ("velocity", spec.velocity)] {
                    if let value { checkValue(value, count: count, path: path + [.key(key)]) }
                }
                if spec.type == .decay, spec.velocity == nil { log.add(path, "a decay needs a velocity") }
                if let t = spec.timingFunction {
                    do { _ = try TimingFunction(parsing: t) } catch { log.add(path + [.key("timingFunction")], "\(error)") }
                }
            }
        }
    }

    /// Repeats as each kind spells them: POP's `repeatCount` (whole), `repeatForever` and
    /// `autoreverses`; a UIKit block's `options: [repeat, autoreverse]` and `repeatCount`
    /// (`modifyAnimations(withRepeatCount:)`, fractions allowed).
    private func checkRepeats(_ spec: AnimationSpec, _ path: [PathStep]) {
        if spec.type == .animate {
            if spec.repeatForever != nil {
                log.add(path + [.keyName("repeatForever")], "an animate block repeats forever with `options: [repeat]`")
            }
            if spec.autoreverses != nil {
                log.add(path + [.keyName("autoreverses")], "an animate block autoreverses with `options: [autoreverse]`")
            }
            if spec.repeatCount != nil, spec.options?.contains(.repeat) == true {
                log.add(path + [.keyName("repeatCount")], "give repeatCount or the repeat option, not both")
            }
            return
        }
        if spec.options != nil {
            log.add(path + [.keyName("options")], "options belong to an animate block; a POP animation repeats with repeatCount, repeatForever and autoreverses")
        }
        if let count = spec.repeatCount, count >= 0, count != count.rounded(.down) {
            log.add(path + [.key("repeatCount")], "a POP animation's repeatCount is a whole number (an animate block takes fractions)")
        }
        if spec.repeatCount != nil, spec.repeatForever == true {
            log.add(path + [.keyName("repeatCount")], "give repeatCount or repeatForever, not both")
        }
    }

    /// The animated property's component count, after checking the target and the property.
    private func animatedComponents(_ spec: AnimationSpec, _ path: [PathStep]) -> Int? {
        guard let property = spec.property else {
            log.add(path, "a \(spec.type.rawValue) animation needs a property")
            return nil
        }
        if property == "constant" {
            guard let id = spec.constraint else { log.add(path, "animating `constant` needs a constraint id"); return nil }
            guard groups[id] != nil else { log.add(path + [.key("constraint")], "unknown constraint '\(id)'"); return nil }
            return 1
        }
        let keyPath = Self.gradientKeyPath(property), viewProperty = ViewProperty(rawValue: property)
        guard viewProperty != nil || keyPath != nil else {
            let names = ViewProperty.allCases.map(\.rawValue) + ["constant"] + Self.gradientProperties
            let near = GradientLayer.AnimatableKeyPath(rawValue: property).map { "gradient.\($0.rawValue)" }
                ?? SceneChecker.nearest(property, in: names)
            log.add(path + [.key("property")], "unknown property '\(property)'"
                + (near.map { " (did you mean '\($0)'?)" } ?? " (\(names.joined(separator: ", ")))"))
            return nil
        }
        guard let ids = spec.view?.values, !ids.isEmpty else { log.add(path, "a \(spec.type.rawValue) animation needs a view"); return nil }
        var known = true
        for (i, id) in ids.enumerated() {
            let at = path + [.key("view")] + (ids.count > 1 ? [.index(i)] : [])
            guard let view = views[id] else { log.add(at, "unknown view '\(id)'"); known = false; continue }
            if let keyPath, let layer = gradientLayer(of: view, at) {
                checkGradientAnimation(spec, keyPath, layer, path)
            }
        }
        return known ? viewProperty?.standard.componentCount : nil
    }

    /// The gradient property names an animation's `property` takes: CAGradientLayer's key paths
    /// on the view's `gradient`.
    static let gradientProperties = GradientLayer.AnimatableKeyPath.allCases.map { "gradient.\($0.rawValue)" }

    /// The gradient key path `property` names (`gradient.locations`), or nil.
    static func gradientKeyPath(_ property: String) -> GradientLayer.AnimatableKeyPath? {
        guard property.hasPrefix("gradient.") else { return nil }
        return GradientLayer.AnimatableKeyPath(rawValue: String(property.dropFirst("gradient.".count)))
    }

    /// The view's gradient layer, or nil after reporting that it has none (a declared gradient
    /// that could not be built was reported where it is declared).
    private func gradientLayer(of view: View, _ path: [PathStep]) -> GradientLayer? {
        if let layer = view.backgroundGradient { return layer }
        if !declaredGradients.contains(view.name) {
            log.add(path, "'\(view.name)' has no gradient to animate or change; give it a `gradient:` in views")
        }
        return nil
    }

    /// Checks a POP animation of a gradient key path: from and to values of the gradient's shape
    /// (as many colours or locations as it has colours: arrays of other lengths do not
    /// interpolate), locations in 0…1, points in range, velocities of the right size.
    private func checkGradientAnimation(_ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath,
                                        _ layer: GradientLayer, _ path: [PathStep]) {
        let values = [("fromValue", spec.fromValue), ("toValue", spec.toValue)].compactMap { key, value in value.map { (key, $0) } }
        let count = layer.colors.count
        switch keyPath {
        case .colors:
            for (key, value) in values {
                guard case let .colors(list) = value else {
                    log.add(path + [.key(key)], "gradient.colors takes a list of \(count) colours, as many as the gradient has")
                    continue
                }
                checkGradientColors(list, count: count, path + [.key(key)])
            }
            if spec.velocity != nil {
                log.add(path + [.key("velocity")], "gradient.colors takes no velocity; animate colours with a spring or basic animation")
            }
        case .locations:
            for (key, value) in values {
                guard case let .numbers(list) = value else {
                    log.add(path + [.key(key)], "gradient.locations takes a list of \(count) numbers, one per colour of the gradient")
                    continue
                }
                checkGradientLocations(list, count: count, path + [.key(key)])
            }
            if let velocity = spec.velocity { checkValue(velocity, count: count, path: path + [.key("velocity")]) }
        case .startPoint, .endPoint:
            for (key, value) in values {
                guard case let .numbers(list) = value, list.count == 2 else {
                    log.add(path + [.key(key)], "expected [x, y] in unit coordinates of the bounds")
                    continue
                }
                checkGradientPoint(Point(list[0], list[1]), keyPath == .startPoint ? nil : layer.startPoint,
                                   keyPath == .endPoint ? nil : layer.endPoint, radial: layer.type == .radial, path + [.key(key)])
            }
            if let velocity = spec.velocity { checkValue(velocity, count: 2, path: path + [.key("velocity")]) }
        }
    }

    /// Colours for a gradient of `count` colours: as many, each one readable. The messages name
    /// no view, so an animation of several views alike reports a wrong value once.
    private func checkGradientColors(_ list: [String], count: Int, _ path: [PathStep]) {
        guard list.count == count else {
            return log.add(path, "expected \(count) colours, as many as the gradient has, found \(list.count)")
        }
        for (i, text) in list.enumerated() { _ = color(text, path + [.index(i)]) }
    }

    /// Locations for a gradient of `count` colours: one per colour, not decreasing (Core
    /// Animation's documented rule), within ±100. Locations outside 0…1 are fine, as
    /// CAGradientLayer takes them: those stops lie beyond the ends and still shape the colours
    /// between them (the shimmer's `[-1, -0.5, 0]` to `[1, 1.5, 2]`).
    @discardableResult
    private func checkGradientLocations(_ list: [Double], count: Int, _ path: [PathStep]) -> Bool {
        guard list.count == count else {
            log.add(path, "expected \(count) locations, one per colour of the gradient, found \(list.count)")
            return false
        }
        guard list.allSatisfy({ abs($0) <= 100 }) else {
            log.add(path, "gradient locations lie within ±100 (0 is startPoint, 1 is endPoint)")
            return false
        }
        if let i = list.indices.dropFirst().first(where: { list[$0] < list[$0 - 1] }) {
            log.add(path + [.index(i)], "gradient locations do not decrease, and \(list[i]) comes after \(list[i - 1])")
            return false
        }
        return true
    }

    /// A gradient point: within ±100 unit squares, and for a radial gradient apart from the
    /// other point in both x and y (the two span the ellipse).
    @discardableResult
    private func checkGradientPoint(_ point: Point, _ start: Point?, _ end: Point?, radial: Bool, _ path: [PathStep]) -> Bool {
        guard abs(point.x) <= 100, abs(point.y) <= 100 else {
            log.add(path, "a gradient point is in unit coordinates of the bounds, within ±100")
            return false
        }
        if radial, let other = start ?? end, other.x == point.x || other.y == point.y {
            log.add(path, "a radial gradient's endPoint differs from its startPoint in both x and y (they span the ellipse)")
            return false
        }
        return true
    }

    private func checkValue(_ value: ValueSpec, count: Int, path: [PathStep]) {
        switch value {
        case let .numbers(list):
            if list.count != 1 && list.count != count { log.add(path, "expected 1 or \(count) numbers, found \(list.count)") }
            if list.contains(where: { abs($0) > 1_000_000 }) { log.add(path, "values lie within ±1000000") }
        case .colors:
            log.add(path, "expected 1 or \(count) numbers, found colours (only gradient.colors animates to colours)")
        case let .expression(text):
            if case let .failure(e) = SceneExpression.parse(text, views: views) { log.add(path, e.message) }
        }
    }

    /// New gradient values for a view with a gradient, in its shape: as many colours and
    /// locations as it has colours (an animate block interpolates them element by element).
    private func checkGradientChange(_ change: GradientChangeSpec, on view: View, _ path: [PathStep]) {
        guard let layer = gradientLayer(of: view, path) else { return }
        let count = layer.colors.count
        if let colors = change.colors { checkGradientColors(colors, count: count, path + [.key("colors")]) }
        if let locations = change.locations { checkGradientLocations(locations, count: count, path + [.key("locations")]) }
        let start = point(change.startPoint, path + [.key("startPoint")]), end = point(change.endPoint, path + [.key("endPoint")])
        let radial = layer.type == .radial
        if let start { checkGradientPoint(start, nil, end == nil ? layer.endPoint : nil, radial: radial, path + [.key("startPoint")]) }
        if let end { checkGradientPoint(end, start ?? layer.startPoint, nil, radial: radial, path + [.key("endPoint")]) }
    }

    private func makeStateMachines() {
        for (name, spec) in document.states ?? [:] {
            let path: [PathStep] = [.key("states"), .key(name)]
            let known = Set(spec.values)
            if spec.values.isEmpty || known.count != spec.values.count {
                log.add(path + [.key("values")], "a state machine has one or more states, each named once")
            }
            if !known.contains(spec.initial) { log.add(path + [.key("initial")], "unknown state '\(spec.initial)'") }
            for (i, t) in (spec.transitions ?? []).enumerated() {
                for (key, names) in [("from", t.from), ("to", t.to)] {
                    for state in names?.values ?? [] where !known.contains(state) {
                        log.add(path + [.key("transitions"), .index(i), .key(key)], "unknown state '\(state)'")
                    }
                }
                for (j, action) in t.actions.enumerated() {
                    checkAction(action, path: path + [.key("transitions"), .index(i), .key("actions"), .index(j)], inBlock: false)
                }
            }
            if let follow = spec.textLength {
                if !(views[follow.field] is TextField) {
                    log.add(path + [.key("textLength"), .key("field")], "unknown text field '\(follow.field)'")
                }
                for state in follow.cases.keys where !known.contains(state) {
                    log.add(path + [.key("textLength"), .key("cases"), .keyName(state)], "unknown state '\(state)'")
                }
            }
            machines[name] = StateMachine(spec: spec)
        }
    }

    private func checkHandlerActions() {
        for key in (document.on ?? [:]).keys {
            let path: [PathStep] = [.key("on"), .key(key)]
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count != 2 {
                log.add([.key("on"), .keyName(key)], "a handler is named ID.EVENT, like button.touchUpInside")
            } else {
                checkEvent(id: parts[0], event: parts[1], path: [.key("on"), .keyName(key)])
            }
            for (i, action) in (document.on?[key] ?? []).enumerated() {
                checkAction(action, path: path + [.index(i)], inBlock: false)
            }
        }
    }

    private func checkEvent(id: String, event: String, path: [PathStep]) {
        if id == "screen" {
            if !["load", "tap", "portrait", "landscape"].contains(event) {
                log.add(path, "screen events are load, tap, portrait and landscape, not '\(event)'")
            }
            return
        }
        if animations[id] != nil {
            if event != "completion" { log.add(path, "an animation's event is completion, not '\(event)'") }
            return
        }
        guard let view = views[id] else { return log.add(path, "unknown view or animation '\(id)'") }
        let controlEvents = ["touchDown", "touchUpInside", "tap"], editing = ["editingDidBegin", "editingChanged", "editingDidEnd"]
        if view is TextField {
            if !(editing + controlEvents).contains(event) { log.add(path, "unknown text field event '\(event)' (\((editing + controlEvents).joined(separator: ", ")))") }
        } else if view is Control {
            if !controlEvents.contains(event) { log.add(path, "unknown event '\(event)' (\(controlEvents.joined(separator: ", ")))") }
        } else {
            log.add(path, "'\(id)' is not a control (button, textField, bar button item, or a view with tap handlers)")
        }
    }

    private func checkAction(_ action: ActionSpec, path: [PathStep], inBlock: Bool) {
        let verbs: [(String, Bool)] = [
            ("run", action.run != nil), ("stop", action.stop != nil), ("set", action.set != nil),
            ("activate", action.activate != nil), ("deactivate", action.deactivate != nil),
            ("constant", action.constant != nil), ("shuffle", action.shuffle != nil),
            ("layoutIfNeeded", action.layoutIfNeeded != nil), ("becomeFirstResponder", action.becomeFirstResponder != nil),
            ("resignFirstResponder", action.resignFirstResponder != nil), ("endEditing", action.endEditing != nil),
            ("startAnimating", action.startAnimating != nil), ("stopAnimating", action.stopAnimating != nil),
            ("state", action.state != nil), ("nextState", action.nextState != nil),
        ]
        let given = verbs.filter(\.1).map(\.0)
        guard given.count == 1, let verb = given.first else {
            return log.add(path, given.isEmpty ? "an action needs one verb (\(verbs.map(\.0).joined(separator: ", ")))"
                                               : "one verb per action, found \(given.joined(separator: " and "))")
        }
        let blockVerbs = ["set", "activate", "deactivate", "constant", "shuffle", "layoutIfNeeded"]
        if inBlock, !blockVerbs.contains(verb) {
            log.add(path + [.keyName(verb)], "an animate block changes only \(blockVerbs.joined(separator: ", "))")
        }
        if inBlock, action.after != nil { log.add(path + [.keyName("after")], "a change in an animate block has no delay (give the block one)") }
        if let a = action.after, a < 0 || a > 600 { log.add(path + [.key("after")], "a delay lies in 0…600 seconds") }
        func names(_ key: String, _ list: Names?, _ exists: (String) -> Bool, _ what: String) {
            let values = list?.values ?? []
            for (i, name) in values.enumerated() where !exists(name) {
                log.add(path + [.key(key)] + (values.count > 1 ? [.index(i)] : []), "unknown \(what) '\(name)'")
            }
        }
        names("run", action.run, { self.animations[$0] != nil }, "animation")
        names("stop", action.stop, { self.animations[$0] != nil }, "animation")
        names("activate", action.activate, { self.groups[$0] != nil }, "constraint")
        names("deactivate", action.deactivate, { self.groups[$0] != nil }, "constraint")
        names("startAnimating", action.startAnimating, { self.views[$0] is ActivityIndicatorView }, "activity indicator")
        names("stopAnimating", action.stopAnimating, { self.views[$0] is ActivityIndicatorView }, "activity indicator")
        for id in (action.constant ?? [:]).keys where groups[id] == nil {
            log.add(path + [.key("constant"), .keyName(id)], "unknown constraint '\(id)'")
        }
        if let s = action.shuffle, groups[s]?.shuffleIDs.isEmpty != false { log.add(path + [.key("shuffle")], "unknown shuffle group '\(s)'") }
        for field in [action.becomeFirstResponder, action.resignFirstResponder].compactMap({ $0 }) where !(views[field] is TextField) {
            log.add(path + [.keyName(verb)], "unknown text field '\(field)'")
        }
        for (id, values) in action.set ?? [:] {
            guard let view = views[id] else { log.add(path + [.key("set"), .keyName(id)], "unknown view '\(id)'"); continue }
            let at = path + [.key("set"), .key(id)]
            _ = rect(values.frame, at + [.key("frame")])
            _ = point(values.center, at + [.key("center")])
            _ = size(values.size, at + [.key("size")])
            _ = color(values.backgroundColor, at + [.key("backgroundColor")])
            _ = color(values.textColor, at + [.key("textColor")])
            if values.text != nil, !(view is Label || view is TextField) { log.add(at + [.keyName("text")], "'\(id)' has no text") }
            if values.title != nil, !(view is Button) { log.add(at + [.keyName("title")], "'\(id)' has no title") }
            if values.enabled != nil, !(view is Control) { log.add(at + [.keyName("enabled")], "'\(id)' is not a control") }
            if let change = values.gradient { checkGradientChange(change, on: view, at + [.key("gradient")]) }
        }
        if let machine = action.nextState, document.states?[machine] == nil {
            log.add(path + [.key("nextState")], "unknown state machine '\(machine)'")
        }
        for (machine, state) in action.state ?? [:] {
            guard let spec = document.states?[machine] else { log.add(path + [.key("state"), .keyName(machine)], "unknown state machine '\(machine)'"); continue }
            if !spec.values.contains(state) { log.add(path + [.key("state"), .key(machine)], "unknown state '\(state)'") }
        }
    }

    private func wireHandlers() {
        for (key, lists) in handlers {
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 2 else { continue }
            let actions = lists.flatMap { $0 }
            if parts[0] == "screen" {
                if parts[1] == "tap" { stage.onBackgroundTap = { [unowned self] in perform([actions]) } }
                continue
            }
            guard let control = views[parts[0]] as? Control else { continue }
            let event: ControlEvent
            switch parts[1] {
            case "touchDown": event = .touchDown
            case "touchUpInside", "tap": event = .touchUpInside
            case "editingDidBegin": event = .editingDidBegin
            case "editingChanged": event = .editingChanged
            case "editingDidEnd": event = .editingDidEnd
            default: continue
            }
            control.on(event) { [unowned self] _ in perform([actions]) }
        }
        for (name, machine) in machines {
            guard let follow = machine.spec.textLength, let field = views[follow.field] as? TextField else { continue }
            field.on(.editingChanged) { [unowned self] _ in
                let length = field.text.count
                let state = follow.cases.filter { $0.value <= length }.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
                if let state { enter(state, of: name) }
            }
        }
    }

    // MARK: Running actions

    private func perform(_ lists: [[ActionSpec]]) {
        for action in lists.flatMap({ $0 }) where action.launchOrientation.map({ $0.rawValue == launchOrientation.rawValue }) ?? true {
            if let delay = action.after, delay > 0 {
                stage.run(after: delay) { [unowned self] in act(action) }
            } else {
                act(action)
            }
        }
    }

    private func act(_ action: ActionSpec) {
        for name in action.run?.values ?? [] { start(name) }
        for name in action.stop?.values ?? [] {
            guard let spec = animations[name] else { continue }
            for group in blockGroups.removeValue(forKey: name) ?? [] { stage.stopAnimations(group) }
            for target in targets(of: spec) { stage.animator.removeAnimation(forKey: spec.key ?? name, from: target) }
        }
        change(action)
        if let field = action.becomeFirstResponder { stage.focus(views[field] as? TextField) }
        if let field = action.resignFirstResponder, stage.firstResponder === views[field] { stage.focus(nil) }
        if action.endEditing == true { stage.focus(nil) }
        for id in action.startAnimating?.values ?? [] { (views[id] as? ActivityIndicatorView)?.startAnimating(atFrame: stage.frame) }
        for id in action.stopAnimating?.values ?? [] { (views[id] as? ActivityIndicatorView)?.stopAnimating() }
        for (machine, state) in action.state ?? [:] { enter(state, of: machine) }
        if let name = action.nextState, let machine = machines[name], let i = machine.spec.values.firstIndex(of: machine.current) {
            enter(machine.spec.values[(i + 1) % machine.spec.values.count], of: name)
        }
    }

    /// The verbs an animate block may hold: property sets and constraint changes.
    private func change(_ action: ActionSpec) {
        for (id, values) in action.set ?? [:] {
            guard let view = views[id] else { continue }
            set(values, on: view)
        }
        for id in action.deactivate?.values ?? [] {
            guard let g = groups[id], g.active else { continue }
            g.holder.removeConstraints(g.constraints)
            g.active = false
        }
        for id in action.activate?.values ?? [] {
            guard let g = groups[id], !g.active else { continue }
            g.holder.addConstraints(g.constraints)
            g.active = true
        }
        for (id, value) in action.constant ?? [:] {
            guard let g = groups[id] else { continue }
            for c in g.constraints {
                c.constant = value
                for item in [c.firstItem, c.secondItem] { (item as? View)?.setNeedsLayout() }
            }
        }
        if let id = action.shuffle, let g = groups[id] {
            let order = random.shuffled(g.shuffleIDs)
            g.holder.removeConstraints(g.constraints)
            g.constraints = g.byOrder[order] ?? []
            g.holder.addConstraints(g.constraints)
            g.active = true
        }
        if action.layoutIfNeeded == true { root.layoutIfNeeded() }
    }

    private func set(_ values: PropertyValues, on view: View) {
        if let f = values.frame, f.count == 4 { view.frame = Rect(f[0], f[1], f[2], f[3]) }
        if let c = values.center, c.count == 2 { view.center = Point(c[0], c[1]) }
        if let s = values.size, s.count == 2 { view.bounds.size = Size(s[0], s[1]) }
        if let a = values.alpha { view.alpha = a }
        if let h = values.hidden { view.isHidden = h }
        if let c = values.backgroundColor, case let .success(color) = SceneValues.color(c) { view.backgroundColor = color }
        if let r = values.cornerRadius { view.cornerRadius = r }
        if let t = values.transform { view.transform = transform(t, []) }
        if let u = values.userInteractionEnabled { view.isUserInteractionEnabled = u }
        if let e = values.enabled { (view as? Control)?.isEnabled = e }
        if let text = values.text {
            (view as? Label)?.text = text
            (view as? TextField)?.text = text
            view.setNeedsLayout()
        }
        if let c = values.textColor, case let .success(color) = SceneValues.color(c) {
            (view as? Label)?.textColor = color
            (view as? TextField)?.textColor = color
        }
        if let title = values.title {
            (view as? Button)?.title = title
            view.setNeedsLayout()
        }
        if let change = values.gradient, let layer = view.backgroundGradient {
            if let colors = change.colors { layer.colors = colors.compactMap { try? SceneValues.color($0).get() } }
            if let locations = change.locations { layer.locations = locations }
            if let p = change.startPoint, p.count == 2 { layer.startPoint = Point(p[0], p[1]) }
            if let p = change.endPoint, p.count == 2 { layer.endPoint = Point(p[0], p[1]) }
        }
    }

    private func enter(_ state: String, of name: String) {
        guard let machine = machines[name], machine.current != state else { return }
        let from = machine.current
        machine.current = state
        let transition = machine.spec.transitions?.first { t in
            (t.from.map { $0.values.contains(from) } ?? true) && (t.to.map { $0.values.contains(state) } ?? true)
        }
        if let transition { perform([transition.actions]) }
    }

    private func targets(of spec: AnimationSpec) -> [AnyObject] {
        if spec.property == "constant" { return spec.constraint.flatMap { groups[$0]?.constraints } ?? [] }
        if spec.property.flatMap(Self.gradientKeyPath) != nil {
            return (spec.view?.values ?? []).compactMap { views[$0]?.backgroundGradient }
        }
        return (spec.view?.values ?? []).compactMap { views[$0] }
    }

    /// Starts the named animation: a POP animation on each target, or a UIKit block.
    private func start(_ name: String) {
        guard let spec = animations[name] else { return }
        if spec.type == .animate { return startBlock(name, spec) }
        if let keyPath = spec.property.flatMap(Self.gradientKeyPath) { return startGradient(name, spec, keyPath) }
        let property: AnimatableProperty
        let count: Int
        if spec.property == "constant" {
            property = .layoutConstraintConstant
            count = 1
        } else {
            guard let p = spec.property.flatMap(ViewProperty.init(rawValue:)) else { return }
            property = .view(p)
            count = p.standard.componentCount
        }
        let targets = targets(of: spec)
        let done = completion(of: name, targets: targets.count)
        for target in targets {
            let animation = popAnimation(spec, from: spec.fromValue.map { vector($0, count: count) },
                                         to: spec.toValue.map { vector($0, count: count) },
                                         velocity: spec.velocity.map { vector($0, count: count) }, count: count)
            animation.completion = done
            stage.animator.add(animation, forKey: spec.key ?? name, to: target, property: property)
        }
    }

    /// The completion of one run of the named animation on `targets` targets: its
    /// `NAME.completion` handlers run once, after the last target's animation has ended.
    private func completion(of name: String, targets: Int) -> ((Bool) -> Void)? {
        guard let handlers = handlers["\(name).completion"] else { return nil }
        var remaining = targets
        return { [unowned self] _ in
            remaining -= 1
            if remaining == 0 { perform(handlers) }
        }
    }

    /// A POP animation of a gradient key path on each view, as Core Animation animates
    /// CAGradientLayer's arrays: one animation per colour or location with the same timing,
    /// run as one group per view.
    private func startGradient(_ name: String, _ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath) {
        let layers = targets(of: spec).compactMap { $0 as? GradientLayer }
        let done = completion(of: name, targets: layers.count)
        for layer in layers { startGradient(spec, keyPath, on: layer, completion: done, key: spec.key ?? name) }
    }

    private func startGradient(_ spec: AnimationSpec, _ keyPath: GradientLayer.AnimatableKeyPath, on layer: GradientLayer,
                               completion: ((Bool) -> Void)?, key: String) {
        let properties = layer.animatableProperties(keyPath)
        /// The value split per element: a colour (premultiplied), a location, or the point.
        func elements(_ value: ValueSpec?) -> [AnimationVector]? {
            switch value {
            case let .colors(list)?:
                return list.map { GradientLayer.animationValue(of: (try? SceneValues.color($0).get()) ?? .clear) }
            case let .numbers(list)? where keyPath == .locations:
                return properties.indices.map { AnimationVector(list.count == properties.count ? list[$0] : list.first ?? 0) }
            case let value?:
                return [vector(value, count: 2)]
            case nil:
                return nil
            }
        }
        let from = elements(spec.fromValue), to = elements(spec.toValue), velocity = elements(spec.velocity)
        func element(_ list: [AnimationVector]?, _ i: Int) -> AnimationVector? {
            list.flatMap { i < $0.count && $0[i].count == properties[i].componentCount ? $0[i] : nil }
        }
        let members = properties.indices.map { i in
            popAnimation(spec, from: element(from, i), to: element(to, i), velocity: element(velocity, i),
                         count: properties[i].componentCount)
        }
        stage.animator.add(members, forKey: key, to: layer, properties: properties, completion: completion)
    }

    /// POP's spring, basic or decay animation as the spec describes it, with its begin time.
    private func popAnimation(_ spec: AnimationSpec, from: AnimationVector?, to: AnimationVector?,
                              velocity: AnimationVector?, count: Int) -> PropertyAnimation {
        let animation: PropertyAnimation
        switch spec.type {
        case .spring:
            let spring = SpringAnimation(from: from, to: to, velocity: velocity, bounciness: spec.springBounciness ?? 4,
                                         speed: spec.springSpeed ?? 12)
            if let t = spec.dynamicsTension { spring.dynamicsTension = t }
            if let f = spec.dynamicsFriction { spring.dynamicsFriction = f }
            if let m = spec.dynamicsMass { spring.dynamicsMass = m }
            animation = spring
        case .basic, .animate:
            let timing = (try? spec.timingFunction.map(TimingFunction.init(parsing:))) ?? nil
            animation = BasicAnimation(from: from, to: to, duration: spec.duration ?? 0.4, timingFunction: timing ?? .default)
        case .decay:
            animation = DecayAnimation(from: from, velocity: velocity ?? .zero(count: count),
                                       deceleration: spec.deceleration ?? 0.998)
        }
        animation.delay = spec.beginTime ?? 0
        animation.repeatCount = Int(spec.repeatCount ?? 0)
        animation.repeatForever = spec.repeatForever ?? false
        animation.autoreverses = spec.autoreverses ?? false
        return animation
    }

    /// A UIKit block: pending layout is applied first (as a `layoutIfNeeded` before the block),
    /// then the changes run inside `animateWithDuration:` and a constraint change is laid out there.
    private func startBlock(_ name: String, _ spec: AnimationSpec) {
        let go = { [unowned self] in
            let changes = spec.changes ?? []
            let relayout = changes.contains { $0.activate != nil || $0.deactivate != nil || $0.constant != nil
                || $0.shuffle != nil || $0.layoutIfNeeded == true }
            if relayout { root.layoutIfNeeded() }
            var options: UIKitAnimationOptions = []
            if spec.options?.contains(.repeat) == true { options.insert(.repeat) }
            if spec.options?.contains(.autoreverse) == true { options.insert(.autoreverse) }
            let block = { [unowned self] in
                let made = { [unowned self] in
                    for c in changes { change(c) }
                    if relayout { root.layoutIfNeeded() }
                }
                if let count = spec.repeatCount {
                    stage.modifyAnimations(withRepeatCount: count, autoreverses: options.contains(.autoreverse), made)
                } else {
                    made()
                }
            }
            let done: ((Bool) -> Void)? = handlers["\(name).completion"].map { lists in { [unowned self] _ in perform(lists) } }
            let duration = spec.duration ?? 0
            let group: Stage.BlockAnimationGroup
            if let damping = spec.dampingRatio {
                group = stage.animate(duration: duration, dampingRatio: damping, initialVelocity: spec.initialSpringVelocity ?? 0,
                                      options: options, changes: block, completion: done)
            } else {
                group = stage.animate(duration: duration, options: options,
                                      curve: UIKitCurve(rawValue: spec.curve?.rawValue ?? "easeInOut") ?? .easeInOut,
                                      changes: block, completion: done)
            }
            blockGroups[name, default: []].append(group)
        }
        if let delay = spec.delay, delay > 0 { stage.run(after: delay, go) } else { go() }
    }

    private func vector(_ value: ValueSpec, count: Int) -> AnimationVector {
        switch value {
        case let .numbers(list):
            return list.count == count ? AnimationVector(list) : AnimationVector(repeating: list.first ?? 0, count: count)
        case .colors:
            return .zero(count: count)
        case let .expression(text):
            let v = (try? SceneExpression.parse(text, views: views).get())?.evaluate(views) ?? 0
            return AnimationVector(repeating: v, count: count)
        }
    }

    // MARK: Values with places

    private func checkIdentifier(_ id: String, _ path: [PathStep]) -> Bool {
        guard let first = id.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
              id.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) else {
            log.add(path, "an id starts with a letter or '_' and holds only letters, digits and '_', not '\(id)'")
            return false
        }
        return true
    }

    private static func color(_ text: String?, _ path: [PathStep], _ log: ProblemLog) -> Color? {
        guard let text else { return nil }
        switch SceneValues.color(text) {
        case let .success(c): return c
        case let .failure(e): log.add(path, e.message); return nil
        }
    }

    private func color(_ text: String?, _ path: [PathStep]) -> Color? { Self.color(text, path, log) }

    private func font(_ text: String, _ path: [PathStep]) -> Font? {
        switch SceneValues.font(text, folder: folder) {
        case let .success(f): return f
        case let .failure(e): log.add(path, e.message); return nil
        }
    }

    /// An image view's art: vector art, or a PNG at the scale its name gives (`@2x`, `@3x`).
    enum Art {
        case vector(VectorImage)
        case picture(Pixmap, scale: Double)
    }

    private func image(_ file: String?, _ path: [PathStep]) -> Art? {
        guard let file else { log.add(path, "an imageView needs an image (an .svg or .png path)"); return nil }
        let at = path + [.key("image")]
        let lower = file.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".png") else {
            log.add(at, "an image is an .svg or .png file, not '\(file)'")
            return nil
        }
        let url = URL(fileURLWithPath: file, relativeTo: folder)
        guard FileManager.default.fileExists(atPath: url.path) else {
            log.add(at, "missing image \(url.standardizedFileURL.path)")
            return nil
        }
        do {
            if lower.hasSuffix(".svg") { return .vector(try VectorImage.load(path: url.path)) }
            let pixmap = try PNG.read(path: url.path)
            guard pixmap.width * pixmap.height <= 4096 * 4096 else {
                log.add(at, "\(file) is larger than 4096×4096 pixels")
                return nil
            }
            let base = url.deletingPathExtension().lastPathComponent
            return .picture(pixmap, scale: base.hasSuffix("@3x") ? 3 : base.hasSuffix("@2x") ? 2 : 1)
        } catch {
            log.add(at, "\(error)")
            return nil
        }
    }

    private func numbers(_ list: [Double]?, _ count: Int, _ what: String, _ path: [PathStep]) -> [Double]? {
        guard let list else { return nil }
        guard list.count == count else { log.add(path, "expected \(what), \(count) numbers"); return nil }
        return list
    }

    private func rect(_ list: [Double]?, _ path: [PathStep]) -> Rect? {
        guard let n = numbers(list, 4, "[x, y, width, height]", path) else { return nil }
        guard n[2] >= 0, n[3] >= 0, n.allSatisfy({ abs($0) <= 100_000 }) else {
            log.add(path, "a frame's width and height are not negative, and its numbers lie within ±100000")
            return nil
        }
        return Rect(n[0], n[1], n[2], n[3])
    }

    private func size(_ list: [Double]?, _ path: [PathStep]) -> Size? {
        guard let n = numbers(list, 2, "[width, height]", path) else { return nil }
        guard n.allSatisfy({ $0 >= 0 && $0 <= 100_000 }) else { log.add(path, "a size lies in 0…100000"); return nil }
        return Size(n[0], n[1])
    }

    private func point(_ list: [Double]?, _ path: [PathStep]) -> Point? {
        guard let n = numbers(list, 2, "[x, y]", path) else { return nil }
        return Point(n[0], n[1])
    }

    private func gradient(_ spec: GradientSpec, _ path: [PathStep]) -> GradientLayer? {
        let colorsPath = path + [.key("colors")]
        guard spec.colors.count >= 2 else { log.add(colorsPath, "a gradient needs two or more colors"); return nil }
        let colors = spec.colors.enumerated().compactMap { color($1, colorsPath + [.index($0)]) }
        if let locations = spec.locations,
           !checkGradientLocations(locations, count: spec.colors.count, path + [.key("locations")]) { return nil }
        let start = point(spec.startPoint, path + [.key("startPoint")])
        let end = point(spec.endPoint, path + [.key("endPoint")])
        if let start, !checkGradientPoint(start, nil, nil, radial: false, path + [.key("startPoint")]) { return nil }
        if !checkGradientPoint(end ?? Point(0.5, 1), start ?? Point(0.5, 0), nil, radial: spec.type == .radial,
                               path + [.key("endPoint")]) { return nil }
        guard colors.count == spec.colors.count else { return nil }
        let layer = GradientLayer(colors: colors, locations: spec.locations)
        if let start { layer.startPoint = start }
        if let end { layer.endPoint = end }
        if spec.type == .radial { layer.type = .radial }
        return layer
    }

    private func transform(_ spec: TransformSpec, _ path: [PathStep]) -> LayerTransform {
        let t = spec.translation.flatMap { point($0, path + [.key("translation")]) } ?? .zero
        return LayerTransform(scaleX: spec.scaleX ?? spec.scale ?? 1, scaleY: spec.scaleY ?? spec.scale ?? 1,
                              rotation: spec.rotation ?? 0, translation: t)
    }
}

/// A scene's state machine at run time.
final class StateMachine {
    let spec: StateMachineSpec
    var current: String

    init(spec: StateMachineSpec) {
        self.spec = spec
        current = spec.initial
    }
}

/// Shows a PNG scaled to fill its bounds, as UIImageView with the default content mode; its
/// intrinsic size is the image's in points (pixels over the `@2x`/`@3x` scale of its name).
final class PictureView: View {
    let picture: Pixmap
    let scale: Double

    init(name: String, picture: Pixmap, scale: Double, frame: Rect) {
        self.picture = picture
        self.scale = scale
        super.init(name: name, frame: frame)
    }

    override var intrinsicContentSize: Size? { Size(Double(picture.width) / scale, Double(picture.height) / scale) }

    override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard picture.width > 0, picture.height > 0 else { return }
        list.append(.image(picture, transform: .scale(bounds.width / Double(picture.width), bounds.height / Double(picture.height)),
                           alpha: 1))
    }
}

/// A plain view of a scene, with an optional intrinsic content size.
final class SceneView: View {
    var intrinsicSize: Size?
    override var intrinsicContentSize: Size? { intrinsicSize }
}

/// A plain view that a scene handles taps on (a tap gesture recogniser): a control.
final class SceneControl: Control {
    var intrinsicSize: Size?
    override var intrinsicContentSize: Size? { intrinsicSize }
}
