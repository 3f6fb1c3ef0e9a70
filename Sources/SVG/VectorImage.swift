import Codecs
import class Foundation.FileManager
import struct Foundation.Data
import Glibc
import Geometry
import Raster

/// A parsed SVG file as a small render tree, in the manner of usvg: every length, unit,
/// style, reference (`use`, gradients, clip paths, masks) and transform is already resolved
/// into viewBox coordinates, so drawing it needs no SVG knowledge.
public struct VectorImage: Equatable, Sendable {
    /// The rect of user space the image shows.
    public var viewBox: Rect
    /// The intrinsic size from the root's `width` and `height` (the viewBox size when absent).
    public var size: Size
    /// How the root fits its viewBox into a viewport of another shape.
    public var aspectRatio: AspectRatio
    /// Everything painted, back to front.
    public var root: VectorGroup
    /// Problems that did not stop the file from rendering (invalid values ignored, missing
    /// references), each `file:line:column: warning: …`.
    public var warnings: [SVGError]

    /// An image from already resolved parts; `parse` and `load` build one from SVG.
    public init(viewBox: Rect, size: Size, aspectRatio: AspectRatio = AspectRatio(), root: VectorGroup,
                warnings: [SVGError] = []) {
        self.viewBox = viewBox
        self.size = size
        self.aspectRatio = aspectRatio
        self.root = root
        self.warnings = warnings
    }

    /// Every shape in paint order, ignoring groups (their opacity, clips and masks).
    public var shapes: [Shape] { root.shapes }

    /// Parses SVG text. `name` is what errors report as the file (usually its path). Only
    /// malformed XML (and a root that is not `<svg>`) is an error; everything else the SVG
    /// spec says to ignore becomes a warning. Text is drawn with the faces `fonts` offers
    /// (by default the bundled ones only, the same on every machine).
    public static func parse(text: String, name: String, fonts: FontSources = .bundledOnly) throws -> VectorImage {
        try withPixelBudget { try VectorImageReader(source: SourceText(name: name, text: text), fonts: fonts).read() }
    }

    /// Parses the bytes of an SVG file in the encoding they declare (UTF-8, UTF-16 with a
    /// byte-order mark or `<?xml`, ISO-8859-1, windows-1252, US-ASCII); otherwise as `parse(text:name:)`.
    public static func parse(data: [UInt8], name: String, fonts: FontSources = .bundledOnly) throws -> VectorImage {
        try withPixelBudget { try VectorImageReader(source: SourceText(name: name, data: data), fonts: fonts).read() }
    }

    /// Reads with the render's `DecodedPixelBudget` (a new one when none is set) and throws the
    /// first `<image>` it refused: one line naming the image, not a warning and a blank space.
    private static func withPixelBudget(_ read: () throws -> VectorImage) throws -> VectorImage {
        let budget = DecodedPixelBudget.current ?? DecodedPixelBudget()
        return try DecodedPixelBudget.$current.withValue(budget) {
            let image = try read()
            if let refusal = budget.refusal { throw refusal }
            return image
        }
    }

    /// The largest SVG file read, checked from its size before it is read.
    public static let largestFile = 64 << 20

    /// How far flattened curves may stray from the path, in device pixels, when a file is
    /// rendered on its own (`rendered(width:height:background:hairlines:)`, the `svg` command):
    /// 0.02 px, finer than the 0.1 px scenes draw with (their goldens stay as recorded). Small
    /// round corners are where it shows: a 1 px quarter circle flattened at 0.1 px is two chords
    /// covering 70.7 % of its pixel, at 0.02 px five covering 77.3 %, the exact area being
    /// 78.5 %; headless Chromium (Skia's supersampled coverage) gives 81–83 %. Over the 420
    /// real-world icons of bench/svg_world.py it moves more files within 40 dB of Chromium.
    public static let fileCurveTolerance = 0.02

    /// Reads and parses the SVG file at `path`, its text drawn with the faces `fonts` offers;
    /// errors name `path`.
    public static func load(path: String, fonts: FontSources = .bundledOnly) throws -> VectorImage {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { throw SVGError(file: path, line: 0, column: 0, message: "is not a regular file") }
            guard info.st_size <= largestFile else {
                throw SVGError(file: path, line: 0, column: 0, message: "is \(info.st_size) bytes; SVG files over \(largestFile) bytes are not read")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SVGError(file: path, line: 0, column: 0, message: "cannot read the file")
        }
        return try parse(data: [UInt8](data), name: path, fonts: fonts)
    }
}

