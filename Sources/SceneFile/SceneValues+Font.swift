import Foundation
import Scene
import Text

extension SceneValues {
    /// A scene's font:
    /// - a text style alone (`body`, `headline`, … `UIFont.preferredFont(forTextStyle:)` at
    ///   `contentSize`);
    /// - `system SIZE WEIGHT` (`system 17 semibold`, `UIFont.systemFont(ofSize:weight:)`, drawn
    ///   with Inter, SF Pro's stand-in);
    /// - `NAME SIZE`: a bundled font name or a `.ttf`/`.otf` path relative to `folder`;
    ///   `system SIZE` is today's system font under current chrome (`currentChrome`), and the
    ///   iOS 7-era one the demos were drawn with (Helvetica Neue's stand-in) under iOS 7's.
    static func font(_ text: String, folder: URL, currentChrome: Bool,
                     contentSize: ContentSizeCategory = .default) -> Result<Font, SceneValueError> {
        let parts = text.split(separator: " ").map(String.init)
        if let style = textStyle(text) {
            return .success(.preferred(style, contentSize: contentSize))
        }
        if parts.count == 3, parts[0] == "system", let size = Double(parts[1]) {
            guard let weight = Font.Weight(named: parts[2]) else {
                return .failure(SceneValueError("unknown weight '\(parts[2])' (\(Font.Weight.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            guard size > 0, size <= 500 else { return .failure(SceneValueError("a font size is in points, above 0 and at most 500")) }
            return .success(.system(size: size, weight: weight))
        }
        guard parts.count >= 2, let size = Double(parts.last!), size > 0, size <= 500 else {
            return .failure(SceneValueError("expected a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))), 'system SIZE WEIGHT' like 'system 17 semibold', or a font name and a size in points, like 'Avenir-Medium 22'"))
        }
        let name = parts.dropLast().joined(separator: " ")
        if name == "system" { return .success(systemFont(size: size, currentChrome: currentChrome)) }
        if name.lowercased().hasSuffix(".ttf") || name.lowercased().hasSuffix(".otf") {
            let path: String
            switch readablePath(name, folder: folder) {
            case let .success(p): path = p
            case let .failure(refusal): return .failure(refusal)
            }
            do {
                return .success(Font(try Typeface(bytes: try Typeface.contents(ofFile: path), name: name), size: size))
            } catch {
                return .failure(SceneValueError("\(name): \(error)"))
            }
        }
        guard FontLibrary.face(named: name) != nil else {
            return .failure(SceneValueError("unknown font '\(name)' (a text style such as body, 'system SIZE WEIGHT', a bundled name: \(FontLibrary.faces.map(\.name).joined(separator: ", ")); or a .ttf path)"))
        }
        return .success(Font.named(name, size: size))
    }

    /// The text style a font value names alone, if it does.
    static func textStyle(_ text: String) -> TextStyle? { TextStyle(rawValue: text) }

    /// The system font of `size` and `weight` a scene's chrome implies: today's (Inter, SF Pro's
    /// stand-in) under current chrome, iOS 7's (the demos' Nunito Sans) under `chrome: ios7`.
    static func systemFont(size: Double, weight: Font.Weight = .regular, currentChrome: Bool) -> Font {
        currentChrome ? .system(size: size, weight: weight) : .named("system", size: size)
    }
}
