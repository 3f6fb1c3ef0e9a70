import CRasterKernels

/// Receives coverage as horizontal runs of device pixels with one alpha each.
protocol SpanSink {
    /// `count` pixels from (x, y) rightwards are covered by `alpha` (1...255).
    mutating func blit(x: Int, y: Int, count: Int, alpha: Int)
    /// Where the sweep may blend the coverage itself, in SIMD, when every run is one colour
    /// blended source-over without a clip; nil (the default) to receive runs.
    var solidTarget: SolidTarget? { get }
}

extension SpanSink {
    var solidTarget: SolidTarget? { nil }
}

/// Pixels a sweep may blend one premultiplied colour onto itself (see `pr_sweep_solid`).
struct SolidTarget {
    /// Pixel (0, 0) of rows `pixelsPerRow` apart, as wide as the image.
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32
}

/// Exact-area coverage by signed-area cells, in the manner of AGG and Blend2D.
///
/// Each line (24.8 fixed point) is walked across the pixel rows and, within a row, across the
/// pixel columns it passes. For the piece of line inside one pixel it adds to that pixel's cell
/// `cover` (the signed height it spans, 256 = a whole pixel) and `area` (cover × the sum of its
/// two x fractions, 0...512). Sweeping a row from the left, a pixel holds 512·256 × the signed
/// area of the shape inside it: `(covers left of it + its cover)·512 − its area`; an edge counts
/// for the part of its pixel to its right and for every pixel further right. All of it is
/// integer arithmetic, so the result is exact and the same on every machine.
///
/// The walk adds each piece straight into a grid of cells over the box (as Blend2D's cell
/// buffer) and marks the cell's block of 4 in a bit array (one 64-bit word per 256 cells of a
/// row), so the sweep visits only the blocks edges passed through, never the interiors between
/// them, which arrive as one run each (as Blend2D's cell bit-array). A block is swept whole:
/// for a solid colour its 4 pixels in one SIMD register (`pr_sweep_solid`). A box of more than
/// `bandCells` cells is done in bands of rows, so the cells of a band stay in the cache while
/// the walk adds to them and the sweep reads them back: the segments are first sorted into the bands
/// they reach, and each band walks its segments over its own rows only, starting the exact
/// DDA at the band's first row, so the cells are those of one walk of the box.
///
/// The buffers are reused from one fill to the next; the sweep clears the cells and bits it
/// reads, so they are clean for the next fill.
final class CellAccumulator {
    /// `cover`, `area` per cell, `stride` cells per row of the band (whole blocks of 4).
    private var cells: UnsafeMutablePointer<Int32>
    private var cellCapacity = 0
    /// One bit per block of 4 cells, `words` per row of the band: the blocks that hold something.
    private var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity = 0
    private var box = PixelRect.empty
    /// Cells per row: the box's width and one more, where lines right of the box end, rounded
    /// up to whole blocks.
    private var stride = 0
    private var words = 0
    /// Where each band's segments start in `bandSegments` (one more entry than bands), and the
    /// indices of the segments each band walks, band after band.
    private var bandStarts: [Int32] = []
    private var bandSegments: [Int32] = []

    /// The most cells a band holds (at least one row's).
    private let bandCells: Int
    /// The instruction set `pr_sweep_solid` may use (see `pr_raster_simd_level`).
    private let simdLevel: Int32

    /// 2^17 cells of 8 bytes, 1 MiB: about an L2 cache. Bands of an L1 cache's worth (2^12
    /// cells) were slower on the bench scenes: more segments reach across them, and each band
    /// sweeps and starts its walks anew.
    static let defaultBandCells = 1 << 17

    /// How many rows ahead of the sweep the pixels are prefetched: the row a few rows down most
    /// likely spans about what this one did.
    static let prefetchRows = 4

    init(bandCells: Int = CellAccumulator.defaultBandCells, simdLevel: Int32 = Blend.simdLevel) {
        self.bandCells = bandCells
        self.simdLevel = simdLevel
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
    }