/// One node of the render tree.
public indirect enum VectorNode: Equatable, Sendable {
    case shape(Shape)
    case group(VectorGroup)
    /// A raster image (`<image>` with PNG data).
    case bitmap(Bitmap)
}

/// A raster image placed in viewBox coordinates.
public struct Bitmap: Equatable, Sendable {
    public var image: Pixmap
    /// The image's pixel grid (pixel (i, j) spans [i, i+1) × [j, j+1)) to viewBox coordinates.
    public var transform: AffineTransform

    /// `image` placed by `transform`.
    public init(image: Pixmap, transform: AffineTransform) {
        self.image = image
        self.transform = transform
    }
}

/// Children drawn together: composited as one layer when the group has a filter, an opacity
/// below 1, clip paths or masks (SVG's group opacity), otherwise drawn straight through. The
/// layer is filtered first, then clipped, masked and faded (CSS Masking's order).
public struct VectorGroup: Equatable, Sendable {
    public var children: [VectorNode]
    /// Opacity applied to the group as a whole.
    public var opacity: Double
    /// Groups whose coverage (alpha, every paint opaque) clips this one; all of them apply.
    public var clips: [VectorGroup]
    /// Groups that mask this one (each by its `maskMode`); all of them apply.
    public var masks: [VectorGroup]
    /// How this group masks when it is one of another group's `masks`: by luminance times
    /// alpha (SVG's default) or by alpha alone (`mask-type: alpha`).
    public var maskMode: MaskMode
    /// The filter the children are drawn through, or `nil`.
    public var filter: VectorFilter?
    /// How the group's layer blends with what is drawn under it (CSS `mix-blend-mode`).
    public var blendMode: BlendMode
    /// Whether the children blend only with each other, never with what lies under the group
    /// (CSS `isolation: isolate`; a group with a layer is isolated anyway).
    public var isolated: Bool

    /// A group of `children`.
    public init(children: [VectorNode] = [], opacity: Double = 1, clips: [VectorGroup] = [], masks: [VectorGroup] = [],
                maskMode: MaskMode = .luminance, filter: VectorFilter? = nil, blendMode: BlendMode = .normal,
                isolated: Bool = false) {
        self.children = children
        self.opacity = opacity
        self.clips = clips
        self.masks = masks
        self.maskMode = maskMode
        self.filter = filter
        self.blendMode = blendMode
        self.isolated = isolated
    }

    /// True when drawing the group needs an offscreen layer.
    public var needsLayer: Bool {
        opacity < 1 || !clips.isEmpty || !masks.isEmpty || filter != nil || blendMode != .normal || isolated
    }

    /// Every shape inside, in paint order.
    public var shapes: [Shape] {
        children.flatMap { node -> [Shape] in
            switch node {
            case let .shape(shape): return [shape]
            case let .group(group): return group.shapes
            case .bitmap: return []
            }
        }
    }

    /// The union of the children's bounds (fills and strokes), or `nil` when empty; with a
    /// filter, its region (a blur or an offset draws outside the children).
    public var bounds: Rect? {
        if let filter { return filter.bounds }
        return children.reduce(nil as Rect?) { result, node in
            let b: Rect?
            switch node {
            case let .shape(shape): b = shape.bounds
            case let .group(group): b = group.bounds
            case let .bitmap(bitmap): b = bitmap.transform.apply(Rect(0, 0, Double(bitmap.image.width), Double(bitmap.image.height)))
            }
            guard let b else { return result }
            return result.map { $0.union(b) } ?? b
        }
    }
}

/// One painted outline, in viewBox coordinates: filled, then stroked.
public struct Shape: Equatable, Sendable {
    /// The outline with every enclosing transform applied.
    public var path: Path
    /// The fill (fill-opacity folded in), or `nil` for `fill="none"`.
    public var fill: Paint?
    /// Which points inside a self-overlapping outline the fill covers.
    public var fillRule: FillRule
    /// The stroke, or `nil` for none.
    public var stroke: Stroke?

    /// A shape from its parts, as the reader resolves them.
    public init(path: Path, fill: Paint?, fillRule: FillRule = .nonZero, stroke: Stroke? = nil) {
        self.path = path
        self.fill = fill
        self.fillRule = fillRule
        self.stroke = stroke
    }

    /// How finely stroke outlines are flattened, in viewBox units. Art is small in its own
    /// units (a 116-unit face drawn 348 px wide at 3x), so this is finer than the raster's
    /// default; drawing re-outlines a stroke when the image is scaled up so far that this
    /// would show.
    public static let strokeTolerance = 0.02

