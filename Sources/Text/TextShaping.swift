import CHarfBuzz

/// A glyph placed by the font's own layout tables (GSUB substitutions: Arabic joining forms,
/// ligatures, conjuncts; GPOS positions: kerning, marks on their bases), as HarfBuzz shapes it.
/// Lengths are in font units of the scale the text was shaped at.
public struct ShapedGlyph: Equatable, Sendable {
    /// The glyph id in the typeface that shaped it.
    public var glyph: Int
    /// The index (in the scalars shaped) of the first Unicode scalar this glyph stands for; a
    /// ligature or a cluster of a base and its marks shares one.
    public var cluster: Int
    /// How far the pen moves after the glyph (kerning with the next glyph included).
    public var advance: Int
    /// Where the glyph is drawn relative to the pen: right and up (a mark over its base).
    public var offsetX: Int, offsetY: Int
}

/// The script a character is written in (ISO 15924, as the Unicode Script property and
/// HarfBuzz name it): what picks the shaping rules and, for a face without the character, the
/// fallback face.
public struct TextScript: Hashable, Sendable {
    /// HarfBuzz's tag, the ISO 15924 code as four bytes ('Arab', 'Hebr', 'Latn').
    let tag: hb_script_t

    /// The script of `scalar` (Common for spaces, digits and punctuation; Inherited for marks).
    public init(of scalar: Unicode.Scalar) {
        tag = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }

    init(tag: hb_script_t) { self.tag = tag }

    /// The ISO 15924 code: "Arab", "Hebr", "Latn", "Zyyy" (Common), "Zinh" (Inherited).
    public var code: String {
        let v = hb_script_to_iso15924_tag(tag)
        return String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) }, as: UTF8.self)
    }

    /// Spaces, punctuation, digits and marks belong to no script of their own: they take their
    /// neighbours'.
    var isShared: Bool { tag == HB_SCRIPT_COMMON || tag == HB_SCRIPT_INHERITED || tag == HB_SCRIPT_UNKNOWN }

    public static let latin = TextScript(tag: HB_SCRIPT_LATIN)
    public static let arabic = TextScript(tag: HB_SCRIPT_ARABIC)
    public static let hebrew = TextScript(tag: HB_SCRIPT_HEBREW)
}

extension Typeface {
    /// Shapes `scalars[range]` with HarfBuzz in one direction and script, with the scalars around
    /// the range as context (so Arabic letters join across its edges), positions in font units
    /// of `unitsPerEm` (this face's own by default; a fallback face is shaped in its primary
    /// face's units). The glyphs come in logical order, clusters ascending: for a right-to-left
    /// run HarfBuzz's visual order is reversed, and reversing them again (as the bidirectional
    /// reordering of a line does) gives HarfBuzz's own visual sequence.
    ///
    /// This is the entry point for drawing text in any script with the bundled rasteriser:
    /// `ShapedParagraphs` and `TextLine(_:font:rightToLeft:)` call it per run of one direction,
    /// script and face. Glyph 0 (.notdef) marks a character the face lacks; U+2022 maps to the
    /// bullet drawn for faces without one.
    ///
    /// `language` is the BCP 47 language the text is typeset in (`ro`, `sr`, `zh-Hans`, `ur`; `_`
    /// is read as `-`), which picks the font's language system and so its `locl` forms (in the
    /// bundled faces: Romanian ş drawn with a comma below, Catalan l·l, Urdu digits), as Core Text
    /// follows the app's language; nil is English, the language of a device left as it ships.
    public func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, rightToLeft: Bool, script: TextScript,
                      language: String? = nil, unitsPerEm: Int? = nil) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let codes = scalars.map(\.value)
        codes.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32(codes.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script.isShared ? HB_SCRIPT_LATIN : script.tag)
        hb_buffer_set_language(buffer, hb_language_from_string(language ?? "en", -1))
        let features = Self.features(for: script, scalars: scalars, range: range)
        features.withUnsafeBufferPointer {
            hb_shape(harfBuzz.font(unitsPerEm: unitsPerEm ?? self.unitsPerEm), buffer, $0.baseAddress, UInt32($0.count))
        }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for k in 0..<Int(count) {
            let info = infos[k], position = positions[k]
            // HarfBuzz reads the file on its own: a malformed font can map a character to a glyph
            // our reader did not load, which is drawn as the missing glyph.
            let id = Int(info.codepoint) < glyphCount ? Int(info.codepoint) : 0
            var glyph = ShapedGlyph(glyph: id, cluster: Int(info.cluster), advance: Int(position.x_advance),
                                    offsetX: Int(position.x_offset), offsetY: Int(position.y_offset))
            if glyph.glyph == 0 && scalars[glyph.cluster] == Self.bullet, let drawn = drawnBulletGlyph {
                glyph.glyph = drawn
                glyph.advance = self.advance(of: drawn) * (unitsPerEm ?? self.unitsPerEm) / self.unitsPerEm
            }
            glyphs.append(glyph)
        }
        return rightToLeft ? glyphs.reversed() : glyphs
    }

    /// The features HarfBuzz applies beyond its defaults: none for complex scripts (joining
    /// forms, required and standard ligatures, marks all on); for Latin, Greek, Cyrillic and the
    /// shared characters, standard and contextual ligatures and contextual alternates off, but
    /// contextual alternates on for each colon between two digits.
    ///
    /// This is a known difference from UIKit, not a copy of it: Core Text applies a font's
    /// default ligatures (`NSAttributedString.Key.ligature` is 1 unless set) and its contextual
    /// alternates. They are off here because the bundled stand-ins' substitutions are their own,
    /// not those of the fonts they replace: Inter's `calt` turns `->` into one arrow glyph and
    /// lifts a colon between capitals, and Nunito Sans's `liga` joins `fi`; so text keeps `->` as
    /// two glyphs and `fi` as two letters. The one alternate kept is SF Pro's vertically centred
    /// colon (Apple, WWDC 2015 session 804, "Introducing the New System Fonts"), which current
    /// SF Pro puts between figures through its contextual alternates (the `9:41` of every status
    /// bar and lock screen) and Inter's `calt` puts in the same context; faces without such a
    /// rule (Nunito Sans, the demos' Avenir stand-in) keep their colon.
    private static func features(for script: TextScript, scalars: [Unicode.Scalar], range: Range<Int>) -> [hb_feature_t] {
        guard script.isShared || simpleScripts.contains(script.tag) else { return [] }
        var features = ["liga", "clig", "calt"].map { tag in
            var feature = hb_feature_t()
            _ = hb_feature_from_string("-" + tag, -1, &feature)
            return feature
        }
        for index in range where scalars[index] == ":" && index > 0 && index + 1 < scalars.count
            && scalars[index - 1].properties.numericType == .decimal
            && scalars[index + 1].properties.numericType == .decimal {
            var feature = hb_feature_t()
            _ = hb_feature_from_string("calt", -1, &feature)
            feature.start = UInt32(index)  // bounded: an index of a shaped text, far below 2^32
            feature.end = UInt32(index + 1)
            features.append(feature)
        }
        return features
    }

    private static let simpleScripts: Set<hb_script_t> = [HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC]
}
