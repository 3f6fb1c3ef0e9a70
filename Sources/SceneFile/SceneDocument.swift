import Layout
import Scene
import Text

/// A scene file as written: settings first (`screen`), then the view tree, its constraints, the
/// named animations, event handlers, small state machines and the timed `script`. Names are
/// UIKit's and POP's. `SceneBuilder` turns it into a stage; the JSON Schema is recorded from
/// these types, so the schema and the decoder cannot disagree.
struct SceneDocument: Decodable, SchemaDocumented {
    var screen: ScreenSpec?
    var views: [ViewSpec]?
    var constraints: [ConstraintEntry]?
    var animations: [String: AnimationSpec]?
    var states: [String: StateMachineSpec]?
    var on: [String: [ActionSpec]]?
    var script: [StepSpec]?
    var strings: [String: [String: String]]?

    static let typeDescription: String? = "A popping-render scene: a screen of UIKit views, animated by POP and UIKit, played by a script. Top-level keys starting with x- are ignored: a place for YAML anchors that mappings merge in with `<<: *name`."
    static let keyDescriptions = [
        "screen": "The device, orientation, colours and the system bars.",
        "views": "The view tree placed in the view controller's view (id `view`), back to front.",
        "constraints": "Auto Layout: VFL strings, equations such as `a.width == b.width * 0.5 + 8 @750`, or groups with an id.",
        "animations": "Named animations: POP `spring`, `basic`, `decay`, or a UIKit `animate` block.",
        "states": "Named state machines whose transitions run actions (the owl's arms).",
        "on": "Event handlers keyed `VIEW.EVENT` (touchDown, touchUpInside, tap, editingDidBegin, editingChanged, editingDidEnd), `ANIMATION.completion`, `screen.load`, `screen.tap`, or `screen.landscape` / `screen.portrait` (the device turned; they replace the default relayout).",
        "strings": "Translations by locale: `{de: {Sign In: Anmelden}}`. Texts, titles and placeholders are their own keys (as in an Xcode string catalog); with --locale or screen.locale the locale's table replaces them, and a text it lacks stays as written. A catalog NAME.xcstrings beside the scene file adds its string units, and strings files LOCALE.lproj/NAME.strings beside it their pairs (the scene's entries win, then the strings files').",
        "script": "The timeline: wait, tap, press, release, type, delete, focus, rotate, seed, waitUntilSettled.",
    ]
}

/// The screen: device or size, orientation, colours and the system bars.
struct ScreenSpec: Decodable, SchemaDocumented {
    var device: String?
    var size: String?
    var orientation: OrientationName?
    var landscapeSize: String?
    var appearance: AppearanceName?
    var contentSize: ContentSizeCategory?
    var layoutDirection: LayoutDirectionName?
    var locale: String?
    var chrome: ChromeName?
    var displayCorners: Bool?
    var background: ColorSpec?
    var tintColor: ColorSpec?
    var statusBar: StatusBarSpec?
    var navigationBar: NavigationBarSpec?
    var overlay: [ViewSpec]?
    var keyboard: KeyboardHost?

    static let keyDescriptions = [
        "device": "iphone-se, iphone-8, iphone-x, iphone-se-3, iphone-13-mini, iphone-15, iphone-15-pro, iphone-15-pro-max, iphone-16, iphone-16-pro, iphone-16-pro-max or ipad-pro-11 (default iphone-8; `popping-render list --devices` shows their screens); --device and --size override it.",
        "appearance": "light or dark (UITraitCollection.userInterfaceStyle; default light): which value system colours (label, systemBackground, …) and {light, dark} colours take, and how the bars draw; --appearance overrides it.",
        "contentSize": "The reader's text size (UITraitCollection.preferredContentSizeCategory; default large): extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge, or accessibilityMedium … accessibilityExtraExtraExtraLarge. Text styles take Apple's published size for it, labels re-wrap and constraints follow their new sizes; --content-size overrides it.",
        "layoutDirection": "leftToRight or rightToLeft (UITraitCollection.layoutDirection; default leftToRight, or the locale's direction): `leading` and `trailing` in equations and visual formats flip as UIKit flips them (directionLeftToRight and left/right stay), natural alignment starts at the right, the status bar's clock moves to its right ear, and images marked flipsForRightToLeftLayoutDirection mirror; --layout-direction overrides it.",
        "locale": "The locale (de, pt-BR, ar, …; default none: the texts as written): texts are translated by its table in `strings:`, and a right-to-left language (ar, he, fa, ur, …) lays out right to left unless layoutDirection says otherwise; --locale overrides it.",
        "chrome": "The system bars: ios18 (the status bar around the Dynamic Island or notch, large-title navigation bar, home indicator, rounded display corners) or ios7 (20 pt status bar, 64 pt bars). Default: ios7 on iphone-se, iphone-8, iphone-x and bare sizes (so older scenes keep their frames), ios18 on the current devices.",
        "displayCorners": "Draw the display's rounded corners over everything (default: on with ios18 chrome on a device with rounded corners).",
        "overlay": "Views added to the window over the status and navigation bars (a dimming view under a sheet), back to front; constraints and animations name them as any view.",
        "size": "Screen size in points, WIDTHxHEIGHT, instead of a device.",
        "orientation": "The orientation it launches in: portrait or landscape (default: landscape when `size` is wider than tall); --orientation overrides it.",
        "landscapeSize": "The canvas in points, WIDTHxHEIGHT, when launched in landscape, for a scene whose portrait canvas is not the screen turned (a phone drawn on a square); default: the screen turned wide.",
        "background": "The window's background colour (default white with ios7 chrome, systemBackground with ios18).",
        "tintColor": "UIWindow's tintColor: caret, system buttons, bar items, and what the colour name tintColor gives (default systemBlue).",
        "statusBar": "The status bar of the chrome; shown unless `hidden: true`.",
        "navigationBar": "A navigation bar under the status bar.",
        "keyboard": "Dock the iPhone keyboard, which slides up while a text field is first responder: true for the screen's root view, or the id of the view to dock it in.",
    ]
}

