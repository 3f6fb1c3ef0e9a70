import Foundation
import Geometry
import Raster

/// The lighting filter primitives, `feDiffuseLighting` and `feSpecularLighting`, and their
/// light sources (Filter Effects 1 §§ 9.7, 9.20, 9.10–9.12), read as Chromium reads them.
extension VectorImageReader {
    /// The light source elements; a lighting primitive uses the first of its children that is one.
    private static let lightElements: Set<String> = ["feDistantLight", "fePointLight", "feSpotLight"]

    /// A lighting primitive's attributes and light, positions in user space (objectBoundingBox
    /// primitive units resolved as Chromium's `Filter::Resolve3dPoint`: z by the box's
    /// diagonal over √2). Chromium's clamps, each warned: a negative diffuseConstant is 0,
    /// specularExponent is kept within 1...128 (the spot light's too, as Skia keeps it), and a
    /// `feSpecularLighting` whose constant is not above 0 is drawn as Chromium draws it, as
    /// diffuse lighting with constant 0 (opaque black: `FELighting::GetLightingType`). Without a light the result is transparent
    /// (Chromium's `CreateTransparentBlack`), with a warning. `kernelUnitLength` is ignored, as
    /// Chromium ignores it.
    func lighting(_ element: MarkupElement, _ reader: PrimitiveReader, style: Style) -> FilterEffect {
        func number(_ e: MarkupElement, _ name: String, _ value: Double) -> Double {
            numberList(e, name, count: 1...1)?[0] ?? value
        }
        func exponent(_ e: MarkupElement) -> Double {
            let v = number(e, "specularExponent", 1)
            guard (1...128).contains(v) else {
                warn(at: e.attribute("specularExponent")?.valueOffset ?? e.offset,
                     "specularExponent: outside 1 to 128; \(v < 1 ? 1 : 128) is used, as Chromium uses it")
                return min(max(v, 1), 128)
            }
            return v
        }
        guard let source = element.children.first(where: { !$0.isText && Self.lightElements.contains($0.name) }) else {
            warn(at: element.offset, "<\(element.name)>: no feDistantLight, fePointLight or feSpotLight; "
                + "the lighting is transparent, as Chromium draws it")
            return .flood(.clear)
        }
        /// x, y, z (or pointsAtX, …) in user space.
        func point(_ prefix: String) -> SIMD3<Double> {
            func coordinate(_ axis: String) -> Double {
                number(source, prefix.isEmpty ? axis : prefix + axis.uppercased(), 0)
            }
            let p = SIMD3(coordinate("x"), coordinate("y"), coordinate("z"))
            guard let box = reader.box else { return p }
            let diagonal = ((box.width * box.width + box.height * box.height) / 2).squareRoot()
            return SIMD3(box.x + p.x * box.width, box.y + p.y * box.height, p.z * diagonal)
        }
        let light: FilterEffect.Lighting.Light
        switch source.name {
        case "feDistantLight":
            let azimuth = number(source, "azimuth", 0) * .pi / 180, elevation = number(source, "elevation", 0) * .pi / 180
            light = .distant(SIMD3(cos(azimuth) * cos(elevation), sin(azimuth) * cos(elevation), sin(elevation)))
        case "fePointLight":
            light = .point(point(""))
        default:
            // No cone, a cone of 0 or one wider than 90° is a cone of 90° (Chromium's FELighting).
            var cone = number(source, "limitingConeAngle", 0)
            if cone == 0 || abs(cone) > 90 { cone = 90 }
            light = .spot(position: point(""), pointsAt: point("pointsAt"), exponent: exponent(source),
                          cosCone: cos(cone * .pi / 180))
        }
        var kind = FilterEffect.Lighting.Kind.diffuse(constant: 0)
        if element.name == "feDiffuseLighting" {
            let kd = number(element, "diffuseConstant", 1)
            if kd < 0 {
                warn(at: element.attribute("diffuseConstant")?.valueOffset ?? element.offset,
                     "diffuseConstant: must not be negative; 0 is used, as Chromium uses it")
            }
            kind = .diffuse(constant: max(kd, 0))
        } else {
            let ks = number(element, "specularConstant", 1), e = exponent(element)
            if ks > 0 {
                kind = .specular(constant: ks, exponent: e)
            } else {
                warn(at: element.attribute("specularConstant")?.valueOffset ?? element.offset,
                     "specularConstant: \(ks < 0 ? "negative" : "0") draws opaque black, as Chromium draws it")
            }
        }
        var color = style.color
        if case let .color(c) = style.lightingColor { color = c }
        return .lighting(FilterEffect.Lighting(light: light, color: color, surfaceScale: number(element, "surfaceScale", 1),
                                               kind: kind))
    }
}
