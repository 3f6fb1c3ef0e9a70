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
    ///
    /// The blocks whose four pixels are inside the frame are computed from whole pixels read as
    /// little-endian 32-bit words, the sums of a block's red and blue in the two 16-bit halves of
    /// one word, so the compiler vectorises the loops (3.8 to 1.6 ms a frame at 750 × 1334). The
    /// blocks at an odd edge or beyond the frame take a clamped path; both give the same values.
    static func convert(_ frame: Pixmap, width: Int, height: Int,
                        y: UnsafeMutablePointer<UInt8>, yStride: Int,
                        cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int) {
        let (fw, fh) = (frame.width, frame.height)
        precondition(width >= fw && height >= fh && fw > 0 && fh > 0, "planes at least the frame's size")
        let yR = Self.yR, yG = Self.yG, yB = Self.yB
        let cbR = Self.cbR, cbG = Self.cbG, cbB = Self.cbB, crR = Self.crR, crG = Self.crG, crB = Self.crB
        @inline(__always) func luma(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ (16 << 16) &+ 32768) >> 16)
        }
        // Sums of four pixels: two more fractional bits.
        @inline(__always) func blue(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(clamping: (cbR &* r &+ cbG &* g &+ cbB &* b &+ (128 << 18) &+ (1 << 17)) >> 18)
        }
        @inline(__always) func red(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(clamping: (crR &* r &+ crG &* g &+ crB &* b &+ (128 << 18) &+ (1 << 17)) >> 18)
        }
        frame.data.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            let raw = UnsafeRawPointer(src)
            let pairs = fw / 2
            @inline(__always) func word(_ line: UnsafeRawPointer, _ x: Int) -> UInt32 {
                UInt32(littleEndian: line.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
            }
            func lumaRow(_ line: UnsafeRawPointer, _ out: UnsafeMutablePointer<UInt8>) {
                for x in 0..<2 * pairs {
                    let p = word(line, x)
                    out[x] = luma(Int32(p & 255), Int32(p >> 8 & 255), Int32(p >> 16 & 255))
                }
            }
            for cy in 0..<fh / 2 {
                let top = raw + 2 * cy * fw * 4, bottom = top + fw * 4
                lumaRow(top, y + 2 * cy * yStride)
                lumaRow(bottom, y + (2 * cy + 1) * yStride)
                let outB = cb + cy * chromaStride, outR = cr + cy * chromaStride
                for cx in 0..<pairs {
                    let a0 = word(top, 2 * cx), a1 = word(top, 2 * cx + 1)
                    let c0 = word(bottom, 2 * cx), c1 = word(bottom, 2 * cx + 1)
                    let redBlue = (a0 & 0xFF00FF) &+ (a1 & 0xFF00FF) &+ (c0 & 0xFF00FF) &+ (c1 & 0xFF00FF)
                    let green = (a0 >> 8 & 255) &+ (a1 >> 8 & 255) &+ (c0 >> 8 & 255) &+ (c1 >> 8 & 255)
                    let (r, g, b) = (Int32(redBlue & 0xFFFF), Int32(green), Int32(redBlue >> 16))
                    outB[cx] = blue(r, g, b)
                    outR[cx] = red(r, g, b)
                }
            }
            // The rest (an odd last column or row, and the padding beyond the frame), clamped to
            // the frame's last column and row.
            @inline(__always) func rgb(_ x: Int, _ row: Int) -> (Int32, Int32, Int32) {
                let p = src + (min(row, fh - 1) * fw + min(x, fw - 1)) * 4
                return (Int32(p[0]), Int32(p[1]), Int32(p[2]))
            }
            for row in 0..<height {
                let out = y + row * yStride
                for x in (row < fh / 2 * 2 ? 2 * pairs : 0)..<width {
                    let (r, g, b) = rgb(x, row)
                    out[x] = luma(r, g, b)
                }
            }
            for cy in 0..<(height + 1) / 2 {
                let outB = cb + cy * chromaStride, outR = cr + cy * chromaStride
                for cx in (cy < fh / 2 ? pairs : 0)..<(width + 1) / 2 {
                    let (r0, g0, b0) = rgb(2 * cx, 2 * cy), (r1, g1, b1) = rgb(2 * cx + 1, 2 * cy)
                    let (r2, g2, b2) = rgb(2 * cx, 2 * cy + 1), (r3, g3, b3) = rgb(2 * cx + 1, 2 * cy + 1)
                    let r = r0 + r1 + r2 + r3, g = g0 + g1 + g2 + g3, b = b0 + b1 + b2 + b3
                    outB[cx] = blue(r, g, b)
                    outR[cx] = red(r, g, b)
                }
            }
        }
    }
}