/// Where the keyboard docks: `true` (the root view), `false` (no keyboard) or a view id.
enum KeyboardHost: Decodable, SchemaDescribing {
    case root
    case none
    case view(String)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) {
            self = flag ? .root : .none
        } else {
            self = .view(try single.decode(String.self))
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema { .oneOf([.boolean(), .string(description: "A view id.")]) }
}

enum OrientationName: String, SchemaEnum {
    case portrait, landscape
}

/// `screen.appearance`.
enum AppearanceName: String, SchemaEnum {
    case light, dark
}

/// `screen.layoutDirection`: UIUserInterfaceLayoutDirection's names.
typealias LayoutDirectionName = LayoutDirection

/// `screen.chrome`.
enum ChromeName: String, SchemaEnum {
    case ios7, ios18
}

struct StatusBarSpec: Decodable, SchemaDocumented {
    var hidden: Bool?
    var time: String?
    var carrier: String?
    var networkActivityIndicator: Bool?
    var color: ColorSpec?

    static let keyDescriptions = [
        "time": "The clock (default 9:41 AM with ios7 chrome, 9:41 with ios18).",
        "carrier": "The carrier name (default Carrier; ios7 chrome only).",
        "networkActivityIndicator": "Spin the network activity indicator (id `networkActivityIndicator`) from the start (ios7 chrome only).",
        "color": "The glyphs' colour (default black, or with ios18 chrome black in light and white in dark).",
    ]
}

struct NavigationBarSpec: Decodable, SchemaDocumented {
    var title: String?
    var backTitle: String?
    var titleFont: String?
    var titleColor: ColorSpec?
    var prefersLargeTitles: Bool?
    var collapsed: Bool?
    var rightBarButtonItem: BarButtonItemSpec?

    static let keyDescriptions = [
        "title": "navigationItem.title.",
        "backTitle": "The previous screen's title after the back chevron; none for a root screen.",
        "titleFont": "`NAME SIZE`, e.g. `Avenir 20`, or a .ttf path and a size (ios7 chrome only).",
        "titleColor": "The title's colour (default black with ios7 chrome, label with ios18).",
        "prefersLargeTitles": "navigationBar.prefersLargeTitles (ios18 chrome): a 52 pt large-title area under the bar with the title at 34 pt bold; the bar is 96 pt tall. Animate its frame's height to 44 (an animate block's `set: {navigationBar: {frame: [0, TOP, WIDTH, 44]}}`) to collapse it as scrolling does.",
        "collapsed": "Start with the large title collapsed into the 44 pt bar (needs prefersLargeTitles).",
    ]
}

/// `navigationItem.rightBarButtonItem`: a plain text item (`initWithTitle:`) or a custom view.
struct BarButtonItemSpec: Decodable, SchemaDocumented {
    var id: String?
    var title: String?
    var customView: ViewSpec?

    static let keyDescriptions = [
        "id": "The id a script taps and handlers name (`ID.touchUpInside`).",
        "title": "A text item in the tint colour.",
        "customView": "Any view (an activity indicator, say) instead of a title.",
    ]
}

/// One view: exactly one of the kind keys (`view`, `label`, `button`, `textField`, `imageView`,
/// `activityIndicator`) gives its kind and id; the other keys are its properties.
final class ViewSpec: Decodable, SchemaDocumented {
    var view: String?
    var label: String?
    var button: String?
    var textField: String?
    var imageView: String?
    var activityIndicator: String?
    var statusBar: String?
    var stackView: String?
    var shape: String?
    var scrollView: String?
    var `switch`: String?
    var slider: String?
    var segmentedControl: String?
    var progressView: String?
    var pageControl: String?
    var tabBar: String?
    var tableView: String?
    var visualEffectView: String?

    var mask: ViewSpec?

    var arrangedSubviews: [ViewSpec]?
    var axis: StackAxisName?
    var spacing: Double?
    var distribution: StackDistributionName?
    var alignment: StackAlignmentName?
    var isLayoutMarginsRelativeArrangement: Bool?
    var layoutMargins: [Double]?
    var customSpacing: [String: Double]?

    var path: String?
    var ovalIn: [Double]?
    var roundedRect: RoundedRectSpec?
    var fillColor: String?
    var strokeColor: String?
    var lineWidth: Double?
    var lineCap: LineCapName?
    var lineJoin: LineJoinName?
    var lineDashPattern: [Double]?
    var lineDashPhase: Double?
    var strokeStart: Double?
    var strokeEnd: Double?
    var fillRule: FillRuleName?

    var contentSize: [Double]?
    var contentOffset: [Double]?
    var isPagingEnabled: Bool?
    var showsVerticalScrollIndicator: Bool?
    var showsHorizontalScrollIndicator: Bool?
    var bounces: Bool?

    var isOn: Bool?
    var onTintColor: String?
    var thumbTintColor: String?
    var value: Double?
    var minimumValue: Double?
    var maximumValue: Double?
    var minimumTrackTintColor: String?
    var maximumTrackTintColor: String?
    var items: ItemList?
    var selectedSegmentIndex: Int?
    var selectedSegmentTintColor: String?
    var progress: Double?
    var progressTintColor: String?
    var trackTintColor: String?
    var numberOfPages: Int?
    var currentPage: Int?
    var pageIndicatorTintColor: String?
    var currentPageIndicatorTintColor: String?
    var selectedItem: String?
    var style: String?
    var sections: [SectionSpec]?
    var effect: BlurEffectName?

    var frame: [Double]?
    var translatesAutoresizingMaskIntoConstraints: Bool?
    var backgroundColor: ColorSpec?
    var cornerRadius: Double?
    var borderWidth: Double?
    var borderColor: ColorSpec?
    var gradient: GradientSpec?
    var alpha: Double?
    var hidden: Bool?
    var clipsToBounds: Bool?
    var userInteractionEnabled: Bool?
    var transform: TransformSpec?
    var sublayerTransform: TransformSpec?
    var zPosition: Double?
    var isDoubleSided: Bool?
    var shadowColor: String?
    var shadowOpacity: Double?
    var shadowRadius: Double?
    var shadowOffset: [Double]?
    var shadowPath: ShadowPathSpec?
    var maskedCorners: [CornerName]?
    var cornerCurve: CornerCurveName?
    var intrinsicContentSize: [Double]?
    var contentHuggingPriority: AxisPriorities?
    var contentCompressionResistancePriority: AxisPriorities?

