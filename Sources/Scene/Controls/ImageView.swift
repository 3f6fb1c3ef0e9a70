import Geometry
import Raster
import SVG

/// Shows vector art scaled to fill its bounds, as UIImageView with the default
/// `UIViewContentModeScaleToFill` shows an image: animating the frame scales the art, down to
/// nothing at a zero size. Any file `popping-render svg` renders can be shown, in its own colours
/// or as a template image in the tint colour.
open class ImageView: View {
    open override var kind: String { "imageView" }

    public let image: VectorImage
    /// Original colours, or the art's alpha filled with `tintColor` (a template image).
    public var renderingMode = ImageRenderingMode.automatic
    /// The colour a template image is filled with, as UIView's tintColor; nil takes the window's.
    public var tintColor: Color?
    /// UIImage's `flipsForRightToLeftLayoutDirection`: the art is drawn mirrored when the view
    /// lays out right to left (a back chevron, a reply arrow).
    public var flipsForRightToLeftLayoutDirection = false
    private var template = TemplateMask()

    public init(name: String = "", image: VectorImage, frame: Rect = .zero) {
        self.image = image
        super.init(name: name, frame: frame)
    }

    /// The art's own size.
    open override var intrinsicContentSize: Size? { image.size }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let mirror = rightToLeftMirror(flips: flipsForRightToLeftLayoutDirection)
        guard renderingMode == .alwaysTemplate else {
            guard let fit = image.transform(onto: Rect(origin: .zero, size: bounds.size)) else { return }
            list.items.append(.vector(image, transform: fit.concatenating(mirror), alpha: 1))
            return
        }
        // The art at the screen's pixels, its alpha kept as a mask until the size changes.
        let w = Int(saturating: (bounds.width * context.scale).rounded(.up)), h = Int(saturating: (bounds.height * context.scale).rounded(.up))
        let image = self.image
        guard let mask = template.mask(width: w, height: h, draw: { canvas in
            guard let fit = image.transform(onto: Rect(0, 0, Double(w), Double(h))) else { return }
            canvas.draw(image, transform: fit, alpha: 1)
        }) else { return }
        list.append(.mask(mask, color: tintColor ?? context.tintColor,
                          transform: AffineTransform.scale(bounds.width / Double(w), bounds.height / Double(h)).concatenating(mirror)))
    }
}