    /// Accumulates `edges` inside `box` (which must not be empty) and reports the coverage.
    func fill<Sink: SpanSink>(_ edges: EdgeList, in box: PixelRect, rule: FillRule, into sink: inout Sink) {
        let bandRows = prepare(box)
        let ox = box.x0 << 8, oy = box.y0 << 8
        if bandRows == box.height {
            walk(edges, cellWalk(WholeBox.self, top: 0, rows: bandRows), from: ox, oy)
            sweep(rule: rule, top: 0, rows: bandRows, into: &sink)
            return
        }
        let bands = (box.height + bandRows - 1) / bandRows
        sortIntoBands(edges, bands: bands, bandRows: bandRows, oy: oy)
        for band in 0..<bands {
            let top = band * bandRows, rows = min(bandRows, box.height - top)
            walk(edges, band: band, cellWalk(Band.self, top: top, rows: rows), from: ox, oy)
            sweep(rule: rule, top: top, rows: rows, into: &sink)
        }
    }

    /// The walk of the rows `top..<top + rows` into this accumulator's cells.
    private func cellWalk<Rows: RowSelection>(_: Rows.Type, top: Int, rows: Int) -> CellWalk<Rows> {
        CellWalk(cells: cells, bits: bits, stride: stride, words: words, top: top, rows: rows,
                 bottom: box.height << 8, right: box.width << 8)
    }

    /// Adds every segment, moved by (-ox, -oy) into the box.
    private func walk(_ edges: EdgeList, _ walk: CellWalk<WholeBox>, from ox: Int, _ oy: Int) {
        edges.segments.withUnsafeBufferPointer { segments in
            for s in segments {
                walk.addClipped(Int(s.x0) - ox, Int(s.y0) - oy, Int(s.x1) - ox, Int(s.y1) - oy)
            }
        }
    }

    /// Adds the segments `sortIntoBands` listed for `band`, moved by (-ox, -oy) into the box.
    private func walk(_ edges: EdgeList, band: Int, _ walk: CellWalk<Band>, from ox: Int, _ oy: Int) {
        edges.segments.withUnsafeBufferPointer { segments in
            bandSegments.withUnsafeBufferPointer { listed in
                for i in Int(bandStarts[band])..<Int(bandStarts[band + 1]) {
                    let s = segments[Int(listed[i])]
                    walk.addClipped(Int(s.x0) - ox, Int(s.y0) - oy, Int(s.x1) - ox, Int(s.y1) - oy)
                }
            }
        }
    }

    /// Lists, for each band of `bandRows` rows, the segments reaching into it (a counting sort
    /// by band): each band then walks only its own, and a segment spanning several bands is
    /// walked in each over its rows there alone.
    private func sortIntoBands(_ edges: EdgeList, bands: Int, bandRows: Int, oy: Int) {
        let bottom = box.height << 8
        /// The bands a segment from y0 to y1 (box-relative 24.8) reaches into, if any.
        @inline(__always)
        func bandRange(_ y0: Int32, _ y1: Int32) -> ClosedRange<Int>? {
            let top = Int(min(y0, y1)) - oy, end = Int(max(y0, y1)) - oy
            guard end > 0, top < bottom else { return nil }
            return (max(top, 0) >> 8) / bandRows...((min(end, bottom) - 1) >> 8) / bandRows
        }
        bandStarts.removeAll(keepingCapacity: true)
        bandStarts.append(contentsOf: repeatElement(0, count: bands + 1))
        edges.segments.withUnsafeBufferPointer { segments in
            for s in segments {
                guard let range = bandRange(s.y0, s.y1) else { continue }
                for band in range { bandStarts[band + 1] += 1 }
            }
            for band in 0..<bands { bandStarts[band + 1] += bandStarts[band] }
            bandSegments.removeAll(keepingCapacity: true)
            bandSegments.append(contentsOf: repeatElement(0, count: Int(bandStarts[bands])))
            var next = bandStarts
            for (index, s) in segments.enumerated() {
                guard let range = bandRange(s.y0, s.y1) else { continue }
                for band in range {
                    bandSegments[Int(next[band])] = Int32(index)
                    next[band] += 1
                }
            }
        }
    }

