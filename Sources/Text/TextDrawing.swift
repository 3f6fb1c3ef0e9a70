import Geometry
import Raster

extension Canvas {
    /// Draws a line of glyphs with its baseline starting at `origin` (in the space `transform`
    /// maps to device pixels, y down), filled with `color`.
    ///
    /// Text goes through the full transform as outlines, never as a scaled bitmap, so a label
    /// scaled by an animation stays sharp. Without rotation or skew (uniform positive scale and
    /// translation) each glyph is rasterised once per size and sub-pixel origin offset (1/16 px
    /// along the line, 1/4 px across it) into `cache` and blended from there at its whole-pixel
    /// position.
    public func draw(_ line: TextLine, at origin: Point, color: Color, transform: AffineTransform = .identity,
                     cache: GlyphMaskCache = .shared) {
        let font = line.font
        let cacheable = transform.b == 0 && transform.c == 0 && transform.a == transform.d && transform.a > 0
            && font.pointSize * transform.a <= GlyphPlacement.largestCachedPixelsPerEm
        if transform.b == 0 && transform.c == 0 && transform.d > 0 {
            // A line whose every glyph lies wholly above or below the canvas (with 2 px to spare for
            // the sub-pixel steps) draws nothing: skip it (the many off-screen lines of a long label).
            // Fallback faces and raised marks are counted with the line's own face.
            let baseline = transform.apply(origin).y
            var above = font.typeface.inkMaxY * font.unitScale, below = font.typeface.inkMinY * font.unitScale
            for placed in line.glyphs where placed.font != font || placed.y != 0 {
                let grown = placed.font.emboldening / 2
                above = max(above, placed.y + (placed.font.typeface.inkMaxY + grown) * placed.font.unitScale)
                below = min(below, placed.y + (placed.font.typeface.inkMinY - grown) * placed.font.unitScale)
            }
            let top = baseline - above * transform.d - 2
            let bottom = baseline - below * transform.d + 2
            if bottom < 0 || top > Double(pixmap.height) { return }
        }
        for placed in line.glyphs {
            let face = placed.font.typeface
            let pen = Point(origin.x + placed.x, origin.y - placed.y)
            if let (image, place) = Self.colorBitmap(placed, pen: pen) {
                draw(image, transform: place.concatenating(transform), alpha: color.alpha)
                continue
            }
            let outline = placed.font.outline(of: placed.glyph)
            guard !outline.isEmpty else { continue }
            if cacheable, let spot = GlyphPlacement(pen: transform.apply(pen)) {
                let ppem64 = Int(saturating: (font.pointSize * transform.a * 64).rounded())
                let key = GlyphMaskCache.Key(typeface: face, glyph: placed.glyph, emboldening: placed.font.emboldening,
                                             ppem64: ppem64, subX: spot.subX, subY: spot.subY)
                let mask = cache.mask(key) {
                    let e = Double(ppem64) / 64 / Double(face.unitsPerEm)
                    let toPixels = AffineTransform(a: e, b: 0, c: 0, d: -e, tx: spot.fractionX, ty: spot.fractionY)
                    return CoverageMask(path: outline, transform: toPixels)
                }
                fill(mask, dx: spot.x, dy: spot.y, color: color)
            } else {
                let s = placed.font.unitScale
                let toUser = AffineTransform(a: s, b: 0, c: 0, d: -s, tx: pen.x, ty: pen.y)
                fill(outline, color: color, transform: toUser.concatenating(transform))
            }
        }
    }

    /// Draws a line of glyphs as `draw(_:at:color:transform:cache:)` does, then through
    /// `projection` (a plane seen in perspective): every glyph is filled as its outline
    /// projected point by point, never from a cached mask.
    public func draw(_ line: TextLine, at origin: Point, color: Color, transform: AffineTransform = .identity,
                     projection: ProjectiveTransform) {
        for placed in line.glyphs {
            if let (image, place) = Self.colorBitmap(placed, pen: Point(origin.x + placed.x, origin.y - placed.y)) {
                draw(image, transform: place.concatenating(transform), projection: projection, alpha: color.alpha)
                continue
            }
            let outline = placed.font.outline(of: placed.glyph)
            guard !outline.isEmpty else { continue }
            let s = placed.font.unitScale
            let toUser = AffineTransform(a: s, b: 0, c: 0, d: -s, tx: origin.x + placed.x, ty: origin.y - placed.y)
            fill(outline, color: color, transform: toUser.concatenating(transform), projection: projection)
        }
    }

    /// A colour glyph's decoded bitmap (an emoji) and the transform from its pixels to the line's
    /// space: the strike scaled to the font's size (`pointSize / pixelsPerEm` points a pixel),
    /// its top-left corner at the metrics' bearings from `pen`, as FreeType places a scaled CBDT
    /// strike. Nil for an outline glyph. Drawn in any colour's alpha, never tinted: Core Text
    /// draws Apple Color Emoji in its own colours.
    private static func colorBitmap(_ placed: TextLine.Placement, pen: Point) -> (Pixmap, AffineTransform)? {
        let face = placed.font.typeface
        guard let strike = face.colorBitmaps, let bitmap = strike.glyphs[placed.glyph],
              let image = ColorGlyphCache.shared.image(of: placed.glyph, in: face) else { return nil }
        let s = placed.font.pointSize / Double(strike.pixelsPerEm)
        return (image, AffineTransform(a: s, b: 0, c: 0, d: s, tx: pen.x + Double(bitmap.bearingX) * s,
                                       ty: pen.y - Double(bitmap.bearingY) * s))
    }

    /// Draws a laid-out label (its bounds are in the space `transform` maps to device pixels).
    public func draw(_ label: LabelLayout, color: Color, transform: AffineTransform = .identity,
                     cache: GlyphMaskCache = .shared) {
        draw(label.line, at: label.baselineOrigin, color: color, transform: transform, cache: cache)
    }
}

/// A glyph origin in device pixels split into a whole pixel and a sub-pixel step: 1/16 px in x,
/// where spacing between glyphs shows (quarter pixels cost about 6 dB of PSNR against FreeType
/// at exact positions), and 1/4 px in y, which moves a whole line at once.
struct GlyphPlacement {
    /// Glyphs larger than this many pixels per em are filled directly rather than cached.
    static let largestCachedPixelsPerEm = 512.0
    /// log2 of the sub-pixel steps per pixel.
    static let xShift = 4, yShift = 2

    let x, y: Int
    let subX, subY: Int

    /// `nil` for positions too far off to be on any canvas (or not finite).
    init?(pen: Point) {
        guard abs(pen.x) < 1e9, abs(pen.y) < 1e9 else { return nil }
        let qx = Int((pen.x * Double(1 << Self.xShift)).rounded()) // bounded: |pen.x| < 1e9
        let qy = Int((pen.y * Double(1 << Self.yShift)).rounded()) // bounded: |pen.y| < 1e9
        x = qx >> Self.xShift
        y = qy >> Self.yShift
        subX = qx & ((1 << Self.xShift) - 1)
        subY = qy & ((1 << Self.yShift) - 1)
    }

    /// The offset within the pixel that the mask is rasterised at.
    var fractionX: Double { Double(subX) / Double(1 << Self.xShift) }
    var fractionY: Double { Double(subY) / Double(1 << Self.yShift) }
}
