import Foundation

/// The bundled faces and the one table that maps the font names iOS code uses to them.
///
/// Avenir is not free to redistribute, so its look-alike Nunito Sans (SIL OFL, `Assets/Fonts`)
/// stands in; the iOS 7-era system font (Helvetica Neue), which the demos name as `system`, maps
/// to the same family. The current system font (San Francisco, `UIFont.systemFont(ofSize:weight:)`)
/// is drawn with Inter at UIKit's nine weights (`Font.system(size:weight:)`). The faces are
/// compiled into the binary, so no font file is needed at run time.
public enum FontLibrary {
    /// A bundled face.
    public enum Face: String, CaseIterable, Sendable {
        case light = "NunitoSans-Light"
        case regular = "NunitoSans-Regular"
        case medium = "NunitoSans-Medium"
        case interThin = "Inter-Thin"
        case interExtraLight = "Inter-ExtraLight"
        case interLight = "Inter-Light"
        case interRegular = "Inter-Regular"
        case interMedium = "Inter-Medium"
        case interSemiBold = "Inter-SemiBold"
        case interBold = "Inter-Bold"
        case interExtraBold = "Inter-ExtraBold"
        case interBlack = "Inter-Black"
        case notoSansArabic = "NotoSansArabic-Regular"
        case notoSansHebrew = "NotoSansHebrew-Regular"
        case notoSansDevanagari = "NotoSansDevanagari-Regular"
        case notoSansThai = "NotoSansThai-Regular"
        case droidSansFallbackCJK = "DroidSansFallback-CJK"
        case hangulGothic = "HangulGothic-Regular"
        case notoColorEmoji = "NotoColorEmoji-64"

        /// The parsed typeface; parsed once, on first use.
        public func typeface() throws -> Typeface { try FontLibrary.parsed.typeface(self) }

        /// The face's declared x-height (OS/2 sxHeight) as a fraction of its size, read without
        /// parsing the outlines; `nil` when the face declares none.
        public var declaredXHeight: Double? { FontLibrary.parsed.declaredXHeight(self) }

        /// The face's TrueType file, base64-encoded.
        var base64: String {
            switch self {
            case .light: return BundledFontData.nunitoSansLight
            case .regular: return BundledFontData.nunitoSansRegular
            case .medium: return BundledFontData.nunitoSansMedium
            case .interThin: return BundledFontData.interThin
            case .interExtraLight: return BundledFontData.interExtraLight
            case .interLight: return BundledFontData.interLight
            case .interRegular: return BundledFontData.interRegular
            case .interMedium: return BundledFontData.interMedium
            case .interSemiBold: return BundledFontData.interSemiBold
            case .interBold: return BundledFontData.interBold
            case .interExtraBold: return BundledFontData.interExtraBold
            case .interBlack: return BundledFontData.interBlack
            case .notoSansArabic: return BundledFontData.notoSansArabicRegular
            case .notoSansHebrew: return BundledFontData.notoSansHebrewRegular
            case .notoSansDevanagari: return BundledFontData.notoSansDevanagariRegular
            case .notoSansThai: return BundledFontData.notoSansThaiRegular
            case .droidSansFallbackCJK: return BundledFontData.droidSansFallbackCJK
            case .hangulGothic: return BundledFontData.hangulGothicRegular
            case .notoColorEmoji: return BundledFontData.notoColorEmoji
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
    ] + Face.allCases.filter { $0.rawValue.hasPrefix("Inter-") }.map { ($0.rawValue, $0) }

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

    /// The iOS 7-era system font (`system` in the demos): Nunito Sans Regular.
    public static func systemFont(size: Double) throws -> Font { Font(try Face.regular.typeface(), size: size) }

    /// Each face parsed at most once, on first use, from any thread.
    private static let parsed = ParsedFaces()

    private final class ParsedFaces: @unchecked Sendable {
        private let lock = NSLock()
        private var typefaces: [Face: Result<Typeface, Error>] = [:]
        private var xHeights: [Face: Double?] = [:]

        func declaredXHeight(_ face: Face) -> Double? {
            lock.withLock {
                if let known = xHeights[face] { return known }
                let read = Typeface.declaredXHeight(fontBytes: FontLibrary.bytes(face.base64))
                xHeights[face] = .some(read)
                return read
            }
        }

        func typeface(_ face: Face) throws -> Typeface {
            try lock.withLock {
                if let done = typefaces[face] { return done }
                let made = Result { try Typeface(bytes: FontLibrary.bytes(face.base64), name: face.rawValue) }
                typefaces[face] = made
                return made
            }.get()
        }
    }

    /// A bundled file's bytes from its base64 text.
    private static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data())
    }
}

