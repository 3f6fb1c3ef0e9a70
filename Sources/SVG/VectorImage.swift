import Foundation
import Geometry
import Raster

/// A parsed SVG file: the viewBox its coordinates live in and its shapes in paint order
/// (back to front). Group transforms, inherited styles and opacities are already resolved, so
/// drawing it needs no SVG knowledge.
public struct VectorImage: Equatable, Sendable {
    /// The rect of user space the image shows; drawing maps it onto the destination rect.
    public var viewBox: Rect
    /// The intrinsic size from the root's `width` and `height` (the viewBox size when absent).
    public var size: Size
    /// Every painted shape, back to front.
    public var shapes: [Shape]

    /// An image from already resolved parts; `parse` and `load` build one from SVG.
    public init(viewBox: Rect, size: Size, shapes: [Shape]) {
        self.viewBox = viewBox
        self.size = size
        self.shapes = shapes
    }

    /// Parses SVG text. `name` is what errors report as the file (usually its path).
    public static func parse(text: String, name: String) throws -> VectorImage {
        try VectorImageReader(source: SourceText(name: name, text: text)).read()
    }

    /// Reads and parses the SVG file at `path`; errors name `path`.
    public static func load(path: String) throws -> VectorImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SVGError(file: path, line: 0, column: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SVGError(file: path, line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        return try parse(text: text, name: path)
    }
}
