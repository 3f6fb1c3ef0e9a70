import Text

/// What an element's font properties ask for: its `font-family` list as written, its weight
/// (100–900 and between) and its style.
struct FontRequest: Hashable {
    var families: String
    var weight: Int
    var style: FontStyle
}

/// A face chosen for a `FontRequest`, with what Chromium does to a face that lacks the weight
/// or slant asked for.
struct ChosenFace {
    let typeface: Typeface
    /// Whether to draw it emboldened (bold asked for, the face lighter than semibold).
    let syntheticBold: Bool
    /// Whether to draw it slanted (italic or oblique asked for, the face upright).
    let syntheticItalic: Bool

    /// How far a synthetic italic leans: x moves by a quarter of y (Chromium's
    /// `FontPlatformData::SetupSkFont`, `setSkewX(-SK_Scalar1 / 4)`).
    static let italicSkew = 0.25

    /// The face at `size` user units per em, emboldened as Skia's fake bold widens outlines: by
    /// 1/24 of the size at 9 and below, 1/32 at 36 and above, linearly between
    /// (`kStdFakeBoldInterpKeys`/`Values` in SkScalerContext).
    func font(size: Double) -> Font {
        guard syntheticBold else { return Font(typeface, size: size) }
        let t = min(max((size - 9) / 27, 0), 1)
        let ratio = 1.0 / 24 + t * (1.0 / 32 - 1.0 / 24)
        return Font(typeface, size: size, emboldening: ratio * Double(typeface.unitsPerEm))
    }
}

/// The face an element's text is drawn with, and its x-height for `ex` units, as Chromium picks
/// it on Linux: each family of the `font-family` list in turn — a TrueType file of that name
/// beside the SVG file, else the face `FontSources` matches through fontconfig; the generic
/// families as Chromium's default settings name them (`serif` Times New Roman, `sans-serif`
/// Arial, `monospace` fontconfig's monospace, `cursive` Comic Sans MS, `fantasy` Impact) — then
/// Chromium's standard font (Times New Roman) when system fonts are used, then the bundled face
/// nearest the weight (light up to 300, medium from 600, regular between). Characters the face
/// lacks take fontconfig's face for them when system or given fonts are used (`fallback`), else
/// the bundled fallback faces (`TextLine`). Each file is read
/// once per image; matched system faces once per `FontSources`.
final class FontFinder {
    /// The folder of the SVG file, with a trailing slash ("" for the current folder).
    private let folder: String
    /// The machine's and the caller's fonts.
    private let sources: FontSources
    /// Font files beside the SVG, by family name: their bytes, or `nil` when unreadable.
    private var files: [String: [UInt8]?] = [:]
    /// The parsed files, by family name; `nil` when the file is not a usable font.
    private var typefaces: [String: Typeface?] = [:]
    /// What was chosen so far, by request.
    private var choices: [FontRequest: Choice] = [:]

    /// A face from a file (beside the SVG, the machine's, a given folder's), or a bundled one,
    /// which need not be parsed for its x-height.
    private enum Choice {
        case file(ChosenFace)
        case bundled(FontLibrary.Face, italic: Bool)
    }

    /// Finds faces for the SVG file named `svgName` (a path, or a name without a folder).
    init(svgName: String, sources: FontSources) {
        let folder = svgName.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        self.folder = folder.isEmpty ? "" : folder + "/"
        self.sources = sources
    }

    /// Chromium's default font settings on Linux for the CSS generic families
    /// (`IDS_*_FONT_FAMILY` in locale_settings_linux.grd), `nil` for names that are not generic.
    private static let genericFamilies = ["serif": "Times New Roman", "sans-serif": "Arial", "monospace": "Monospace",
                                          "cursive": "Comic Sans MS", "fantasy": "Impact"]
    /// Chromium's standard font, used when no family of the list is installed.
    private static let standardFamily = "Times New Roman"

    /// The face for a request, `nil` when no face could be had.
    func face(_ request: FontRequest) -> ChosenFace? {
        switch choice(request) {
        case let .file(face): return face
        case let .bundled(face, italic):
            return (try? face.typeface()).map { ChosenFace(typeface: $0, syntheticBold: false, syntheticItalic: italic) }
        }
    }

