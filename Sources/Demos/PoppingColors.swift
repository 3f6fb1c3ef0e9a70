import Geometry

/// Popping's flat-UI palette (`UIColor+CustomColors.m`; demos.md §1.2).
extension Color {
    static let customGray = Color(r255: 84, g: 84, b: 84)
    static let customRed = Color(r255: 231, g: 76, b: 60)
    static let customYellow = Color(r255: 241, g: 196, b: 15)
    static let customGreen = Color(r255: 46, g: 204, b: 113)
    static let customBlue = Color(r255: 52, g: 152, b: 219)
}
