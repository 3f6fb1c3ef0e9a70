import Codecs
import Foundation
import Geometry
import Scene
import Text

/// The text forms of a scene's colours, fonts and geometry, each parsed with a message that says
/// what was expected.
enum SceneValues {
    /// UIColor's class colours by their names (`whiteColor` is `white`).
    static let namedColors: [String: Color] = [
        "black": .black, "darkGray": Color(white: 1.0 / 3), "lightGray": Color(white: 2.0 / 3), "white": .white,
        "gray": Color(white: 0.5), "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "cyan": Color(red: 0, green: 1, blue: 1),
        "yellow": Color(red: 1, green: 1, blue: 0), "magenta": Color(red: 1, green: 0, blue: 1),
        "orange": Color(red: 1, green: 0.5, blue: 0), "purple": Color(red: 0.5, green: 0, blue: 0.5),
        "brown": Color(red: 0.6, green: 0.4, blue: 0.2), "clear": .clear,
    ]

    /// The accepted colour forms, for messages.
    static let colorForms = "#RRGGBB, #RRGGBBAA, #RGB, a UIColor name (white, clear, systemBlue, label, "
        + "systemBackground, …), rgb(r, g, b), rgba(r, g, b, a), white(w) or white(w, a), or {light: …, dark: …}"

    /// `#RRGGBB`, `#RRGGBBAA`, `#RGB`, a UIColor class colour (`white`), a system or semantic
    /// colour (`systemRed`, `label`, `systemGroupedBackground`, `tintColor`: see `SystemColors`),
    /// `rgb(r, g, b)` and `rgba(r, g, b, a)` with 0–255 components and alpha 0–1, or `white(w)` /
    /// `white(w, a)` as `colorWithWhite:alpha:`; resolved for `style` as `resolvedColor(with:)`.
    /// `tint` is what `tintColor` names (the window's tint; system blue when nil).
    static func color(_ text: String, style: UserInterfaceStyle = .light, tint: Color? = nil) -> Result<Color, SceneValueError> {
        if text.trimmingCharacters(in: .whitespaces) == "tintColor", let tint { return .success(tint) }
        return dynamicColor(text).map { $0.resolved(for: style) }
    }

    /// As `color(_:style:tint:)`, keeping both appearances' values: a system or semantic colour
    /// has two, every other form the same one in both.
    static func dynamicColor(_ text: String) -> Result<DynamicColor, SceneValueError> {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("#") {
            guard let c = Color(hex: t) else { return .failure(SceneValueError("'\(text)' is not a #RRGGBB or #RRGGBBAA colour")) }
            return .success(DynamicColor(c))
        }
        if let named = namedColors[t] { return .success(DynamicColor(named)) }
        if let system = SystemColors.named(t) { return .success(system) }
        for (name, counts) in [("rgba", [4]), ("rgb", [3]), ("white", [1, 2])] where t.hasPrefix(name + "(") && t.hasSuffix(")") {
            let inner = t.dropFirst(name.count + 1).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard counts.contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
                return .failure(SceneValueError("\(name)(…) takes \(counts.map(String.init).joined(separator: " or ")) numbers"))
            }
            let n = parts.map { $0! }
            if name == "white" {
                guard n.allSatisfy({ (0...1).contains($0) }) else { return .failure(SceneValueError("white(…) takes values in 0…1")) }
                return .success(DynamicColor(Color(white: n[0], alpha: n.count > 1 ? n[1] : 1)))
            }
            guard n.prefix(3).allSatisfy({ (0...255).contains($0) }), n.count < 4 || (0...1).contains(n[3]) else {
                return .failure(SceneValueError("\(name)(…) takes components in 0…255 and alpha in 0…1"))
            }
            return .success(DynamicColor(Color(r255: n[0], g: n[1], b: n[2], alpha: n.count > 3 ? n[3] : 1)))
        }
        let near = closestColorName(to: t).map { "; the closest known colour is '\($0)'" } ?? ""
        return .failure(SceneValueError("unknown colour '\(text)'\(near) (use \(colorForms))"))
    }

    /// Every colour name the parser knows: UIColor's class colours, then the system and semantic ones.
    static var colorNames: [String] { namedColors.keys.sorted() + SystemColors.names }

    /// The known colour name nearest to `text`: a different spelling of the same name
    /// (`SystemRed`, `system-red`), a name at most two edits away, or one containing it or
    /// contained in it (`darkGreen` → `systemGreen`); nil when none is near.
    static func closestColorName(to text: String) -> String? {
        func folded(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let key = folded(text)
        guard !key.isEmpty else { return nil }
        let names = colorNames
        if let same = names.first(where: { folded($0) == key }) { return same }
        if let near = SceneChecker.nearest(text, in: names) { return near }
        let system = names.filter { folded($0).hasPrefix("system") }
        return names.filter { key.contains(folded($0)) && folded($0).count > 2 }.max { $0.count < $1.count }
            .map { plain in system.first { folded($0) == "system" + folded(plain) } ?? plain }
            ?? names.first { folded($0).contains(key) && key.count > 2 }
    }

    /// The path to read for a file a scene names (a font, an image), relative to the scene's
    /// `folder`: it must lie beneath the scene's read root (the current directory when it holds
    /// the scene, else the scene's folder, and `--allow-read` folders), links resolved; an
    /// absolute path only beneath an `--allow-read` folder.
    static func readablePath(_ file: String, folder: URL) -> Result<String, SceneValueError> {
        do {
            return .success(try ReadRoot.references(inFolder: folder.path).resolve(file, relativeTo: folder.path))
        } catch let refusal as ReadRefusal {
            return .failure(SceneValueError(refusal.description))
        } catch {
            return .failure(SceneValueError("\(file): \(error)"))
        }
    }

    /// `WIDTHxHEIGHT` in points, each 100…2000 as the command line's `--size`.
    static func screenSize(_ text: String) -> Result<Size, SceneValueError> {
        let parts = text.split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              [w, h].allSatisfy({ $0 >= 100 && $0 <= 2000 }) else {
            return .failure(SceneValueError("expected WIDTHxHEIGHT in points, each 100…2000, like 375x667"))
        }
        return .success(Size(w, h))
    }
}

/// Why a value's text was rejected.
struct SceneValueError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
