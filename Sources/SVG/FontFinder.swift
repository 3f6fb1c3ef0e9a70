import Text

/// The face an element's text is drawn with, and its x-height for `ex` units: a TrueType file
/// named by the first `font-family` beside the SVG file when there is one, else the bundled face
/// nearest the weight (light up to 300, medium from 600, regular between). Each file is read
/// once per image.
final class FontFinder {
    /// The folder of the SVG file, with a trailing slash ("" for the current folder).
    private let folder: String
    /// Font files beside the SVG, by family name: their bytes, or `nil` when unreadable.
    private var files: [String: [UInt8]?] = [:]
    /// The parsed files, by family name; `nil` when the file is not a usable font.
    private var typefaces: [String: Typeface?] = [:]

    /// Finds faces for the SVG file named `svgName` (a path, or a name without a folder).
    init(svgName: String) {
        let folder = svgName.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        self.folder = folder.isEmpty ? "" : folder + "/"
    }

    /// The typeface for a `font-family` value and weight, `nil` when no face could be had.
    func typeface(family: String, weight: Int) -> Typeface? {
        if let (face, _) = file(family) { return face }
        return try? bundled(weight).typeface()
    }

    /// The x-height of that font as a fraction of its size: the face's declared OS/2 sxHeight,
    /// else 0.5 (CSS's value when the x-height cannot be had).
    func xHeight(family: String, weight: Int) -> Double {
        if let (_, bytes) = file(family) { return Typeface.declaredXHeight(fontBytes: bytes) ?? 0.5 }
        return bundled(weight).declaredXHeight ?? 0.5
    }

    /// The font file the first family of a `font-family` value names beside the SVG, parsed,
    /// with its bytes; `nil` when there is no such file or it is not a usable TrueType font.
    private func file(_ family: String) -> (Typeface, [UInt8])? {
        guard let name = fileName(family) else { return nil }
        if files[name] == nil { files[name] = .some(try? Typeface.contents(ofFile: folder + name + ".ttf")) }
        guard let bytes = files[name] ?? nil else { return nil }
        if typefaces[name] == nil { typefaces[name] = .some(try? Typeface(bytes: bytes, name: folder + name + ".ttf")) }
        guard let face = typefaces[name] ?? nil else { return nil }
        return (face, bytes)
    }

    /// The first family of a `font-family` value without quotes, when it can name a file.
    private func fileName(_ family: String) -> String? {
        let first = family.split(separator: ",").first.map { String($0).trimmingSpace() } ?? ""
        var name = Substring(first)
        if name.count >= 2, let q = name.first, q == "'" || q == "\"", name.last == q { name = name.dropFirst().dropLast() }
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    /// The bundled face for a weight.
    private func bundled(_ weight: Int) -> FontLibrary.Face {
        weight >= 600 ? .medium : weight <= 300 ? .light : .regular
    }
}
