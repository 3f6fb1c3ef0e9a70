import Codecs
import Foundation
import Geometry
import Raster
import Scene
import SVG

extension ViewKind {
    /// `imageView: ID`: a UIImageView showing an .svg (drawn as vectors at every scale) or a .png.
    static let imageView = ViewKind(key: "imageView", id: \.imageView, keys: ["image"]) { builder, request in
        guard let art = builder.image(request.spec.image, request.path) else { return nil }
        switch art {
        case let .vector(image): return ImageView(name: request.id, image: image, frame: request.frame)
        case let .picture(pixmap, scale): return PictureView(name: request.id, picture: pixmap, scale: scale, frame: request.frame)
        }
    }
}

extension SceneBuilder {
    /// An image view's art: vector art, or a PNG at the scale its name gives (`@2x`, `@3x`).
    enum Art {
        case vector(VectorImage)
        case picture(Pixmap, scale: Double)
    }

    func image(_ file: String?, _ path: [PathStep]) -> Art? {
        guard let file else { log.add(path, "an imageView needs an image (an .svg or .png path)"); return nil }
        let at = path + [.key("image")]
        let lower = file.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".png") else {
            log.add(at, "an image is an .svg or .png file, not '\(file)'")
            return nil
        }
        let url = URL(fileURLWithPath: file, relativeTo: folder)
        guard FileManager.default.fileExists(atPath: url.path) else {
            log.add(at, "missing image \(url.standardizedFileURL.path)")
            return nil
        }
        let readable: String
        switch SceneValues.readablePath(file, folder: folder) {
        case let .success(path): readable = path
        case let .failure(refusal):
            log.add(at, refusal.message)
            return nil
        }
        do {
            if lower.hasSuffix(".svg") { return .vector(try VectorImage.load(path: readable)) }
            let pixmap = try PNG.read(path: readable)
            guard pixmap.width * pixmap.height <= 4096 * 4096 else {
                log.add(at, "\(file) is larger than 4096×4096 pixels")
                return nil
            }
            let base = url.deletingPathExtension().lastPathComponent
            return .picture(pixmap, scale: base.hasSuffix("@3x") ? 3 : base.hasSuffix("@2x") ? 2 : 1)
        } catch {
            log.add(at, "\(error)")
            return nil
        }
    }
}

/// Shows a PNG scaled to fill its bounds, as UIImageView with the default content mode; its
/// intrinsic size is the image's in points (pixels over the `@2x`/`@3x` scale of its name).
final class PictureView: View {
    let picture: Pixmap
    let scale: Double

    init(name: String, picture: Pixmap, scale: Double, frame: Rect) {
        self.picture = picture
        self.scale = scale
        super.init(name: name, frame: frame)
    }

    override var intrinsicContentSize: Size? { Size(Double(picture.width) / scale, Double(picture.height) / scale) }

    override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard picture.width > 0, picture.height > 0 else { return }
        list.append(.image(picture, transform: .scale(bounds.width / Double(picture.width), bounds.height / Double(picture.height)),
                           alpha: 1))
    }
}
