import Geometry
import Raster
import SVG

/// Shows vector art scaled to fill its bounds, as UIImageView with the default
/// `UIViewContentModeScaleToFill` shows an image: animating the frame scales the art, down to
/// nothing at a zero size. Any file `popping-render svg` renders can be shown.
open class ImageView: View {
    open override var kind: String { "imageView" }

    public let image: VectorImage

    public init(name: String = "", image: VectorImage, frame: Rect = .zero) {
        self.image = image
        super.init(name: name, frame: frame)
    }

    /// The art's own size.
    open override var intrinsicContentSize: Size? { image.size }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard let fit = image.transform(onto: Rect(origin: .zero, size: bounds.size)) else { return }
        list.items.append(.vector(image, transform: fit, alpha: 1))
    }
}
