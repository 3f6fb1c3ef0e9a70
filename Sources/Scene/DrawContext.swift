import Geometry

/// What a view needs to know while it describes its content for one frame.
public struct DrawContext {
    /// Device pixels per point.
    public var scale: Double
    /// How frame edges are aligned to device pixels.
    public var snapping: PixelSnapping
    /// The window's tint colour (caret, system buttons, bar button items).
    public var tintColor: Color
    /// The frame being drawn, at 60 frames per second.
    public var frame: Int
    /// Light or dark: how system views (bars, home indicator) draw themselves.
    public var userInterfaceStyle: UserInterfaceStyle

    public init(scale: Double, snapping: PixelSnapping, tintColor: Color, frame: Int,
                userInterfaceStyle: UserInterfaceStyle = .light) {
        self.scale = scale
        self.snapping = snapping
        self.tintColor = tintColor
        self.frame = frame
        self.userInterfaceStyle = userInterfaceStyle
    }
}
