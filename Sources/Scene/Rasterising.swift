import Geometry
import Raster
import SVG
import Text

extension DisplayList {
    /// Draws the list into a new pixmap, transparent where nothing is drawn.
    ///
    /// Groups are drawn into a layer of their own, then composited with their opacity; clips are
    /// saved and restored around their items. A list is independent of every other, so lists of
    /// different frames can be rasterised on different threads.
    public func rasterise() -> Pixmap {
        var layers = [Canvas(width: width, height: height)]
        var groupAlphas: [Double] = []
        var savedClips: [ClipState] = []
        for item in items {
            let canvas = layers[layers.count - 1]
            switch item {
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
            case let .beginGroup(alpha):
                let layer = Canvas(width: width, height: height)
                layer.clip = canvas.clip
                layers.append(layer)
                groupAlphas.append(alpha)
            case .endGroup:
                let layer = layers.removeLast()
                layers[layers.count - 1].composite(layer.pixmap, alpha: groupAlphas.removeLast())
            case let .beginClip(path, transform):
                savedClips.append(canvas.clip)
                canvas.clip(to: path, transform: transform)
            case .endClip:
                canvas.clip = savedClips.removeLast()
            }
        }
        return layers[0].pixmap
    }
}
