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
    /// as signed values' magnitudes.
    @inline(__always)
    private static func apply(_ type: Int, row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int, bpp: Int,
                              into dst: UnsafeMutablePointer<UInt8>) -> Int {
        var score = 0
        for i in 0..<count {
            let x = row[i], b = up[i]
            let a: UInt8 = i >= bpp ? row[i - bpp] : 0
            let c: UInt8 = i >= bpp ? up[i - bpp] : 0
            let v: UInt8
            switch type {
            case 0: v = x
            case 1: v = x &- a
            case 2: v = x &- b
            case 3: v = x &- UInt8((Int(a) + Int(b)) >> 1)
            default:
                let (ia, ib, ic) = (Int(a), Int(b), Int(c))
                let pa = abs(ib - ic), pb = abs(ia - ic), pc = abs(ia + ib - 2 * ic)
                v = x &- (pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            }
            dst[i] = v
            score += v < 128 ? Int(v) : 256 - Int(v)
        }
        return score
    }
}
