/// Unicode to glyph mapping from the `cmap` table.
///
/// The best Unicode subtable is chosen as FreeType and CoreText do: a full-repertoire format 12
/// subtable, (3,10) or (0,4+), when present, else a BMP format 4 subtable, (3,1) or (0,x).
/// Every range is checked when the font is loaded, so lookups cannot fail.
struct CharacterMap {
    private let map: Subtable

    private enum Subtable {
        case segments(SegmentMapping)
        case groups(GroupMapping)
    }

    init(_ tables: TableDirectory) throws {
        let cmap = try tables.required("cmap")
        let n = Int(try cmap.u16(2))
        try cmap.require(4, n * 8, "\(n) encoding records")
        var best: (rank: Int, offset: Int, format: UInt16)?
        for i in 0..<n {
            let platform = try cmap.u16(4 + i * 8), encoding = try cmap.u16(6 + i * 8)
            let offset = Int(try cmap.u32(8 + i * 8))
            let format = try cmap.u16(offset)
            guard let rank = Self.rank(platform: platform, encoding: encoding, format: format) else { continue }
            if best.map({ rank > $0.rank }) ?? true { best = (rank, offset, format) }
        }
        guard let chosen = best else {
            throw cmap.malformed("no Unicode subtable in format 4 or 12")
        }
        let sub = try cmap.suffix(from: chosen.offset, "the chosen subtable")
        map = chosen.format == 12 ? .groups(try GroupMapping(sub)) : .segments(try SegmentMapping(sub))
    }

    /// The glyph for `scalar`, or 0 (.notdef) when the font does not map it.
    func glyph(for scalar: Unicode.Scalar) -> Int {
        switch map {
        case let .segments(m): return m.glyph(for: scalar.value)
        case let .groups(m): return m.glyph(for: scalar.value)
        }
    }

    /// How much a subtable is preferred; `nil` for ones this reader does not use.
    private static func rank(platform: UInt16, encoding: UInt16, format: UInt16) -> Int? {
        switch (platform, encoding, format) {
        case (3, 10, 12): return 4
        case (0, 4...6, 12): return 3
        case (3, 1, 4): return 2
        case (0, 0...3, 4): return 1
        default: return nil
        }
    }
}

/// A format 4 subtable: BMP code points in segments, each mapped by a delta or through the glyph array.
private struct SegmentMapping {
    private let endCodes: [UInt16]
    private let startCodes: [UInt16]
    private let deltas: [UInt16]
    private let rangeOffsets: [UInt16]
    private let glyphArray: [UInt16]

    init(_ sub: FontBytes) throws {
        try sub.require(0, 14, "the format 4 header")
        let length = Int(try sub.u16(2))
        let t = try sub.slice(0, min(length, sub.count), "the format 4 subtable")
        let segCountX2 = Int(try t.u16(6))
        guard segCountX2 > 0, segCountX2 % 2 == 0 else {
            throw t.malformed("format 4 segCountX2 is \(segCountX2); it must be even and positive")
        }
        let n = segCountX2 / 2
        endCodes = try t.u16Array(14, n, "format 4 endCode array")
        startCodes = try t.u16Array(16 + 2 * n, n, "format 4 startCode array")
        deltas = try t.u16Array(16 + 4 * n, n, "format 4 idDelta array")
        rangeOffsets = try t.u16Array(16 + 6 * n, n, "format 4 idRangeOffset array")
        let arrayStart = 16 + 8 * n
        glyphArray = try t.u16Array(arrayStart, (t.count - min(arrayStart, t.count)) / 2, "format 4 glyph array")
        for i in 0..<n {
            guard startCodes[i] <= endCodes[i], i == 0 || endCodes[i - 1] < startCodes[i] else {
                throw t.malformed("format 4 segment \(i) (\(startCodes[i])...\(endCodes[i])) is empty or out of order")
            }
            guard rangeOffsets[i] != 0 else { continue }
            let first = glyphIndex(segment: i, code: startCodes[i])
            let last = glyphIndex(segment: i, code: endCodes[i])
            guard first >= 0, last < glyphArray.count else {
                throw t.malformed("format 4 segment \(i) points outside the glyph array")
            }
        }
    }

    /// Where `code` of segment `i` is in the glyph array (idRangeOffset counts from its own slot).
    private func glyphIndex(segment i: Int, code: UInt16) -> Int {
        Int(rangeOffsets[i]) / 2 + Int(code - startCodes[i]) - (rangeOffsets.count - i)
    }

    func glyph(for c: UInt32) -> Int {
        guard c <= 0xFFFF else { return 0 }
        let code = UInt16(c)
        let lo = endCodes.partitionPoint { $0 < code }
        guard lo < endCodes.count, startCodes[lo] <= code else { return 0 }
        if rangeOffsets[lo] == 0 { return Int(code &+ deltas[lo]) }
        let g = glyphArray[glyphIndex(segment: lo, code: code)]
        return g == 0 ? 0 : Int(g &+ deltas[lo])
    }
}

/// A format 12 subtable: sorted groups of consecutive code points mapped to consecutive glyphs.
private struct GroupMapping {
    private let starts: [UInt32]
    private let ends: [UInt32]
    private let glyphs: [UInt32]

    init(_ sub: FontBytes) throws {
        try sub.require(0, 16, "the format 12 header")
        let n = Int(try sub.u32(12))
        try sub.require(16, n * 12, "\(n) format 12 groups")
        var starts: [UInt32] = [], ends: [UInt32] = [], glyphs: [UInt32] = []
        for i in 0..<n {
            let s = try sub.u32(16 + i * 12), e = try sub.u32(20 + i * 12)
            guard s <= e, e <= 0x10FFFF, starts.isEmpty || ends[ends.count - 1] < s else {
                throw sub.malformed("format 12 group \(i) (\(s)...\(e)) is empty, beyond Unicode or out of order")
            }
            starts.append(s)
            ends.append(e)
            glyphs.append(try sub.u32(24 + i * 12))
        }
        self.starts = starts
        self.ends = ends
        self.glyphs = glyphs
    }

    func glyph(for c: UInt32) -> Int {
        let lo = ends.partitionPoint { $0 < c }
        guard lo < ends.count, starts[lo] <= c else { return 0 }
        let g = UInt64(glyphs[lo]) + UInt64(c - starts[lo])
        return g > 0xFFFF ? 0 : Int(g)
    }
}
