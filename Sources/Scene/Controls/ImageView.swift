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
        image.shapes.flatMap { shape -> [DisplayItem] in
            var own: [DisplayItem] = []
            if let fill = shape.fill {
                own.append(.fill(shape.path, color: fill, rule: shape.fillRule, transform: .identity))
            }
            if let stroke = shape.stroke {
                // Art is small in its own units (a 116-unit face drawn 348 px wide at 3x), so the
                // outline is flattened finer than the raster default of 0.1.
                own.append(.fill(shape.path.stroked(stroke.style, tolerance: 0.02), color: stroke.color, rule: .nonZero,
                                 transform: .identity))
            }
            return own.withOpacity(shape.opacity)
        }
    }
}