    /// Sizes the buffers for `box` and returns how many of its rows a band holds. Cells run to
    /// x = width: lines right of the box are moved onto its right side and end the coverage there.
    private func prepare(_ box: PixelRect) -> Int {
        self.box = box
        stride = (box.width + 4) & ~3
        words = ((stride >> 2) + 63) >> 6
        let bandRows = min(box.height, max(1, bandCells / stride))
        if bandRows * stride > cellCapacity {
            cells.deallocate()
            cellCapacity = max(bandRows * stride, cellCapacity * 2)
            cells = .allocate(capacity: 2 * cellCapacity)
            cells.initialize(repeating: 0, count: 2 * cellCapacity)
        }
        if bandRows * words > bitCapacity {
            bits.deallocate()
            bitCapacity = max(bandRows * words, bitCapacity * 2)
            bits = .allocate(capacity: bitCapacity)
            bits.initialize(repeating: 0, count: bitCapacity)
        }
        return bandRows
    }

    /// Sweeps each row of the band from `top`: reports the coverage of its marked blocks of cells
    /// and of the runs between them. Each pixel of a block is reported on its own, and the
    /// pixels up to the next block share the coverage of every cover to their left, so
    /// interiors arrive as one run. Clears the cells and bits it reads. A solid colour without
    /// a clip is blended by `pr_sweep_solid` instead, whole blocks at a time.
    private func sweep<Sink: SpanSink>(rule: FillRule, top: Int, rows: Int, into sink: inout Sink) {
        if let target = sink.solidTarget {
            let y = box.y0 + top
            var band = PRSweep(cells: cells, bits: bits, stride: stride, words: words, rows: rows,
                               pixels: target.pixels + y * target.pixelsPerRow + box.x0,
                               pixels_per_row: target.pixelsPerRow, width: box.width,
                               safe_width: target.pixelsPerRow - box.x0, color: target.color,
                               even_odd: rule == .evenOdd ? 1 : 0, level: simdLevel,
                               ahead: CellAccumulator.prefetchRows * target.pixelsPerRow)
            pr_sweep_solid(&band)
        } else if rule == .evenOdd {
            // Two specialised copies of the loop, each with its rule a constant.
            sweep(EvenOddRule.self, top: top, rows: rows, into: &sink)
        } else {
            sweep(NonZeroRule.self, top: top, rows: rows, into: &sink)
        }
    }

    private func sweep<Sink: SpanSink, Rule: SweepRule>(_: Rule.Type, top: Int, rows: Int, into sink: inout Sink) {
        let evenOdd = Rule.evenOdd
        // Locals, not properties or the inout sink (a plain value, copied for free): the compiler
        // cannot tell that the stores to cells and pixels leave those be, and would reload them
        // after every pixel.
        var out = sink
        defer { sink = out }
        let cells = cells, bits = bits, stride = stride, words = words, box = box
        for r in 0..<rows {
            let row = cells + 2 * r * stride, rowBits = bits + r * words
            let y = box.y0 + top + r
            var covers = 0
            var runStart = 0
            for w in 0..<words {
                var word = rowBits[w]
                guard word != 0 else { continue }
                rowBits[w] = 0
                repeat {
                    let x0 = (w << 6 | word.trailingZeroBitCount) << 2
                    word &= word &- 1
                    // Cells run to x = width at most, so a run between blocks ends inside the box.
                    if runStart < x0 && covers != 0 {
                        let alpha = coverageAlpha(covers << 9, evenOdd: evenOdd)
                        if alpha != 0 { out.blit(x: box.x0 + runStart, y: y, count: x0 - runStart, alpha: alpha) }
                    }
                    for x in x0..<x0 + 4 {
                        covers += Int(row[2 * x])
                        let alpha = coverageAlpha(covers << 9 - Int(row[2 * x + 1]), evenOdd: evenOdd)
                        row[2 * x] = 0
                        row[2 * x + 1] = 0
                        if x < box.width && alpha != 0 { out.blit(x: box.x0 + x, y: y, count: 1, alpha: alpha) }
                    }
                    runStart = x0 + 4
                } while word != 0
            }
        }
    }
}

/// A fill rule as a type, so that the sweep specialised for it has the rule as a constant.
private protocol SweepRule {
    static var evenOdd: Bool { get }
}

private enum NonZeroRule: SweepRule {
    static var evenOdd: Bool { false }
}

