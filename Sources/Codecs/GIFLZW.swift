/// GIF's variable-length LZW compression of palette indices.
///
/// Codes start at `minCodeSize + 1` bits and grow by one bit each time the next free code no
/// longer fits ("early change": the encoder is one table entry ahead of the decoder, so it
/// widens when the next code it would assign is past the current width, which is exactly when
/// the decoder widens after adding its entry). When code 4095 has been assigned the table is
/// full: a clear code (at 12 bits) resets it. The stream starts with a clear code and ends with
/// the end-of-information code, both at the width the decoder expects at that point.
enum GIFLZW {
    /// The string table: an open-addressing hash from (prefix code, next index) to code. 8192
    /// slots for at most 4096 entries keep probes short and the table in L1 cache.
    private struct Table {
        static let size = 8192
        static let empty = UInt32.max
        /// Each used slot packs key (prefix << 8 | index, 20 bits) above its 12-bit code.
        var slots = [UInt32](repeating: empty, count: size)
    }

    /// Compresses `indices` (each below `1 << minCodeSize`) into an LZW code stream, without
    /// the sub-block framing. With `similar` (lossy LZW, in the spirit of gifsicle's `--lossy`),
    /// where the string so far cannot be extended by the next index, it is extended by the first
    /// of that index's listed alternatives that can, so the pixel takes that colour instead.
    static func encode(_ indices: [UInt8], minCodeSize: Int, similar: [[UInt8]]? = nil) -> [UInt8] {
        indices.withUnsafeBufferPointer { encode($0, minCodeSize: minCodeSize, similar: similar) }
    }

    /// For lossy LZW: each palette index's alternatives, nearest first, whose colours lie within
    /// `lossy / 2` of its own (RGB distance); the transparent index has none and is none.
    static func similarColours(_ colours: [UInt32], transparentIndex: Int?, lossy: Int) -> [[UInt8]] {
        let rgb = colours.map(RGB.init)
        let limit = Int32(lossy * lossy / 4)
        return rgb.indices.map { i in
            guard i != transparentIndex else { return [] }
            return rgb.indices.filter { $0 != i && $0 != transparentIndex && rgb[$0].distance(to: rgb[i]) <= limit }
                .sorted { (rgb[$0].distance(to: rgb[i]), $0) < (rgb[$1].distance(to: rgb[i]), $1) }
                .map { UInt8($0) }
        }
    }

    private static func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, similar: [[UInt8]]?) -> [UInt8] {
        precondition((2...8).contains(minCodeSize), "GIF LZW minimum code size is 2...8")
        var bits = BitWriter(capacity: indices.count / 2 + 64)
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        var codeSize = minCodeSize + 1
        var next = clear + 2
        var table = Table()
        bits.write(clear, width: codeSize)
        guard let first = indices.first else {
            bits.write(endOfInformation, width: codeSize)
            return bits.finish()
        }
        var prefix = Int(first)
        // Runs of one index are most of a UI frame (transparent areas, fills). A code whose
        // string is one index repeated remembers the code for one repeat more, so a run grows by
        // two array loads instead of a hash probe; the codes written are the same either way.
        let notARun = UInt16.max
        var runIndex = [UInt16](repeating: notARun, count: 4096)
        var runNext = [UInt16](repeating: 0, count: 4096)
        for c in 0..<clear { runIndex[c] = UInt16(c) }
        table.slots.withUnsafeMutableBufferPointer { slots in
            runIndex.withUnsafeMutableBufferPointer { runIndex in
                runNext.withUnsafeMutableBufferPointer { runNext in
                    for i in 1..<indices.count {
                        let k = Int(indices[i])
                        if runIndex[prefix] == UInt16(k) && runNext[prefix] != 0 {
                            prefix = Int(runNext[prefix])
                            continue
                        }
                        /// The code for the string prefix + k, or the empty slot where it would go.
                        func lookup(_ k: Int) -> (code: Int?, slot: Int) {
                            let key = UInt32(prefix << 8 | k)
                            var s = Int((key &* 0x9E37_79B1) >> 19)
                            while slots[s] != Table.empty {
                                if slots[s] >> 12 == key { return (Int(slots[s] & 0xFFF), s) }
                                s = (s + 1) & (Table.size - 1)
                            }
                            return (nil, s)
                        }
                        let (code, s) = lookup(k)
                        if let code {
                            prefix = code
                            continue
                        }
                        var substituted = false
                        if let similar, k < similar.count {
                            for other in similar[k] {
                                if let code = lookup(Int(other)).code {
                                    prefix = code
                                    substituted = true
                                    break
                                }
                            }
                        }
                        if substituted { continue }
                        let key = UInt32(prefix << 8 | k)
                        bits.write(prefix, width: codeSize)
                        slots[s] = key << 12 | UInt32(next)
                        let extendsRun = runIndex[prefix] == UInt16(k)
                        if extendsRun { runNext[prefix] = UInt16(next) }
                        runIndex[next] = extendsRun ? UInt16(k) : notARun
                        runNext[next] = 0
                        next += 1
                        if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                        if next == 4096 {
                            bits.write(clear, width: codeSize)
                            slots.update(repeating: Table.empty)
                            runNext.update(repeating: 0)
                            codeSize = minCodeSize + 1
                            next = clear + 2
                        }
                        prefix = k
                    }
                }
            }
        }
        bits.write(prefix, width: codeSize)
        // The decoder adds an entry after reading that last code and may widen before the EOI.
        if next + 1 > 1 << codeSize && codeSize < 12 { codeSize += 1 }
        bits.write(endOfInformation, width: codeSize)
        return bits.finish()
    }
}

/// Packs codes least-significant bit first, as GIF requires.
struct BitWriter {
    private var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func write(_ code: Int, width: Int) {
        buffer |= UInt64(code) << count
        count += UInt64(width)
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return bytes
    }
}
