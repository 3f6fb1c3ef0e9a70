import Geometry
import Raster

/// Describes a view tree as it appears at one instant: a display list in device pixels.
///
/// Each view is drawn as Core Animation composites a layer tree: its shadow, background (with its
/// corner radius), content, subviews back to front, then the border; `clipsToBounds` clips subviews to
/// the rounded bounds; a view with alpha below 1 that draws more than one thing is rendered
/// as a group and composited with its opacity (iOS 7's default group opacity); a view with a
/// `mask` is a group whose pixels are multiplied by the alpha its mask view draws.
public struct SceneRenderer {
    public var context: DrawContext

    public init(context: DrawContext) { self.context = context }

    /// The display list of `root` on a screen of `size` points.
    public func displayList(root: View, size: Size) -> DisplayList {
        var list = DisplayList(width: Int(saturating: (size.width * context.scale).rounded()),
                               height: Int(saturating: (size.height * context.scale).rounded()))
        append(root, to: &list, parent: .scale(context.scale, context.scale))
        return list
    }

    /// The transform from the view's frame-local coordinates (its untransformed frame moved to
    /// the origin) to its superview's bounds coordinates, as CALayer builds it.
    func localTransform(_ view: View) -> AffineTransform {
        let bounds = view.presentation.bounds ?? view.bounds
        let position = view.presentation.position ?? view.position
        let layer = presentedTransform(view)
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

    /// How a view's frame-local coordinates map into its superview's bounds coordinates: an
    /// affine transform, or a homography when a 3-D transform with perspective leaves the plane.
    enum LocalMapping {
        case affine(AffineTransform)
        case projective(ProjectiveTransform)
    }

    /// The view's local mapping, with its superview's `sublayerTransform` (about the superview's
    /// anchor, in its bounds coordinates) when it has one. A 2-D transform under no sublayer
    /// transform takes `localTransform`'s affine arithmetic unchanged; otherwise the CATransform3D
    /// chain (anchor, transform, position with zPosition, sublayer transform) is built in 4×4 and
    /// flattened into the superview's plane, as Core Animation flattens every layer that is not a
    /// CATransformLayer. A flattened result without perspective is affine again.
    /// The layer transform the view shows now: its presentation value where it is animating,
    /// turned by a flip transition running on it.
    func presentedTransform(_ view: View) -> LayerTransform {
        let layer = view.presentation.transform ?? view.transform
        return view.presentation.transition?.turning(layer) ?? layer
    }

    func localMapping(_ view: View, sublayer: Transform3D?) -> LocalMapping {
        let layer = presentedTransform(view)
        guard layer.is3D || sublayer != nil else { return .affine(localTransform(view)) }
        let bounds = view.presentation.bounds ?? view.bounds
        let position = view.presentation.position ?? view.position
        let anchor = Point(view.anchorPoint.x * bounds.width, view.anchorPoint.y * bounds.height)
        var chain = Transform3D.translation(-anchor.x, -anchor.y, 0)
            .concatenating(layer.transform3D)
            .concatenating(.translation(position.x, position.y, view.zPosition))
        if let sublayer { chain = chain.concatenating(sublayer) }
        let flat = chain.flattened
        return flat.affine.map(LocalMapping.affine) ?? .projective(flat)
    }

    /// `view`'s sublayer transform about its anchor point in its bounds coordinates, as its
    /// subviews see it; nil when it is the identity.
    func sublayerTransform(of view: View) -> Transform3D? {
        guard view.sublayerTransform != .identity else { return nil }
        let bounds = view.presentation.bounds ?? view.bounds
        let anchor = Point(bounds.x + view.anchorPoint.x * bounds.width, bounds.y + view.anchorPoint.y * bounds.height)
        return Transform3D.translation(-anchor.x, -anchor.y, 0)
            .concatenating(view.sublayerTransform.transform3D)
            .concatenating(.translation(anchor.x, anchor.y, 0))
    }

    /// Appends `view` placed by `parent` (its superview's bounds coordinates to the current plane)
    /// under its superview's `sublayer` transform. `plane` maps the current plane to device pixels
    /// when it is a projected one (nil: the plane is the screen); it tells which side of a view
    /// faces the viewer.
    private func append(_ view: View, to list: inout DisplayList, parent: AffineTransform,
                        sublayer: Transform3D? = nil, plane: ProjectiveTransform? = nil) {
        let alpha = view.presentation.alpha ?? view.alpha
        guard !(view.presentation.isHidden ?? view.isHidden), alpha > 0 else { return }
        switch localMapping(view, sublayer: sublayer) {
        case let .affine(local):
            let toPlane = local.concatenating(parent)
            if !view.isDoubleSided, showsBack(ProjectiveTransform(toPlane), in: plane) { return }
            draw(view, toDevice: toPlane, alpha: alpha, into: &list, plane: plane)
        case let .projective(local):
            let toPlane = local.concatenating(ProjectiveTransform(parent))
            if !view.isDoubleSided, showsBack(toPlane, in: plane) { return }
            // In the projected plane the view sits untransformed at the origin, in points; the
            // pixel grid is not there, so nothing snaps.
            var flat = self
            flat.context.snapping = .none
            var own = DisplayList(width: list.width, height: list.height)
            flat.draw(view, toDevice: .identity, alpha: alpha, into: &own,
                      plane: plane.map(toPlane.concatenating) ?? toPlane)
            list.append(.beginProjection(toPlane))
            list.items += own.items
            list.append(.endProjection)
        }
    }

    /// Whether a view mapped into the current plane by `toPlane` shows its back on screen: the
    /// map to device pixels reverses orientation.
    private func showsBack(_ toPlane: ProjectiveTransform, in plane: ProjectiveTransform?) -> Bool {
        (plane.map(toPlane.concatenating) ?? toPlane).determinant < 0
    }

    /// The subviews in drawing order: by increasing zPosition, in subview order where equal.
    private func drawingOrder(_ subviews: [View]) -> [View] {
        guard subviews.contains(where: { $0.zPosition != 0 }) else { return subviews }
        return subviews.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    /// Appends `view`'s background, content, subviews and border, its frame-local coordinates
    /// mapped into the current plane by `toDevice`, with opacity `alpha` (through a transition
    /// running on it, which may show its frozen old look instead).
    private func draw(_ view: View, toDevice: AffineTransform, alpha: Double, into list: inout DisplayList,
                      plane: ProjectiveTransform?) {
        let bounds = view.presentation.bounds ?? view.bounds
        let (device, size) = snapped(toDevice, size: bounds.size)
        func live() -> [DisplayItem] {
            // A list of no size is a snapshot or a projected plane's: the screen is unknown there.
            contents(of: view, device: device, size: size, plane: plane,
                     screen: list.width > 0 ? (list.width, list.height) : nil)
        }
        if let transition = view.presentation.transition {
            list.items += transition.composite(live: live, snapshot: transition.snapshot.transformed(by: device), alpha: alpha)
        } else {
            list.items += live().withOpacity(alpha)
        }
    }

    /// `view`'s background, content, subviews and border in its frame-local coordinates, as a
    /// transition freezes them before a change.
    func contents(of view: View) -> [DisplayItem] {
        contents(of: view, device: .identity, size: (view.presentation.bounds ?? view.bounds).size, plane: nil, screen: nil)
    }

    /// `view`'s background, content, subviews and border, its frame-local coordinates (with the
    /// bounds `size`) mapped into the current plane by `device`. `screen` is the frame's size in
    /// device pixels when the current plane is the screen (a shadow rasterises only what can
    /// reach it); nil in a projected plane or a transition's snapshot.
    private func contents(of view: View, device: AffineTransform, size: Size, plane: ProjectiveTransform?,
                          screen: (width: Int, height: Int)?) -> [DisplayItem] {
        let bounds = view.presentation.bounds ?? view.bounds
        let local = Rect(origin: .zero, size: size)
        let transform = AffineTransform.translation(-bounds.x, -bounds.y).concatenating(device)
        // Subviews' lists carry the screen's size, so their shadows know it too.
        var own = DisplayList(width: screen?.width ?? 0, height: screen?.height ?? 0)
        if let background = view.presentation.backgroundColor ?? view.backgroundColor, background.alpha > 0 {
            own.append(.fill(view.layerShape(size), color: background,
                             rule: .nonZero, transform: device))
        }
        if let gradient = view.backgroundGradient?.gradient(in: local, showing: view.presentation.gradient) {
            own.append(.paint(view.layerShape(size), paint: .gradient(gradient),
                              rule: .nonZero, transform: device))
        }
        var content = DisplayList(width: 0, height: 0)
        view.drawContent(into: &content, context: context)
        let innerStart = own.items.count
        own.items += content.items.transformed(by: transform)
        if view.clipsToBounds, !view.subviews.isEmpty {
            own.append(.beginClip(view.layerShape(size), transform: device))
        }
        let sublayer = sublayerTransform(of: view)
        for sub in drawingOrder(view.subviews) {
            append(sub, to: &own, parent: transform, sublayer: sublayer, plane: plane)
        }
        var overlay = DisplayList(width: 0, height: 0)
        view.drawOverlay(into: &overlay, context: context)
        own.items += overlay.items.transformed(by: transform)
        if view.clipsToBounds, !view.subviews.isEmpty { own.append(.endClip) }
        let inner = own.items[innerStart...]
        if let border = view.border, border.width > 0 {
            own.append(.fill(view.borderShape(size, width: border.width),
                             color: border.color, rule: .evenOdd, transform: device))
        }
        if view.shadowOpacity > 0,
           let shadow = shadow(of: view, drawing: own.items, inner: inner, size: size, device: device,
                               screen: plane == nil ? screen : nil) {
            own.items.insert(shadow, at: 0)
        }
        if let mask = view.mask {
            // CALayer's mask: the layer (shadow included) is drawn in a group whose alpha is
            // multiplied by the mask's, drawn in this view's bounds coordinates.
            var shape = DisplayList(width: own.width, height: own.height)
            append(mask, to: &shape, parent: transform, plane: plane)
            return [.beginGroup(alpha: 1)] + own.items + [.beginMask] + shape.items + [.endGroup]
        }
        return own.items
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
        case let .mask(mask, color, own): return .mask(mask, color: color, transform: own.concatenating(t))
        case let .backdrop(p, filter, own): return .backdrop(p, filter: filter, transform: own.concatenating(t))
        case let .beginClip(p, own): return .beginClip(p, transform: own.concatenating(t))
        case let .beginProjection(own): return .beginProjection(own.concatenating(ProjectiveTransform(t)))
        case .beginGroup, .beginMask, .endGroup, .endClip, .endProjection: return self
        }
    }
}

extension Array where Element == DisplayItem {
    /// The items with `t` applied after their own transforms; items inside a projection keep
    /// theirs (they are in the projected plane), the projection itself takes `t`.
    func transformed(by t: AffineTransform) -> [DisplayItem] {
        var depth = 0
        return map { item in
            defer {
                if case .beginProjection = item { depth += 1 }
                if case .endProjection = item { depth -= 1 }
            }
            return depth == 0 ? item.transformed(by: t) : item
        }
    }

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
            case let .mask(mask, color, t):
                // Alone, nothing is drawn over it: no occluder.
                var alone = mask
                alone.occluder = nil
                return [.mask(alone, color: color.multiplyingAlpha(by: alpha), transform: t)]
            default: break
            }
        }
        return [.beginGroup(alpha: alpha)] + self + [.endGroup]
    }
}
