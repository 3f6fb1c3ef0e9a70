extension PNGFilter {
    /// Filters an image for compression (PNG specification, section 9), each row by whichever of
    /// the five filters gives the smallest sum of absolute signed bytes (libpng's adaptive
    /// heuristic). Each output row is a filter-type byte and the filtered bytes; `rows` holds
    /// `height` rows of `rowBytes` bytes.
    static func adaptive(_ rows: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var trial = [UInt8](repeating: 0, count: rowBytes)
        let zero = [UInt8](repeating: 0, count: rowBytes)
        rows.withUnsafeBufferPointer { src in
            zero.withUnsafeBufferPointer { zeroRow in
                out.withUnsafeMutableBufferPointer { dst in
                    trial.withUnsafeMutableBufferPointer { scratch in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * rowBytes
                            let up = y > 0 ? row - rowBytes : zeroRow.baseAddress!
                            let o = dst.baseAddress! + y * (rowBytes + 1)
                            var bestScore = Int.max
                            for type in 0..<5 {
                                let score = apply(type, row: row, up: up, count: rowBytes, bpp: bpp, into: scratch.baseAddress!)
                                if score < bestScore {
                                    bestScore = score
                                    o[0] = UInt8(type)
                                    (o + 1).update(from: scratch.baseAddress!, count: rowBytes)
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Filters one row with filter `type` into `dst`; returns the sum of the filtered bytes read
    /// as signed values' magnitudes. One loop per filter, the first pixel (no left neighbour)
    /// apart and wrapping arithmetic throughout, so none branches or checks per byte and the
    /// compiler vectorizes them.
    private static func apply(_ type: Int, row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int, bpp: Int,
                              into dst: UnsafeMutablePointer<UInt8>) -> Int {
        let head = min(bpp, count)
        switch type {
        case 0:
            dst.update(from: row, count: count)
        case 1:
            for i in 0..<head {
                dst[i] = row[i]
            }
            for i in head..<count {
                let v = row[i] &- row[i &- bpp]
                dst[i] = v
            }
        case 2:
            for i in 0..<count {
                let v = row[i] &- up[i]
                dst[i] = v
            }
        case 3:
            for i in 0..<head {
                let v = row[i] &- up[i] >> 1
                dst[i] = v
            }
            for i in head..<count {
                let v = row[i] &- UInt8(truncatingIfNeeded: (Int32(row[i &- bpp]) &+ Int32(up[i])) >> 1)
                dst[i] = v
            }
        default:
            // With no left neighbours (a = c = 0) Paeth predicts the pixel above.
            for i in 0..<head {
                let v = row[i] &- up[i]
                dst[i] = v
            }
            for i in head..<count {
                let a = Int32(row[i &- bpp]), b = Int32(up[i]), c = Int32(up[i &- bpp])
                let pa = (b &- c).magnitude, pb = (a &- c).magnitude, pc = (a &+ b &- 2 &* c).magnitude
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                let v = row[i] &- UInt8(truncatingIfNeeded: predictor)
                dst[i] = v
            }
        }
        return magnitudeSum(dst, count: count)
    }

    /// The sum of bytes read as signed values' magnitudes, in 32-bit partial sums of at most
    /// 2^24 bytes (which cannot overflow), so the loop vectorizes four or more bytes at a time.
    private static func magnitudeSum(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var total = 0, start = 0
        while start < count {
            let end = min(count, start + 1 << 24)
            var sum: UInt32 = 0
            for i in start..<end { sum &+= UInt32(Int8(bitPattern: bytes[i]).magnitude) }
            total += Int(sum)
            start = end
        }
        return total
    }
}
