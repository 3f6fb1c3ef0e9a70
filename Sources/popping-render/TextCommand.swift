import ArgumentParser
import Codecs
import Foundation
import Geometry
import Raster
import Scene
import Text

/// `popping-render text 'Log in' --font Avenir-Medium --size 22 --out label.png`: renders one line
/// of text on a transparent canvas sized to it, the way a user checks a font and the way glyph
/// accuracy is checked against other renderers (bench/text_vs_freetype.py).
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Renders a line of text with a bundled font or a TrueType file.",
        discussion: """
            The canvas covers the line box (the kerned advance width by the line height, as \
            sizeWithAttributes: measures it) plus any ink outside it, in whole pixels. It prints \
            the image size, the text size in points and where the baseline starts in pixels. \
            Font names: \(FontLibrary.faces.map(\.name).joined(separator: ", ")).
            """)

    @Argument(help: "The text to render.")
    var text: String

    @Option(help: "An iOS font name (listed above) or the path of a TrueType (.ttf) file.")
    var font = "system"

    @Option(help: "Point size: the em size, as UIFont takes it.")
    var size = 17.0

    @Option(help: "Device pixels per point (2 for a 2× screen).")
    var scale = 2.0

    @Option(help: "Text colour: #RGB, #RRGGBB or #RRGGBBAA.")
    var color = "#000000"

    @Option(help: "Background colour (default: transparent).")
    var background: String?

    @Option(help: "The locale the text is typeset in (ro, sr, ur, zh-Hans, ar, …): the font's forms for its language (HarfBuzz's language, as Core Text follows the app's); a right-to-left language orders text with no strong character right to left (default: English).")
    var locale: String?

    @Option(name: [.customLong("out"), .customShort("o")], help: "The PNG to write.")
    var out: String

    func validate() throws {
        guard size > 0, size <= 1000 else { throw ValidationError("--size must be in 0...1000 points") }
        guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be in 0...16") }
        guard Color(hex: color) != nil else { throw ValidationError("--color '\(color)' is not #RGB, #RRGGBB or #RRGGBBAA") }
        if let background, Color(hex: background) == nil {
            throw ValidationError("--background '\(background)' is not #RGB, #RRGGBB or #RRGGBBAA")
        }
    }

    func run() throws {
        if let locale, !Locales.isValid(locale) { throw CommandFailure("--locale \(locale)", TraitArguments.notALocale) }
        let face = try loadFont()
        let rightToLeft = locale.map { Locales.layoutDirection(of: $0) == .rightToLeft } ?? false
        let line = TextLine(text, font: face, rightToLeft: rightToLeft, language: locale)
        var box = Rect(0, -face.ascender, line.width, face.lineHeight)
        if let ink = line.inkBounds { box = box.union(ink) }
        let x0 = (box.minX * scale).rounded(.down), y0 = (box.minY * scale).rounded(.down)
        let width = max(1, Int(saturating: (box.maxX * scale).rounded(.up) - x0))
        let height = max(1, Int(saturating: (box.maxY * scale).rounded(.up) - y0))
        guard width <= 16384, height <= 16384 else {
            throw CommandFailure("--size", "the image would be \(width)×\(height) pixels; the limit is 16384×16384")
        }
        let canvas = Canvas(width: width, height: height, background: background.flatMap(Color.init(hex:)) ?? .clear)
        let transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: -x0, ty: -y0)
        canvas.draw(line, at: .zero, color: Color(hex: color) ?? .black, transform: transform)
        do { try PNG.write(canvas.pixmap, to: out) } catch { throw CommandFailure("\(error)") }
        print("\(out): \(width)x\(height) px; text \(line.width)x\(face.lineHeight) pt; "
            + "baseline origin (\(Int(-x0)), \(Int(-y0))) px")
    }

    /// A bundled face by iOS name, or any TrueType file when `--font` is a path.
    private func loadFont() throws -> Font {
        guard font.contains("/") || font.lowercased().hasSuffix(".ttf") else {
            do { return try FontLibrary.font(named: font, size: size) } catch { throw CommandFailure("--font", "\(error)") }
        }
        do {
            return Font(try Typeface(contentsOfFile: font), size: size)
        } catch let FontError.unreadable(_, reason) {
            throw CommandFailure(font, "cannot read font: \(reason)")
        } catch {
            throw CommandFailure(font, "\(error)")
        }
    }
}
