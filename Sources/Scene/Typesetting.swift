import Geometry
import Raster
import Text

extension Font {
    /// The bundled font for an iOS font name (`Avenir-Medium`, `system`), or the system font for a
    /// name the font library does not know.
    public static func named(_ name: String, size: Double) -> Font {
        if let font = try? FontLibrary.font(named: name, size: size) { return font }
        // The bundled faces are compiled in and parsed by the Text tests, so this cannot fail.
        return try! FontLibrary.systemFont(size: size)
    }
}

extension DisplayList {
    /// Appends one line of text laid out in `box` (the view's coordinates) as UILabel lays it out,
    /// typeset in `language`: the drawing view's `typesettingLanguage` (nil for English), which every
    /// caller passes, chrome included, so all of a scene's text is shaped in its locale.
    mutating func appendLine(_ text: String, font: Font, color: Color, in box: Rect,
                             alignment: TextAlignment, secure: Bool = false, language: String?) {
        guard !text.isEmpty, box.width > 0, color.alpha > 0 else { return }
        append(LabelLayout(text: text, font: font, in: box, alignment: alignment, secure: secure, language: language),
               color: color, clip: box)
    }

    /// Appends a label's lines (in the view's coordinates); a line the line break mode clips is
    /// drawn inside `clip`.
    mutating func append(_ layout: LabelLayout, color: Color, clip: Rect) {
        for line in layout.lines {
            let item = DisplayItem.text(line.line, color: color,
                                        transform: .translation(line.baselineOrigin.x, line.baselineOrigin.y))
            if line.clipped {
                append(.beginClip(Path(rect: clip), transform: .identity))
                append(item)
                append(.endClip)
            } else {
                append(item)
            }
        }
    }
}
