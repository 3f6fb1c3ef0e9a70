import Foundation
import Geometry
import Raster

/// A parsed TrueType font file: glyph outlines, advances, kerning and vertical metrics in font
/// units. Use `Font` for a typeface at a point size, with metrics in points as UIFont reports them.
///
/// Everything is read and checked when the typeface is created, so a malformed file throws a
/// `FontError` once, here, and nothing afterwards can fail. It is immutable and shared freely
/// between threads; two typefaces are equal only when they are the same object.
public final class Typeface: Hashable, Sendable, CustomStringConvertible {
    /// The name it was loaded under (a bundled face's name or the file's path), for messages.
    public let name: String
    /// Font units per em.
    public let unitsPerEm: Int
    /// The hhea ascender: how far the line box reaches above the baseline, in font units.
    public let ascender: Int
    /// The hhea descender: how far the line box reaches below the baseline, negative, in font units.
    public let descender: Int
    /// The hhea line gap (UIFont's leading), in font units.
    public let lineGap: Int
    /// The height of lowercase x, in font units (OS/2 sxHeight, else measured from 'x').
    public let xHeight: Int
    /// The height of capitals, in font units (OS/2 sCapHeight, else measured from 'H').
    public let capHeight: Int
    /// The weight class (`OS/2` `usWeightClass`: 400 regular, 600 semibold, 700 bold); 400 for a
    /// font without one.
    public let weightClass: Int
    /// The glyph count, including the bullet added when the font has no U+2022.
    public var glyphCount: Int { outlines.count }
    /// The lowest and highest y any glyph's outline reaches (control points included), in font
    /// units, y up: a line whose baseline puts this band off a canvas draws nothing there.
    public let inkMinY: Double, inkMaxY: Double

    /// The glyph count of the file itself.
    private let fileGlyphCount: Int
    private let characters: CharacterMap
    private let metrics: HorizontalMetrics
    private let outlines: [Path]
    private let gpos: GPOSKerning?
    private let kern: KernTable?
    /// The glyph id of the drawn bullet, when the font has none of its own.
    private let drawnBullet: Int?
    private let drawnBulletAdvance: Int
    /// The colour bitmaps (`CBLC`/`CBDT`: Noto Color Emoji's emoji), when the file has them.
    let colorBitmaps: ColorBitmaps?
    /// The file as HarfBuzz reads it, for shaping (`shape(_:range:rightToLeft:script:language:unitsPerEm:)`).
    let harfBuzz: HarfBuzzFace

    /// Parses a TrueType font. `name` appears in `description` and error messages.
    public init(bytes: [UInt8], name: String) throws {
        let tables = try TableDirectory(file: bytes)
        let header = try HeaderTables(tables)
        self.name = name
        harfBuzz = HarfBuzzFace(bytes: bytes)
        unitsPerEm = header.unitsPerEm
        ascender = header.ascender
        descender = header.descender
        lineGap = header.lineGap
        let characters = try CharacterMap(tables)
        self.characters = characters
        fileGlyphCount = header.numGlyphs
        metrics = try HorizontalMetrics(tables, header: header)
        let colorBitmaps = try ColorBitmaps(tables, numGlyphs: header.numGlyphs)
        self.colorBitmaps = colorBitmaps
        // A colour bitmap font (Noto Color Emoji) has no outlines at all.
        var outlines = colorBitmaps != nil && tables["glyf"] == nil ? [Path](repeating: Path(), count: header.numGlyphs)
            : try GlyphTable(tables, header: header).allOutlines()
        gpos = try GPOSKerning(tables)
        kern = try KernTable(tables)

        let os2 = try OS2Table(tables)
        weightClass = os2.weightClass.flatMap { (1...1000).contains($0) ? $0 : nil } ?? 400
        let measured = { (c: Unicode.Scalar, fallback: Double) -> Int in
            let g = characters.glyph(for: c)
            let outline = g < outlines.count ? outlines[g] : Path()
            return Int(outline.isEmpty ? fallback * Double(header.unitsPerEm) : outline.bounds.maxY) // bounded: a font unit (outlines are 16-bit) or a fraction of the em
        }
        // Some fonts store 0 for heights they never filled in.
        xHeight = os2.xHeight.flatMap { $0 > 0 ? $0 : nil } ?? measured("x", 0.5)
        capHeight = os2.capHeight.flatMap { $0 > 0 ? $0 : nil } ?? measured("H", 0.7)

        if !(1..<header.numGlyphs).contains(characters.glyph(for: Self.bullet)) {
            drawnBullet = outlines.count
            drawnBulletAdvance = xHeight * 108 / 100
            outlines.append(Self.bulletOutline(xHeight: Double(xHeight), advance: Double(drawnBulletAdvance)))
        } else {
            drawnBullet = nil
            drawnBulletAdvance = 0
        }
        self.outlines = outlines
        let boxes = outlines.filter { !$0.isEmpty }.map(\.bounds)
        let bitmaps = colorBitmaps.map { strike in strike.glyphs.values.map { strike.bounds(of: $0, unitsPerEm: header.unitsPerEm) } } ?? []
        inkMinY = (boxes + bitmaps).map(\.minY).min() ?? 0
        inkMaxY = (boxes + bitmaps).map(\.maxY).max() ?? 0
    }

