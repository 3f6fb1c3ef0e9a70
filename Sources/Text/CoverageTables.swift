/// An OpenType Coverage table: which glyphs a subtable applies to, and each one's index.
struct Coverage {
    /// Sorted, non-overlapping ranges of glyphs; `firstIndex` is the coverage index of `start`.
    private let ranges: [(start: Int, end: Int, firstIndex: Int)]

    init(_ t: FontBytes) throws {
        switch try t.u16(0) {
        case 1:
            let n = Int(try t.u16(2))
            let glyphs = try t.u16Array(4, n, "\(n) covered glyphs")
            ranges = glyphs.enumerated().map { (Int($0.element), Int($0.element), $0.offset) }
        case 2:
            ranges = try t.rangeRecords("coverage ranges").map { ($0.start, $0.end, $0.value) }
        case let f:
            throw t.malformed("coverage format \(f); only 1 and 2 exist")
        }
        for i in ranges.indices.dropFirst() where ranges[i].start <= ranges[i - 1].end {
            throw t.malformed("coverage is not sorted at entry \(i)")
        }
    }

    /// How many records the table held (what reading it cost).
    var entryCount: Int { ranges.count }

    /// The coverage index of `glyph`, or `nil` when the glyph is not covered.
    func index(of glyph: Int) -> Int? {
        let lo = ranges.partitionPoint { $0.end < glyph }
        guard lo < ranges.count, ranges[lo].start <= glyph else { return nil }
        return ranges[lo].firstIndex + glyph - ranges[lo].start
    }
}

/// An OpenType ClassDef table: the class of each glyph; glyphs it does not list are class 0.
struct ClassDefinition {
    /// Format 1: the classes of consecutive glyphs from `first`.
    private var first = 0
    private var classes: [UInt16] = []
    /// Format 2: sorted, non-overlapping glyph ranges and their class.
    private var ranges: [(start: Int, end: Int, value: Int)] = []

    init(_ t: FontBytes) throws {
        switch try t.u16(0) {
        case 1:
            first = Int(try t.u16(2))
            let n = Int(try t.u16(4))
            classes = try t.u16Array(6, n, "\(n) glyph classes")
        case 2:
            ranges = try t.rangeRecords("class ranges")
            for i in ranges.indices where ranges[i].end < ranges[i].start || (i > 0 && ranges[i].start <= ranges[i - 1].end) {
                throw t.malformed("class ranges are empty or not sorted at entry \(i)")
            }
        case let f:
            throw t.malformed("class definition format \(f); only 1 and 2 exist")
        }
    }

    /// How many records the table held (what reading it cost).
    var entryCount: Int { classes.count + ranges.count }

    /// The class of `glyph`.
    func classOf(_ glyph: Int) -> Int {
        if glyph >= first && glyph - first < classes.count { return Int(classes[glyph - first]) }
        let lo = ranges.partitionPoint { $0.end < glyph }
        return lo < ranges.count && ranges[lo].start <= glyph ? ranges[lo].value : 0
    }
}

extension FontBytes {
    /// The format-2 range records of a Coverage or ClassDef table: a count at offset 2, then
    /// (start glyph, end glyph, value) triples of 16-bit numbers.
    func rangeRecords(_ what: String) throws -> [(start: Int, end: Int, value: Int)] {
        let n = Int(try u16(2))
        try require(4, n * 6, "\(n) \(what)")
        return try (0..<n).map { i in (Int(try u16(4 + 6 * i)), Int(try u16(6 + 6 * i)), Int(try u16(8 + 6 * i))) }
    }
}
