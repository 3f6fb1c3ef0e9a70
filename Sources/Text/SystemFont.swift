/// The current system font (San Francisco on iOS), drawn with the bundled Inter faces.
///
/// Inter is the open-licence face closest to SF Pro (see `Assets/Fonts/README.md`); each of
/// UIKit's nine weights is its own static instance of Inter's variable font, with SF Pro's
/// vertical metrics, so `lineHeight`, `ascender` and intrinsic sizes come out as UIKit's.
extension Font {
    /// The weights `UIFont.Weight` names, lightest first.
    public enum Weight: String, CaseIterable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// `UIFont.Weight.rawValue` (the value Core Text's weight trait takes, -1 … 1).
        public var value: Double {
            switch self {
            case .ultraLight: return -0.8
            case .thin: return -0.6
            case .light: return -0.4
            case .regular: return 0
            case .medium: return 0.23
            case .semibold: return 0.3
            case .bold: return 0.4
            case .heavy: return 0.56
            case .black: return 0.62
            }
        }

        /// The bundled face drawn for this weight: Inter at the OpenType weight class SF Pro's
        /// faces of the same name carry (Ultralight 100 … Black 900).
        public var face: FontLibrary.Face {
            switch self {
            case .ultraLight: return .interThin
            case .thin: return .interExtraLight
            case .light: return .interLight
            case .regular: return .interRegular
            case .medium: return .interMedium
            case .semibold: return .interSemiBold
            case .bold: return .interBold
            case .heavy: return .interExtraBold
            case .black: return .interBlack
            }
        }

        /// The weight named `name` (UIKit's spelling, compared case-insensitively).
        public init?(named name: String) {
            guard let weight = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame })
            else { return nil }
            self = weight
        }
    }

    /// `UIFont.systemFont(ofSize:weight:)`.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        // The bundled faces are compiled in and every one is parsed by the Text tests, so this
        // cannot throw for a build that passed them.
        Font(try! weight.face.typeface(), size: size)
    }

    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)` at `category` (the default `large` unless given).
    public static func preferred(_ style: TextStyle, contentSize category: ContentSizeCategory = .default) -> Font {
        let metrics = style.metrics(for: category)
        return system(size: metrics.size, weight: metrics.weight)
    }
}
