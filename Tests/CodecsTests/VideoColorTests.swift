@testable import Codecs
import Raster
import Testing

@Suite struct VideoColorTests {
    /// A frame of pseudo-random opaque pixels (a fixed linear congruential sequence).
    func noise(_ width: Int, _ height: Int) -> Pixmap {
        var state: UInt32 = 12345
        let bytes = (0..<width * height * 4).map { i -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 16)
        }
        return Pixmap(width: width, height: height, premultiplied: bytes)
    }

    /// BT.709 limited range in floating point, the edge pixel repeating beyond the frame.
    func reference(_ frame: Pixmap, width: Int, height: Int) -> (y: [Double], cb: [Double], cr: [Double]) {
        func rgb(_ x: Int, _ row: Int) -> (Double, Double, Double) {
            let p = (min(row, frame.height - 1) * frame.width + min(x, frame.width - 1)) * 4
            return (Double(frame.data[p]), Double(frame.data[p + 1]), Double(frame.data[p + 2]))
        }
        let (kr, kb) = (0.2126, 0.0722)
        var y: [Double] = [], cb: [Double] = [], cr: [Double] = []
        for row in 0..<height {
            for x in 0..<width {
                let (r, g, b) = rgb(x, row)
                y.append(16 + 219 / 255 * (kr * r + (1 - kr - kb) * g + kb * b))
            }
        }
        for cy in 0..<(height + 1) / 2 {
            for cx in 0..<(width + 1) / 2 {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let c = rgb(2 * cx + dx, 2 * cy + dy)
                    (r, g, b) = (r + c.0 / 4, g + c.1 / 4, b + c.2 / 4)
                }
                let luma = kr * r + (1 - kr - kb) * g + kb * b
                cb.append(128 + 224 / 255 * (b - luma) / (2 * (1 - kb)))
                cr.append(128 + 224 / 255 * (r - luma) / (2 * (1 - kr)))
            }
        }
        return (y, cb, cr)
    }

    /// Odd frames padded to even planes, and an even frame: the vectorised blocks, the odd last
    /// column and row and the padding all round the BT.709 values to the nearest level.
    @Test(arguments: [(7, 5, 8, 6), (6, 4, 6, 4), (33, 17, 34, 18), (9, 3, 9, 3)])
    func everyPlaneValueIsBT709RoundedToTheNearestLevel(size: (Int, Int, Int, Int)) {
        let (fw, fh, width, height) = size
        let frame = noise(fw, fh)
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var y = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt8](repeating: 0, count: cw * ch), cr = cb
        y.withUnsafeMutableBufferPointer { yp in
            cb.withUnsafeMutableBufferPointer { bp in
                cr.withUnsafeMutableBufferPointer { rp in
                    VideoColor.convert(frame, width: width, height: height, y: yp.baseAddress!, yStride: width,
                                       cb: bp.baseAddress!, cr: rp.baseAddress!, chromaStride: cw)
                }
            }
        }
        let expected = reference(frame, width: width, height: height)
        // Fixed point with 16 fractional bits: within half a level and a little.
        let worst = zip(y + cb + cr, expected.y + expected.cb + expected.cr).map { abs(Double($0) - $1) }.max()!
        #expect(worst <= 0.51, "worst difference \(worst) levels")
    }
}