extension FontLibrary {
    /// The faces tried, in order, for a character the font itself lacks, as UIKit's cascade
    /// list: Inter for Latin, Greek and Cyrillic, then Noto Sans Arabic, Hebrew, Devanagari and
    /// Thai, then Droid Sans Fallback for Chinese and Japanese and Nanum Gothic (renamed Hangul
    /// Gothic) for Korean, and last Noto Color Emoji for emoji in colour (see Assets/Fonts/README.md).
    /// Each is one regular weight: semibold and heavier text in these scripts is drawn emboldened
    /// (`Typeface.emboldening(toMatch:)`).
    public static let fallbackFaces: [Face] = [.interRegular, .notoSansArabic, .notoSansHebrew, .notoSansDevanagari,
                                               .notoSansThai, .droidSansFallbackCJK, .hangulGothic, .notoColorEmoji]

    /// The face each scalar is drawn with: `primary` when it has the character; else, for a
    /// character of no script of its own (space, punctuation, digit, mark), the face of the
    /// character before it when that face has it, so a run stays in one face; else the first
    /// fallback face that has it; else `primary` (its missing-glyph box). An emoji shown as one
    /// (Emoji_Presentation, or followed by U+FE0F: a keycap's digit, ❤️) is drawn in colour from
    /// the emoji face even when `primary` has a glyph for it, as iOS draws it from Apple Color Emoji;
    /// the selectors, joiners, tags and keycap marks after it stay in that face, which joins them
    /// into one glyph (its GSUB sequences) or hides them.
    static func faces(for scalars: [Unicode.Scalar], primary: Typeface) -> [Typeface] {
        var faces: [Typeface] = []
        faces.reserveCapacity(scalars.count)
        let emoji = try? Face.notoColorEmoji.typeface()
        for (i, scalar) in scalars.enumerated() {
            let next = i + 1 < scalars.count ? scalars[i + 1] : nil
            if let emoji, Self.isShownAsEmoji(scalar, before: next), emoji.covers(scalar) {
                faces.append(emoji)
            } else if let previous = faces.last, previous === emoji {
                let continues = [.nonspacingMark, .enclosingMark, .format].contains(scalar.properties.generalCategory)
                faces.append(continues ? previous : face(for: scalar, primary: primary, previous: nil))
            } else {
                faces.append(face(for: scalar, primary: primary, previous: faces.last))
            }
        }
        return faces
    }

    /// The face of a scalar that is no emoji: `previous` (the face before it) for a character of
    /// no script of its own that it has, else `primary`, else the first fallback face with it.
    private static func face(for scalar: Unicode.Scalar, primary: Typeface, previous: Typeface?) -> Typeface {
        if let previous, previous !== primary, TextScript(of: scalar).isShared, previous.covers(scalar) { return previous }
        if primary.covers(scalar) || scalar.properties.isWhitespace || scalar == Typeface.bullet { return primary }
        return fallbackFaces.lazy.compactMap { try? $0.typeface() }.first { $0.covers(scalar) } ?? primary
    }

    /// Whether `scalar`, followed by `next`, is shown as an emoji: it has emoji presentation
    /// (Emoji_Presentation), or it is an emoji followed by the emoji presentation selector U+FE0F.
    private static func isShownAsEmoji(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
        scalar.properties.isEmojiPresentation || (next == "\u{FE0F}" && scalar.properties.isEmoji)
    }
}
