/// Value types shared by every stage of the pipeline: points, sizes, rects and edge insets in
/// points (Double), with the small set of operations UIKit code relies on.
///
/// The y axis points down, as in UIKit.

/// A location in a two-dimensional coordinate space.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    public static let zero = Size(0, 0)

    public var description: String { "\(width)x\(height)" }
}

/// An origin and a size; like CGRect, a negative size is allowed and `standardized` fixes it.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    public static let zero = Rect(0, 0, 0, 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rect with a non-negative width and height.
    public var standardized: Rect { Rect(minX, minY, maxX - minX, maxY - minY) }

    /// The rect shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(r.x + dx, r.y + dy, r.width - 2 * dx, r.height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }

    /// The overlap of two rects, or `nil` when they do not overlap.
    public func intersection(_ o: Rect) -> Rect? {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The smallest rect containing both.
    public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