    var text: String?
    var font: String?
    var textColor: ColorSpec?
    var textAlignment: TextAlignmentName?
    var numberOfLines: Int?
    var lineBreakMode: LineBreakModeName?
    var preferredMaxLayoutWidth: Double?
    var adjustsFontForContentSizeCategory: Bool?

    var title: String?
    var titleColor: ColorSpec?
    var buttonType: ButtonTypeName?
    var contentPadding: [Double]?
    var enabled: Bool?

    var placeholder: String?
    var borderStyle: BorderStyleName?
    var secureTextEntry: Bool?
    var leftView: ViewSpec?

    var image: String?
    var tintColor: String?
    var renderingMode: RenderingModeName?
    var flipsForRightToLeftLayoutDirection: Bool?
    var semanticContentAttribute: SemanticContentAttribute?

    var color: ColorSpec?
    var animating: Bool?

    var subviews: [ViewSpec]?

    static let typeDescription: String? = "A view: one kind key (view, label, button, textField, imageView, activityIndicator, statusBar, stackView, shape, scrollView, switch, slider, segmentedControl, progressView, pageControl, tabBar, tableView, visualEffectView) whose value is its id, and its properties."
    static let keyDescriptions = [
        "view": "A plain UIView with this id.",
        "label": "A UILabel with this id.",
        "button": "A UIButton with this id.",
        "textField": "A UITextField with this id.",
        "imageView": "A UIImageView with this id showing `image`.",
        "activityIndicator": "A UIActivityIndicatorView with this id.",
        "statusBar": "An iOS 7 status bar placed like any view (for a phone drawn inside the scene; hide the screen's own).",
        "frame": "[x, y, width, height] in the superview; without a frame the view is placed by constraints.",
        "translatesAutoresizingMaskIntoConstraints": "Defaults to true with a frame and false without.",
        "backgroundColor": "#RRGGBB, #RRGGBBAA, a UIColor name (white, clear, …), rgb(r, g, b), rgba(r, g, b, a) or white(w, a).",
        "transform": "CALayer's transform about the centre: scale, rotation (radians), translation, and in 3-D rotationX, rotationY, translationZ with perspective (or m34).",
        "sublayerTransform": "CALayer's sublayerTransform, applied to the subviews about this view's centre: usually `{perspective: 500}` so they turn in one 3-D space.",
        "zPosition": "CALayer's zPosition within ±100000 points: subviews draw in increasing zPosition, and under perspective it moves the view towards the viewer.",
        "isDoubleSided": "CALayer's isDoubleSided: false hides the view (and its subviews) while its back faces the viewer, as a flipping card's faces.",
        "gradient": "A CAGradientLayer filling the (rounded) bounds, over the background colour and under the content.",
        "shadowColor": "CALayer's shadowColor (default black); its alpha multiplies shadowOpacity.",
        "shadowOpacity": "CALayer's shadowOpacity, 0…1 (default 0: no shadow).",
        "shadowRadius": "CALayer's shadowRadius in points, 0…100 (default 3): the Gaussian's standard deviation, as CSS box-shadow with a blur of twice it.",
        "shadowOffset": "CALayer's shadowOffset, [width, height] in points within ±1000 (default [0, -3]: upward).",
        "shadowPath": "CALayer's shadowPath in the view's bounds coordinates: {rect: [x, y, width, height]} or {roundedRect: [x, y, width, height], cornerRadius: r}; default: the shape the view draws.",
        "maskedCorners": "CALayer's maskedCorners: the corners cornerRadius rounds (default all four): layerMinXMinYCorner (top left), layerMaxXMinYCorner (top right), layerMinXMaxYCorner (bottom left), layerMaxXMaxYCorner (bottom right).",
        "cornerCurve": "CALayer's cornerCurve: circular (default) or continuous (iOS's squircle-like corners).",
        "intrinsicContentSize": "[width, height] for a plain view; labels, buttons and fields size themselves.",
        "font": "A text style (largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2: Apple's published sizes at the content size); `system SIZE WEIGHT` (ultraLight, thin, light, regular, medium, semibold, bold, heavy, black), today's system font; or `NAME SIZE`: a bundled name (Avenir, Avenir-Light, Avenir-Medium, HelveticaNeue, …; `system SIZE` alone is today's system font under current chrome, the iOS 7-era one the demos use under chrome ios7) or a .ttf path relative to the scene file.",
        "numberOfLines": "A label's most lines (default 1); 0 shows as many as the text needs. Lines wrap at words, and `\\n` starts a new one.",
        "lineBreakMode": "How a label's lines wrap and how its last line shows text that does not fit (default byTruncatingTail).",
        "adjustsFontForContentSizeCategory": "A label's, button's or text field's font follows the content size: a `system SIZE` or `NAME SIZE` font is scaled as UIFontMetrics.default.scaledFont(for:) scales it (the body style's curve); text styles follow the content size with or without it.",
        "flipsForRightToLeftLayoutDirection": "UIImage's flipsForRightToLeftLayoutDirection: the image is drawn mirrored when the view lays out right to left (arrows, chevrons).",
        "semanticContentAttribute": "UIView's semanticContentAttribute: unspecified (default) follows the layout direction, forceLeftToRight and forceRightToLeft fix it for the view and the subviews that inherit it, playback and spatial stay left to right.",
        "preferredMaxLayoutWidth": "The width a label's intrinsic size wraps its text at; without it a multi-line label wraps at the width its constraints give it.",
        "textAlignment": "natural (default: the layout direction's start, left or right), left, center, right or justified (every line but a paragraph's last fills the width).",
        "contentPadding": "[width, height] added to a button's title size.",
        "leftView": "The text field's left view (leftViewMode always).",
        "image": "An .svg or .png file relative to the scene file (a PNG named @2x or @3x has that many pixels per point), or `symbol:NAME`, a symbol image by its SF Symbols name (heart.fill, checkmark, xmark, bell, gearshape, magnifyingglass, …; Bootstrap Icons' drawings).",
        "tintColor": "The colour an image view fills a template image with (UIView's tintColor; default: the screen's tintColor).",
        "renderingMode": "UIImage's renderingMode: automatic (default: original colours, symbols as templates), alwaysOriginal, or alwaysTemplate (the image's alpha filled with tintColor).",
        "color": "An activity indicator's colour (default mid grey).",
        "animating": "An activity indicator spinning from the start.",
        "subviews": "Child views, back to front.",
        "stackView": "A UIStackView with this id laying out its arrangedSubviews with constraints.",
        "shape": "A view whose layer is a CAShapeLayer (path, ovalIn or roundedRect).",
        "scrollView": "A UIScrollView with this id; its subviews are its content.",
        "switch": "A UISwitch with this id (51 × 31 pt); taps toggle it and send valueChanged.",
        "slider": "A UISlider with this id; the `drag` step moves it.",
        "segmentedControl": "A UISegmentedControl with this id showing `items`.",
        "progressView": "A UIProgressView with this id.",
        "pageControl": "A UIPageControl with this id.",
        "tabBar": "A UITabBar with this id showing `items` ({id, title, image, selectedImage, badgeValue, badgeColor}).",
        "tableView": "A UITableView with this id: `style` plain or insetGrouped, and `sections`.",
        "visualEffectView": "A UIVisualEffectView with this id: what is drawn behind it, within its rounded bounds, blurred and tinted by its `effect`; its subviews draw sharp on top.",
        "effect": "A visual effect view's UIBlurEffect.Style: systemUltraThinMaterial, systemThinMaterial, systemMaterial (default), systemThickMaterial or systemChromeMaterial, which follow the appearance, or any of them with Light or Dark appended; iOS 8's extraLight, light and dark.",
        "mask": "CALayer.mask: a view (a shape, say) in this view's coordinates whose alpha masks it; animate it by its id.",
        "arrangedSubviews": "A stack view's views, in order, declared as in views.",
        "axis": "A stack view's axis: horizontal (default) or vertical.",
        "spacing": "Points between a stack view's views (the least gap for equalSpacing and equalCentering).",
        "distribution": "fill (default), fillEqually, fillProportionally, equalSpacing or equalCentering.",
        "alignment": "fill (default), leading, top, firstBaseline, center, trailing, bottom or lastBaseline (baselines in horizontal stacks).",
        "isLayoutMarginsRelativeArrangement": "Lay the views out inside layoutMargins.",
        "layoutMargins": "[top, left, bottom, right] (default 8 each).",
        "customSpacing": "{arrangedViewId: points}: setCustomSpacing(_:after:).",
        "path": "A shape's path as SVG path data in the view's points (`M 10 50 L 40 80 L 90 20`).",
        "ovalIn": "[x, y, width, height]: UIBezierPath(ovalIn:).",
        "roundedRect": "{rect: [x, y, width, height], cornerRadius}: UIBezierPath(roundedRect:cornerRadius:).",
        "fillColor": "A shape's fill (default black; `none` for no fill).",
        "strokeColor": "A shape's stroke (default none).",
        "lineWidth": "0…1000 points (default 1).",
        "lineCap": "butt (default), round or square.",
        "lineJoin": "miter (default), round or bevel.",
        "lineDashPattern": "Dash and gap lengths in points.",
        "lineDashPhase": "Points into the dash pattern the line starts.",
        "strokeStart": "0…1: where along the path the stroke starts (animatable).",
        "strokeEnd": "0…1: where along the path the stroke ends (animatable).",
        "fillRule": "nonZero (default) or evenOdd.",
        "contentSize": "[width, height] of a scroll view's content.",
        "contentOffset": "[x, y]: the content point at the scroll view's top-left.",
        "isPagingEnabled": "Flicks settle on multiples of the scroll view's size.",
        "isOn": "A switch starts on.",
        "value": "A slider's value (default minimumValue).",
        "items": "A segmented control's titles, or a tab bar's items.",
        "selectedSegmentIndex": "The chosen segment (default 0; -1 for none).",
        "progress": "0…1.",
        "numberOfPages": "1…100 (default 3).",
        "currentPage": "The page whose dot is current (default 0).",
        "selectedItem": "The id of the tab bar's selected item (default the first).",
        "style": "An activity indicator's style: medium or large (iOS 13+), gray (iOS 7, default); a table's: plain (default) or insetGrouped.",
        "sections": "A table's sections: {header, footer, rows: [{id, text, secondaryText, cellStyle, image, accessory, isOn}]}.",
    ]
}

