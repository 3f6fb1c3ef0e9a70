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
    /// as signed values' magnitudes. One loop per filter, so none switches per byte.
    private static func apply(_ type: Int, row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int, bpp: Int,
                              into dst: UnsafeMutablePointer<UInt8>) -> Int {
        @inline(__always) func left(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt8 { i >= bpp ? p[i - bpp] : 0 }
        @inline(__always) func magnitude(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }
        var score = 0
        switch type {
        case 0:
            for i in 0..<count {
                dst[i] = row[i]
                score += magnitude(row[i])
            }
        case 1:
            for i in 0..<count {
                let v = row[i] &- left(row, i)
                dst[i] = v
                score += magnitude(v)
            }
        case 2:
            for i in 0..<count {
                let v = row[i] &- up[i]
                dst[i] = v
                score += magnitude(v)
            }
        case 3:
            for i in 0..<count {
                let v = row[i] &- UInt8((Int(left(row, i)) + Int(up[i])) >> 1)
                dst[i] = v
                score += magnitude(v)
            }
        default:
            for i in 0..<count {
                let a = left(row, i), b = up[i], c = left(up, i)
                let (ia, ib, ic) = (Int(a), Int(b), Int(c))
                let pa = abs(ib - ic), pb = abs(ia - ic), pc = abs(ia + ib - 2 * ic)
                let v = row[i] &- (pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
                dst[i] = v
                score += magnitude(v)
            }
        }
        return score
    }
}
