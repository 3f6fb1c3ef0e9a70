import Raster

/// sRGB pixels to 8-bit BT.709 Y′CbCr in limited ("video", "MPEG") range, 4:2:0, as MP4 and WebM
/// players expect and as the encoder flags it (primaries, transfer and matrix BT.709, range
/// limited).
///
/// The matrix is ITU-R BT.709-6 item 3.2/3.3 applied to the gamma-encoded sRGB values as they
/// are (sRGB and BT.709 share primaries and white point, so no gamut conversion is needed):
///
///     Kr = 0.2126, Kb = 0.0722, Kg = 1 − Kr − Kb = 0.7152
///     Y′ = 16  + 219/255 · (Kr·R + Kg·G + Kb·B)
///     Cb = 128 + 224/255 · (B − Y) / (2·(1 − Kb))      where Y = Kr·R + Kg·G + Kb·B
///     Cr = 128 + 224/255 · (R − Y) / (2·(1 − Kr))
///
/// with R, G, B in 0...255. White (255, 255, 255) is Y′ 235, Cb = Cr = 128 exactly, which every
/// decoder turns back into 255, and black is Y′ 16. Chroma is the mean of each 2 × 2 block's
/// R, G, B (the edge pixel repeats at an odd edge). Coefficients are fixed point (16 fractional
/// bits) and results round to nearest. Premultiplied pixels are taken as they are, so translucent
/// pixels show over black (as ffmpeg shows RGBA frames it converts to yuv420p).
enum VideoColor {
    static let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722

    private static func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) } // bounded: constant coefficients below 1

    static let yR = fixed(219.0 / 255 * kr), yG = fixed(219.0 / 255 * kg), yB = fixed(219.0 / 255 * kb)
    static let cbR = fixed(-224.0 / 255 * kr / (2 * (1 - kb))), cbG = fixed(-224.0 / 255 * kg / (2 * (1 - kb)))
    static let cbB = fixed(224.0 / 255 / 2)
    static let crR = fixed(224.0 / 255 / 2), crG = fixed(-224.0 / 255 * kg / (2 * (1 - kr)))
    static let crB = fixed(-224.0 / 255 * kb / (2 * (1 - kr)))

    /// Writes `frame` into Y, Cb and Cr planes of `width` × `height` (at least the frame's size;
    /// columns and rows beyond it repeat its last column and row, for codecs that need even sizes).
    static func convert(_ frame: Pixmap, width: Int, height: Int,
                        y: UnsafeMutablePointer<UInt8>, yStride: Int,
                        cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int) {
        let (fw, fh) = (frame.width, frame.height)
        let yR = Self.yR, yG = Self.yG, yB = Self.yB
        let cbR = Self.cbR, cbG = Self.cbG, cbB = Self.cbB, crR = Self.crR, crG = Self.crG, crB = Self.crB
        frame.data.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            @inline(__always) func rgb(_ x: Int, _ row: Int) -> (Int32, Int32, Int32) {
                let p = src + (min(row, fh - 1) * fw + min(x, fw - 1)) * 4
                return (Int32(p[0]), Int32(p[1]), Int32(p[2]))
            }
            for row in 0..<height {
                let out = y + row * yStride
                if row < fh {
                    let line = src + row * fw * 4
                    for x in 0..<fw {
                        let p = line + x * 4
                        let v = yR * Int32(p[0]) + yG * Int32(p[1]) + yB * Int32(p[2]) + (16 << 16) + 32768
                        out[x] = UInt8(truncatingIfNeeded: v >> 16)
                    }
                    for x in fw..<width { out[x] = out[fw - 1] }
                } else {
                    (out).update(from: y + (fh - 1) * yStride, count: width)
                }
            }
            for cy in 0..<(height + 1) / 2 {
                let outB = cb + cy * chromaStride, outR = cr + cy * chromaStride
                for cx in 0..<(width + 1) / 2 {
                    let (r0, g0, b0) = rgb(2 * cx, 2 * cy), (r1, g1, b1) = rgb(2 * cx + 1, 2 * cy)
                    let (r2, g2, b2) = rgb(2 * cx, 2 * cy + 1), (r3, g3, b3) = rgb(2 * cx + 1, 2 * cy + 1)
                    let r = r0 + r1 + r2 + r3, g = g0 + g1 + g2 + g3, b = b0 + b1 + b2 + b3
                    // Sums of four pixels: two more fractional bits.
                    let u = (cbR * r + cbG * g + cbB * b + (128 << 18) + (1 << 17)) >> 18
                    let v = (crR * r + crG * g + crB * b + (128 << 18) + (1 << 17)) >> 18
                    outB[cx] = UInt8(clamping: u)
                    outR[cx] = UInt8(clamping: v)
                }
            }
        }
    }
}
