import Geometry
import Motion
import Raster

/// A view filled with a colour gradient, as CAGradientLayer: `colors` spread between
/// `startPoint` and `endPoint` (unit coordinates of the bounds, (0.5, 0) to (0.5, 1) by
/// default, top to bottom), at `locations` (evenly spaced when `nil`), axial or radial, inside
/// the (rounded) bounds. Points, colours and locations animate through the properties below.
open class GradientLayer: View {
    /// CAGradientLayer's `type`.
    public enum Kind: Sendable {
        /// Along the line from the start point to the end point (`kCAGradientLayerAxial`).
        case axial
        /// Ellipses centred on the start point reaching the end point's x and y
        /// (`kCAGradientLayerRadial`).
        case radial
    }

    /// The colours, in order.
    public var colors: [Color]
    /// Where each colour sits, 0...1; `nil` spreads them evenly.
    public var locations: [Double]?
    public var startPoint = Point(0.5, 0)
    public var endPoint = Point(0.5, 1)
    public var type = Kind.axial

    public init(name: String = "", colors: [Color], locations: [Double]? = nil, frame: Rect = .zero) {
        self.colors = colors
        self.locations = locations
        super.init(name: name, frame: frame)
    }

    /// The gradient in the view's bounds coordinates, or `nil` with no colours.
    public var gradient: Gradient? { gradient(in: bounds) }

    /// The gradient with its unit square mapped onto `b`, or `nil` with no colours: how the layer
    /// fills its own bounds, and how a view's `backgroundGradient` fills the view's.
    public func gradient(in b: Rect) -> Gradient? {
        guard !colors.isEmpty else { return nil }
        let stops = colors.enumerated().map { index, color in
            let evenly = colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
            let location = locations.flatMap { index < $0.count ? $0[index] : nil } ?? evenly
            return GradientStop(location: location, color: color)
        }
        let unit = AffineTransform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY)
        switch type {
        case .axial:
            return Gradient(kind: .linear(start: startPoint, end: endPoint), stops: stops, transform: unit)
        case .radial:
            // A unit circle stretched to the ellipse through the end point's x and y.
            let rx = abs(endPoint.x - startPoint.x), ry = abs(endPoint.y - startPoint.y)
            let ellipse = AffineTransform(a: rx, b: 0, c: 0, d: ry, tx: startPoint.x, ty: startPoint.y)
            return Gradient(kind: .radial(center: .zero, radius: 1, focus: .zero, focalRadius: 0), stops: stops,
                            transform: ellipse.concatenating(unit))
        }
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard let gradient, bounds.width > 0, bounds.height > 0 else { return }
        list.append(.paint(Path(roundedRect: bounds, cornerRadius: cornerRadius),
                           paint: .gradient(gradient), rule: .nonZero, transform: .identity))
    }

    /// The start point, animatable as a 2-component value (threshold 0.01 of the bounds).
    public static let startPointProperty = AnimatableProperty(name: "startPoint", threshold: 0.01,
                                                              keyPath: \GradientLayer.startPoint)
    /// The end point, animatable as a 2-component value.
    public static let endPointProperty = AnimatableProperty(name: "endPoint", threshold: 0.01,
                                                            keyPath: \GradientLayer.endPoint)

    /// The colour at `index` of `colors`, animatable as straight (r, g, b, a).
    public static func colorProperty(at index: Int) -> AnimatableProperty {
        AnimatableProperty(name: "colors[\(index)]", componentCount: 4, threshold: 1.0 / 255,
                           read: { target in
                               let layer = target as! GradientLayer
                               return AnimationVector(index < layer.colors.count ? layer.colors[index] : .clear)
                           },
                           write: { target, value in
                               let layer = target as! GradientLayer
                               guard index < layer.colors.count else { return }
                               layer.colors[index] = value.value(as: Color.self)
                           })
    }

    /// The location at `index` (filled in evenly first when `locations` is `nil`), animatable.
    public static func locationProperty(at index: Int) -> AnimatableProperty {
        AnimatableProperty(name: "locations[\(index)]", componentCount: 1, threshold: 0.001,
                           read: { target in
                               let layer = target as! GradientLayer
                               return AnimationVector(layer.resolvedLocations[safe: index] ?? 0)
                           },
                           write: { target, value in
                               let layer = target as! GradientLayer
                               var all = layer.resolvedLocations
                               guard index < all.count else { return }
                               all[index] = value.value(as: Double.self)
                               layer.locations = all
                           })
    }

    /// `locations`, or the even spacing used when it is `nil`.
    private var resolvedLocations: [Double] {
        locations ?? colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
    }
}

extension Array {
    /// The element at `index`, or `nil` past the end.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
