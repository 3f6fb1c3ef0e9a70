import Foundation
import Geometry
import Raster
import SVG

/// The owl's SVG files in `Assets/Owl`, found from this file's path, and the login screen's
/// geometry from demos.md §2.1 for composing them as the demo does.
enum OwlAssets {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Owl").path

    static let names = ["face", "eyes", "arm-up-left", "arm-up-right", "arm-down-left", "arm-down-right",
                        "icon-username", "icon-password"]

    static func path(_ name: String) -> String { "\(folder)/\(name).svg" }

    static func load(_ name: String) throws -> VectorImage { try VectorImage.load(path: path(name)) }

    static func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// The owl on the login screen (blue band, white card, the text-field icons) in the arms-down
    /// or arms-up state, cropped to the points `crop` at `scale` pixels per point.
    static func scene(armsUp: Bool, scale: Double, crop: Rect = Rect(40, 40, 280, 250)) throws -> Pixmap {
        let canvas = Canvas(width: Int(crop.width * scale), height: Int(crop.height * scale),
                            background: Color(r255: 238, g: 238, b: 238))
        let toDevice = AffineTransform.translation(-crop.x, -crop.y).concatenating(.scale(scale, scale))
        canvas.fill(rect: Rect(0, 0, 375, 250), color: Color(r255: 34, g: 131, b: 201), transform: toDevice)
        canvas.fill(Path(roundedRect: Rect(20, 150, 335, 215), cornerRadius: 5), color: .white, transform: toDevice)
        canvas.draw(try load("icon-username"), in: Rect(49, 209, 22, 22), transform: toDevice)
        canvas.draw(try load("icon-password"), in: Rect(49, 259, 22, 22), transform: toDevice)
        let fx = PixelSnapping.round.snap((375 - 116) / 2, scale: scale)
        canvas.draw(try load("face"), in: Rect(fx, 69, 116, 92), transform: toDevice)
        let views: [(String, Rect)] = armsUp
            ? [("eyes", Rect(fx, 69, 116, 92)), ("arm-up-left", Rect(fx - 6, 108, 51, 42)),
               ("arm-up-right", Rect(fx + 60, 107, 51, 43))]
            : [("arm-down-left", Rect(fx - 36, 134, 43, 25)), ("arm-down-right", Rect(fx + 116, 134, 43, 26))]
        for (name, rect) in views { canvas.draw(try load(name), in: rect, transform: toDevice) }
        return canvas.pixmap
    }

    /// One asset alone at `scale`, on a transparent background the size of its viewBox.
    static func render(_ name: String, scale: Double) throws -> Pixmap {
        let image = try load(name)
        let canvas = Canvas(width: Int((image.viewBox.width * scale).rounded(.up)),
                            height: Int((image.viewBox.height * scale).rounded(.up)))
        canvas.draw(image, in: Rect(origin: .zero, size: image.viewBox.size), transform: .scale(scale, scale))
        return canvas.pixmap
    }
}
