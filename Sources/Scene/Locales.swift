import Layout

/// Locale identifiers as `--locale` and `screen.locale` take them (`de`, `pt-BR`, `zh-Hans`, `ar`).
public enum Locales {
    /// The languages written right to left (Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur,
    /// Kurdish (Sorani), Dhivehi, Yiddish): `NSLocale.characterDirection(forLanguage:)` is
    /// rightToLeft for them, and UIKit lays their apps out right to left.
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "ckb", "dv", "yi"]

    /// The language part of an identifier (`pt` of `pt-BR`).
    public static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The layout direction the locale's language implies.
    public static func layoutDirection(of identifier: String) -> LayoutDirection {
        rightToLeftLanguages.contains(language(of: identifier)) ? .rightToLeft : .leftToRight
    }

    /// Whether `identifier` is shaped as a locale identifier: a 2- or 3-letter language, then
    /// `-` or `_` separated parts of 2 to 8 letters or digits (`en`, `pt-BR`, `zh-Hans`, `es-419`).
    public static func isValid(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
