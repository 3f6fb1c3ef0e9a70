import Codecs
import Foundation
import Geometry
import Raster
import Scene
import SVG

extension ViewKind {
    /// `imageView: ID`: a UIImageView showing an .svg (drawn as vectors at every scale) or a .png.
    static let imageView = ViewKind(key: "imageView", id: \.imageView, keys: ["image", "tintColor", "renderingMode",
                                                                                      "flipsForRightToLeftLayoutDirection"]) {
        builder, request in
        let spec = request.spec, path = request.path
        guard let art = builder.image(spec.image, path) else { return nil }
        // As UIImage(systemName:) gives, a symbol is a template unless told otherwise.
        let isSymbol = spec.image?.hasPrefix(SceneBuilder.symbolPrefix) == true
        let mode: ImageRenderingMode = switch spec.renderingMode {
        case .alwaysTemplate?: .alwaysTemplate
        case .alwaysOriginal?: .alwaysOriginal
        case .automatic?, nil: isSymbol ? .alwaysTemplate : .automatic
        }
        let tint = builder.color(spec.tintColor, path + [.key("tintColor")])
        if spec.tintColor != nil, mode != .alwaysTemplate {
            builder.log.add(path + [.key("tintColor")],
                            "'tintColor' does nothing on an image in its own colours; add renderingMode: alwaysTemplate")
        }
        switch art {
        case let .vector(image):
            let view = ImageView(name: request.id, image: image, frame: request.frame)
            view.renderingMode = mode
            view.tintColor = tint
            view.flipsForRightToLeftLayoutDirection = spec.flipsForRightToLeftLayoutDirection ?? false
            return view
        case let .picture(pixmap, scale):
            let view = PictureView(name: request.id, picture: pixmap, scale: scale, frame: request.frame)
            view.renderingMode = mode
            view.tintColor = tint
            view.flipsForRightToLeftLayoutDirection = spec.flipsForRightToLeftLayoutDirection ?? false
            return view
        }
    }
}

extension SceneBuilder {
    /// An image view's art: vector art, or a PNG at the scale its name gives (`@2x`, `@3x`).
    enum Art {
        case vector(VectorImage)
        case picture(Pixmap, scale: Double)
    }

    /// How `image:` names a symbol image (`symbol:heart.fill`).
    static let symbolPrefix = "symbol:"

    func image(_ file: String?, _ path: [PathStep]) -> Art? {
        guard let file else { log.add(path, "an imageView needs an image (an .svg or .png path)"); return nil }
        let at = path + [.key("image")]
        if file.hasPrefix(Self.symbolPrefix) { return symbol(String(file.dropFirst(Self.symbolPrefix.count)), at) }
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
            // Every image of the scene, and every `<image>` in its SVGs, draws on one pixel budget.
            if lower.hasSuffix(".svg") {
                return .vector(try DecodedPixelBudget.$current.withValue(pixelBudget) { try VectorImage.load(path: readable) })
            }
            let pixmap = try DecodedPixelBudget.$current.withValue(pixelBudget) { try ImageFile.read(path: readable) }
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

extension SceneBuilder {
    /// The symbol image `name` (SF Symbols' name), as vector art; unknown names are reported
    /// with the nearest known one.
    func symbol(_ name: String, _ path: [PathStep]) -> Art? {
        guard let text = SymbolImages.svg[name] else {
            let known = SymbolImages.svg.keys.sorted()
            let nearest = SceneChecker.nearest(name, in: known)
            log.add(path, "unknown symbol '\(name)'\(nearest.map { " (did you mean '\($0)'?)" } ?? ""); "
                        + "the symbols are \(known.joined(separator: ", "))")
            return nil
        }
        do {
            return .vector(try VectorImage.parse(text: text, name: "symbol:\(name)"))
        } catch {
            log.add(path, "\(error)")
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

    /// Original colours, or the PNG's alpha filled with `tintColor` (a template image).
    var renderingMode = ImageRenderingMode.automatic
    /// The colour a template image is filled with; nil takes the window's tint.
    var tintColor: Color?
    /// UIImage's `flipsForRightToLeftLayoutDirection`: mirrored in a right-to-left layout.
    var flipsForRightToLeftLayoutDirection = false
    private lazy var templateMask = CoverageMask(alphaOf: picture, x: 0, y: 0)

    override func drawContent(into list: inout DisplayList, context: DrawContext) {
        guard picture.width > 0, picture.height > 0 else { return }
        let fill = AffineTransform.scale(bounds.width / Double(picture.width), bounds.height / Double(picture.height))
            .concatenating(rightToLeftMirror(flips: flipsForRightToLeftLayoutDirection))
        if renderingMode == .alwaysTemplate {
            list.append(.mask(templateMask, color: tintColor ?? context.tintColor, transform: fill))
        } else {
            list.append(.image(picture, transform: fill, alpha: 1))
        }
    }
}
