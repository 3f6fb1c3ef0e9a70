import CFontconfig
import Foundation
import Text

/// The fonts SVG text may be drawn with besides the bundled faces: the machine's fonts as
/// fontconfig (Debian's `libfontconfig`) lists them and configures them, and fonts in folders
/// given by the caller.
///
/// `bundledOnly`, the default for every parse, consults neither, so scenes and goldens draw the
/// same on every machine. One value is shared by every file of a run (and every thread): the
/// configuration is loaded when the first text needs a face, and each face is matched and
/// parsed once.
public final class FontSources: @unchecked Sendable {
    /// Bundled faces only (and TrueType files beside the SVG named by its `font-family`).
    public static let bundledOnly = FontSources(checked: [], system: false)

    /// Whether the machine's fonts and font configuration (aliases, generic families) are used.
    public let usesSystemFonts: Bool
    /// The font files found in the folders given.
    private let files: [String]
    private let lock = NSLock()
    /// The fontconfig configuration, loaded on the first match (loading the machine's takes
    /// tens of milliseconds, which a file without text should not pay); `nil` before.
    private var configuration: OpaquePointer?
    /// Faces matched so far, by request; `nil` when none was acceptable.
    private var matches: [MatchKey: MatchedFace?] = [:]
    /// Font files parsed so far, by path; `nil` when our reader cannot use the file (CFF
    /// outlines, a collection, a malformed file).
    private var typefaces: [String: Typeface?] = [:]
    /// The faces found for characters no family had, by the language of the text, in the order
    /// found, with their OpenType weight and whether they are upright.
    private var fallbacks: [String: [(typeface: Typeface, weight: Int, upright: Bool)]] = [:]
    /// Characters fontconfig found no face for, by language.
    private var uncovered: Set<FallbackKey> = []

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let language: String
    }

    private init(checked files: [String], system: Bool) {
        self.files = files
        usesSystemFonts = system
    }

    /// The most font files the folders given may hold together.
    public static let maximumFiles = 10_000

    /// The machine's fonts (when `system`) and every font in `folders` (and their subfolders);
    /// throws naming the first folder that is missing, not a folder, or holds more than
    /// `maximumFiles` fonts. With neither, the same as `bundledOnly`.
    public convenience init(system: Bool, folders: [String]) throws {
        var files: [String] = []
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
                throw SVGError(file: folder, line: 0, column: 0, message: "no such folder (--font-dir)")
            }
            guard isFolder.boolValue, let walker = FileManager.default.enumerator(atPath: folder) else {
                throw SVGError(file: folder, line: 0, column: 0, message: "is not a folder (--font-dir)")
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                let suffix = relative.split(separator: ".").last?.lowercased() ?? ""
                guard ["ttf", "otf", "ttc", "otc"].contains(suffix) else { continue }
                found.append(folder + "/" + relative)
                guard files.count + found.count <= Self.maximumFiles else {
                    throw SVGError(file: folder, line: 0, column: 0,
                                   message: "holds more than \(Self.maximumFiles) font files (--font-dir)")
                }
            }
            files += found.sorted()
        }
        self.init(checked: files, system: system)
    }

    deinit {
        if let configuration { FcConfigDestroy(configuration) }
    }

    /// Whether any font beyond the bundled ones can be had.
    private var consultsFontconfig: Bool { usesSystemFonts || !files.isEmpty }

    /// The configuration, loaded on first use (call with `lock` held). Without the system's
    /// configuration files fontconfig knows no aliases and no fonts but the files added, so
    /// the render depends on them alone. The given fonts are added file by file, which writes
    /// no cache (a folder would be cached in the user's cache folder, or complained about).
    private func loadedConfiguration() -> OpaquePointer? {
        if let configuration { return configuration }
        guard let made = usesSystemFonts ? FcInitLoadConfigAndFonts() : FcConfigCreate() else { return nil }
        for file in files { _ = FcConfigAppFontAddFile(made, file) }
        configuration = made
        return made
    }

    /// A face from the machine or the given folders, and how it must be altered to stand for
    /// the weight and style asked for.
    struct MatchedFace {
        let typeface: Typeface
        /// Whether the face is lighter than semibold where bold was asked for (Chromium then draws
        /// it emboldened) and upright where italic was asked for (drawn slanted).
        let syntheticBold: Bool
        let syntheticItalic: Bool
    }

    private struct MatchKey: Hashable {
        let family: String
        let weight: Int
        let style: FontStyle
    }

    /// The face fontconfig gives for one family name, weight and style, as Chromium's Skia
    /// (`SkFontConfigInterface_direct::matchFamilyName`) accepts it: the first scalable face of
    /// fontconfig's sorted list that our reader can use, kept only when its family is the one
    /// asked for, the one the configuration substituted for it (Arial's Liberation Sans), a
    /// metric-compatible replacement, or when the name is one of fontconfig's generic `sans`,
    /// `serif` and `monospace`, which take whatever fontconfig prefers. `nil` when there is no
    /// configuration or no acceptable face.
    func face(family: String, weight: Int, style: FontStyle) -> MatchedFace? {
        guard consultsFontconfig else { return nil }
        let key = MatchKey(family: family, weight: weight, style: style)
        return lock.withLock {
            if let known = matches[key] { return known }
            let found = match(key)
            matches[key] = .some(found)
            return found
        }
    }

    /// The face for a character that the faces of the `font-family` list lack, as Chromium
    /// finds one on Linux (`gfx::GetFallbackFontForChar`): the first scalable face of
    /// fontconfig's list sorted for a pattern of that character alone that has it, in any
    /// weight, emboldened or slanted where the text asks for more (Blink's fallback font
    /// description). The pattern carries the text's language (`language`, a BCP 47 tag; none
    /// when `nil`), as Chromium passes the content's locale, so fontconfig prefers a face made
    /// for it (Japanese or Chinese forms of the same Han character). A face already found for
    /// another character of that language is used again when it has the character. `nil` when
    /// no face has it, or without fontconfig.
    func fallback(for scalar: Unicode.Scalar, weight: Int, style: FontStyle, language: String? = nil) -> MatchedFace? {
        guard consultsFontconfig else { return nil }
        let language = language ?? ""
        return lock.withLock {
            guard let found = fallbacks[language]?.first(where: { $0.typeface.covers(scalar) })
                    ?? sortedFallback(scalar, language) else { return nil }
            return MatchedFace(typeface: found.typeface, syntheticBold: weight >= 600 && found.weight < 600,
                               syntheticItalic: style != .normal && found.upright)
        }
    }

    /// The first face fontconfig sorts for `scalar` in `language` ("" for none) that has it
    /// (call with `lock` held).
    private func sortedFallback(_ scalar: Unicode.Scalar, _ language: String) -> (typeface: Typeface, weight: Int, upright: Bool)? {
        let key = FallbackKey(scalar: scalar.value, language: language)
        guard !uncovered.contains(key), let configuration = loadedConfiguration(),
              let pattern = FcPatternCreate(), let characters = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(characters)
        }
        FcCharSetAddChar(characters, scalar.value)
        FcPatternAddCharSet(pattern, "charset", characters)
        FcPatternAddBool(pattern, "scalable", 1)
        if !language.isEmpty { FcPatternAddString(pattern, "lang", language) }
        FcConfigSubstitute(configuration, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        if let set = FcFontSort(configuration, pattern, 0, nil, &result) {
            defer { FcFontSetDestroy(set) }
            for k in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[k] else { continue }
                var has: OpaquePointer?
                guard FcPatternGetCharSet(font, "charset", 0, &has) == FcResultMatch, let has,
                      FcCharSetHasChar(has, scalar.value) != 0, let (typeface, weight, upright) = usable(font),
                      typeface.covers(scalar) else { continue }
                fallbacks[language, default: []].append((typeface, weight, upright))
                return (typeface, weight, upright)
            }
        }
        uncovered.insert(key)
        return nil
    }

    /// A matched font as our reader reads it, with its OpenType weight and whether it is
    /// upright; `nil` unless it is a scalable single-face file our reader can use.
    private func usable(_ font: OpaquePointer) -> (Typeface, Int, Bool)? {
        var scalable: FcBool = 0
        guard FcPatternGetBool(font, "scalable", 0, &scalable) == FcResultMatch, scalable != 0,
              let path = string(font, "file", 0) else { return nil }
        var index: Int32 = 0, fcWeight: Int32 = 0, fcSlant: Int32 = 0
        _ = FcPatternGetInteger(font, "index", 0, &index)
        guard index == 0, let typeface = typeface(path) else { return nil }
        _ = FcPatternGetInteger(font, "weight", 0, &fcWeight)
        _ = FcPatternGetInteger(font, "slant", 0, &fcSlant)
        return (typeface, Int(FcWeightToOpenType(fcWeight)), fcSlant == FC_SLANT_ROMAN)
    }

    /// Fontconfig's generic names, which accept any face (Skia's `IsFallbackFontAllowed`).
    private static let fallbackAllowed: Set<String> = ["sans", "serif", "monospace"]

    /// Families drawn with the same metrics, any of which stands for another of its class
    /// (Skia's `FontEquivMap`, its Latin classes): Liberation and Chrome OS's Croscore faces.
    private static let metricClasses: [Set<String>] = [
        ["arial", "arimo", "liberation sans"],
        ["times new roman", "tinos", "liberation serif"],
        ["courier new", "cousine", "liberation mono"],
        ["cambria", "caladea"],
        ["calibri", "carlito"],
    ]

    private func match(_ key: MatchKey) -> MatchedFace? {
        guard let configuration = loadedConfiguration(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", key.family)
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(key.weight)))
        let slant = key.style == .italic ? FC_SLANT_ITALIC : key.style == .oblique ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN
        FcPatternAddInteger(pattern, "slant", Int32(slant))
        FcPatternAddBool(pattern, "scalable", 1)
        FcConfigSubstitute(configuration, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        let substituted = string(pattern, "family", 0) ?? key.family
        var result = FcResultNoMatch
        guard let set = FcFontSort(configuration, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for k in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[k], let (typeface, faceWeight, upright) = usable(font) else { continue }
            guard accepts(font, family: key.family, substituted: substituted) else { return nil }
            // Chromium: bold is synthesised when 600 or more is asked for and the face is lighter
            // than 600 (FontPlatformData's synthetic_bold, Skia's isBold), italic when the face
            // is upright.
            return MatchedFace(typeface: typeface, syntheticBold: key.weight >= 600 && faceWeight < 600,
                               syntheticItalic: key.style != .normal && upright)
        }
        return nil
    }

    /// Whether a face fontconfig matched may stand for `family` (see `face(family:weight:style:)`).
    private func accepts(_ font: OpaquePointer, family: String, substituted: String) -> Bool {
        let asked = family.lowercased()
        if usesSystemFonts, Self.fallbackAllowed.contains(asked) { return true }
        let substitute = substituted.lowercased()
        var k: Int32 = 0
        while let name = string(font, "family", k)?.lowercased() {
            if name == asked || name == substitute { return true }
            if Self.metricClasses.contains(where: { $0.contains(asked) && $0.contains(name) }) { return true }
            k += 1
        }
        return false
    }

    /// A font file parsed once; `nil` when our reader cannot use it.
    private func typeface(_ path: String) -> Typeface? {
        if let known = typefaces[path] { return known }
        let parsed = try? Typeface(contentsOfFile: path)
        typefaces[path] = .some(parsed)
        return parsed
    }

    /// The `n`th string value of `object` in a fontconfig pattern.
    private func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}

/// CSS `font-style`.
enum FontStyle: Hashable {
    case normal, italic, oblique
}