/// CALayer's `shadowPath`, as UIBezierPath(rect:) or UIBezierPath(roundedRect:cornerRadius:) makes it.
struct ShadowPathSpec: Decodable, SchemaDocumented {
    var rect: [Double]?
    var roundedRect: [Double]?
    var cornerRadius: Double?

    static let typeDescription: String? = "One of rect or roundedRect (with cornerRadius), in the view's bounds coordinates."
    static let keyDescriptions = [
        "rect": "[x, y, width, height]: UIBezierPath(rect:).",
        "roundedRect": "[x, y, width, height]: UIBezierPath(roundedRect:cornerRadius:), with cornerRadius.",
        "cornerRadius": "The roundedRect's corner radius in points (circular corners).",
    ]
}

/// CACornerMask's names without the `k` prefix.
enum CornerName: String, SchemaEnum {
    case layerMinXMinYCorner, layerMaxXMinYCorner, layerMinXMaxYCorner, layerMaxXMaxYCorner
}

/// UIImage.RenderingMode's names.
enum RenderingModeName: String, SchemaEnum {
    case automatic, alwaysOriginal, alwaysTemplate
}

/// CALayerCornerCurve's names.
enum CornerCurveName: String, SchemaEnum {
    case circular, continuous
}

/// CATransform3D as POP and Core Animation's key paths decompose it: scale, rotations about x, y
/// and z, translation, and the perspective term m34 (or `perspective`, the eye's distance).
struct TransformSpec: Decodable, SchemaDocumented {
    var scale: Double?
    var scaleX: Double?
    var scaleY: Double?
    var rotation: Double?
    var translation: [Double]?
    var rotationX: Double?
    var rotationY: Double?
    var translationZ: Double?
    var perspective: Double?
    var m34: Double?

