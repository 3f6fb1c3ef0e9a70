import Geometry
import Raster

/// Small scenes that exercise one raster feature each, drawn in points at a screen scale, as
/// the renderer draws views. `GoldenTests` checks them against reviewed PNGs.
enum GoldenScenes {
    static let size = Size(96, 72)

    private static func canvas(_ scale: Int) -> (Canvas, AffineTransform) {
        let s = Double(scale)
        return (Canvas(width: Int(size.width * s), height: Int(size.height * s), background: .white), .scale(s, s))
    }

    private static func hue(_ i: Int, alpha: Double = 1) -> Color {
        let palette = [Color(r255: 231, g: 76, b: 60), Color(r255: 46, g: 134, b: 222), Color(r255: 39, g: 174, b: 96),
                       Color(r255: 243, g: 156, b: 18), Color(r255: 142, g: 68, b: 173), Color(r255: 22, g: 160, b: 133)]
        return palette[i % palette.count].withAlpha(alpha)
    }

    /// Rounded rects from sharp to pill-shaped (radii past half the short side clamp), with
    /// per-corner radii, on whole, half and odd fractional positions.
    static func roundedRects(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        let radii = [0, 1, 2.5, 4, 7, 11, 40, 100]
        for (i, r) in radii.enumerated() {
            let x = 4 + Double(i % 4) * 23 + Double(i) * 0.13, y = 4 + Double(i / 4) * 22 + Double(i) * 0.29
            canvas.fill(Path(roundedRect: Rect(x, y, 19, 18), cornerRadius: r), color: hue(i), transform: t)
        }
        let corners = CornerRadii(topLeft: 12, topRight: 0, bottomRight: 6, bottomLeft: 2)
        canvas.fill(Path(roundedRect: Rect(4.5, 50.5, 40, 18), cornerRadii: corners), color: hue(1, alpha: 0.8), transform: t)
        canvas.fill(Path(roundedRect: Rect(50.25, 49.75, 42, 8), cornerRadius: 30), color: hue(3), transform: t)
        canvas.fill(Path(roundedRect: Rect(50.25, 61, 42, 1.5), cornerRadius: 1), color: .black, transform: t)
        return canvas.pixmap
    }

    /// Circles and ellipses from sub-pixel to large, thin ones and fractional centres.
    static func ellipses(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        for i in 0..<8 {
            let r = 0.3 + Double(i * i) * 0.1
            canvas.fill(Path(circleCenter: Point(6 + Double(i) * 11.3, 10.4), radius: r), color: hue(i), transform: t)
        }
        canvas.fill(Path(ellipseIn: Rect(4, 26, 60, 20)), color: hue(1, alpha: 0.7), transform: t)
        canvas.fill(Path(ellipseIn: Rect(70.5, 22.5, 3, 46)), color: hue(2), transform: t)
        canvas.fill(Path(ellipseIn: Rect(4, 52, 62, 1.2)), color: .black, transform: t)
        canvas.fill(Path(ellipseIn: Rect(76, 30, 17, 36)), color: hue(4, alpha: 0.6), transform: t)
        return canvas.pixmap
    }

    /// Quadratic and cubic outlines, including self-intersecting ones under both fill rules.
    static func beziers(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        var wave = Path()
        wave.move(to: Point(4, 30))
        wave.quad(to: Point(24, 30), control: Point(14, 2))
        wave.quad(to: Point(44, 30), control: Point(34, 58))
        wave.close()
        canvas.fill(wave, color: hue(0), transform: t)
        var loop = Path()
        loop.move(to: Point(50, 6))
        loop.cubic(to: Point(92, 6), control1: Point(110, 60), control2: Point(30, 60))
        loop.close()
        canvas.fill(loop, color: hue(1, alpha: 0.85), transform: t)
        var knot = Path()
        knot.move(to: Point(8, 66))
        knot.cubic(to: Point(44, 40), control1: Point(70, 90), control2: Point(-20, 20))
        knot.cubic(to: Point(8, 66), control1: Point(60, 70), control2: Point(30, 30))
        canvas.fill(knot, color: hue(2, alpha: 0.9), transform: t)
        var star = Path()
        let tips = [Point(10, 0), Point(15.9, 18.1), Point(0.5, 6.9), Point(19.5, 6.9), Point(4.1, 18.1)]
        star.move(to: tips[0])
        for p in tips.dropFirst() { star.line(to: p) }
        star.close()
        canvas.fill(star, color: hue(4), rule: .nonZero, transform: AffineTransform.translation(50.3, 48.6).concatenating(t))
        canvas.fill(star, color: hue(4), rule: .evenOdd, transform: AffineTransform.translation(73.6, 48.2).concatenating(t))
        return canvas.pixmap
    }

    /// Translucent shapes piled on each other, and a group composited with opacity.
    static func translucency(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        for i in 0..<6 {
            let d = Double(i)
            canvas.fill(Path(roundedRect: Rect(4 + d * 7.5, 4 + d * 5.2, 34, 26), cornerRadius: 6),
                        color: hue(i, alpha: 0.35 + d * 0.1), transform: t)
        }
        let group = Canvas(width: canvas.pixmap.width, height: canvas.pixmap.height)
        group.fill(Path(circleCenter: Point(70, 44), radius: 20), color: hue(0), transform: t)
        group.fill(Path(circleCenter: Point(80, 54), radius: 14), color: hue(1), transform: t)
        canvas.composite(group.pixmap, alpha: 0.5)
        return canvas.pixmap
    }

