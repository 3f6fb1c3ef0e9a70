import Foundation

/// The bundled faces and the one table that maps the font names iOS code uses to them.
///
/// Avenir is not free to redistribute, so its look-alike Nunito Sans (SIL OFL, `Assets/Fonts`)
/// stands in; the system font (Helvetica Neue / San Francisco) maps to the same family. The
/// faces are compiled into the binary, so no font file is needed at run time.
public enum FontLibrary {
    /// A bundled face.
    public enum Face: String, CaseIterable, Sendable {
        case light = "NunitoSans-Light"
        case regular = "NunitoSans-Regular"
        case medium = "NunitoSans-Medium"

        /// The parsed typeface; parsed once, on first use.
        public func typeface() throws -> Typeface {
            switch self {
            case .light: return try FontLibrary.light.get()
            case .regular: return try FontLibrary.regular.get()
            case .medium: return try FontLibrary.medium.get()
            }
        }

        /// The face's declared x-height (OS/2 sxHeight) as a fraction of its size, read without
        /// parsing the outlines; `nil` when the face declares none.
        public var declaredXHeight: Double? {
            switch self {
            case .light: return FontLibrary.lightXHeight
            case .regular: return FontLibrary.regularXHeight
            case .medium: return FontLibrary.mediumXHeight
            }
        }
    }

    /// iOS font names (as `UIFont(name:size:)` takes them, compared case-insensitively) and the
    /// face each is drawn with.
    public static let faces: [(name: String, face: Face)] = [
        ("Avenir-Light", .light),
        ("Avenir-Book", .regular),
        ("Avenir-Roman", .regular),
        ("Avenir", .regular),
        ("Avenir-Medium", .medium),
        ("HelveticaNeue-Light", .light),
        ("HelveticaNeue", .regular),
        ("HelveticaNeue-Medium", .medium),
        ("system", .regular),
        ("NunitoSans-Light", .light),
        ("NunitoSans-Regular", .regular),
        ("NunitoSans-Medium", .medium),
    ]

    /// The face an iOS font name maps to, or `nil` for a name not in `faces`.
    public static func face(named name: String) -> Face? {
        faces.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.face
    }

    /// The font `UIFont(name:size:)` would give, drawn with the bundled face; throws naming the
    /// known names when `name` is not one of them.
    public static func font(named name: String, size: Double) throws -> Font {
        guard let face = face(named: name) else {
            throw FontError.unknownName(name, known: faces.map(\.name))
        }
        return Font(try face.typeface(), size: size)
    }

    /// `UIFont.systemFontOfSize:`.
    public static func systemFont(size: Double) throws -> Font { Font(try Face.regular.typeface(), size: size) }

    private static let light = parse(.light, BundledFontData.nunitoSansLight)
    private static let regular = parse(.regular, BundledFontData.nunitoSansRegular)
    private static let medium = parse(.medium, BundledFontData.nunitoSansMedium)

    private static let lightXHeight = Typeface.declaredXHeight(fontBytes: bytes(BundledFontData.nunitoSansLight))
    private static let regularXHeight = Typeface.declaredXHeight(fontBytes: bytes(BundledFontData.nunitoSansRegular))
    private static let mediumXHeight = Typeface.declaredXHeight(fontBytes: bytes(BundledFontData.nunitoSansMedium))

    private static func parse(_ face: Face, _ base64: String) -> Result<Typeface, Error> {
        let bytes = bytes(base64)
        return Result { try Typeface(bytes: bytes, name: face.rawValue) }
    }

    /// A bundled file's bytes from its base64 text.
    private static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data())
    }
}
