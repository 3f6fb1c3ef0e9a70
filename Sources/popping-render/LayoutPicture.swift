import Foundation
import Geometry
import Raster
import Text

/// The `--png` picture of `popping-render layout`: the superview in white, each view as a tinted
/// box with a darker outline, labelled with its name and frame.
enum LayoutPicture {
    /// Device pixels per point.
    static let scale = 2.0
    /// Box tints, cycled in view order.
    static let palette = ["#52A9F0", "#2ECC71", "#F1C40F", "#E74C3C", "#9B59B6", "#1ABC9C", "#E67E22"]

    /// Draws `frames` (in the superview's coordinates) on a canvas of `size` points.
    static func draw(size: Size, frames: [(name: String, frame: Rect)]) throws -> Pixmap {
        let width = Int(saturating: (size.width * scale).rounded(.up)), height = Int(saturating: (size.height * scale).rounded(.up))
        guard width >= 1, height >= 1, width <= 16384, height <= 16384 else {
            throw CommandFailure("--size", "the picture would be \(width)×\(height) pixels; it must be 1…16384 each way")
        }
        let canvas = Canvas(width: width, height: height, background: .white)
        let toPixels = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        let nameFont = try FontLibrary.systemFont(size: 13)
        let frameFont = try FontLibrary.systemFont(size: 10)
        for (i, entry) in frames.enumerated() {
            let tint = Color(hex: palette[i % palette.count]) ?? .black
            let box = entry.frame.standardized
            canvas.fill(Path(roundedRect: box, cornerRadius: 4), color: tint.withAlpha(0.3), transform: toPixels)
            canvas.stroke(Path(roundedRect: box.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 4),
                          style: StrokeStyle(width: 1), color: tint, transform: toPixels)
            let f = entry.frame
            // Name just above the middle, frame just below: both stay readable in short boxes.
            let upper = Rect(box.x, box.midY - 17, box.width, 17)
            let lower = Rect(box.x, box.midY, box.width, 14)
            let frameText = "\(compact(f.x)),\(compact(f.y)) \(compact(f.width))×\(compact(f.height))"
            canvas.draw(LabelLayout(text: entry.name, font: nameFont, in: upper, alignment: .center),
                        color: .black, transform: toPixels)
            canvas.draw(LabelLayout(text: frameText, font: frameFont, in: lower, alignment: .center),
                        color: Color(white: 0.25), transform: toPixels)
        }
        return canvas.pixmap
    }

    private static func compact(_ v: Double) -> String { String(format: "%g", v) }
}
