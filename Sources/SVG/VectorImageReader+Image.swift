import Codecs
import struct Foundation.Data
import Geometry
import Raster

/// `<image>` with PNG or JPEG content, from a `data:image/png;base64,…` or `data:image/jpeg…` URL
/// (how design tools embed bitmaps) or a file beside the SVG file, decoded within PNG's pixel
/// budget whichever the format (told apart by its first bytes): placed in x, y, width, height (the image's own
/// size where they are missing) by its `preserveAspectRatio`, clipped to that rect.
extension VectorImageReader {
    func image(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        guard context.style.isVisible, !context.clipping,
              let attribute = element.attribute("href") ?? element.attribute("xlink:href") else { return [] }
        guard let pixmap = decodedImage(attribute.value.trimmingSpace(), at: attribute.valueOffset),
              pixmap.width > 0, pixmap.height > 0 else { return [] }
        let lengths = context.lengths
        let natural = Size(Double(pixmap.width), Double(pixmap.height))
        let width = length(element, "width", .x, lengths, nonNegative: true), height = length(element, "height", .y, lengths, nonNegative: true)
        // A missing side keeps the image's proportions (SVG 2's auto sizing).
        let w = width ?? height.map { $0 * natural.width / natural.height } ?? natural.width
        let h = height ?? width.map { $0 * natural.height / natural.width } ?? natural.height
        let viewport = Rect(length(element, "x", .x, lengths) ?? 0, length(element, "y", .y, lengths) ?? 0, w, h)
        let ratio = aspectRatio(of: element)
        guard let place = ratio.transform(Rect(origin: .zero, size: natural), into: viewport) else { return [] }
        let bitmap = VectorNode.bitmap(Bitmap(image: pixmap, transform: place.concatenating(context.transform)))
        guard ratio.slice else { return [bitmap] }
        let clip = VectorGroup(children: [.shape(Shape(path: Path(rect: viewport).transformed(by: context.transform), fill: .solid(.black)))])
        return [.group(VectorGroup(children: [bitmap], clips: [clip]))]
    }

    /// The PNG or JPEG a data URL or a relative file path holds, or `nil` with a warning.
    func decodedImage(_ reference: String, at offset: Int) -> Pixmap? {
        let bytes: [UInt8]
        if reference.hasPrefix("data:") {
            guard let comma = reference.firstIndex(of: ","), reference[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(reference[reference.index(after: comma)...]),
                                  options: .ignoreUnknownCharacters) else {
                warn(at: offset, "image: only base64 data URLs are supported; not drawn")
                return nil
            }
            bytes = [UInt8](data)
        } else {
            guard !reference.contains(":") else {
                warn(at: offset, "image: '\(reference.prefix(60))' is not a data URL or a file beside the SVG; not drawn")
                return nil
            }
            let folder = source.name.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            do {
                // Only files beneath the SVG's root (see ReadRoot): `../` and links out of it are refused.
                let path = try ReadRoot.references(inFolder: folder.isEmpty ? "." : folder).resolve(reference, relativeTo: folder)
                return try ImageFile.read(path: path)
            } catch {
                warn(at: offset, "image: \(error); not drawn")
                return nil
            }
        }
        do {
            return try ImageFile.decode(bytes, name: "the image data")
        } catch {
            warn(at: offset, "image: \(error); not drawn")
            return nil
        }
    }
}
