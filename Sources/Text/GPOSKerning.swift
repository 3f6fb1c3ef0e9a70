/// Pair kerning from the `GPOS` table: the pair-adjustment lookups (type 2, or type 9 extensions
/// wrapping type 2) of the `kern` feature, read in full when the font loads.
///
/// The feature is taken from the default language system of the 'latn' script, else 'DFLT',
/// else every `kern` feature. Only the first glyph's XAdvance is used, which is the whole of
/// pair kerning in the fonts checked (ValueFormat1 = XAdvance, ValueFormat2 = 0).
struct GPOSKerning {
    /// The kern lookups in LookupList order; each is its subtables in order.
    private let lookups: [[PairAdjustment]]

    /// Reads the kerning lookups; `nil` when the font has no `GPOS` table or no `kern` feature.
    /// Subtables, coverage and class tables that several lookups share are read once, and the
    /// entries read in all are capped by the table's size (`GPOSBudget`), so a small font with
    /// overlapping or shared subtables costs in proportion to its size, not to its references.
    init?(_ tables: TableDirectory) throws {
        guard let gpos = tables["GPOS"] else { return nil }
        try gpos.require(0, 10, "the GPOS header")
        let scriptList = try gpos.suffix(from: Int(try gpos.u16(4)), "the script list")
        let featureList = try gpos.suffix(from: Int(try gpos.u16(6)), "the feature list")
        let lookupList = try gpos.suffix(from: Int(try gpos.u16(8)), "the lookup list")
        let budget = GPOSBudget(gpos)

        let kernFeatures = try Self.kernFeatures(featureList, preferred: Self.defaultFeatureIndices(scriptList))
        var lookupIndices = Set<Int>()
        for feature in Set(kernFeatures) {
            let f = try featureList.suffix(from: feature, "a kern feature")
            let n = Int(try f.u16(2))
            try budget.charge(n)
            lookupIndices.formUnion(try f.u16Array(4, n, "\(n) lookup indices").map(Int.init))
        }
        guard !lookupIndices.isEmpty else { return nil }
        let lookupCount = Int(try lookupList.u16(0))
        lookups = try lookupIndices.sorted().map { index in
            guard index < lookupCount else {
                throw gpos.malformed("the kern feature uses lookup \(index), but there are \(lookupCount)")
            }
            return try Self.pairAdjustments(lookupList.suffix(from: Int(try lookupList.u16(2 + 2 * index)), "lookup \(index)"),
                                            budget)
        }
        let references = lookups.reduce(0) { $0 + $1.count }
        guard references <= Self.maxSubtableReferences else {
            throw gpos.malformed("the kern lookups name \(references) pair subtables; at most \(Self.maxSubtableReferences) are read")
        }
    }

    /// The most pair subtables the kern lookups may name in all: each kerning query may try
    /// every one, so this bounds the cost of a pair (fonts use tens, at most a few hundred).
    static let maxSubtableReferences = 4096

    /// The XAdvance adjustment of `left` when followed by `right`, summed over the lookups; in
    /// each lookup the first subtable that covers the pair decides.
    func adjustment(_ left: Int, _ right: Int) -> Int {
        lookups.reduce(0) { sum, subtables in
            sum + (subtables.lazy.compactMap { $0.adjustment(left, right) }.first ?? 0)
        }
    }

    /// The feature indices of the default language system of 'latn', else 'DFLT'; `nil` when neither exists.
    private static func defaultFeatureIndices(_ scriptList: FontBytes) throws -> Set<Int>? {
        let n = Int(try scriptList.u16(0))
        try scriptList.require(2, n * 6, "\(n) script records")
        var scripts: [UInt32: Int] = [:]
        for i in 0..<n { scripts[try scriptList.u32(2 + 6 * i)] = Int(try scriptList.u16(6 + 6 * i)) }
        guard let offset = scripts[0x6C61_746E] ?? scripts[0x4446_4C54] else { return nil }
        let script = try scriptList.suffix(from: offset, "a script table")
        let langSys = Int(try script.u16(0))
        guard langSys != 0 else { return nil }
        let l = try script.suffix(from: langSys, "the default language system")
        let required = try l.u16(2)
        let count = Int(try l.u16(4))
        var indices = Set(try l.u16Array(6, count, "\(count) feature indices").map(Int.init))
        if required != 0xFFFF { indices.insert(Int(required)) }
        return indices
    }

    /// The offsets (in the feature list) of the `kern` features among `preferred`, or of all of them.
    private static func kernFeatures(_ featureList: FontBytes, preferred: Set<Int>?) throws -> [Int] {
        let n = Int(try featureList.u16(0))
        try featureList.require(2, n * 6, "\(n) feature records")
        return try (0..<n).compactMap { i in
            guard try featureList.u32(2 + 6 * i) == 0x6B65_726E, preferred?.contains(i) ?? true else { return nil }
            return Int(try featureList.u16(6 + 6 * i))
        }
    }

    /// A lookup's pair-adjustment subtables, unwrapping extensions; other lookup types give none.
    /// A subtable named twice in one lookup is kept once (the first decides for the pairs it covers).
    private static func pairAdjustments(_ lookup: FontBytes, _ budget: GPOSBudget) throws -> [PairAdjustment] {
        let type = try lookup.u16(0)
        let n = Int(try lookup.u16(4))
        try budget.charge(n)
        var seen = Set<Int>()
        return try lookup.u16Array(6, n, "\(n) subtable offsets").compactMap { offset in
            let sub = try lookup.suffix(from: Int(offset), "a lookup subtable")
            let table: FontBytes
            switch type {
            case 2:
                table = sub
            case 9 where try sub.u16(2) == 2:
                table = try sub.suffix(from: Int(try sub.u32(4)), "an extension's subtable")
            default:
                return nil
            }
            guard seen.insert(table.start).inserted else { return nil }
            return try budget.pairAdjustment(table)
        }
    }
}

