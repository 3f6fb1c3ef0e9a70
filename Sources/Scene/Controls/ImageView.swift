import Geometry
import Raster
import SVG

/// Shows vector art scaled to fill its bounds, as UIImageView with the default
/// `UIViewContentModeScaleToFill` shows an image: animating the frame scales the art, down to
/// nothing at a zero size.
open class ImageView: View {
    public let image: VectorImage
    /// The art's fills in viewBox coordinates; strokes are turned into fills once, here.
    private let items: [DisplayItem]

    public init(name: String = "", image: VectorImage, frame: Rect = .zero) {
        self.image = image
        items = ImageView.items(of: image)
        super.init(name: name, frame: frame)
    }

    /// The art's own size.
    open override var intrinsicContentSize: Size? { image.size }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard let fit = image.transform(onto: Rect(origin: .zero, size: bounds.size)) else { return }
        list.items += items.map { $0.transformed(by: fit) }
    }

    /// Each shape's fill then stroke, with the shape's opacity; a shape with both and an opacity
    /// below 1 is a group so the stroke does not show the fill through it.
    static func items(of image: VectorImage) -> [DisplayItem] {
        image.shapes.flatMap { shape in
            shape.paints.map { DisplayItem.fill($0.path, color: $0.color, rule: $0.rule, transform: .identity) }
                .withOpacity(shape.opacity)
        }
    }
}
