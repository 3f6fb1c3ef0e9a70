import Raster

/// Reads glyph outlines from `glyf`: simple glyphs (contours of flagged points) and composite
/// glyphs (other glyphs placed by offsets or point matching, scaled or transformed by 2×2).
///
/// Instructions are skipped: iOS does not hint, and neither do we.
struct GlyphTable {
    /// Composite nesting deeper than this is treated as malformed (real fonts use 1–3 levels).
    static let maxDepth = 8
    /// The most points one glyph may have after composing.
    static let maxPoints = 65536
    /// Limits for the whole font, so a small file cannot describe an enormous amount of work
    /// (many glyphs sharing one huge composite, say). Real fonts stay far below them: the
    /// bundled faces have 1 178 components and about 50 000 points.
    static let maxComponentsInFont = 1 << 20
    static let maxPointsInFont = 1 << 23

    /// What is left of the font-wide limits while the glyphs are read.
    private struct Budget {
        var components = GlyphTable.maxComponentsInFont
        var points = GlyphTable.maxPointsInFont
    }

    private let glyf: FontBytes
    private let locations: GlyphLocations
    private let numGlyphs: Int

    init(_ tables: TableDirectory, header: HeaderTables) throws {
        glyf = try tables.required("glyf")
        locations = try GlyphLocations(tables, header: header, glyfLength: glyf.count)
        numGlyphs = header.numGlyphs
    }

    /// Every glyph's outline, in glyph order. Throws on the first malformed glyph.
    func allOutlines() throws -> [Path] {
        var cache: [Int: GlyphContours] = [:]
        var budget = Budget()
        return try (0..<numGlyphs).map { g in
            let c = try contours(of: g, path: [], budget: &budget, cache: &cache)
            budget.points -= c.points.count
            guard budget.points >= 0 else {
                throw glyf.malformed("the glyphs have more than \(Self.maxPointsInFont) points in all")
            }
            return c.path
        }
    }

    /// The contours of `glyph`. `path` holds the composites being expanded (to catch loops),
    /// `budget` what is left of the font-wide limits, and `cache` the glyphs already read.
    private func contours(of glyph: Int, path: [Int], budget: inout Budget,
                          cache: inout [Int: GlyphContours]) throws -> GlyphContours {
        if let known = cache[glyph] { return known }
        let range = locations.range(of: glyph)
        guard !range.isEmpty else { return GlyphContours() }
        let data = try glyf.slice(range.lowerBound, range.count, context: "glyph \(glyph)", "the glyph's data")
        try data.require(0, 10, "the glyph header")
        let contourCount = Int(try data.i16(0))
        let result = contourCount >= 0
            ? try simpleGlyph(data, contourCount: contourCount)
            : try compositeGlyph(glyph, data, path: path, budget: &budget, cache: &cache)
        cache[glyph] = result
        return result
    }

