import Raster
import Geometry

/// A `<filter>` resolved for the element that uses it (Filter Effects 1): the filter region and
/// every primitive's parameters in the element's user space, so drawing only has to map them
/// to device pixels. Drawing renders the element offscreen, runs the primitives on that layer
/// and clips the result to the region, before the element's clip path, mask and opacity.
public struct VectorFilter: Equatable, Sendable {
    /// The filter region in user space: nothing outside it is drawn.
    public var region: Rect
    /// The element's user space to viewBox coordinates.
    public var transform: AffineTransform
    /// The primitives in document order; the last one's result is what is drawn.
    public var primitives: [FilterPrimitive]

    /// A filter from resolved parts; the reader builds them from `<filter>` elements.
    public init(region: Rect, transform: AffineTransform, primitives: [FilterPrimitive]) {
        self.region = region
        self.transform = transform
        self.primitives = primitives
    }

    /// The region in viewBox coordinates.
    public var bounds: Rect { transform.apply(region) }
}

/// One filter primitive (`feFlood`, `feGaussianBlur`, …) with its inputs and subregion resolved.
public struct FilterPrimitive: Equatable, Sendable {
    /// What the primitive does, with lengths in user units.
    public var effect: FilterEffect
    /// The images it reads: `in` then `in2`, or `feMerge`'s nodes in order.
    public var inputs: [FilterInput]
    /// Where its result may be non-transparent, in user space (already within the filter region).
    public var subregion: Rect
    /// Whether it works on linear-light RGB (`color-interpolation-filters: linearRGB`) or on
    /// sRGB values.
    public var linearRGB: Bool

    /// A primitive from resolved parts.
    public init(effect: FilterEffect, inputs: [FilterInput], subregion: Rect, linearRGB: Bool = true) {
        self.effect = effect
        self.inputs = inputs
        self.subregion = subregion
        self.linearRGB = linearRGB
    }
}

/// An image a filter primitive reads.
public enum FilterInput: Equatable, Sendable {
    /// The element as drawn without the filter.
    case sourceGraphic
    /// Its alpha channel alone (black where it is opaque).
    case sourceAlpha
    /// The result of an earlier primitive, by index.
    case result(Int)
    /// Transparent black: what `BackgroundImage`, `FillPaint` and the other inputs this renderer
    /// does not keep read as.
    case transparent
}

/// The operation of one filter primitive; lengths are user units, colours straight sRGB.
public enum FilterEffect: Equatable, Sendable {
    /// `feFlood`: the subregion filled with a colour (flood-opacity folded into its alpha).
    case flood(Color)
    /// `feColorMatrix`: a 4 × 5 matrix, row by row, applied to straight RGBA in 0...1 (the
    /// `saturate`, `hueRotate` and `luminanceToAlpha` types become such matrices).
    case colorMatrix([Double])
    /// `feOffset`: the input moved by (dx, dy).
    case offset(dx: Double, dy: Double)
    /// `feGaussianBlur` with standard deviations along x and y.
    case gaussianBlur(x: Double, y: Double)
    /// `feBlend`: `in` blended over `in2` in one of the sixteen blend modes.
    case blend(BlendMode)
    /// `feComposite`: `in` combined with `in2` by a Porter-Duff operator or arithmetic.
    case composite(CompositeOperator)
    /// `feMerge`: the inputs drawn source-over in order.
    case merge
    /// `feDropShadow`: the input's alpha blurred, offset and coloured, under the input.
    case dropShadow(dx: Double, dy: Double, x: Double, y: Double, color: Color)
    /// `feMorphology`: every channel's minimum (erode) or maximum (dilate) over a rectangle
    /// reaching `x` and `y` either side (how design tools spread a shadow).
    case morphology(dilate: Bool, x: Double, y: Double)
    /// `feComponentTransfer`: a function per straight channel, red, green, blue and alpha.
    case componentTransfer([TransferFunction])
    /// `feTurbulence`: Perlin noise filling the subregion (`FilterImage+Turbulence.swift`).
    case turbulence(Turbulence)
    /// `feTile`: the input's subregion repeated across this primitive's subregion.
    case tile
    /// `feConvolveMatrix`: a kernel run over the input (`FilterImage+Convolution.swift`).
    case convolveMatrix(ConvolveMatrix)
    /// `feDisplacementMap`: the input's pixels moved by `scale` times two channels of `in2`
    /// (0 red, 1 green, 2 blue, 3 alpha) less ½.
    case displacementMap(scale: Double, x: Int, y: Int)
    /// `feImage`: a picture drawn in the element's user space (a referenced element, or a PNG or
    /// JPEG file placed in the subregion); an empty group when it could not be read.
    case image(VectorGroup)
    /// `feDiffuseLighting` and `feSpecularLighting`: the input's alpha lit as a surface
    /// (`FilterImage+Lighting.swift`).
    case lighting(Lighting)

    /// One `feFuncR`/`feFuncG`/`feFuncB`/`feFuncA`: a channel value in 0...1 mapped to another.
    public enum TransferFunction: Equatable, Sendable {
        case identity
        /// Linear interpolation between the values, spread evenly over 0...1.
        case table([Double])
        /// A step function: n values, each for one n-th of 0...1.
        case discrete([Double])
        case linear(slope: Double, intercept: Double)
        /// amplitude · C^exponent + offset.
        case gamma(amplitude: Double, exponent: Double, offset: Double)
    }

    /// `feBlend`'s modes: the sixteen of Compositing and Blending 1, as `mix-blend-mode` takes them.
    public typealias BlendMode = Raster.BlendMode

    /// `feComposite`'s operators.
    public enum CompositeOperator: Equatable, Sendable {
        case over, `in`, out, atop, xor, lighter
        /// k1·in·in2 + k2·in + k3·in2 + k4 per premultiplied channel, clamped.
        case arithmetic(k1: Double, k2: Double, k3: Double, k4: Double)
    }
}
