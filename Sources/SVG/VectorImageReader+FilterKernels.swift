import Geometry

/// The filter primitives that read their input through a kernel or a map:
/// `feConvolveMatrix` and `feDisplacementMap` (Filter Effects 1 §§ 9.5, 9.8).
extension VectorImageReader {
    /// `feConvolveMatrix`'s attributes. An invalid order, kernel, divisor or target is an error
    /// that makes the primitive transparent black, as Chromium does (`FEConvolveMatrix`'s
    /// `ParametersValid`), with a warning; so is a kernel of more than `maximumCells` cells.
    func convolveMatrix(_ element: MarkupElement) -> FilterEffect {
        func invalid(_ name: String, _ problem: String) -> FilterEffect {
            warn(at: element.attribute(name)?.valueOffset ?? element.offset, "\(name): \(problem); the convolution is transparent")
            return .flood(.clear)
        }
        let order = numberList(element, "order", count: 1...2) ?? [3]
        let limit = Double(FilterEffect.ConvolveMatrix.maximumCells)
        guard order.allSatisfy({ $0 >= 1 && $0 <= limit && $0 == $0.rounded(.towardZero) }) else {
            return invalid("order", "expected whole numbers from 1 to \(FilterEffect.ConvolveMatrix.maximumCells)")
        }
        let orderX = Int(order[0]), orderY = Int(order.count > 1 ? order[1] : order[0]) // bounded: checked in 1...maximumCells
        guard orderX * orderY <= FilterEffect.ConvolveMatrix.maximumCells else {
            return invalid("order", "more than \(FilterEffect.ConvolveMatrix.maximumCells) kernel cells")
        }
        guard element.attribute("kernelMatrix") != nil else { return invalid("kernelMatrix", "missing") }
        guard let kernel = numberList(element, "kernelMatrix", count: orderX * orderY...orderX * orderY,
                                      otherwise: "the convolution is transparent") else {
            return .flood(.clear)
        }
        var divisor = kernel.reduce(0, +)
        if divisor == 0 { divisor = 1 }
        if let d = numberList(element, "divisor", count: 1...1)?[0] {
            guard d != 0 else { return invalid("divisor", "must not be 0") }
            divisor = d
        }
        func target(_ name: String, _ order: Int) -> Int? {
            guard let v = numberList(element, name, count: 1...1)?[0] else { return order / 2 }
            guard v >= 0, v < Double(order), v == v.rounded(.towardZero) else { return nil }
            return Int(v) // bounded: checked in 0..<order
        }
        guard let targetX = target("targetX", orderX) else { return invalid("targetX", "must be a whole number below orderX") }
        guard let targetY = target("targetY", orderY) else { return invalid("targetY", "must be a whole number below orderY") }
        return .convolveMatrix(FilterEffect.ConvolveMatrix(
            orderX: orderX, orderY: orderY, kernel: kernel, divisor: divisor,
            bias: numberList(element, "bias", count: 1...1)?[0] ?? 0, targetX: targetX, targetY: targetY,
            edgeMode: FilterEffect.ConvolveMatrix.EdgeMode(rawValue: keyword(element, "edgeMode", ["duplicate", "wrap", "none"],
                                                                             default: "duplicate")) ?? .duplicate,
            preserveAlpha: keyword(element, "preserveAlpha", ["true", "false"], default: "false") == "true"))
    }

    /// `feDisplacementMap`'s scale (user units, or a fraction of the bounding box in
    /// objectBoundingBox primitive units) and channel selectors (alpha by default).
    func displacementMap(_ element: MarkupElement, _ reader: PrimitiveReader) -> FilterEffect {
        let channels = ["R": 0, "G": 1, "B": 2, "A": 3]
        let x = channels[keyword(element, "xChannelSelector", Set(channels.keys), default: "A")] ?? 3
        let y = channels[keyword(element, "yChannelSelector", Set(channels.keys), default: "A")] ?? 3
        let scale = numberList(element, "scale", count: 1...1)?[0] ?? 0
        return .displacementMap(scale: reader.scaled(scale, .x), x: x, y: y)
    }
}