    private func simpleGlyph(_ data: FontBytes, contourCount n: Int) throws -> GlyphContours {
        let ends = try data.u16Array(10, n, "\(n) contour end points").map(Int.init)
        for i in ends.indices.dropFirst() where ends[i] <= ends[i - 1] {
            throw data.malformed("contour end points are not increasing at contour \(i)")
        }
        let pointCount = (ends.last ?? -1) + 1
        let instructionLength = Int(try data.u16(10 + 2 * n))
        var pos = 12 + 2 * n + instructionLength

        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let f = try data.u8(pos)
            pos += 1
            var copies = 1
            if f & 0x08 != 0 {
                copies += Int(try data.u8(pos))
                pos += 1
            }
            guard flags.count + copies <= pointCount else {
                throw data.malformed("a flag repeats past its \(pointCount) points")
            }
            flags += repeatElement(f, count: copies)
        }
        let xs = try coordinates(data, flags, at: &pos, short: 0x02, sameOrPositive: 0x10)
        let ys = try coordinates(data, flags, at: &pos, short: 0x04, sameOrPositive: 0x20)
        var g = GlyphContours()
        g.points = (0..<pointCount).map { i in
            GlyphContours.ContourPoint(x: Double(xs[i]), y: Double(ys[i]), onCurve: flags[i] & 0x01 != 0)
        }
        g.endPoints = ends
        return g
    }

    /// Reads one axis of delta-encoded coordinates and returns them accumulated.
    private func coordinates(_ data: FontBytes, _ flags: [UInt8], at pos: inout Int,
                             short: UInt8, sameOrPositive: UInt8) throws -> [Int] {
        var value = 0
        return try flags.map { f in
            if f & short != 0 {
                let d = Int(try data.u8(pos))
                pos += 1
                value += f & sameOrPositive != 0 ? d : -d
            } else if f & sameOrPositive == 0 {
                value += Int(try data.i16(pos))
                pos += 2
            }
            return value
        }
    }

    private func compositeGlyph(_ glyph: Int, _ data: FontBytes, path: [Int], budget: inout Budget,
                                cache: inout [Int: GlyphContours]) throws -> GlyphContours {
        guard !path.contains(glyph) else {
            throw data.malformed("the composite contains itself (through glyphs \(path))")
        }
        guard path.count < Self.maxDepth else {
            throw data.malformed("composites nest deeper than \(Self.maxDepth) levels (from glyph \(path[0]))")
        }
        var result = GlyphContours()
        var pos = 10
        var more = true
        while more {
            let flags = try data.u16(pos)
            let child = Int(try data.u16(pos + 2))
            pos += 4
            more = flags & 0x0020 != 0
            budget.components -= 1
            guard budget.components >= 0 else {
                throw data.malformed("the composite glyphs use more than \(Self.maxComponentsInFont) components in all")
            }
            guard child < numGlyphs else {
                throw data.malformed("the composite uses glyph \(child), but the font has \(numGlyphs)")
            }
            let component = try Component(data, flags: flags, at: &pos)
            let parts = try contours(of: child, path: path + [glyph], budget: &budget, cache: &cache)
            let (dx, dy) = try component.offset(placing: parts, onto: result, data)
            result.append(parts, a: component.a, b: component.b, c: component.c, d: component.d, dx: dx, dy: dy)
            guard result.points.count <= Self.maxPoints else {
                throw data.malformed("the composite has more than \(Self.maxPoints) points")
            }
        }
        return result
    }
}

/// One component record of a composite glyph: its placement arguments and its 2×2 matrix.
private struct Component {
    let flags: UInt16
    let arg1: Int
    let arg2: Int
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0

    init(_ data: FontBytes, flags: UInt16, at pos: inout Int) throws {
        self.flags = flags
        let xy = flags & 0x0002 != 0
        if flags & 0x0001 != 0 {
            arg1 = xy ? Int(try data.i16(pos)) : Int(try data.u16(pos))
            arg2 = xy ? Int(try data.i16(pos + 2)) : Int(try data.u16(pos + 2))
            pos += 4
        } else {
            arg1 = xy ? Int(try data.i8(pos)) : Int(try data.u8(pos))
            arg2 = xy ? Int(try data.i8(pos + 1)) : Int(try data.u8(pos + 1))
            pos += 2
        }
        if flags & 0x0008 != 0 {
            a = try data.f2dot14(pos)
            d = a
            pos += 2
        } else if flags & 0x0040 != 0 {
            a = try data.f2dot14(pos)
            d = try data.f2dot14(pos + 2)
            pos += 4
        } else if flags & 0x0080 != 0 {
            a = try data.f2dot14(pos)
            b = try data.f2dot14(pos + 2)
            c = try data.f2dot14(pos + 4)
            d = try data.f2dot14(pos + 6)
            pos += 8
        }
    }

    /// The translation that places the (matrix-transformed) component. With ARGS_ARE_XY_VALUES it
    /// is the offset, transformed by the matrix only with SCALED_COMPONENT_OFFSET (the default, as
    /// on Apple and Microsoft platforms, leaves it unscaled). Otherwise it moves the component's
    /// point `arg2` onto the point `arg1` of the glyph assembled so far.
    func offset(placing parts: GlyphContours, onto parent: GlyphContours, _ data: FontBytes) throws -> (Double, Double) {
        if flags & 0x0002 != 0 {
            let x = Double(arg1), y = Double(arg2)
            let scaled = flags & 0x0800 != 0 && flags & 0x1000 == 0
            return scaled ? (a * x + c * y, b * x + d * y) : (x, y)
        }
        guard arg1 < parent.points.count, arg2 < parts.points.count else {
            throw data.malformed("a component matches point \(arg1) to point \(arg2), "
                + "but they have \(parent.points.count) and \(parts.points.count) points")
        }
        let p = parent.points[arg1], q = parts.points[arg2]
        return (p.x - (a * q.x + c * q.y), p.y - (b * q.x + d * q.y))
    }
}
