import Geometry
import Raster
import SVG
import Text

extension DisplayList {
    /// Draws the list into a new pixmap, transparent where nothing is drawn.
    ///
    /// Groups are drawn into a layer of their own, then (masked by their mask's alpha, when they
    /// have one) composited with their opacity; clips are
    /// saved and restored around their items. A list is independent of every other, so lists of
    /// different frames can be rasterised on different threads.
    public func rasterise() -> Pixmap {
        var layers = [Canvas(width: width, height: height)]
        var groupAlphas: [Double] = []
        var savedClips: [ClipState] = []
        // The open projections, each composed with those enclosing it (plane → device).
        var projections: [ProjectiveTransform] = []
        /// The indices in `layers` of the masks being drawn.
        var masked: [Int] = []
        for item in items {
            let canvas = layers[layers.count - 1]
            if let projection = projections.last, item.draw(on: canvas, through: projection, savedClips: &savedClips) {
                continue
            }
            switch item {
            case let .beginProjection(projection):
                projections.append(projections.last.map { projection.concatenating($0) } ?? projection)
            case .endProjection:
                projections.removeLast()
            case let .fill(path, color, rule, transform):
                canvas.fill(path, color: color, rule: rule, transform: transform)
            case let .paint(path, paint, rule, transform):
                canvas.fill(path, paint: paint, rule: rule, transform: transform)
            case let .vector(image, transform, alpha):
                canvas.draw(image, transform: transform, alpha: alpha)
            case let .image(pixmap, transform, alpha):
                canvas.draw(pixmap, transform: transform, alpha: alpha)
            case let .text(line, color, transform):
                canvas.draw(line, at: .zero, color: color, transform: transform)
            case let .mask(mask, color, transform):
                canvas.fill(mask, color: color, transform: transform)
            case let .backdrop(path, filter, transform):
                canvas.drawBackdrop(under: path, transform: transform, filter: filter,
                                    behind: Self.flattened(layers, alphas: groupAlphas, masks: masked))
            case let .beginGroup(alpha):
                let layer = Canvas(width: width, height: height)
                layer.clip = canvas.clip
                layers.append(layer)
                groupAlphas.append(alpha)
            case .beginMask:
                let mask = Canvas(width: width, height: height)
                mask.clip = canvas.clip
                layers.append(mask)
                masked.append(layers.count - 1)
            case .endGroup:
                var mask: Pixmap?
                if masked.last == layers.count - 1 {
                    masked.removeLast()
                    mask = layers.removeLast().pixmap
                }
                var layer = layers.removeLast().pixmap
                if let mask { layer.multiply(by: mask, mode: .alpha) }
                layers[layers.count - 1].composite(layer, alpha: groupAlphas.removeLast())
            case let .beginClip(path, transform):
                savedClips.append(canvas.clip)
                canvas.clip(to: path, transform: transform)
            case .endClip:
                canvas.clip = savedClips.removeLast()
            }
        }
        return layers[0].pixmap
    }

    /// What a backdrop drawn in an offscreen group sees: the screen with the open groups
    /// composited on it with their opacities, as they will be (masks being drawn are left
    /// out); nil outside groups, where the canvas itself is what lies behind.
    private static func flattened(_ layers: [Canvas], alphas: [Double], masks: [Int]) -> Pixmap? {
        guard layers.count > 1 else { return nil }
        let flat = Canvas(pixmap: layers[0].pixmap)
        var group = 0
        for i in 1..<layers.count where !masks.contains(i) {
            flat.composite(layers[i].pixmap, alpha: alphas[group])
            group += 1
        }
        return flat.pixmap
    }
}

extension DisplayItem {
    /// Draws a drawing or clip item through `projection` (its transform maps into the projected
    /// plane); returns false for items that do not depend on it (groups, the end of a clip,
    /// projections), which the caller handles as usual.
    fileprivate func draw(on canvas: Canvas, through projection: ProjectiveTransform, savedClips: inout [ClipState]) -> Bool {
        switch self {
        case let .fill(path, color, rule, transform):
            canvas.fill(path, color: color, rule: rule, transform: transform, projection: projection)
        case let .paint(path, paint, rule, transform):
            canvas.fill(path, paint: paint, rule: rule, transform: transform, projection: projection)
        case let .vector(image, transform, alpha):
            canvas.draw(image, transform: transform, projection: projection, alpha: alpha)
        case let .image(pixmap, transform, alpha):
            canvas.draw(pixmap, transform: transform, projection: projection, alpha: alpha)
        case let .text(line, color, transform):
            canvas.draw(line, at: .zero, color: color, transform: transform, projection: projection)
        case let .mask(mask, color, transform):
            canvas.fill(mask, color: color, transform: transform, projection: projection)
        case let .backdrop(path, filter, transform):
            // No backdrop is read through a homography: a material in a projected plane draws
            // its tint alone, as a flat frost.
            canvas.fill(path, color: filter.tint, rule: .nonZero, transform: transform, projection: projection)
        case let .beginClip(path, transform):
            savedClips.append(canvas.clip)
            canvas.clip(to: path, transform: transform, projection: projection)
        case .beginGroup, .beginMask, .endGroup, .endClip, .beginProjection, .endProjection:
            return false
        }
        return true
    }
}