private enum EvenOddRule: SweepRule {
    static var evenOdd: Bool { true }
}

/// Maps an accumulated cell sum (512·256 per unit of winding and pixel area) to alpha 0...255,
/// rounded: non-zero clamps |winding| at 1, even-odd folds it into 0...1.
@inline(__always)
func coverageAlpha(_ sum: Int, evenOdd: Bool) -> Int {
    var a = abs(sum)
    if evenOdd {
        a &= 262_143
        if a > 131_072 { a = 262_144 - a }
    } else if a > 131_072 {
        a = 131_072
    }
    return (a * 255 + 65_536) >> 17
}

/// How far a line advances along one axis for each whole pixel it crosses on the other (an
/// exact integer DDA, as AGG's): the steps are `total · 256 / span` split into integers whose
/// running sum never drifts from the exact value, so adjacent cells always share their edges.
struct Steps {
    /// The advance over the partial first pixel, `total · firstFraction / span` rounded down.
    let first: Int
    private let lift: Int
    private let remainder: Int
    private let span: Int
    private var error: Int

    /// `total` is the signed advance over the whole line, `span` (positive) its extent on the
    /// stepping axis, and `firstFraction` (0...256) the part of the first pixel it crosses.
    /// With `skipping` k, the steps start k whole pixels on: `first` is the advance over the
    /// first pixel and k more, and `next()` goes on from there exactly as after k calls (the
    /// running sum after k steps is `total · (firstFraction + 256·k) / span` rounded down).
    @inline(__always)
    init(total: Int, over span: Int, firstFraction: Int, skipping k: Int = 0) {
        let (q, r) = Steps.floorDivide((firstFraction + 256 * k) * total, span)
        first = q
        (lift, remainder) = Steps.floorDivide(256 * total, span)
        self.span = span
        error = r - span
    }

    /// The advance over the next whole pixel.
    @inline(__always)
    mutating func next() -> Int {
        var delta = lift
        error += remainder
        if error >= 0 {
            error -= span
            delta += 1
        }
        return delta
    }

    /// Floor division and its non-negative remainder.
    @inline(__always)
    static func floorDivide(_ p: Int, _ d: Int) -> (quotient: Int, remainder: Int) {
        var q: Int, r: Int
        let p32 = Int32(truncatingIfNeeded: p), d32 = Int32(truncatingIfNeeded: d)
        if Int(p32) == p && Int(d32) == d {
            // The common case, short lines: a 32-bit division, which takes fewer cycles on
            // most CPUs than a 64-bit one and gives the same quotient and remainder.
            q = Int(p32 / d32)
            r = Int(p32 % d32)
        } else {
            q = p / d
            r = p % d
        }
        if r < 0 { q -= 1; r += d }
        return (q, r)
    }
}

/// Whether a walk keeps the pieces of every row of the box or only of a band of them, as a
/// type: the walk specialised for the whole box (the common case) tests no rows at all.
private protocol RowSelection {
    static var isBand: Bool { get }
}

private enum WholeBox: RowSelection {
    static var isBand: Bool { false }
}

private enum Band: RowSelection {
    static var isBand: Bool { true }
}

/// The line walk of one band: adds pieces to the cells of the rows `top..<top + rows`. A struct
/// of its own, held in a local constant, so that its fields stay in registers: stores through
/// `cells` would make the compiler reload a class's properties after every piece.
private struct CellWalk<Rows: RowSelection> {
    /// As `CellAccumulator.cells`, `bits`, `stride` and `words`.
    let cells: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt64>
    let stride: Int
    let words: Int
    /// The band's first row and row count, box-relative.
    let top: Int
    let rows: Int
    /// The box's bottom and right side, box-relative 24.8.
    let bottom: Int
    let right: Int

    /// Clips a line (box-relative 24.8) to the box and adds it. Parts above or below the box
    /// cover nothing in it and are dropped. Parts left or right of it become vertical lines on
    /// that side of the box: left of the box a line still covers every pixel of its rows, and
    /// on the right edge it ends the coverage of the parts inside.
    @inline(__always)
    func addClipped(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
        // Most lines lie inside the box, which is their path's bounds: they need no clipping.
        if UInt(bitPattern: xa) <= UInt(right) && UInt(bitPattern: xb) <= UInt(right)
            && UInt(bitPattern: ya) <= UInt(bottom) && UInt(bitPattern: yb) <= UInt(bottom) {
            line(xa, ya, xb, yb)
            return
        }
        clip(xa, ya, xb, yb)
    }

