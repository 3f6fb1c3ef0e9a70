import Geometry
import Scene
import Text

/// One kind of view a scene declares (`label: title`, `button: like`, …): the kind key whose value
/// is the view's id, the keys of `ViewSpec` only this kind reads, and how the view is built.
/// Each kind lives in its own file beside this one; `SceneBuilder.viewKinds` lists them, so a
/// new kind is a new file and one entry there.
struct ViewKind {
    /// The kind key, UIKit's class name without the prefix (`label` for UILabel).
    let key: String
    /// The kind key's value in a spec: the view's id, or nil when the spec is of another kind.
    let id: (ViewSpec) -> String?
    /// The keys this kind reads beyond `ViewKind.commonKeys`; any other key is an error where it
    /// is written, naming the kinds that do take it.
    let keys: Set<String>
    /// Builds the view; problems go to the builder's log (nil when the view cannot be made).
    let build: (SceneBuilder, ViewRequest) -> View?
}

/// What every kind's builder is handed: the spec and what the builder already read from it.
struct ViewRequest {
    let spec: ViewSpec
    let id: String
    /// The `frame`, or zero for a view placed by constraints.
    let frame: Rect
    /// The `font`, when given and valid.
    let font: Font?
    /// Where the spec is written, for problems.
    let path: [PathStep]
}

extension ViewKind {
    /// The keys every kind takes: UIView's and CALayer's properties, and the tree.
    static let commonKeys: Set<String> = [
        "frame", "translatesAutoresizingMaskIntoConstraints", "backgroundColor", "cornerRadius", "borderWidth",
        "borderColor", "gradient", "alpha", "hidden", "clipsToBounds", "userInteractionEnabled", "transform",
        "sublayerTransform", "zPosition", "isDoubleSided",
        "contentHuggingPriority", "contentCompressionResistancePriority", "subviews", "mask",
        "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath", "maskedCorners", "cornerCurve",
        "semanticContentAttribute",
    ]
}

extension SceneBuilder {
    /// Every view kind a scene can declare, in the order the messages list them.
    static let viewKinds: [ViewKind] = [.plainView, .label, .button, .textField, .imageView, .activityIndicator, .statusBar,
                                          .stackView, .shape, .scrollView, .uiSwitch, .slider, .segmentedControl, .progressView,
                                          .pageControl, .tabBar, .tableView, .visualEffectView]

    /// The kinds that read each key only some kinds read, in `viewKinds` order. A key not listed
    /// is a kind key, a common key or one no kind reads (the schema check reports that one).
    private static let kindsTakingKey: [String: [String]] = {
        let kindKeys = Set(viewKinds.map(\.key))
        var takers: [String: [String]] = [:]
        for kind in viewKinds {
            for key in kind.keys where !kindKeys.contains(key) && !ViewKind.commonKeys.contains(key) {
                takers[key, default: []].append(kind.key)
            }
        }
        return takers
    }()

    /// Reports each key written on a view that its kind does not read, with the kinds that do.
    func checkKeys(of kind: ViewKind, at path: [PathStep]) {
        for key in log.locator.keys(at: path) {
            guard let takers = Self.kindsTakingKey[key], !kind.keys.contains(key) else { continue }
            log.add(path + [.keyName(key)],
                    "'\(key)' does nothing on a \(kind.key); \(takers.joined(separator: ", ")) \(takers.count == 1 ? "takes" : "take") it")
        }
    }
}
