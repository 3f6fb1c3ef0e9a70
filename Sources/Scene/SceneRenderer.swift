import Geometry
import Raster

/// Describes a view tree as it appears at one instant: a display list in device pixels.
///
/// Each view is drawn as Core Animation composites a layer tree: background (with its corner
/// radius), content, subviews back to front, then the border; `clipsToBounds` clips subviews to
/// the rounded bounds; a view with alpha below 1 that draws more than one thing is rendered
/// as a group and composited with its opacity (iOS 7's default group opacity).
public struct SceneRenderer {
    public var context: DrawContext

    public init(context: DrawContext) { self.context = context }

    /// The display list of `root` on a screen of `size` points.
    public func displayList(root: View, size: Size) -> DisplayList {
        var list = DisplayList(width: Int((size.width * context.scale).rounded()),
                               height: Int((size.height * context.scale).rounded()))
        append(root, to: &list, parent: .scale(context.scale, context.scale))
        return list
    }

    /// The transform from the view's frame-local coordinates (its untransformed frame moved to
    /// the origin) to its superview's bounds coordinates, as CALayer builds it.
    func localTransform(_ view: View) -> AffineTransform {
        let bounds = view.presentation.bounds ?? view.bounds
        let position = view.presentation.position ?? view.position
        let layer = view.presentation.transform ?? view.transform
        let anchor = Point(view.anchorPoint.x * bounds.width, view.anchorPoint.y * bounds.height)
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(layer.affine)
            .concatenating(.translation(position.x, position.y))
    }

    /// Moves the view's device-space origin and size to the pixel grid when the view is only
    /// translated and scaled by the screen scale (rotated or scaled views render where they fall).
    func snapped(_ t: AffineTransform, size: Size) -> (AffineTransform, Size) {
        guard context.snapping != .none, t.b == 0, t.c == 0, t.a == context.scale, t.d == context.scale else {
            return (t, size)
        }
        let s = context.scale
        let rect = context.snapping.snap(Rect(t.tx / s, t.ty / s, size.width, size.height), scale: s)
        return (AffineTransform(a: s, b: 0, c: 0, d: s, tx: rect.x * s, ty: rect.y * s), rect.size)
    }

    private func append(_ view: View, to list: inout DisplayList, parent: AffineTransform) {
        let alpha = view.presentation.alpha ?? view.alpha
        guard !view.isHidden, alpha > 0 else { return }
        let bounds = view.presentation.bounds ?? view.bounds
        let toDevice = localTransform(view).concatenating(parent)
        let (device, size) = snapped(toDevice, size: bounds.size)
        let local = Rect(origin: .zero, size: size)
        let transform = AffineTransform.translation(-bounds.x, -bounds.y).concatenating(device)

        var own = DisplayList(width: list.width, height: list.height)
        if let background = view.presentation.backgroundColor ?? view.backgroundColor, background.alpha > 0 {
            own.append(.fill(Path(roundedRect: local, cornerRadius: view.cornerRadius), color: background,
                             rule: .nonZero, transform: device))
        }
        if let gradient = view.backgroundGradient?.gradient(in: local, showing: view.presentation.gradient) {
            own.append(.paint(Path(roundedRect: local, cornerRadius: view.cornerRadius), paint: .gradient(gradient),
                              rule: .nonZero, transform: device))
        }
        var content = DisplayList(width: list.width, height: list.height)
        view.drawContent(into: &content, context: context)
        own.items += content.items.map { $0.transformed(by: transform) }
        if view.clipsToBounds, !view.subviews.isEmpty {
            own.append(.beginClip(Path(roundedRect: local, cornerRadius: view.cornerRadius), transform: device))
        }
        for sub in view.subviews { append(sub, to: &own, parent: transform) }
        if view.clipsToBounds, !view.subviews.isEmpty { own.append(.endClip) }
        if let border = view.border, border.width > 0 {
            own.append(.fill(Path(ring: local, cornerRadius: view.cornerRadius, width: border.width),
                             color: border.color, rule: .evenOdd, transform: device))
        }
        list.items += own.items.withOpacity(alpha)
    }
}

extension DisplayItem {
    /// The item with `t` applied after its own transform.
    func transformed(by t: AffineTransform) -> DisplayItem {
        switch self {
        case let .fill(p, color, rule, own): return .fill(p, color: color, rule: rule, transform: own.concatenating(t))
        case let .image(px, own, a): return .image(px, transform: own.concatenating(t), alpha: a)
        case let .paint(p, paint, rule, own): return .paint(p, paint: paint, rule: rule, transform: own.concatenating(t))
        case let .vector(image, own, a): return .vector(image, transform: own.concatenating(t), alpha: a)
        case let .text(line, color, own): return .text(line, color: color, transform: own.concatenating(t))
        case let .beginClip(p, own): return .beginClip(p, transform: own.concatenating(t))
        case .beginGroup, .endGroup, .endClip: return self
        }
    }
}

extension Array where Element == DisplayItem {
    /// The items drawn with an overall opacity: folded into the item when there is only one
    /// (the result is the same), otherwise wrapped in a group so overlaps do not show through.
    func withOpacity(_ alpha: Double) -> [DisplayItem] {
        guard alpha < 1, !isEmpty else { return self }
        if count == 1 {
            switch self[0] {
            case let .fill(p, color, rule, t): return [.fill(p, color: color.multiplyingAlpha(by: alpha), rule: rule, transform: t)]
            case let .image(px, t, a): return [.image(px, transform: t, alpha: a * alpha)]
            case let .vector(image, t, a): return [.vector(image, transform: t, alpha: a * alpha)]
            case let .text(line, color, t): return [.text(line, color: color.multiplyingAlpha(by: alpha), transform: t)]
            default: break
            }
        }
        return [.beginGroup(alpha: alpha)] + self + [.endGroup]
    }
}
