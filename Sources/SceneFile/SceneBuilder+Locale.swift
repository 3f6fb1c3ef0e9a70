import Foundation
import Layout
import Scene

/// Locales: the strings a scene's texts are translated to, and the layout direction a locale implies.
extension SceneBuilder {
    /// The text shown for `text` in the scene's locale: its translation in the locale's strings
    /// table (`strings:` in the scene, or `NAME.xcstrings` beside it), else `text` itself, as
    /// `NSLocalizedString` returns its key when a table has no entry. Texts are their own keys, as
    /// in an Xcode string catalog.
    func localized(_ text: String) -> String { translations[text] ?? text }

    /// `localized(_:)` for an optional text.
    func localized(_ text: String?) -> String? { text.map(localized) }

    /// The table for `locale` among `tables` (keyed by locale identifier): an exact match, else
    /// the language alone (`pt-BR` falls back to `pt`), else none.
    static func translations(for locale: String?, in tables: [String: [String: String]]) -> [String: String] {
        guard let locale else { return [:] }
        return tables[locale] ?? tables[Locales.language(of: locale)] ?? [:]
    }
}

extension SceneBuilder {
    /// The string tables by locale: the scene's `strings:`, and the Xcode string catalog
    /// `NAME.xcstrings` beside the scene file (NAME the scene's), whose `stringUnit` values are
    /// read; an entry in both takes the scene's. Problems are logged.
    func stringTables() -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        let name = URL(fileURLWithPath: log.file).deletingPathExtension().lastPathComponent
        let catalog = folder.appendingPathComponent(name + ".xcstrings")
        if FileManager.default.fileExists(atPath: catalog.path) {
            switch Self.readCatalog(catalog.lastPathComponent, folder: folder) {
            case let .success(found): tables = found
            case let .failure(problem): log.add([.key("strings")], "\(catalog.lastPathComponent): \(problem.message)")
            }
        }
        for (locale, table) in document.strings ?? [:] {
            guard Locales.isValid(locale) else {
                log.add([.key("strings"), .key(locale)], "'\(locale)' is not a locale identifier (de, pt-BR, zh-Hans, ar, …)")
                continue
            }
            tables[locale, default: [:]].merge(table) { _, scene in scene }
        }
        return tables
    }

    /// An Xcode string catalog's translations by locale (`strings.KEY.localizations.LOCALE.stringUnit.value`).
    static func readCatalog(_ file: String, folder: URL) -> Result<[String: [String: String]], SceneValueError> {
        let path: String
        switch SceneValues.readablePath(file, folder: folder) {
        case let .success(p): path = p
        case let .failure(refusal): return .failure(refusal)
        }
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > SceneFile.maxFileSize {
            return .failure(SceneValueError("a string catalog is at most 16 MB"))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(SceneValueError("cannot read the file")) }
        let catalog: StringCatalog
        do { catalog = try JSONDecoder().decode(StringCatalog.self, from: data) } catch {
            return .failure(SceneValueError("not a string catalog (JSON with strings.KEY.localizations.LOCALE.stringUnit.value)"))
        }
        var tables: [String: [String: String]] = [:]
        for (key, entry) in catalog.strings {
            for (locale, localization) in entry.localizations ?? [:] {
                if let value = localization.stringUnit?.value { tables[locale, default: [:]][key] = value }
            }
        }
        return .success(tables)
    }
}

/// The part of an Xcode string catalog (`.xcstrings`) a scene reads: each key's string units.
struct StringCatalog: Decodable {
    struct Entry: Decodable { var localizations: [String: Localization]? }
    struct Localization: Decodable { var stringUnit: StringUnit? }
    struct StringUnit: Decodable { var value: String }
    var strings: [String: Entry]
}
