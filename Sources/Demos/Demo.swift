import Geometry
import Layout
import Scene
import Text

/// A demo: a screen built the way the original iOS code builds it, and a script of what the
/// user does. `start` returns the stage ready for frame 0 and the number of frames to render.
public protocol Demo {
    /// The name on the command line (`popping-render owl`).
    static var name: String { get }
    /// One line for `popping-render list`.
    static var summary: String { get }
    /// The device the original was written for.
    static var defaultDevice: Device { get }

    /// Builds the screen for `settings` and schedules the script; throws when its art cannot be read.
    static func start(_ settings: DemoSettings) throws -> DemoRun
}

/// Choices a user makes on the command line that a demo honours.
public struct DemoSettings: Sendable {
    public var screenSize: Size
    /// Seeds the constraints demo's shuffles.
    public var seed: UInt64
    public var orientation: Orientation
    /// The device chosen on the command line (`--device`), whose chrome and safe areas a scene
    /// takes; nil for the animation's own device, or a bare `--size`.
    public var device: Device?
    /// Light or dark (`--appearance`); nil for the animation's own (a scene's `screen.appearance`).
    public var appearance: UserInterfaceStyle?
    /// The reader's text size (`--content-size`); nil for the animation's own (a scene's
    /// `screen.contentSize`, else `large`).
    public var contentSize: ContentSizeCategory?
    /// Left to right or right to left (`--layout-direction`); nil for the animation's own (a
    /// scene's `screen.layoutDirection`, else left to right).
    public var layoutDirection: LayoutDirection?
    /// The locale (`--locale`, `de`, `ar`, …) whose strings a scene shows; nil for the scene's own
    /// (`screen.locale`, else the texts as written).
    public var locale: String?

    /// The seed renders use unless told otherwise: with it, each of the constraints demo's four
    /// shuffles puts a different view on top.
    public static let defaultSeed: UInt64 = 24

    public init(screenSize: Size, seed: UInt64 = defaultSeed, orientation: Orientation = .portrait,
                device: Device? = nil, appearance: UserInterfaceStyle? = nil, contentSize: ContentSizeCategory? = nil,
                layoutDirection: LayoutDirection? = nil, locale: String? = nil) {
        self.screenSize = screenSize
        self.seed = seed
        self.orientation = orientation
        self.device = device
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.locale = locale
    }
}

/// An animation ready to play: its stage, how many 60 Hz frames it lasts, and the object whose
/// methods the controls call, kept alive while it plays as a window keeps its view controller.
///
/// Build the stage's views, schedule what happens (`stage.play(Script)` returns the frame count,
/// or add animations to `stage.animator` yourself) and wrap them in a run to render or test it.
public struct DemoRun {
    /// The screen: its window, views, animator and clock.
    public let stage: Stage
    /// How many 60 Hz frames the animation lasts.
    public let frameCount: Int
    let controller: AnyObject?

    /// A run of `frameCount` frames on `stage`; `controller` (your view controller, whose
    /// methods the stage's handlers call) is kept alive while the animation plays.
    public init(stage: Stage, frameCount: Int, controller: AnyObject? = nil) {
        self.stage = stage
        self.frameCount = frameCount
        self.controller = controller
    }
}

/// Every demo, in the order `popping-render list` shows them.
public let allDemos: [any Demo.Type] = [OwlDemo.self, ButtonDemo.self, PasswordDemo.self, ConstraintsDemo.self,
                                         RegisterDemo.self]

/// The demo with the given command-line name.
public func demo(named name: String) -> (any Demo.Type)? { allDemos.first { $0.name == name } }
