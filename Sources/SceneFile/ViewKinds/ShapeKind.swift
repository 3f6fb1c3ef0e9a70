import Geometry
import Raster
import Scene
import SVG

extension ViewKind {
    /// `shape: ID`: a view whose layer is a CAShapeLayer: `path` (SVG path data in the view's
    /// points), `ovalIn` or `roundedRect`, with CAShapeLayer's fill and stroke properties.
    static let shape = ViewKind(key: "shape", id: \.shape,
                                keys: ["path", "ovalIn", "roundedRect", "fillColor", "strokeColor", "lineWidth", "lineCap",
                                       "lineJoin", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
                                       "fillRule"]) { builder, request in
        let spec = request.spec, path = request.path
        let given = [spec.path != nil, spec.ovalIn != nil, spec.roundedRect != nil].filter { $0 }.count
        guard given == 1 else {
            builder.log.add(path, given == 0 ? "a shape needs a path, ovalIn or roundedRect" : "a shape has one of path, ovalIn and roundedRect")
            return nil
        }
        var outline = Path()
        if let data = spec.path {
            do { outline = try Path(svgPathData: data) } catch {
                builder.log.add(path + [.key("path")], "\(error)")
                return nil
            }
        } else if let r = builder.rect(spec.ovalIn, path + [.key("ovalIn")]) {
            outline = Path(ellipseIn: r)
        } else if let rr = spec.roundedRect, let r = builder.rect(rr.rect, path + [.key("roundedRect"), .key("rect")]) {
            outline = Path(roundedRect: r, cornerRadius: max(0, rr.cornerRadius ?? 0))
        } else {
            return nil
        }
        let shape = ShapeView(name: request.id, path: outline, frame: request.frame)
        if let c = spec.fillColor { shape.fillColor = c == "none" ? nil : builder.color(c, path + [.key("fillColor")]) }
        if let c = spec.strokeColor { shape.strokeColor = c == "none" ? nil : builder.color(c, path + [.key("strokeColor")]) }
        func unit(_ value: Double?, _ key: String) -> Double? {
            guard let value else { return nil }
            guard (0...1).contains(value) else { builder.log.add(path + [.key(key)], "\(key) lies in 0…1"); return nil }
            return value
        }
        if let w = spec.lineWidth {
            if (0...1000).contains(w) { shape.lineWidth = w } else { builder.log.add(path + [.key("lineWidth")], "lineWidth lies in 0…1000") }
        }
        if let cap = spec.lineCap { shape.lineCap = cap == .round ? .round : cap == .square ? .square : .butt }
        if let join = spec.lineJoin { shape.lineJoin = join == .round ? .round : join == .bevel ? .bevel : .miter }
        if let dashes = spec.lineDashPattern {
            if dashes.allSatisfy({ $0 >= 0 && $0 <= 10_000 }), dashes.contains(where: { $0 > 0 }) {
                shape.lineDashPattern = dashes
            } else {
                builder.log.add(path + [.key("lineDashPattern")], "dash and gap lengths lie in 0…10000 and one is positive")
            }
        }
        if let phase = spec.lineDashPhase { shape.lineDashPhase = phase }
        if let s = unit(spec.strokeStart, "strokeStart") { shape.strokeStart = s }
        if let e = unit(spec.strokeEnd, "strokeEnd") { shape.strokeEnd = e }
        if let rule = spec.fillRule { shape.fillRule = rule == .evenOdd ? .evenOdd : .nonZero }
        return shape
    }
}

/// `roundedRect:` of a shape: UIBezierPath(roundedRect:cornerRadius:).
struct RoundedRectSpec: Decodable, SchemaDocumented {
    var rect: [Double]
    var cornerRadius: Double?

    static let keyDescriptions = ["rect": "[x, y, width, height] in the view's points.", "cornerRadius": "Points (default 0)."]
}

/// CAShapeLayerLineCap, CAShapeLayerLineJoin and CAShapeLayerFillRule names.
enum LineCapName: String, SchemaEnum { case butt, round, square }
enum LineJoinName: String, SchemaEnum { case miter, round, bevel }
enum FillRuleName: String, SchemaEnum { case nonZero, evenOdd }
