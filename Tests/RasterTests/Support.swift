import Geometry
@testable import Raster

/// The sum of a mask's coverage in pixel-area units (255 = one whole pixel).
func coveredArea(_ mask: CoverageMask) -> Double {
    Double(mask.alphas.reduce(0) { $0 + Int($1) }) / 255
}

/// The sum of a pixmap's alpha channel in pixel-area units.
func coveredArea(_ pixmap: Pixmap) -> Double {
    Double(stride(from: 3, to: pixmap.data.count, by: 4).reduce(0) { $0 + Int(pixmap.data[$1]) }) / 255
}

/// Whether `area` is what a filled circle of `radius` covers once flattened: the polygon lies
/// inside the circle and within the 0.1 px tolerance of it, so it loses at most the perimeter
/// times 0.1 and gains nothing beyond rounding.
func isCircleArea(_ area: Double, radius: Double, fraction: Double = 1) -> Bool {
    let exact = Double.pi * radius * radius * fraction
    return area <= exact + 0.01 && area >= exact - 2 * Double.pi * radius * fraction * 0.1
}

/// Collects the polyline `flatten` produces.
struct PolylineRecorder: PolylineSink {
    var contours: [[Point]] = []
    var closed: [Bool] = []

    mutating func beginContour(at p: Point) { contours.append([p]) }
    mutating func line(to p: Point, smooth: Bool) { contours[contours.count - 1].append(p) }
    mutating func endContour(closed c: Bool) { closed.append(c) }
}

/// An opaque `width` × `height` image whose every pixel differs (for exact-copy checks).
func patternImage(width: Int, height: Int) -> Pixmap {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let a = UInt8(128 + (x * 7 + y * 13) % 128)
            bytes += [UInt8((x * 37) % Int(a)), UInt8((y * 53) % Int(a)), UInt8((x + y) % Int(a)), a]
        }
    }
    return Pixmap(width: width, height: height, premultiplied: bytes)
}