    /// The fill's and stroke outline's bounds together.
    public var bounds: Rect? {
        var result: Rect? = fill == nil ? nil : path.bounds
        if let outline = stroke?.outline, !outline.isEmpty { result = result.map { $0.union(outline.bounds) } ?? outline.bounds }
        return result
    }
}

/// A shape's stroke: outlined in the element's own user space (so a skewed or non-uniformly
/// scaled thick stroke has the right shape), then mapped into viewBox coordinates.
public struct Stroke: Equatable, Sendable {
    /// The paint (stroke-opacity folded in).
    public var paint: Paint
    /// Width, caps, joins and miter limit, in user units.
    public var style: StrokeStyle
    /// The dash pattern and its phase in user units (empty: solid).
    public var dashes: [Double]
    public var dashPhase: Double
    /// The centre line in user space, and user space to viewBox coordinates.
    public var centerline: Path
    public var transform: AffineTransform
    /// The outline in viewBox coordinates, flattened within `Shape.strokeTolerance`.
    public var outline: Path

    /// A stroke of `centerline` (user space) with `style`, outlined once here.
    public init(paint: Paint, style: StrokeStyle, dashes: [Double] = [], dashPhase: Double = 0, centerline: Path,
                transform: AffineTransform) {
        self.paint = paint
        self.style = style
        self.dashes = dashes
        self.dashPhase = dashPhase
        self.centerline = centerline
        self.transform = transform
        let scale = max(transform.axisScales.x, transform.axisScales.y)
        outline = scale > 0 && scale.isFinite
            ? Stroke.outline(centerline, style: style, dashes: dashes, phase: dashPhase, tolerance: Shape.strokeTolerance / scale)
                .transformed(by: transform)
            : Path()
    }

    /// The fillable outline of `path` dashed and stroked, flattened within `tolerance`.
    static func outline(_ path: Path, style: StrokeStyle, dashes: [Double], phase: Double, tolerance: Double) -> Path {
        let dashed = dashes.isEmpty ? path : path.dashed(dashes, phase: phase, tolerance: tolerance)
        return dashed.stroked(style, tolerance: tolerance)
    }
}

/// SVG's `preserveAspectRatio`: where the viewBox sits in a viewport of another shape.
public struct AspectRatio: Equatable, Sendable {
    /// The alignment along x and y, 0 (min), 0.5 (mid) or 1 (max); `nil` stretches to fill.
    public var align: (x: Double, y: Double)?
    /// Whether the viewBox covers the viewport (cropped) rather than fitting inside it.
    public var slice: Bool

    /// `xMidYMid meet`, the default.
    public init(align: (x: Double, y: Double)? = (0.5, 0.5), slice: Bool = false) {
        self.align = align
        self.slice = slice
    }

    public static func == (l: AspectRatio, r: AspectRatio) -> Bool {
        l.slice == r.slice && l.align?.x == r.align?.x && l.align?.y == r.align?.y
    }

    /// Parses `none` or `x(Min|Mid|Max)Y(Min|Mid|Max)` with an optional `meet` or `slice`.
    static func parse(_ text: String) -> AspectRatio? {
        let parts = text.split(separator: " ").map(String.init)
        guard let first = parts.first, parts.count <= 2 else { return nil }
        var slice = false
        if parts.count == 2 {
            guard parts[1] == "meet" || parts[1] == "slice" else { return nil }
            slice = parts[1] == "slice"
        }
        if first == "none" { return AspectRatio(align: nil, slice: slice) }
        let positions = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
        guard first.count == 8, first.hasPrefix("x"), first.dropFirst(4).hasPrefix("Y"),
              let x = positions[String(first.dropFirst(1).prefix(3))], let y = positions[String(first.suffix(3))] else { return nil }
        return AspectRatio(align: (x, y), slice: slice)
    }

    /// The transform placing `viewBox` into `viewport`; `nil` when either has no area.
    public func transform(_ viewBox: Rect, into viewport: Rect) -> AffineTransform? {
        guard viewBox.width > 0, viewBox.height > 0, viewport.width > 0, viewport.height > 0 else { return nil }
        var sx = viewport.width / viewBox.width, sy = viewport.height / viewBox.height
        var tx = viewport.x - viewBox.x * sx, ty = viewport.y - viewBox.y * sy
        if let align {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            tx = viewport.x - viewBox.x * s + (viewport.width - viewBox.width * s) * align.x
            ty = viewport.y - viewBox.y * s + (viewport.height - viewBox.height * s) * align.y
        }
        let t = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
        return [t.a, t.d, t.tx, t.ty].allSatisfy(\.isFinite) ? t : nil
    }
}