    /// `addClipped` for a line reaching outside the box.
    @inline(never)
    private func clip(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
        var x0 = xa, y0 = ya, x1 = xb, y1 = yb
        if (y0 <= 0 && y1 <= 0) || (y0 >= bottom && y1 >= bottom) { return }
        if y0 < 0 || y0 > bottom || y1 < 0 || y1 > bottom {
            let top0 = min(max(y0, 0), bottom), top1 = min(max(y1, 0), bottom)
            x0 = xa + (xb - xa) * (top0 - ya) / (yb - ya)
            x1 = xa + (xb - xa) * (top1 - ya) / (yb - ya)
            y0 = top0
            y1 = top1
        }
        split(&x0, &y0, x1, y1, at: x0 < 0 ? 0 : right, right)
        split(&x0, &y0, x1, y1, at: x1 < 0 ? 0 : right, right)
        addInside(x0, y0, x1, y1, right)
    }

    /// When the line from (x0, y0) to (x1, y1) crosses the vertical `side`, adds the part up to
    /// it and moves the start onto the crossing. Splitting first at the side the start lies
    /// beyond, then at the side the end lies beyond, leaves at most three pieces, each inside
    /// the box or wholly beyond one side.
    @inline(__always)
    private func split(_ x0: inout Int, _ y0: inout Int, _ x1: Int, _ y1: Int, at side: Int, _ right: Int) {
        guard (x0 < side) != (x1 < side), x0 != side, x1 != side else { return }
        let yc = y0 + (y1 - y0) * (side - x0) / (x1 - x0)
        addInside(x0, y0, side, yc, right)
        x0 = side
        y0 = yc
    }

    /// Adds a line that crosses neither box side, moving it onto the side it lies beyond.
    @inline(__always)
    private func addInside(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ right: Int) {
        if x0 <= 0 && x1 <= 0 {
            line(0, y0, 0, y1)
        } else if x0 >= right && x1 >= right {
            line(right, y0, right, y1)
        } else {
            line(x0, y0, x1, y1)
        }
    }

    /// Adds `cover` with x-fraction sum `fractions` (0...512) to cell `x` of row `y`, when the
    /// row is in the band.
    @inline(__always)
    private func add(row y: Int, x: Int, cover: Int, fractions: Int) {
        let r = y - top
        guard cover != 0, !Rows.isBand || UInt(bitPattern: r) < UInt(rows) else { return }
        let cell = cells + 2 * (r * stride + x)
        cell[0] &+= Int32(truncatingIfNeeded: cover)
        cell[1] &+= Int32(truncatingIfNeeded: cover * fractions)
        bits[r * words + (x >> 8)] |= 1 << UInt64((x >> 2) & 63)
    }

