/// A colour as straight (not premultiplied) sRGB components in 0...1, as UIColor's
/// `colorWithRed:green:blue:alpha:` takes them. Premultiplication happens in the raster core.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from 0–255 components, as iOS code often writes them (`r/255.0`).
    public init(r255 r: Double, g: Double, b: Double, alpha: Double = 1) {
        self.init(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    /// A grey, as `colorWithWhite:alpha:`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        let digits = s.count == 3 ? String(s.flatMap { [$0, $0] }) : String(s)
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        let c = digits.count == 6 ? (v << 8) | 0xFF : v
        self.init(red: Double((c >> 24) & 0xFF) / 255, green: Double((c >> 16) & 0xFF) / 255,
                  blue: Double((c >> 8) & 0xFF) / 255, alpha: Double(c & 0xFF) / 255)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The same colour with alpha `alpha`.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// The same colour with its alpha multiplied by `factor` (an opacity laid over it).
    public func multiplyingAlpha(by factor: Double) -> Color { withAlpha(alpha * factor) }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
