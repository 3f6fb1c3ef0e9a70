import Geometry
import Raster
import Scene

/// CALayer's look beyond colour and border: shadows, which corners are rounded and their curve,
/// each checked against its range and against doing nothing where it is written.
extension SceneBuilder {
    /// The largest `shadowRadius`, in points: a blur spreads three deviations each way, so this
    /// bounds a shadow's mask to a few thousand pixels a side at 3x.
    static let shadowRadiusLimit = 100.0
    /// The largest `shadowOffset` component, in points.
    static let shadowOffsetLimit = 1000.0

    /// Sets the shadow, masked corners and corner curve a spec gives.
    func applyLayerLook(_ spec: ViewSpec, to view: View, path: [PathStep]) {
        if let c = color(spec.shadowColor, path + [.key("shadowColor")]) { view.shadowColor = c }
        if let o = spec.shadowOpacity {
            if (0...1).contains(o) { view.shadowOpacity = o } else { log.add(path + [.key("shadowOpacity")], "shadowOpacity lies in 0…1") }
        }
        if let r = spec.shadowRadius {
            if (0...Self.shadowRadiusLimit).contains(r) {
                view.shadowRadius = r
            } else {
                log.add(path + [.key("shadowRadius")], "shadowRadius lies in 0…\(Int(Self.shadowRadiusLimit)) points")
            }
        }
        if let n = numbers(spec.shadowOffset, 2, "[width, height]", path + [.key("shadowOffset")]) {
            if n.allSatisfy({ abs($0) <= Self.shadowOffsetLimit }) {
                view.shadowOffset = Size(n[0], n[1])
            } else {
                log.add(path + [.key("shadowOffset")], "a shadowOffset's numbers lie within ±\(Int(Self.shadowOffsetLimit))")
            }
        }
        if let p = spec.shadowPath { view.shadowPath = shadowPath(p, path + [.key("shadowPath")]) }
        let shadowKeys = [("shadowColor", spec.shadowColor != nil), ("shadowRadius", spec.shadowRadius != nil),
                          ("shadowOffset", spec.shadowOffset != nil), ("shadowPath", spec.shadowPath != nil)]
        if (spec.shadowOpacity ?? 0) == 0, let key = shadowKeys.first(where: \.1)?.0 {
            log.add(path + [.key(key)], "'\(key)' does nothing without a shadowOpacity above 0 (Core Animation's default is 0)")
        }
        if let corners = spec.maskedCorners {
            view.maskedCorners = CornerMask(corners.map { corner -> CornerMask in
                switch corner {
                case .layerMinXMinYCorner: return .layerMinXMinYCorner
                case .layerMaxXMinYCorner: return .layerMaxXMinYCorner
                case .layerMinXMaxYCorner: return .layerMinXMaxYCorner
                case .layerMaxXMaxYCorner: return .layerMaxXMaxYCorner
                }
            })
        }
        if let curve = spec.cornerCurve { view.cornerCurve = curve == .continuous ? .continuous : .circular }
        if (spec.cornerRadius ?? 0) <= 0 {
            for (key, given) in [("maskedCorners", spec.maskedCorners != nil), ("cornerCurve", spec.cornerCurve != nil)] where given {
                log.add(path + [.key(key)], "'\(key)' does nothing without a cornerRadius above 0")
            }
        }
    }

    /// The path `shadowPath` describes, in the view's bounds coordinates.
    private func shadowPath(_ spec: ShadowPathSpec, _ path: [PathStep]) -> Path? {
        switch (spec.rect, spec.roundedRect) {
        case let (list?, nil):
            if spec.cornerRadius != nil { log.add(path + [.key("cornerRadius")], "'cornerRadius' does nothing on a rect; use roundedRect") }
            return rect(list, path + [.key("rect")]).map { Path(rect: $0) }
        case let (nil, list?):
            guard let r = rect(list, path + [.key("roundedRect")]) else { return nil }
            let radius = spec.cornerRadius ?? 0
            guard radius >= 0, radius <= 100_000 else {
                log.add(path + [.key("cornerRadius")], "a cornerRadius lies in 0…100000")
                return nil
            }
            return Path(roundedRect: r, cornerRadius: radius)
        default:
            log.add(path, "a shadowPath is one of rect or roundedRect")
            return nil
        }
    }
}
