import Geometry
import Raster

/// The filter primitives that make a picture of their own rather than change an input:
/// `feTurbulence` and `feImage` (Filter Effects 1 §§ 9.21, 9.15).
extension VectorImageReader {
    /// `feTurbulence`'s attributes. A negative base frequency is an error (the spec): the
    /// primitive is transparent black, with a warning; invalid keywords keep their defaults.
    func turbulence(_ element: MarkupElement) -> FilterEffect {
        let frequencies = numberList(element, "baseFrequency", count: 1...2) ?? [0]
        let fx = frequencies[0], fy = frequencies.count > 1 ? frequencies[1] : frequencies[0]
        guard fx >= 0, fy >= 0 else {
            warn(at: element.attribute("baseFrequency")?.valueOffset ?? element.offset,
                 "baseFrequency: must not be negative; the turbulence is transparent")
            return .flood(.clear)
        }
        // numOctaves is an integer as Blink reads one (`ToIntStrict`: a sign and digits only);
        // anything else, 2.5 or 2e0, leaves the default 1, as Chromium draws it.
        var octaves = 1
        if let attribute = element.attribute("numOctaves") {
            let text = attribute.value.trimmingSpace()
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Double(text) {
                // Past maximumOctaves nothing visible changes (see Turbulence.maximumOctaves).
                octaves = Int(min(max(n, 0), Double(FilterEffect.Turbulence.maximumOctaves))) // bounded: clamped to 0...maximumOctaves
            } else {
                warn(at: attribute.valueOffset, "numOctaves: expected a whole number; 1 is used, as Chromium uses it")
            }
        }
        // The seed is truncated towards zero (Filter Effects 1); the generator folds any value
        // into 1...2³¹ − 2, so a clamp to ±2⁴⁰ changes no result that fits.
        let seed = numberList(element, "seed", count: 1...1)?[0] ?? 0
        let limit = 1_099_511_627_776.0
        let whole = Int(min(max(seed, -limit), limit).rounded(.towardZero)) // bounded: clamped to ±2⁴⁰
        return .turbulence(FilterEffect.Turbulence(
            frequencyX: fx, frequencyY: fy, octaves: octaves, seed: whole,
            fractalNoise: keyword(element, "type", ["fractalNoise", "turbulence"], default: "turbulence") == "fractalNoise",
            stitchTiles: keyword(element, "stitchTiles", ["stitch", "noStitch"], default: "noStitch") == "stitch"))
    }

    /// One of `allowed` for attribute `name`, `fallback` when absent or invalid (warned).
    func keyword(_ element: MarkupElement, _ name: String, _ allowed: Set<String>, default fallback: String) -> String {
        guard let attribute = element.attribute(name) else { return fallback }
        let value = attribute.value.trimmingSpace()
        guard allowed.contains(value) else {
            warn(at: attribute.valueOffset, "\(name): invalid value '\(value)', ignored")
            return fallback
        }
        return value
    }

    /// `feImage`'s picture in the filtered element's user space. A fragment `#id` draws that
    /// element as `<use>` would, inheriting the `feImage`'s style, moved by the subregion's
    /// x and y as Chromium moves it; any other `href` is a PNG or JPEG read as `<image>` reads
    /// one (a data URL, or a file beneath the SVG's folder within the same pixel budget),
    /// placed in the subregion by `preserveAspectRatio`. What cannot be read is transparent,
    /// with a warning.
    func filterImage(_ element: MarkupElement, subregion: Rect, style: Style, _ context: Context) -> VectorGroup {
        guard let attribute = element.attribute("href") ?? element.attribute("xlink:href") else {
            warn(at: element.offset, "feImage: no href; the image is transparent")
            return VectorGroup(children: [])
        }
        let value = attribute.value.trimmingSpace()
        guard value.hasPrefix("#") else {
            guard let pixmap = decodedImage(value, at: attribute.valueOffset), pixmap.width > 0, pixmap.height > 0,
                  let place = aspectRatio(of: element).transform(
                      Rect(0, 0, Double(pixmap.width), Double(pixmap.height)), into: subregion) else {
                return VectorGroup(children: [])
            }
            return VectorGroup(children: [.bitmap(Bitmap(image: pixmap, transform: place))])
        }
        guard let (id, target) = reference(element, what: "feImage") else { return VectorGroup(children: []) }
        guard !walking.contains(target.offset) else {
            warn(at: attribute.valueOffset, "feImage: '#\(id)' contains the element this filter applies to; the image is transparent")
            return VectorGroup(children: [])
        }
        guard enter("<feImage> #\(id)", at: element.offset) else { return VectorGroup(children: []) }
        defer { leave("<feImage> #\(id)") }
        var inner = context
        inner.style = style
        inner.transform = .translation(subregion.x, subregion.y)
        return VectorGroup(children: nodes(of: target, inner))
    }
}
