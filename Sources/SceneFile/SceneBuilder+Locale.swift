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
    /// The string tables by locale: the scene's `strings:`, the Xcode string catalog
    /// `NAME.xcstrings` beside the scene file (NAME the scene's), whose `stringUnit` values are
    /// read, and strings files `LOCALE.lproj/NAME.strings` beside it, as older Xcode projects keep
    /// them. An entry in several takes the scene's, then the strings file's. Problems are logged.
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
        for (locale, table) in stringsFiles(named: name) {
            tables[locale, default: [:]].merge(table) { _, file in file }
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

    /// The tables of the strings files `LOCALE.lproj/NAME.strings` in the scene's folder, by
    /// locale (`Base.lproj` and folders not named after a locale are not read). Problems are logged.
    private func stringsFiles(named name: String) -> [String: [String: String]] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var tables: [String: [String: String]] = [:]
        for entry in folders.sorted() where entry.hasSuffix(".lproj") {
            let locale = String(entry.dropLast(".lproj".count))
            let file = entry + "/" + name + ".strings"
            guard Locales.isValid(locale), FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) else {
                continue
            }
            switch Self.readStringsFile(file, folder: folder) {
            case let .success(table): tables[locale] = table
            case let .failure(problem): log.add([.key("strings")], "\(file): \(problem.message)")
            }
        }
        return tables
    }

    /// A strings file's table, read beneath the scene's read root and within the scene size limit.
    static func readStringsFile(_ file: String, folder: URL) -> Result<[String: String], SceneValueError> {
        readTranslations(file, folder: folder, kind: "a strings file").flatMap { bytes in
            do throws(StringsFile.Problem) { return .success(try StringsFile.table(from: bytes)) } catch {
                return .failure(SceneValueError("line \(error.line): \(error.message)"))
            }
        }
    }

    /// The bytes of a file of translations (`kind` names it in messages) beside the scene, read
    /// beneath the scene's read root and within the scene size limit.
    private static func readTranslations(_ file: String, folder: URL, kind: String) -> Result<[UInt8], SceneValueError> {
        let path: String
        switch SceneValues.readablePath(file, folder: folder) {
        case let .success(p): path = p
        case let .failure(refusal): return .failure(refusal)
        }
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > SceneFile.maxFileSize {
            return .failure(SceneValueError("\(kind) is at most 16 MB"))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(SceneValueError("cannot read the file")) }
        return .success([UInt8](data))
    }

    /// An Xcode string catalog's translations by locale (`strings.KEY.localizations.LOCALE.stringUnit.value`).
    static func readCatalog(_ file: String, folder: URL) -> Result<[String: [String: String]], SceneValueError> {
        let data: [UInt8]
        switch readTranslations(file, folder: folder, kind: "a string catalog") {
        case let .success(bytes): data = bytes
        case let .failure(problem): return .failure(problem)
        }
        let catalog: StringCatalog
        do { catalog = try JSONDecoder().decode(StringCatalog.self, from: Data(data)) } catch {
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