    /// A sprite drawn scaled from a sliver to enlarged, rotated, skewed and faded.
    static func images(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        let sprite = Self.sprite()
        for (i, s) in [0.02, 0.08, 0.2, 0.45, 0.8].enumerated() {
            let place = AffineTransform.scale(s, s, about: Point(8, 8)).concatenating(.translation(Double(i) * 16 - 2, -2))
            canvas.draw(sprite, transform: place.concatenating(t))
        }
        canvas.draw(sprite, transform: AffineTransform.translation(-8, -8).concatenating(.rotation(0.5))
            .concatenating(.scale(1.4, 1.4)).concatenating(.translation(20, 44)).concatenating(t))
        canvas.draw(sprite, transform: AffineTransform(a: 1.6, b: 0.2, c: 0.7, d: 1.2, tx: 40.3, ty: 26.6).concatenating(t))
        canvas.draw(sprite, transform: AffineTransform.scale(1.7, 1.7).concatenating(.translation(68.5, 38)).concatenating(t),
                    alpha: 0.5)
        return canvas.pixmap
    }

    /// Drawing inside a rounded-rect clip (a view with clipsToBounds), a nested clip, and a
    /// restored clip.
    static func clipping(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        let saved = canvas.clip
        canvas.clip(to: Path(roundedRect: Rect(6.5, 6.5, 50, 40), cornerRadius: 14), transform: t)
        canvas.fill(rect: Rect(0, 0, 96, 72), color: hue(1), transform: t)
        canvas.fill(Path(circleCenter: Point(50, 40), radius: 16), color: hue(3, alpha: 0.8), transform: t)
        canvas.draw(sprite(), transform: AffineTransform.scale(2, 2).concatenating(.translation(4, 20)).concatenating(t))
        canvas.clip(to: Rect(30.25, 0, 40, 72), transform: t)
        canvas.fill(rect: Rect(0, 20, 96, 6), color: .black, transform: t)
        canvas.clip = saved
        canvas.fill(Path(roundedRect: Rect(60, 40, 32, 28), cornerRadius: 8), color: hue(0, alpha: 0.6), transform: t)
        return canvas.pixmap
    }

    /// Strokes: caps, joins, a spinner's spokes, a chart line and a text field border.
    static func strokes(scale: Int) -> Pixmap {
        let (canvas, t) = canvas(scale)
        let caps: [StrokeStyle.Cap] = [.butt, .square, .round]
        for (i, cap) in caps.enumerated() {
            var line = Path()
            line.move(to: Point(6, 6 + Double(i) * 6))
            line.line(to: Point(30, 6 + Double(i) * 6))
            canvas.stroke(line, style: StrokeStyle(width: 3, cap: cap), color: hue(i), transform: t)
        }
        let joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
        for (i, join) in joins.enumerated() {
            var corner = Path()
            let x = 40 + Double(i) * 18
            corner.move(to: Point(x, 22))
            corner.line(to: Point(x + 7, 6))
            corner.line(to: Point(x + 14, 22))
            canvas.stroke(corner, style: StrokeStyle(width: 4, join: join), color: hue(i + 3), transform: t)
        }
        for i in 0..<12 {
            let spoke = Path(roundedRect: Rect(-1, -9, 2, 5), cornerRadius: 1)
            canvas.fill(spoke, color: Color(white: 0.2, alpha: Double(i + 1) / 12),
                        transform: AffineTransform.rotation(Double(i) * Double.pi / 6)
                            .concatenating(.translation(16, 50)).concatenating(t))
        }
        var chart = Path()
        chart.move(to: Point(34, 64))
        for (i, v) in [10.0, 22, 16, 30, 26, 38, 33].enumerated() { chart.line(to: Point(38 + Double(i) * 8, 66 - v)) }
        canvas.stroke(chart, style: StrokeStyle(width: 1.5, cap: .round, join: .round), color: hue(1), transform: t)
        var ring = Path()
        ring.addArc(center: Point(16, 50), radius: 13, startAngle: -Double.pi / 2, endAngle: Double.pi, clockwise: true)
        canvas.stroke(ring, style: StrokeStyle(width: 1, cap: .round), color: hue(0), transform: t)
        canvas.stroke(Path(roundedRect: Rect(36.5, 30.5, 54, 10), cornerRadius: 5), style: StrokeStyle(width: 1),
                      color: Color(white: 0.6), transform: t)
        return canvas.pixmap
    }

    /// A 16 × 16 sprite: a soft disc with a highlight on a transparent background, made with
    /// this rasteriser so it is premultiplied and has anti-aliased edges of its own.
    static func sprite() -> Pixmap {
        let canvas = Canvas(width: 16, height: 16)
        canvas.fill(Path(circleCenter: Point(8, 8), radius: 7.5), color: hue(4))
        canvas.fill(Path(rect: Rect(2, 7, 12, 2)), color: .white)
        canvas.fill(Path(circleCenter: Point(5.5, 5.5), radius: 2.5), color: Color(white: 1, alpha: 0.7))
        return canvas.pixmap
    }
}