/// How much of a `GPOS` table the kerning reader may read: entries (records, glyph ids, class
/// values, references) up to the table's size in bytes plus 64 K, and each shared subtable,
/// coverage or class table only once. A font whose references make it exceed that (overlapping
/// or shared subtables built to amplify) is malformed.
final class GPOSBudget {
    private let gpos: FontBytes
    private var remaining: Int
    private var subtables: [Int: PairAdjustment] = [:]
    private var coverages: [Int: Coverage] = [:]
    private var classes: [Int: ClassDefinition] = [:]

    init(_ gpos: FontBytes) {
        self.gpos = gpos
        remaining = gpos.count + 65536
    }

    /// Counts `entries` more entries read; throws once the table's share is spent.
    func charge(_ entries: Int) throws {
        remaining -= entries
        guard remaining >= 0 else {
            throw gpos.malformed("its kerning subtables overlap or repeat so much that reading them would take "
                                 + "more than its \(gpos.count) bytes justify")
        }
    }

    func pairAdjustment(_ t: FontBytes) throws -> PairAdjustment {
        if let known = subtables[t.start] { return known }
        let made = try PairAdjustment(t, self)
        subtables[t.start] = made
        return made
    }

    func coverage(_ t: FontBytes) throws -> Coverage {
        if let known = coverages[t.start] { return known }
        let made = try Coverage(t)
        try charge(made.entryCount)
        coverages[t.start] = made
        return made
    }

    func classDefinition(_ t: FontBytes) throws -> ClassDefinition {
        if let known = classes[t.start] { return known }
        let made = try ClassDefinition(t)
        try charge(made.entryCount)
        classes[t.start] = made
        return made
    }
}

/// One PairPos subtable (format 1, glyph pairs; or format 2, class pairs), reduced to the first
/// glyph's XAdvance.
struct PairAdjustment {
    private enum Pairs {
        /// Per covered first glyph, its second glyphs (sorted) and their adjustment.
        case glyphs([[(second: UInt16, value: Int16)]])
        /// The class tables and a class1Count × class2Count matrix of adjustments (empty when
        /// the value records hold no XAdvance).
        case classes(ClassDefinition, ClassDefinition, class1Count: Int, class2Count: Int, values: [Int16])
    }

    private let coverage: Coverage
    private let pairs: Pairs

    init(_ t: FontBytes, _ budget: GPOSBudget) throws {
        let format = try t.u16(0)
        coverage = try budget.coverage(t.suffix(from: Int(try t.u16(2)), "a coverage table"))
        let format1 = try t.u16(4), format2 = try t.u16(6)
        let size1 = 2 * format1.nonzeroBitCount, size2 = 2 * format2.nonzeroBitCount
        // XAdvance (0x0004) follows XPlacement (0x0001) and YPlacement (0x0002) when they are present.
        let advanceAt: Int? = format1 & 0x0004 != 0 ? 2 * (format1 & 0x0003).nonzeroBitCount : nil
        switch format {
        case 1:
            let n = Int(try t.u16(8))
            let record = 2 + size1 + size2
            try budget.charge(n)
            var sets: [Int: [(second: UInt16, value: Int16)]] = [:]
            pairs = .glyphs(try t.u16Array(10, n, "\(n) pair set offsets").map { offset in
                // First glyphs may share a pair set; it is read once.
                if let known = sets[Int(offset)] { return known }
                let set = try t.suffix(from: Int(offset), "a pair set")
                let count = Int(try set.u16(0))
                try set.require(2, count * record, "\(count) pair value records")
                try budget.charge(count)
                let read = try (0..<count).map { i in
                    let r = 2 + i * record
                    return (try set.u16(r), try advanceAt.map { try set.i16(r + 2 + $0) } ?? 0)
                }
                sets[Int(offset)] = read
                return read
            })
        case 2:
            let class1 = try budget.classDefinition(t.suffix(from: Int(try t.u16(8)), "the first class definition"))
            let class2 = try budget.classDefinition(t.suffix(from: Int(try t.u16(10)), "the second class definition"))
            let count1 = Int(try t.u16(12)), count2 = Int(try t.u16(14))
            let record = size1 + size2
            var values: [Int16] = []
            if let at = advanceAt {
                try t.require(16, count1 * count2 * record, "\(count1)×\(count2) class pair records")
                try budget.charge(count1 * count2)
                values = try (0..<count1 * count2).map { try t.i16(16 + $0 * record + at) }
            }
            pairs = .classes(class1, class2, class1Count: count1, class2Count: count2, values: values)
        default:
            throw t.malformed("pair adjustment format \(format); only 1 and 2 exist")
        }
    }

    /// The adjustment when this subtable covers the pair, else `nil` (the next subtable is tried).
    func adjustment(_ left: Int, _ right: Int) -> Int? {
        guard let index = coverage.index(of: left) else { return nil }
        switch pairs {
        case let .glyphs(sets):
            guard index < sets.count else { return nil }
            let set = sets[index]
            let lo = set.partitionPoint { Int($0.second) < right }
            return lo < set.count && Int(set[lo].second) == right ? Int(set[lo].value) : nil
        case let .classes(class1, class2, count1, count2, values):
            let c1 = class1.classOf(left), c2 = class2.classOf(right)
            guard c1 < count1, c2 < count2 else { return nil }
            return values.isEmpty ? 0 : Int(values[c1 * count2 + c2])
        }
    }
}
