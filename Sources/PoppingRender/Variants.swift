import Demos
import Foundation
import Layout
import Scene
import Text

/// One look a scene is rendered in: a value for each trait a variant matrix names, nil for the
/// scene's own (or the command line's). Its name suffix lists the values that are not iOS's
/// defaults, so the default look keeps the plain name and existing goldens stay valid.
public struct Variant: Hashable, Sendable {
    public var appearance: UserInterfaceStyle?
    public var contentSize: ContentSizeCategory?
    public var layoutDirection: LayoutDirection?
    public var locale: String?

    public init(appearance: UserInterfaceStyle? = nil, contentSize: ContentSizeCategory? = nil,
                layoutDirection: LayoutDirection? = nil, locale: String? = nil) {
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.locale = locale
    }

    /// `-dark-rtl-accessibilityExtraLarge-ar`: the values other than light, left to right, large
    /// and English, in that order; empty for the default look.
    public var suffix: String {
        var parts: [String] = []
        if let appearance, appearance != .light { parts.append(appearance.rawValue) }
        if let layoutDirection, layoutDirection != .leftToRight { parts.append(layoutDirection.shortName) }
        if let contentSize, contentSize != .default { parts.append(contentSize.rawValue) }
        if let locale, locale != "en" { parts.append(locale) }
        return parts.map { "-" + $0 }.joined()
    }

    /// `name` with the suffix, before a file extension when there is one (`signin-dark.gif`).
    public func naming(_ name: String) -> String {
        let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard let dot = name[slash...].lastIndex(of: "."), dot > slash else { return name + suffix }
        return String(name[..<dot]) + suffix + String(name[dot...])
    }

    /// `settings` with this variant's values laid over them.
    public func applied(to settings: DemoSettings) -> DemoSettings {
        var s = settings
        s.appearance = appearance ?? s.appearance
        s.contentSize = contentSize ?? s.contentSize
        s.layoutDirection = layoutDirection ?? s.layoutDirection
        s.locale = locale ?? s.locale
        return s
    }

    /// The traits a matrix can vary, as `--variants` spells them.
    public static let traitNames = ["appearance", "content-size", "layout-direction", "locale"]

    /// The most combinations one matrix may ask for.
    public static let limit = 64

    /// Every combination `text` asks for, in the order its values are written (the first trait
    /// varying slowest): `appearance=light,dark; content-size=large,accessibilityExtraLarge;
    /// layout-direction=ltr,rtl` gives eight. Throws a `VariantError` naming what is wrong.
    public static func matrix(_ text: String) throws(VariantError) -> [Variant] {
        var combinations = [Variant()]
        var seen: Set<String> = []
        let clauses = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !clauses.isEmpty else { throw VariantError("name at least one trait: \(traitNames.joined(separator: ", "))") }
        for clause in clauses {
            let sides = clause.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2, !sides[0].isEmpty else { throw VariantError("expected TRAIT=VALUE,VALUE, found '\(clause)'") }
            let trait = sides[0]
            guard traitNames.contains(trait) else {
                throw VariantError("unknown trait '\(trait)' (\(traitNames.joined(separator: ", ")))")
            }
            guard seen.insert(trait).inserted else { throw VariantError("'\(trait)' is given twice") }
            let values = sides[1].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !values.isEmpty, !values.contains(where: \.isEmpty) else { throw VariantError("'\(trait)' needs values, comma-separated") }
            var setters: [(inout Variant) -> Void] = []
            for value in values {
                setters.append(try setter(trait, value))
            }
            guard Set(values).count == values.count else { throw VariantError("'\(trait)' lists a value twice") }
            combinations = combinations.flatMap { base in
                setters.map { set in
                    var v = base
                    set(&v)
                    return v
                }
            }
            guard combinations.count <= limit else { throw VariantError("more than \(limit) combinations") }
        }
        return combinations
    }

    private static func setter(_ trait: String, _ value: String) throws(VariantError) -> (inout Variant) -> Void {
        switch trait {
        case "appearance":
            guard let style = UserInterfaceStyle(rawValue: value) else {
                throw VariantError("appearance '\(value)' is light or dark")
            }
            return { $0.appearance = style }
        case "content-size":
            guard let category = ContentSizeCategory(rawValue: value) else {
                throw VariantError("content-size '\(value)' is one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return { $0.contentSize = category }
        case "locale":
            guard Locales.isValid(value) else { throw VariantError("locale '\(value)' is not a locale identifier (en, de, pt-BR, ar, …)") }
            return { $0.locale = value }
        default:
            guard let direction = LayoutDirection(rawValue: value) ?? LayoutDirection(shortName: value) else {
                throw VariantError("layout-direction '\(value)' is ltr or rtl (leftToRight, rightToLeft)")
            }
            return { $0.layoutDirection = direction }
        }
    }
}

/// A variant matrix that cannot be read, and why.
public struct VariantError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