    static let keyDescriptions = [
        "rotation": "Radians, clockwise (transform.rotation.z).",
        "translation": "[x, y] in points.",
        "rotationX": "Radians about the horizontal axis within ±100 (transform.rotation.x): positive tips the top edge away.",
        "rotationY": "Radians about the vertical axis within ±100 (transform.rotation.y): positive swings the right edge away.",
        "translationZ": "Points towards the viewer within ±100000 (transform.translation.z); it shows under perspective.",
        "perspective": "The eye's distance in points, 1…100000: perspective: 500 is m34 = −1/500. Give it or m34.",
        "m34": "CATransform3D's perspective term, −1…1 (−1/500 is an eye 500 points away). Give it or perspective.",
    ]
}

/// A view's background gradient, with CAGradientLayer's names.
struct GradientSpec: Decodable, SchemaDocumented {
    var colors: [ColorSpec]
    var locations: [Double]?
    var startPoint: [Double]?
    var endPoint: [Double]?
    var type: GradientTypeName?

    static let keyDescriptions = [
        "colors": "Two or more colours, in order (#RRGGBB, #RRGGBBAA, a UIColor name, rgb(…), …).",
        "locations": "Where each colour sits, one per colour, not decreasing (default: evenly spaced); 0 is startPoint, 1 is endPoint, and stops beyond them still shape the colours between (CAGradientLayer).",
        "startPoint": "[x, y] in unit coordinates of the bounds (default [0.5, 0], the top).",
        "endPoint": "[x, y] in unit coordinates of the bounds (default [0.5, 1], the bottom).",
        "type": "axial (default): along the line from startPoint to endPoint; radial: ellipses centred on startPoint reaching endPoint's x and y.",
    ]
}

enum GradientTypeName: String, SchemaEnum {
    case axial, radial
}

struct AxisPriorities: Decodable {
    var horizontal: Double?
    var vertical: Double?
}

enum TextAlignmentName: String, SchemaEnum {
    case left, center, right, justified, natural
}

enum LineBreakModeName: String, SchemaEnum {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

enum ButtonTypeName: String, SchemaEnum {
    case custom, system
}

enum BorderStyleName: String, SchemaEnum {
    case none, roundedRect
}

/// A constraint list entry: a VFL string (`H:|-[a]-|`), an equation (`a.top == b.bottom + 8`), or
/// a group with an id, metrics, options and whether it starts active.
enum ConstraintEntry: Decodable, SchemaDescribing {
    case text(String)
    case group(ConstraintGroupSpec)

    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .text(text)
        } else {
            self = .group(try ConstraintGroupSpec(from: decoder))
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([.string(description: "A VFL string or an equation `a.attr == b.attr * m + c @priority`."),
                recorder.schema(of: ConstraintGroupSpec.self)])
    }

    var group: ConstraintGroupSpec {
        switch self {
        case let .text(text): return ConstraintGroupSpec(text: text)
        case let .group(g): return g
        }
    }
}

struct ConstraintGroupSpec: Decodable, SchemaDocumented {
    var id: String?
    var vfl: FormatList?
    var equation: Names?
    var metrics: [String: Double]?
    var scaledMetrics: [String: Double]?
    var options: Names?
    var active: Bool?
    var shuffle: [String]?

    init(text: String) {
        if text.hasPrefix("H:") || text.hasPrefix("V:") || text.contains("[") { vfl = FormatList([FormatSpec(format: text)]) } else {
            equation = Names([text])
        }
    }

    static let keyDescriptions = [
        "id": "Names the group for activate, deactivate, constant and shuffle actions.",
        "vfl": "Visual format strings, or {format, options} for one with its own options; `|` is the superview of the views named.",
        "equation": "`a.attr REL b.attr [* m] [+|- c] [@ p]` or `a.attr REL c [@ p]`, REL one of == <= >=.",
        "metrics": "Names used in the formats and their values.",
        "scaledMetrics": "Names used in the formats whose values grow with the content size, as UIFontMetrics.default.scaledValue(for:) scales them (the body style's curve): spacing that keeps its proportion to Dynamic Type text.",
        "options": "Format options: alignAllTop, alignAllCenterY, directionLeftToRight, …",
        "active": "Start active (default true).",
        "shuffle": "View ids that `$1`, `$2`, … in the formats stand for; the `shuffle` action re-orders them at random (seeded) and swaps the constraints.",
    ]
}

/// Visual formats: one string, or a list of strings and `{format, options}` entries.
struct FormatList: Decodable, SchemaDescribing {
    var formats: [FormatSpec]

    init(_ formats: [FormatSpec]) { self.formats = formats }

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let one = try? single.decode(String.self) {
            formats = [FormatSpec(format: one)]
        } else {
            formats = try single.decode([FormatEntry].self).map(\.spec)
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([.string(), .array(.oneOf([.string(), recorder.schema(of: FormatSpec.self)]))])
    }

    private struct FormatEntry: Decodable {
        var spec: FormatSpec
        init(from decoder: Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                spec = FormatSpec(format: text)
            } else {
                spec = try FormatSpec(from: decoder)
            }
        }
    }
}

/// One visual format with options of its own (added to the group's).
struct FormatSpec: Decodable {
    var format: String
    var options: Names?

    init(format: String, options: Names? = nil) {
        self.format = format
        self.options = options
    }
}

/// One string or a list of strings.
struct Names: Decodable, SchemaDescribing {
    var values: [String]

    init(_ values: [String]) { self.values = values }

