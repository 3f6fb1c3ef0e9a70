import Geometry
import Raster

/// How an image view draws its image, as UIImage.RenderingMode.
public enum ImageRenderingMode: String, CaseIterable, Sendable {
    /// The image's own choice: original colours, except symbol images, which are templates.
    case automatic
    /// The image's own colours.
    case alwaysOriginal
    /// The image's alpha as a mask, filled with the view's tint colour.
    case alwaysTemplate
}

/// An image's coverage kept for drawing it as a template: rasterised once per pixel size, then
/// blended in the tint colour on every frame (the tint may animate, the shape does not).
struct TemplateMask {
    /// The pixel size the mask was made at.
    var width = 0, height = 0
    var mask: CoverageMask?

    /// The mask at `width` × `height` pixels, made by `draw` (which fills a canvas of that size)
    /// when the size changed; nil for an empty or absurd size.
    mutating func mask(width: Int, height: Int, draw: (Canvas) -> Void) -> CoverageMask? {
        guard width > 0, height > 0, width * height <= 4096 * 4096 else { return nil }
        if let mask, width == self.width, height == self.height { return mask }
        let canvas = Canvas(width: width, height: height)
        draw(canvas)
        let made = CoverageMask(alphaOf: canvas.pixmap, x: 0, y: 0)
        (self.width, self.height, mask) = (width, height, made)
        return made
    }
}