    /// Walks a line across the rows it crosses (as AGG's `line`), splitting it at each row
    /// boundary with an exact integer DDA.
    private func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        let ey1 = y1 >> 8
        let ey2 = y2 >> 8, fy1 = y1 & 255, fy2 = y2 & 255
        if ey1 == ey2 {
            rowSegment(ey1, x1, fy1, x2, fy2)
            return
        }
        let dx = x2 - x1, dy = y2 - y1
        let (first, incr) = dy > 0 ? (256, 1) : (0, -1)
        if dx == 0 {
            let ex = x1 >> 8, fractions = (x1 & 255) * 2
            add(row: ey1, x: ex, cover: first - fy1, fractions: fractions)
            // The rows between the ends, each crossed whole; in a band only its own.
            var row = min(ey1, ey2) + 1, end = max(ey1, ey2)
            if Rows.isBand {
                row = max(row, top)
                end = min(end, top + rows)
            }
            while row < end {
                add(row: row, x: ex, cover: 2 * first - 256, fractions: fractions)
                row += 1
            }
            add(row: ey2, x: ex, cover: fy2 - 256 + first, fractions: fractions)
            return
        }
        let firstFraction = dy > 0 ? 256 - fy1 : fy1
        if ey2 == ey1 + incr {
            // Two rows: only the crossing is needed, one division instead of the DDA's two.
            let xMid = x1 + Steps.floorDivide(firstFraction * dx, abs(dy)).quotient
            rowSegment(ey1, x1, fy1, xMid, first)
            rowSegment(ey2, xMid, 256 - first, x2, fy2)
            return
        }
        // The line's rows are ey1 + j·incr for j in 0...n; a band walks only the j of its rows,
        // the DDA started at the first of them.
        let n = abs(ey2 - ey1)
        var j = 0, lastRow = n
        if Rows.isBand {
            let bandEnd = top + rows - 1
            (j, lastRow) = incr > 0 ? (max(0, top - ey1), min(n, bandEnd - ey1)) : (max(0, ey1 - bandEnd), min(n, ey1 - top))
            guard j <= lastRow else { return }
        }
        var steps = Steps(total: dx, over: abs(dy), firstFraction: firstFraction, skipping: max(j - 1, 0))
        var xFrom = x1 + steps.first
        var ey = ey1 + j * incr
        if j == 0 {
            rowSegment(ey1, x1, fy1, xFrom, first)
            ey += incr
        }
        // The rows crossed whole, up to the last row or the band's end.
        let stop = lastRow == n ? ey2 : ey1 + (lastRow + 1) * incr
        while ey != stop {
            let xTo = xFrom + steps.next()
            rowSegment(ey, xFrom, 256 - first, xTo, first)
            xFrom = xTo
            ey += incr
        }
        if lastRow == n { rowSegment(ey2, xFrom, 256 - first, x2, fy2) }
    }

    /// Adds the part of a line inside row `ey`, from (x1, y1) to (x2, y2) with y in 0...256
    /// within the row, splitting it at each pixel column it crosses (as AGG's `render_hline`).
    /// Inlined for the most common cases, a part inside one pixel (steep lines) and a part
    /// crossing one column (only the crossing is needed, one division); parts crossing more
    /// columns go to `rowSegmentAcross`.
    @inline(__always)
    private func rowSegment(_ ey: Int, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        guard y1 != y2, !Rows.isBand || UInt(bitPattern: ey - top) < UInt(rows) else { return }
        let ex1 = x1 >> 8, ex2 = x2 >> 8
        if ex1 == ex2 {
            add(row: ey, x: ex1, cover: y2 - y1, fractions: (x1 & 255) + (x2 & 255))
        } else if abs(ex2 - ex1) == 1 {
            // Two cells (the most common crossing): only the crossing is needed, one division.
            let first = x2 > x1 ? 256 : 0
            let cover = Steps.floorDivide(abs(first - (x1 & 255)) * (y2 - y1), abs(x2 - x1)).quotient
            add(row: ey, x: ex1, cover: cover, fractions: (x1 & 255) + first)
            add(row: ey, x: ex2, cover: y2 - y1 - cover, fractions: (x2 & 255) + 256 - first)
        } else {
            rowSegmentAcross(ey, x1, y1, x2, y2)
        }
    }

    /// `rowSegment` for a part that crosses at least two pixel columns.
    @inline(never)
    private func rowSegmentAcross(_ ey: Int, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        var ex1 = x1 >> 8
        let ex2 = x2 >> 8, fx1 = x1 & 255, fx2 = x2 & 255
        let dx = x2 - x1
        let (first, incr) = dx > 0 ? (256, 1) : (0, -1)
        let firstFraction = dx > 0 ? 256 - fx1 : fx1
        var steps = Steps(total: y2 - y1, over: abs(dx), firstFraction: firstFraction)
        add(row: ey, x: ex1, cover: steps.first, fractions: fx1 + first)
        ex1 += incr
        var y = y1 + steps.first
        while ex1 != ex2 {
            let delta = steps.next()
            add(row: ey, x: ex1, cover: delta, fractions: 256)
            y += delta
            ex1 += incr
        }
        add(row: ey, x: ex2, cover: y2 - y, fractions: fx2 + 256 - first)
    }
}