    init(from decoder: Decoder) throws {
        if let one = try? decoder.singleValueContainer().decode(String.self) {
            values = [one]
        } else {
            values = try decoder.singleValueContainer().decode([String].self)
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema { .oneOf([.string(), .array(.string())]) }
}

/// An animated value: a number, a list of numbers (one per component, or one per location of
/// `gradient.locations`), a list of colours (`gradient.colors`), or an expression over other
/// views' values (`button.positionY + button.height`).
enum ValueSpec: Decodable, SchemaDescribing {
    case numbers([Double])
    case colors([String])
    case expression(String)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let n = try? single.decode(Double.self) {
            self = .numbers([n])
        } else if let list = try? single.decode([Double].self) {
            self = .numbers(list)
        } else if let list = try? single.decode([String].self) {
            self = .colors(list)
        } else if let text = try? single.decode(String.self) {
            self = .expression(text)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected a list of numbers or a list of colours, not both"))
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([.number(),
                .array(.oneOf([.number(), .string()]),
                       description: "One number per component; for gradient.locations a number, and for gradient.colors a colour, per colour of the view's gradient."),
                .string(description: "view.property terms and numbers joined by + and -, e.g. `button.positionY + button.height`")])
    }
}

/// A named animation. `type` picks POP's `spring`, `basic` or `decay` on one `view` property
/// (or a constraint's `constant`), or a UIKit `animate` block over `changes`.
struct AnimationSpec: Decodable, SchemaDocumented {
    var type: AnimationKind
    var view: Names?
    var constraint: String?
    var property: String?
    var key: String?
    var fromValue: ValueSpec?
    var toValue: ValueSpec?
    var velocity: ValueSpec?
    var springBounciness: Double?
    var springSpeed: Double?
    var dynamicsTension: Double?
    var dynamicsFriction: Double?
    var dynamicsMass: Double?
    var duration: Double?
    var timingFunction: String?
    var deceleration: Double?
    var beginTime: Double?
    var delay: Double?
    var curve: CurveSpec?
    var dampingRatio: Double?
    var initialSpringVelocity: Double?
    var options: [AnimationOptionName]?
    var repeatCount: Double?
    var repeatForever: Bool?
    var autoreverses: Bool?
    var changes: [ActionSpec]?
    var keyPath: String?
    var byValue: ValueSpec?
    var mass: Double?
    var stiffness: Double?
    var damping: Double?
    var initialVelocity: Double?
    var response: Double?
    var dampingFraction: Double?
    var bounce: Double?
    var perceptualDuration: Double?
    var fillMode: FillModeName?
    var isRemovedOnCompletion: Bool?
    var speed: Double?
    var timeOffset: Double?
    var repeatDuration: Double?
    var values: [ValueSpec]?
    var keyTimes: [Double]?
    var calculationMode: CalculationModeName?
    var timingFunctions: [String]?
    var path: String?
    var rotationMode: RotationModeName?
    var additive: Bool?
    var cumulative: Bool?
    var animations: [String]?
    var stagger: Double?
    var scrubsLinearly: Bool?
    var pausesOnCompletion: Bool?

    static let keyDescriptions = [
        "type": "spring, basic, decay (POP; with keyPath, Core Animation's CASpringAnimation and CABasicAnimation), animate (a UIKit block), keyframe (CAKeyframeAnimation), group (CAAnimationGroup) or propertyAnimator (UIViewPropertyAnimator, driven by startAnimation, pauseAnimation, fractionComplete, isReversed, continueAnimation, addAnimations, stopAnimation and finishAnimation actions).",
        "scrubsLinearly": "A propertyAnimator paused and scrubbed with fractionComplete shows it linearly (true, UIKit's default) or along its curve.",
        "pausesOnCompletion": "A propertyAnimator stays active at either end, to be reversed, and runs no completion (default false).",
        "view": "The view a POP animation animates, or a list of views that each run it (a skeleton's placeholders); its completion handlers run once, when the last has ended.",
        "constraint": "A constraint group id whose constant a POP animation animates (property `constant`).",
        "property": "POP's name: positionX, positionY, position, scaleX, scaleY, scaleXY, opacity, rotation, size, bounds, frame, backgroundColor, or constant; or the view's gradient layer's key path (CAGradientLayer's names): gradient.colors, gradient.locations, gradient.startPoint, gradient.endPoint; a shape's CAShapeLayer key paths strokeStart, strokeEnd, lineWidth, lineDashPhase, strokeColor, fillColor (colours as [r, g, b, a]); a scroll view's contentOffset.",
        "key": "The key the animation runs under (default: its name); a new animation under a running key replaces it.",
        "toValue": "Where it ends: a number, a list (one per component) or an expression like `button.positionY + 20`; for gradient.colors a list of colours and for gradient.locations a list of numbers, one per colour of the view's gradient (outside 0…1 beyond the ends).",
        "velocity": "Starting velocity per second (spring, decay).",
        "springBounciness": "0…20, POP's default 4.",
        "springSpeed": "0…20, POP's default 12.",
        "duration": "Seconds (basic: POP's default 0.4; animate: required).",
        "timingFunction": "default, linear, easeIn, easeOut, easeInEaseOut or cubic-bezier(x1, y1, x2, y2).",
        "deceleration": "Velocity kept per millisecond (decay, default 0.998).",
        "beginTime": "Seconds before a POP animation starts.",
        "delay": "Seconds before a UIKit block runs.",
        "curve": "A UIKit block's curve: easeInOut (default), easeIn, easeOut, linear; a SwiftUI preset smooth, snappy, bouncy (duration: its perceptual duration); or a spring {response, dampingFraction}, {duration, bounce}, {preset, duration, extraBounce}, {mass, stiffness, damping, initialVelocity} or {dampingRatio, initialVelocity}.",
        "keyPath": "A Core Animation key path or POP name (transform.scale, transform.rotation.z, position.x, opacity, cornerRadius, backgroundColor, …): the animation is Core Animation's, leaving the model value alone.",
        "byValue": "CABasicAnimation's byValue: a change relative to the from value or the model value.",
        "mass": "CASpringAnimation / UISpringTimingParameters mass (default 1).",
        "stiffness": "CASpringAnimation / UISpringTimingParameters / .interpolatingSpring stiffness (Core Animation's default 100).",
        "damping": "CASpringAnimation / UISpringTimingParameters / .interpolatingSpring damping (Core Animation's default 10).",
        "initialVelocity": "A spring's initial velocity in total distances per second (1: the whole change in one second).",
        "response": "An animate block as SwiftUI's .spring(response:dampingFraction:): seconds.",
        "dampingFraction": "SwiftUI's damping fraction (default 0.825).",
        "bounce": "-0.99…0.99: with an animate block's duration, UIView.animate(springDuration:bounce:) and SwiftUI's .spring(duration:bounce:); with perceptualDuration, CASpringAnimation(perceptualDuration:bounce:).",
        "perceptualDuration": "CASpringAnimation(perceptualDuration:bounce:), seconds.",
        "fillMode": "CAMediaTimingFillMode: removed (default), forwards, backwards, both.",
        "isRemovedOnCompletion": "false with fillMode forwards or both keeps the last value showing (default true).",
        "speed": "How fast the animation's time runs (Core Animation, default 1).",
        "timeOffset": "Seconds into the animation it starts at, wrapping round (Core Animation).",
        "repeatDuration": "Seconds to repeat for (Core Animation).",
        "values": "CAKeyframeAnimation's values: numbers, lists or colours, one per keyframe.",
        "keyTimes": "When each keyframe shows, 0…1 of the duration, starting at 0 and ending at 1 (discrete: one more than values).",
        "calculationMode": "linear (default), discrete, paced, cubic or cubicPaced.",
        "timingFunctions": "One timing function per step between keyframes.",
        "path": "SVG path data the layer's position moves along (keyPath: position).",
        "rotationMode": "auto turns the layer along the path's tangent, autoReverse the other way round.",
        "additive": "Core Animation's isAdditive: the animated value is added to the model value.",
        "cumulative": "Core Animation's isCumulative: each repetition goes on from where the last ended.",
        "animations": "A group's animations, by name: Core Animation animations that run on the group's view, in its time.",
        "stagger": "With a list of views: each next view starts this many seconds after the one before, as list and grid entrances do.",
        "dampingRatio": "usingSpringWithDamping: a UIKit spring block.",
        "initialSpringVelocity": "initialSpringVelocity: of a UIKit spring block.",
        "changes": "What the UIKit block changes: set, activate, deactivate, constant, shuffle, layoutIfNeeded.",
        "options": "A UIKit block's UIView.AnimationOptions: repeat (forever: its completion runs only when stopped), autoreverse (there and back, then the end value shows).",
        "repeatCount": "How many times it plays. POP: a whole number (0 and 1 play once), each time there and back with autoreverses. A UIKit block: UIView.modifyAnimations(withRepeatCount:), fractions allowed.",
        "repeatForever": "POP: repeat until stopped (its completion runs only then); waitUntilSettled does not wait for it.",
        "autoreverses": "POP: each repetition runs there and back (from and to swap, velocity changes sign).",
    ]
}

/// UIKit's `UIView.AnimationOptions` for repeating a block.
enum AnimationOptionName: String, SchemaEnum {
    case `repeat`, autoreverse
}

enum AnimationKind: String, SchemaEnum {
    case spring, basic, decay, animate, keyframe, group, propertyAnimator
}

/// A state machine: its states, the one it starts in, and the actions run on a change of state.
struct StateMachineSpec: Decodable, SchemaDocumented {
    var values: [String]
    var initial: String
    var transitions: [TransitionSpec]?
    var textLength: TextLengthSpec?

    static let keyDescriptions = [
        "values": "The states' names.",
        "initial": "The state at the start.",
        "transitions": "Actions run when the state changes; the first matching transition runs. Entering the current state does nothing.",
        "textLength": "Follow a text field: the state is chosen by its text's length on every edit.",
    ]
}

struct TransitionSpec: Decodable, SchemaDocumented {
    var from: Names?
    var to: Names?
    var actions: [ActionSpec]

    static let keyDescriptions = ["from": "States left (default any).", "to": "States entered (default any)."]
}

/// A state chosen by a text field's length: `cases` maps each state to the least length that picks it.
struct TextLengthSpec: Decodable {
    var field: String
    var cases: [String: Int]
}

/// One action: exactly one verb, optionally `after` a delay in seconds.
struct ActionSpec: Decodable, SchemaDocumented {
    var run: Names?
    var stop: Names?
    var set: [String: PropertyValues]?
    var activate: Names?
    var deactivate: Names?
    var constant: [String: Double]?
    var shuffle: String?
    var layoutIfNeeded: Bool?
    var becomeFirstResponder: String?
    var resignFirstResponder: String?
    var endEditing: Bool?
    var startAnimating: Names?
    var stopAnimating: Names?
    var state: [String: String]?
    var nextState: String?
    var insertArrangedSubview: InsertArrangedSpec?
    var removeArrangedSubview: Names?
    var setOn: [String: Bool]?
    var setProgress: [String: Double]?
    var setContentOffset: [String: [Double]]?
    var insertRows: InsertRowsSpec?
    var deleteRows: DeleteRowsSpec?
    var transition: ViewTransitionSpec?
    var animated: Bool?
    var after: Double?
    var launchOrientation: OrientationName?
    var startAnimation: Names?
    var afterDelay: Double?
    var pauseAnimation: Names?
    var fractionComplete: [String: ValueSpec]?
    var isReversed: [String: Bool]?
    var continueAnimation: [String: ContinueAnimationSpec]?
    var addAnimations: [String: AddAnimationsSpec]?
    var stopAnimation: [String: Bool]?
    var finishAnimation: [String: AnimatingPositionName]?

    static let keyDescriptions = [
        "insertArrangedSubview": "Put a view into a stack view: {stack, view: {label: …}, at}; inside an animate block the others move aside.",
        "removeArrangedSubview": "Take views out of their stack views (and off the screen).",
        "setOn": "{switchId: true}: setOn(_:animated:).",
        "setProgress": "{progressViewId: 0.5}: setProgress(_:animated:).",
        "setContentOffset": "{scrollViewId: [x, y]}: setContentOffset(_:animated:).",
        "insertRows": "{table, section, at, rows: [...], animation: fade|top|automatic|none}.",
        "deleteRows": "{table, rows: [ids], animation: fade|top|automatic|none}.",
        "transition": "UIView.transition(with:duration:options:animations:): {view: card, duration: 0.6, options: [transitionFlipFromLeft], changes: [set: {…}]}.",
        "animated": "For setOn, setProgress and setContentOffset: animate (default true).",
        "run": "Start named animations (a propertyAnimator: startAnimation after its delay).",
        "startAnimation": "UIViewPropertyAnimator.startAnimation(): start or resume property animators by name (made anew from their spec once finished).",
        "afterDelay": "With startAnimation: startAnimation(afterDelay:), seconds.",
        "pauseAnimation": "pauseAnimation(): hold property animators where they are (starting them paused if inactive).",
        "fractionComplete": "{animator: 0.5} or {animator: slider.value}: scrub a property animator (pausing it first if it runs).",
        "isReversed": "{animator: true}: run toward the start (a running animator turns round where it is).",
        "continueAnimation": "{animator: {timingParameters: {dampingRatio: 0.8}, durationFactor: 0.5}}: continueAnimation(withTimingParameters:durationFactor:) on a paused animator.",
        "addAnimations": "{animator: {changes: [...], delayFactor: 0.5}}: addAnimations(_:delayFactor:).",
        "stopAnimation": "{animator: false}: stopAnimation(_:) (true: withoutFinishing, no completion; false: wait for finishAnimation).",
        "finishAnimation": "{animator: end|start|current}: finishAnimation(at:) on a stopped animator; its completion handlers run.",
        "stop": "Remove running animations by name: a POP animation, or what an animate block started (the views show their end values); their completion handlers run. A propertyAnimator stops where it shows and finishes there.",
        "set": "Set view properties: {viewId: {alpha: 1, …}}.",
        "activate": "Activate constraint groups by id.",
        "deactivate": "Deactivate constraint groups by id.",
        "constant": "Set constraint group constants: {id: value}.",
        "shuffle": "Re-order a shuffle group's views at random (seeded) and swap in its constraints.",
        "layoutIfNeeded": "Lay out now (inside an animate block: animate the constraint changes).",
        "becomeFirstResponder": "Focus a text field.",
        "resignFirstResponder": "End editing in a text field.",
        "endEditing": "End editing in whichever field is focused.",
        "startAnimating": "Start activity indicators.",
        "stopAnimating": "Stop activity indicators.",
        "state": "Change state machines: {machine: state}.",
        "nextState": "Move a state machine to the state after its current one in `values` (wrapping round): a toggle.",
        "after": "Seconds to wait before the action (dispatch_after).",
        "launchOrientation": "The action runs only when the scene launched in this orientation (portrait or landscape).",
    ]
}

/// View properties an action sets or a UIKit block changes.
struct PropertyValues: Decodable {
    var frame: [Double]?
    var center: [Double]?
    var size: [Double]?
    var alpha: Double?
    var hidden: Bool?
    var backgroundColor: String?
    var cornerRadius: Double?
    var transform: TransformSpec?
    var sublayerTransform: TransformSpec?
    var zPosition: Double?
    var isDoubleSided: Bool?
    var userInteractionEnabled: Bool?
    var enabled: Bool?
    var text: String?
    var textColor: String?
    var title: String?
    var titleColor: String?
    var borderWidth: Double?
    var borderColor: String?
    var gradient: GradientChangeSpec?
    var isOn: Bool?
    var progress: Double?
    var currentPage: Int?
    var selectedSegmentIndex: Int?
    var value: Double?
    var badgeValue: String?
    var contentOffset: [Double]?
    var strokeStart: Double?
    var strokeEnd: Double?
}

/// New values for a view's gradient layer (which the view's `gradient:` declares), with
/// CAGradientLayer's names; inside an animate block they animate as Core Animation animates them.
struct GradientChangeSpec: Decodable, SchemaDocumented {
    var colors: [String]?
    var locations: [Double]?
    var startPoint: [Double]?
    var endPoint: [Double]?

    static let typeDescription: String? = "New colours, locations or points for the view's gradient; an animate block animates them (colours in premultiplied sRGB)."
    static let keyDescriptions = [
        "colors": "As many colours as the gradient has.",
        "locations": "One per colour, not decreasing; values outside 0…1 lie beyond startPoint and endPoint.",
        "startPoint": "[x, y] in unit coordinates of the bounds.",
        "endPoint": "[x, y] in unit coordinates of the bounds.",
    ]
}

/// One script step: exactly one verb.
struct StepSpec: Decodable, SchemaDocumented {
    var wait: Double?
    var tap: TargetSpec?
    var hold: Double?
    var press: TargetSpec?
    var release: TargetSpec?
    var type: String?
    var interval: Double?
    var delete: Int?
    var focus: String?
    var rotate: OrientationName?
    var seed: UInt64?
    var waitUntilSettled: Bool?
    var timeout: Double?
    var scroll: String?
    var drag: String?
    var from: [Double]?
    var to: NumberList?
    var duration: Double?
    var velocity: [Double]?
    var launchOrientation: OrientationName?

    static let keyDescriptions = [
        "wait": "Seconds of nothing.",
        "tap": "A view id or [x, y]: finger down, held `hold` seconds (default 0.12), lifted.",
        "press": "Finger down on a view id or [x, y].",
        "release": "Finger lifted.",
        "type": "Text typed into the focused field, a key every `interval` seconds (default 0.18).",
        "delete": "Presses delete N times, every `interval` seconds (default 0.15).",
        "focus": "Makes a text field first responder (`none` ends editing).",
        "rotate": "Turns the device: portrait or landscape.",
        "seed": "Re-seeds the random shuffles from here on.",
        "scroll": "A finger scrolls a scroll view: to [x, y] (the content offset, from `from` or where it is) over `duration` seconds (default 0.5), or a flick with `velocity` [x, y] in points per second of the offset.",
        "drag": "A finger drags a slider's thumb `to` a value over `duration` seconds (default 0.5).",
        "waitUntilSettled": "Waits until every animation is at rest and no delayed action is pending (at most `timeout` seconds, default 10).",
        "launchOrientation": "The step is played only when the scene launched in this orientation (portrait or landscape).",
    ]
}

/// Where a finger lands: a view id or a point.
enum TargetSpec: Decodable, SchemaDescribing {
    case view(String)
    case point([Double])

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let name = try? single.decode(String.self) { self = .view(name) } else {
            self = .point(try single.decode([Double].self))
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([.string(description: "A view id."), .array(.number(), description: "[x, y] in screen points.")])
    }
}

/// A number or a list of numbers (`to:` of a scroll step is [x, y], of a drag step a value).
struct NumberList: Decodable, SchemaDescribing {
    var values: [Double]

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let one = try? single.decode(Double.self) { values = [one] } else { values = try single.decode([Double].self) }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema { .oneOf([.number(), .array(.number())]) }
}
