import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// Values with places: ids, colours, fonts, images, numbers, frames and transforms, each problem logged where it is written.
extension SceneBuilder {
    func checkIdentifier(_ id: String, _ path: [PathStep]) -> Bool {
        guard let first = id.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
              id.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) else {
            log.add(path, "an id starts with a letter or '_' and holds only letters, digits and '_', not '\(id)'")
            return false
        }
        return true
    }

    /// The colour `spec` gives in `style` (`tintColor` naming `tint`); a problem is logged at `path`.
    static func color(_ spec: ColorSpec?, _ path: [PathStep], _ log: ProblemLog, style: UserInterfaceStyle, tint: Color?) -> Color? {
        guard let spec else { return nil }
        switch spec.resolved(for: style, tint: tint) {
        case let .success(c): return c
        case let .failure(e): log.add(path, e.message); return nil
        }
    }

    /// A colour property resolved for the scene's appearance and tint.
    func color(_ spec: ColorSpec?, _ path: [PathStep]) -> Color? {
        Self.color(spec, path, log, style: appearance, tint: tint)
    }

    /// A colour written as text (an animation's or action's value), resolved for the scene's appearance and tint.
    func color(_ text: String?, _ path: [PathStep]) -> Color? { color(text.map(ColorSpec.text), path) }

    /// A colour already checked where it is written; nil when it does not parse.
    func colorValue(_ text: String) -> Color? { try? SceneValues.color(text, style: appearance, tint: tint).get() }

    /// The system font this scene's chrome implies (`SceneValues.systemFont`), which views and
    /// controls take when the scene names no font.
    func systemFont(size: Double, weight: Font.Weight = .regular) -> Font {
        SceneValues.systemFont(size: size, weight: weight, currentChrome: chrome == .ios18)
    }

    func font(_ text: String, _ path: [PathStep]) -> Font? {
        switch SceneValues.font(text, folder: folder, currentChrome: chrome == .ios18, contentSize: contentSize) {
        case let .success(f): return f
        case let .failure(e): log.add(path, e.message); return nil
        }
    }


    func numbers(_ list: [Double]?, _ count: Int, _ what: String, _ path: [PathStep]) -> [Double]? {
        guard let list else { return nil }
        guard list.count == count else { log.add(path, "expected \(what), \(count) numbers"); return nil }
        return list
    }

    func rect(_ list: [Double]?, _ path: [PathStep]) -> Rect? {
        guard let n = numbers(list, 4, "[x, y, width, height]", path) else { return nil }
        guard n[2] >= 0, n[3] >= 0, n.allSatisfy({ abs($0) <= 100_000 }) else {
            log.add(path, "a frame's width and height are not negative, and its numbers lie within ±100000")
            return nil
        }
        return Rect(n[0], n[1], n[2], n[3])
    }

    func size(_ list: [Double]?, _ path: [PathStep]) -> Size? {
        guard let n = numbers(list, 2, "[width, height]", path) else { return nil }
        guard n.allSatisfy({ $0 >= 0 && $0 <= 100_000 }) else { log.add(path, "a size lies in 0…100000"); return nil }
        return Size(n[0], n[1])
    }

    func point(_ list: [Double]?, _ path: [PathStep]) -> Point? {
        guard let n = numbers(list, 2, "[x, y]", path) else { return nil }
        return Point(n[0], n[1])
    }

    func gradient(_ spec: GradientSpec, _ path: [PathStep]) -> GradientLayer? {
        let colorsPath = path + [.key("colors")]
        guard spec.colors.count >= 2 else { log.add(colorsPath, "a gradient needs two or more colors"); return nil }
        let colors = spec.colors.enumerated().compactMap { color($1, colorsPath + [.index($0)]) }
        if let locations = spec.locations,
           !checkGradientLocations(locations, count: spec.colors.count, path + [.key("locations")]) { return nil }
        let start = point(spec.startPoint, path + [.key("startPoint")])
        let end = point(spec.endPoint, path + [.key("endPoint")])
        if let start, !checkGradientPoint(start, nil, nil, radial: false, path + [.key("startPoint")]) { return nil }
        if !checkGradientPoint(end ?? Point(0.5, 1), start ?? Point(0.5, 0), nil, radial: spec.type == .radial,
                               path + [.key("endPoint")]) { return nil }
        guard colors.count == spec.colors.count else { return nil }
        let layer = GradientLayer(colors: colors, locations: spec.locations)
        if let start { layer.startPoint = start }
        if let end { layer.endPoint = end }
        if spec.type == .radial { layer.type = .radial }
        return layer
    }

    /// The transform a spec gives (a `transform` or `sublayerTransform`), its 3-D keys checked
    /// against their ranges; a value out of range is left at the identity's.
    func transform(_ spec: TransformSpec, _ path: [PathStep]) -> LayerTransform {
        let t = spec.translation.flatMap { point($0, path + [.key("translation")]) } ?? .zero
        return LayerTransform(scaleX: spec.scaleX ?? spec.scale ?? 1, scaleY: spec.scaleY ?? spec.scale ?? 1,
                              rotation: spec.rotation ?? 0, translation: t,
                              rotationX: within(spec.rotationX, Self.rotationLimit, "rotationX", "radians", path) ?? 0,
                              rotationY: within(spec.rotationY, Self.rotationLimit, "rotationY", "radians", path) ?? 0,
                              translationZ: within(spec.translationZ, Self.depthLimit, "translationZ", "points", path) ?? 0,
                              m34: m34(spec, path))
    }

    /// The largest turn about x or y a transform states, in radians (about 16 turns).
    static let rotationLimit = 100.0
    /// The largest depth (`translationZ`, `zPosition`) and eye distance (`perspective`), in points.
    static let depthLimit = 100_000.0

    /// `value` when it lies within ±`limit`; otherwise nil, with a problem at `path`'s `key`.
    func within(_ value: Double?, _ limit: Double, _ key: String, _ unit: String, _ path: [PathStep]) -> Double? {
        guard let value else { return nil }
        guard abs(value) <= limit else {
            log.add(path + [.key(key)], "\(key) lies within ±\(Int(limit)) \(unit)")
            return nil
        }
        return value
    }

    /// The perspective term: `m34` as written, or −1/`perspective` (the eye's distance).
    private func m34(_ spec: TransformSpec, _ path: [PathStep]) -> Double {
        switch (spec.perspective, spec.m34) {
        case (_?, _?):
            log.add(path + [.keyName("m34")], "give perspective or m34, not both (perspective: d is m34 = −1/d)")
            return 0
        case let (d?, nil):
            guard (1...Self.depthLimit).contains(d) else {
                log.add(path + [.key("perspective")], "perspective is the eye's distance, 1…\(Int(Self.depthLimit)) points")
                return 0
            }
            return -1 / d
        case let (nil, m?):
            guard (-1...1).contains(m) else {
                log.add(path + [.key("m34")], "m34 lies in −1…1 (−1/500 puts the eye 500 points away)")
                return 0
            }
            return m
        case (nil, nil):
            return 0
        }
    }
}