    /// Reads and parses a TrueType file.
    public convenience init(contentsOfFile path: String) throws {
        try self.init(bytes: try Self.contents(ofFile: path), name: path)
    }

    /// The bytes of a font file, refused (with the reason) when it is missing, not a regular
    /// file, over `largestFile` bytes or unreadable.
    public static func contents(ofFile path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FontError.unreadable(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FontError.unreadable(path: path, reason: "is a directory")
        default: throw FontError.unreadable(path: path, reason: "is not a regular file")
        }
        guard info.st_size <= Self.largestFile else {
            throw FontError.unreadable(path: path, reason: "is \(info.st_size) bytes; fonts over \(Self.largestFile) bytes are not read")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FontError.unreadable(path: path, reason: "permission denied")
        }
        return [UInt8](data)
    }

    /// The x-height a TrueType file declares (OS/2 sxHeight) as a fraction of its em, read from
    /// the table directory, `head` and `OS/2` alone, without parsing outlines: what CSS's `ex`
    /// unit needs. `nil` when the file has no version 2+ OS/2 table, declares 0 or is malformed.
    public static func declaredXHeight(fontBytes: [UInt8]) -> Double? {
        guard let tables = try? TableDirectory(file: fontBytes), let header = try? HeaderTables(tables),
              let height = (try? OS2Table(tables))?.xHeight, height > 0 else { return nil }
        return Double(height) / Double(header.unitsPerEm)
    }

    /// The largest font file read: 256 MB, several times the largest CJK faces.
    public static let largestFile = 256 << 20

    /// The glyph for a Unicode scalar, or 0 (.notdef, drawn as the font's missing-glyph box) when
    /// the font has none. U+2022 (•) always has a glyph: a drawn dot when the font lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> Int {
        let g = characters.glyph(for: scalar)
        if g > 0 && g < fileGlyphCount { return g }
        return scalar == Self.bullet ? drawnBullet ?? 0 : 0
    }

    /// The glyph drawn for U+2022 when the file has none.
    var drawnBulletGlyph: Int? { drawnBullet }

    /// Whether the file itself maps `scalar` to a glyph (what picks a fallback face).
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        let g = characters.glyph(for: scalar)
        return g > 0 && g < fileGlyphCount
    }

    /// The advance width of `glyph` in font units.
    public func advance(of glyph: Int) -> Int {
        glyph == drawnBullet ? drawnBulletAdvance : metrics.advance(glyph)
    }

    /// The kerning adjustment between two glyphs in font units (negative pulls them together),
    /// from GPOS when the font has a GPOS `kern` feature, else from the `kern` table.
    public func kerning(_ left: Int, _ right: Int) -> Int {
        if let gpos { return gpos.adjustment(left, right) }
        return kern?.adjustment(left, right) ?? 0
    }

    /// The outline of `glyph` in font units, y up; empty for a glyph with no contours (space)
    /// and for a number that is no glyph of the font.
    public func outline(of glyph: Int) -> Path { outlines.indices.contains(glyph) ? outlines[glyph] : Path() }

    /// Whether `glyph` is drawn as a colour bitmap (an emoji of Noto Color Emoji), not an outline.
    func hasColorBitmap(_ glyph: Int) -> Bool { colorBitmaps?.glyphs[glyph] != nil }

    /// The name it was loaded under.
    public var description: String { name }

    /// Identity: the same parsed file, as caches key glyphs by it.
    public static func == (a: Typeface, b: Typeface) -> Bool { a === b }

    /// Hashes the identity, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    static let bullet: Unicode.Scalar = "\u{2022}"

    /// A round dot sized like Nunito Sans's bullet: centred at 0.55 x-height, 0.74 x-height across.
    /// Eight quadratic arcs; the control points sit at r/cos(22.5°) along each arc's bisector.
    private static func bulletOutline(xHeight: Double, advance: Double) -> Path {
        let r = 0.37 * xHeight, cx = advance / 2, cy = 0.55 * xHeight
        let diagonal = 0.5.squareRoot(), reach = (2 / (1 + diagonal)).squareRoot()
        let unit: [(Double, Double)] = [(1, 0), (diagonal, diagonal), (0, 1), (-diagonal, diagonal),
                                        (-1, 0), (-diagonal, -diagonal), (0, -1), (diagonal, -diagonal)]
        var path = Path()
        path.move(to: Point(cx + r, cy))
        for i in 0..<8 {
            let (x0, y0) = unit[i], (x1, y1) = unit[(i + 1) % 8]
            let mx = (x0 + x1) / 2, my = (y0 + y1) / 2, m = (mx * mx + my * my).squareRoot()
            let control = Point(cx + r * reach * mx / m, cy + r * reach * my / m)
            path.quad(to: Point(cx + r * x1, cy + r * y1), control: control)
        }
        path.close()
        return path
    }
}
