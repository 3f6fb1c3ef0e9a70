import Geometry
import Motion
import Raster

/// A view filled with a colour gradient, as CAGradientLayer: `colors` spread between
/// `startPoint` and `endPoint` (unit coordinates of the bounds, (0.5, 0) to (0.5, 1) by
/// default, top to bottom), at `locations` (evenly spaced when `nil`), axial or radial, inside
/// the (rounded) bounds. Points, colours and locations animate through the properties below.
open class GradientLayer: View {
    open override var kind: String { "gradient" }

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
    /// Where each colour sits, 0 at `startPoint` and 1 at `endPoint`, not decreasing; `nil`
    /// spreads them evenly over 0...1. Locations beyond 0...1 place stops past the ends, which
    /// still shape the colours between them, as Core Animation draws them (the shimmer sweeps
    /// `[-1, -0.5, 0]` to `[1, 1.5, 2]`).
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
    /// fills its own bounds, and how a view's `backgroundGradient` fills the view's. `showing`
    /// replaces the model's colours, locations and points (a UIKit block's presentation values).
    public func gradient(in b: Rect, showing shown: GradientValues? = nil) -> Gradient? {
        let values = shown ?? self.values
        let colors = values.colors, startPoint = values.startPoint, endPoint = values.endPoint
        guard !colors.isEmpty else { return nil }
        let stops = colors.enumerated().map { index, color in
            GradientStop(location: values.locations[safe: index] ?? 1, color: color)
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
        let shown = backgroundGradient == nil ? presentation.gradient : nil
        guard let gradient = gradient(in: bounds, showing: shown), bounds.width > 0, bounds.height > 0 else { return }
        list.append(.paint(Path(roundedRect: bounds, cornerRadius: cornerRadius),
                           paint: .gradient(gradient), rule: .nonZero, transform: .identity))
    }

    /// The start point, animatable as a 2-component value (threshold 0.01 of the bounds).
    public static let startPointProperty = AnimatableProperty(name: "startPoint", threshold: 0.01,
                                                              keyPath: \GradientLayer.startPoint)
    /// The end point, animatable as a 2-component value.
    public static let endPointProperty = AnimatableProperty(name: "endPoint", threshold: 0.01,
                                                            keyPath: \GradientLayer.endPoint)

    /// The colour at `index` of `colors`, animatable as premultiplied (r·a, g·a, b·a, a), the
    /// space Core Animation interpolates a gradient's colours in (a colour fading out keeps its
    /// hue); components are clamped to 0...1 when written. `animationValue(of:)` converts.
    public static func colorProperty(at index: Int) -> AnimatableProperty {
        AnimatableProperty(name: "colors[\(index)]", componentCount: 4, threshold: 1.0 / 255,
                           read: { target in
                               let layer = target as! GradientLayer
                               return animationValue(of: index < layer.colors.count ? layer.colors[index] : .clear)
                           },
                           write: { target, value in
                               let layer = target as! GradientLayer
                               guard index < layer.colors.count else { return }
                               layer.colors[index] = Color(premultipliedComponents: value.components)
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

    /// A colour as `colorProperty(at:)` animates it: premultiplied (r·a, g·a, b·a, a).
    public static func animationValue(of color: Color) -> AnimationVector { AnimationVector(color.premultipliedComponents) }

    /// CAGradientLayer's animatable key paths, as `CABasicAnimation(keyPath:)` names them.
    public enum AnimatableKeyPath: String, CaseIterable, Sendable {
        /// Every colour, each animated premultiplied.
        case colors
        /// Every location.
        case locations
        /// The start point, in unit coordinates of the bounds.
        case startPoint
        /// The end point, in unit coordinates of the bounds.
        case endPoint
    }

    /// The properties that animate `keyPath`: one per colour for `colors` (`colorProperty(at:)`)
    /// and for `locations` (`locationProperty(at:)`), as Core Animation interpolates arrays
    /// element by element; the point's property for `startPoint` and `endPoint`. Run them
    /// together with `Animator.add(_:forKey:to:properties:completion:)`:
    ///
    ///     let properties = gradient.animatableProperties(.locations)
    ///     stage.animator.add(properties.indices.map { BasicAnimation(to: [to[$0]], duration: 1.2) },
    ///                        forKey: "shimmer", to: gradient, properties: properties)
    public func animatableProperties(_ keyPath: AnimatableKeyPath) -> [AnimatableProperty] {
        switch keyPath {
        case .colors: return colors.indices.map(Self.colorProperty(at:))
        case .locations: return colors.indices.map(Self.locationProperty(at:))
        case .startPoint: return [Self.startPointProperty]
        case .endPoint: return [Self.endPointProperty]
        }
    }

    /// The colours, locations (evenly spaced when `locations` is `nil`) and points, as a UIKit
    /// block animation captures and interpolates them.
    public var values: GradientValues {
        GradientValues(colors: colors, locations: resolvedLocations, startPoint: startPoint, endPoint: endPoint)
    }

    /// `locations`, with the even spacing filling in where it is `nil` or short.
    private var resolvedLocations: [Double] {
        colors.indices.map { locations?[safe: $0] ?? (colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0) }
    }
}

/// A gradient layer's animatable values at one instant: what a UIKit block animation
/// interpolates and shows as the presentation of a view's `backgroundGradient`.
public struct GradientValues: Equatable, Sendable {
    /// The colours, in order.
    public var colors: [Color]
    /// Where each colour sits, one per colour.
    public var locations: [Double]
    /// The start point, in unit coordinates of the bounds.
    public var startPoint: Point
    /// The end point, in unit coordinates of the bounds.
    public var endPoint: Point

    /// Values with one location per colour.
    public init(colors: [Color], locations: [Double], startPoint: Point, endPoint: Point) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The values `p` of the way to `end`, as Core Animation interpolates CAGradientLayer:
    /// element by element, colours in premultiplied sRGB (clamped to 0...1 when a spring
    /// overshoots), locations and points linearly. Arrays of different lengths do not
    /// interpolate: the end values show at once, as Core Animation shows them.
    public func interpolated(to end: GradientValues, progress p: Double) -> GradientValues {
        guard colors.count == end.colors.count, locations.count == end.locations.count else { return end }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        let mixed = zip(colors, end.colors).map { a, b in
            let from = a.premultipliedComponents, to = b.premultipliedComponents
            return Color(premultipliedComponents: (0..<4).map { mix(from[$0], to[$0]) })
        }
        return GradientValues(colors: mixed, locations: zip(locations, end.locations).map(mix),
                              startPoint: Point(mix(startPoint.x, end.startPoint.x), mix(startPoint.y, end.startPoint.y)),
                              endPoint: Point(mix(endPoint.x, end.endPoint.x), mix(endPoint.y, end.endPoint.y)))
    }
}

extension Color {
    /// (r·a, g·a, b·a, a), each clamped to 0...1 first.
    var premultipliedComponents: [Double] {
        let a = min(max(alpha, 0), 1)
        return [red, green, blue].map { min(max($0, 0), 1) * a } + [a]
    }

    /// The straight colour of premultiplied components, each clamped to 0...1 (and the colour
    /// channels to the alpha); no alpha is clear.
    init(premultipliedComponents c: [Double]) {
        let a = min(max(c[3], 0), 1)
        guard a > 0 else { self = .clear; return }
        func channel(_ v: Double) -> Double { min(max(v, 0), a) / a }
        self.init(red: channel(c[0]), green: channel(c[1]), blue: channel(c[2]), alpha: a)
    }
}

extension Array {
    /// The element at `index`, or `nil` past the end.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
