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
    var navigationBar: NavigationBar?
    var statusBar: StatusBar?
    /// Light or dark: `--appearance`, `screen.appearance` or light. Colours are resolved with it.
    let appearance: UserInterfaceStyle
    /// The reader's text size: `--content-size`, `screen.contentSize` or large. Text styles,
    /// scaled fonts and scaled metrics are sized for it.
    let contentSize: ContentSizeCategory
    /// Left to right or right to left: `--layout-direction`, `screen.layoutDirection` or left to right.
    let layoutDirection: LayoutDirection
    /// The locale: `--locale`, `screen.locale` or none (the texts as written).
    let locale: String?
    /// The locale's translations, keyed by the texts as written (read, and checked, when building starts).
    var translations: [String: String] = [:]
    /// The window's tint, which the colour name `tintColor` gives.
    let tint: Color
    /// The pixels every image of the scene decodes draw on (see `DecodedPixelBudget`): the
    /// caller's when one is set, else a new one for this scene.
    let pixelBudget = DecodedPixelBudget.current ?? DecodedPixelBudget()
    /// The system bars drawn: `screen.chrome`, else the device's own (iOS 7's for the original three).
    let chrome: Chrome
    /// The device's display (a plain screen for a bare size): safe areas, corners, housing.
    let deviceScreen: DeviceScreen
    /// Current iOS's bars and edges, when the chrome is `ios18`.
    var currentNavigationBar: ModernNavigationBar?
    var currentStatusBar: ModernStatusBar?
    var displayCorners: DisplayCorners?
    /// The `safeArea` and `margins` guides of the root view.
    var layoutGuides: LayoutGuides?

    var views: [String: View] = [:]
    /// The ids of views declaring a `gradient:`, built or not (a bad one is reported once, there).
    var declaredGradients: Set<String> = []
    var groups: [String: ConstraintGroup] = [:]
    var animations: [String: AnimationSpec] = [:]
    var machines: [String: StateMachine] = [:]
    var handlers: [String: [[ActionSpec]]] = [:]
    /// The animations each run of an animate block started, by its name, for `stop`.
    var blockGroups: [String: [Stage.BlockAnimationGroup]] = [:]
    /// The property animators in use, by name (SceneBuilder+PropertyAnimators.swift).
    var propertyAnimators: [String: ViewPropertyAnimator] = [:]
    /// What started the actions running now, outermost first (`fade.completion`, `state light`):
    /// actions that start actions at once nest, and `perform` stops the chain past a budget.
    var actionCauses: [String] = []
    /// Whether a runaway chain of actions has been reported (once per scene).
    var reportedRunaway = false
    var random: SeededRandom
    /// The orientation the scene launched in, for steps and actions given a `launchOrientation`.
    let launchOrientation: Orientation

    /// Reserved ids: the root view and the system views.
    static let reserved: Set<String> = ["view", "screen", "window", "navigationBar", "statusBar", "keyboard",
                                        "networkActivityIndicator", "safeArea", "margins", "homeIndicator", "displayCorners"]

    /// A builder for the screen `screenSize` launched in `launchOrientation`; `chosen` holds the
    /// command line's choices (`--device`, `--appearance`, `--content-size`), nil ones for the scene's own.
    init(document: SceneDocument, folder: URL, screenSize: Size, seed: UInt64, launchOrientation: Orientation,
         chosen: DemoSettings? = nil, log: ProblemLog) {
        self.document = document
        self.launchOrientation = launchOrientation
        self.folder = folder
        self.log = log
        random = SeededRandom(seed: seed)
        let screen = document.screen
        let device = chosen?.device ?? Self.device(named: screen?.device, fitting: screenSize)
        deviceScreen = device?.screen ?? .plain(Size(min(screenSize.width, screenSize.height), max(screenSize.width, screenSize.height)))
        chrome = screen?.chrome.flatMap { Chrome(rawValue: $0.rawValue) } ?? device?.defaultChrome ?? .ios7
        appearance = chosen?.appearance ?? screen?.appearance.flatMap { UserInterfaceStyle(rawValue: $0.rawValue) } ?? .light
        let tint = Self.color(screen?.tintColor, [.key("screen"), .key("tintColor")], log, style: appearance, tint: nil)
            ?? SystemColors.byName["systemBlue"]!.resolved(for: appearance)
        self.tint = tint
        // systemBackground: white in light (iOS 7's window colour too, so the demos keep it), black in dark.
        let defaultBackground = SystemColors.byName["systemBackground"]!.resolved(for: appearance)
        let background = Self.color(screen?.background, [.key("screen"), .key("background")], log, style: appearance, tint: tint)
            ?? defaultBackground
        stage = Stage(screenSize: screenSize, tintColor: tint)
        stage.userInterfaceStyle = appearance
        contentSize = chosen?.contentSize ?? screen?.contentSize ?? .default
        stage.preferredContentSizeCategory = contentSize
        locale = chosen?.locale ?? screen?.locale
        if let given = screen?.locale, !Locales.isValid(given) {
            log.add([.key("screen"), .key("locale")], "'\(given)' is not a locale identifier (de, pt-BR, zh-Hans, ar, …)")
        }
        // A right-to-left locale lays out right to left unless a direction is given beside it.
        layoutDirection = chosen?.layoutDirection ?? chosen?.locale.map(Locales.layoutDirection)
            ?? screen?.layoutDirection ?? screen?.locale.map(Locales.layoutDirection) ?? .leftToRight
        stage.layoutDirection = layoutDirection
        stage.localeIdentifier = locale
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
        translations = Self.translations(for: locale, in: stringTables())
        collectHandlers()
        for (i, spec) in (document.views ?? []).enumerated() {
            if let v = makeView(spec, path: [.key("views"), .index(i)]) { root.addSubview(v) }
        }
        makeBars()
        makeOverlay()
        makeScreenEdges()
        makeLayoutGuides()
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

    /// The views by id as layout items, and an engine that knows the tree (for `|`), to read
    /// formats and equations with; made once, after the views, so each format costs its length.
    lazy var formatReader: (engine: LayoutEngine, items: [String: LayoutItem]) = {
        let engine = LayoutEngine(root: stage.window, size: stage.screenSize)
        for view in stage.window.subtree.dropFirst() {
            if let parent = view.superview { engine.add(view, to: parent) }
        }
        return (engine, views.mapValues { $0 as LayoutItem })
    }()

    /// The device `screen.device` names when the screen being built is its screen (in either
    /// orientation); nil for another size (`--size`), whose chrome is a plain screen's.
    static func device(named name: String?, fitting size: Size) -> Device? {
        guard let device = name.flatMap(Device.init(rawValue:)) else { return nil }
        let own = device.screenSize
        return Set([own.width, own.height]) == Set([size.width, size.height]) ? device : nil
    }
}