    /// The x-height of the request's face as a fraction of its size: its OS/2 sxHeight (a
    /// bundled face's read without parsing its outlines), else measured from its 'x', else 0.5
    /// (CSS's value when the x-height cannot be had).
    func xHeight(_ request: FontRequest) -> Double {
        switch choice(request) {
        case let .file(face): return Double(face.typeface.xHeight) / Double(face.typeface.unitsPerEm)
        case let .bundled(face, _): return face.declaredXHeight ?? 0.5
        }
    }

    private func choice(_ request: FontRequest) -> Choice {
        if let known = choices[request] { return known }
        let made = choose(request)
        choices[request] = made
        return made
    }

    private func choose(_ request: FontRequest) -> Choice {
        for (name, generic) in familyNames(request.families) {
            if generic {
                guard sources.usesSystemFonts, let alias = Self.genericFamilies[name] else { continue }
                if let face = system(alias, request) { return .file(face) }
            } else if let face = file(name) {
                return .file(ChosenFace(typeface: face, syntheticBold: false, syntheticItalic: false))
            } else if let face = system(name, request) {
                return .file(face)
            }
        }
        if sources.usesSystemFonts, let face = system(Self.standardFamily, request) { return .file(face) }
        return .bundled(bundled(request.weight), italic: request.style != .normal)
    }

    /// The face for a character the request's face lacks in text of `language`, found through
    /// fontconfig as Chromium finds it (`FontSources.fallback(for:weight:style:language:)`); `nil`
    /// with only the bundled faces, which leave it to the bundled fallback faces.
    func fallback(for scalar: Unicode.Scalar, _ request: FontRequest, language: String?) -> ChosenFace? {
        sources.fallback(for: scalar, weight: request.weight, style: request.style, language: language).map {
            ChosenFace(typeface: $0.typeface, syntheticBold: $0.syntheticBold, syntheticItalic: $0.syntheticItalic)
        }
    }

    private func system(_ family: String, _ request: FontRequest) -> ChosenFace? {
        sources.face(family: family, weight: request.weight, style: request.style).map {
            ChosenFace(typeface: $0.typeface, syntheticBold: $0.syntheticBold, syntheticItalic: $0.syntheticItalic)
        }
    }

    /// The families of a `font-family` value in order, without quotes; a generic family only
    /// when unquoted (CSS Fonts 4 §4.2: `"serif"` names a font called serif).
    func familyNames(_ value: String) -> [(name: String, generic: Bool)] {
        var names: [(String, Bool)] = []
        for item in Self.split(value) {
            let trimmed = item.trimmingSpace()
            guard !trimmed.isEmpty else { continue }
            if let q = trimmed.first, q == "'" || q == "\"" {
                let inner = trimmed.dropFirst()
                let name = inner.last == q ? String(inner.dropLast()) : String(inner)
                if !name.isEmpty { names.append((name, false)) }
            } else {
                let name = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    .joined(separator: " ")
                let lower = name.lowercased()
                names.append(Self.genericFamilies[lower] != nil ? (lower, true) : (name, false))
            }
        }
        return names
    }

    /// The comma-separated items of a `font-family` value, commas inside quotes kept.
    private static func split(_ value: String) -> [String] {
        var items: [String] = [], current = "", quote: Character?
        for ch in value {
            if let q = quote {
                if ch == q { quote = nil }
            } else if ch == "'" || ch == "\"" {
                quote = ch
            } else if ch == "," {
                items.append(current)
                current = ""
                continue
            }
            current.append(ch)
        }
        items.append(current)
        return items
    }

    /// The TrueType file `NAME.ttf` beside the SVG, parsed; `nil` when there is none or it is
    /// not a usable TrueType font.
    private func file(_ name: String) -> Typeface? {
        guard !name.contains("/") else { return nil }
        if files[name] == nil { files[name] = .some(try? Typeface.contents(ofFile: folder + name + ".ttf")) }
        guard let bytes = files[name] ?? nil else { return nil }
        if typefaces[name] == nil { typefaces[name] = .some(try? Typeface(bytes: bytes, name: folder + name + ".ttf")) }
        return typefaces[name] ?? nil
    }

    /// The bundled face for a weight.
    private func bundled(_ weight: Int) -> FontLibrary.Face {
        weight >= 600 ? .medium : weight <= 300 ? .light : .regular
    }
}
