import Foundation
import Geometry
import Raster

/// The status bar's vector glyphs as current iOS draws them (cellular signal bars, Wi-Fi fan,
/// battery), each a path in a box whose origin is its top-left corner. Sizes follow Apple's iOS
/// 17/18 design resources (status bar symbols at 3×): signal 17 × 10.7 pt, Wi-Fi 15.3 × 11 pt,
/// battery 27.3 × 13 pt with a 1.3 pt cap.
enum SystemGlyphs {
    static let signalSize = Size(17, 10.67)
    static let wifiSize = Size(15.33, 11)
    static let batterySize = Size(27.33, 13)

    /// Four bars rising left to right, 3 pt wide with 1.67 pt gaps, rounded by 1 pt; `filled`
    /// of them drawn solid (the rest are drawn by the caller at low opacity).
    static func signalBars(at origin: Point, filled: Range<Int> = 0..<4) -> Path {
        var path = Path()
        let heights = [4.0, 6.33, 8.67, 10.67]
        for i in filled {
            let h = heights[i]
            let box = Rect(origin.x + Double(i) * 4.67, origin.y + signalSize.height - h, 3, h)
            path.append(Path(roundedRect: box, cornerRadius: 1))
        }
        return path
    }

    /// The Wi-Fi fan: a wedge and two bands, each a sector of circles about the glyph's bottom
    /// centre opening ±45° upwards, with rounded ends.
    static func wifi(at origin: Point) -> Path {
        let center = Point(origin.x + wifiSize.width / 2, origin.y + wifiSize.height)
        var path = Path()
        let spread = Double.pi / 4
        let up = -Double.pi / 2
        // Bands between radii (outer, inner); the last is the wedge (inner radius 0).
        for (outer, inner) in [(11.0, 7.7), (6.6, 3.3), (2.2, 0.0)] {
            var band = Path()
            band.addArc(center: center, radius: outer, startAngle: up - spread, endAngle: up + spread, clockwise: true)
            if inner > 0 {
                band.addArc(center: center, radius: inner, startAngle: up + spread, endAngle: up - spread, clockwise: false)
            } else {
                band.line(to: center)
            }
            band.close()
            path.append(band)
        }
        return path
    }

    /// The battery's outline ring, its cap and its charge, as three paths: the outline and cap
    /// are drawn at 35 % opacity and the charge solid, as iOS 16 and later draw it.
    static func battery(at origin: Point, level: Double) -> (outline: Path, cap: Path, charge: Path) {
        let body = Rect(origin.x, origin.y, batterySize.width - 2.33, batterySize.height)
        let outline = Path(ring: body, cornerRadius: 4.3, width: 1)
        let cap = Path(roundedRect: Rect(body.maxX + 1, body.midY - 2, 1.33, 4), cornerRadius: 0.67)
        let inner = body.insetBy(dx: 2, dy: 2)
        let charge = Path(roundedRect: Rect(inner.x, inner.y, inner.width * min(max(level, 0), 1), inner.height), cornerRadius: 2.5)
        return (outline, cap, charge)
    }
}
