/// Receives coverage as horizontal runs of device pixels with one alpha each.
protocol SpanSink {
    /// `count` pixels from (x, y) rightwards are covered by `alpha` (1...255).
    mutating func blit(x: Int, y: Int, count: Int, alpha: Int)
    /// A hint that pixels x..<x+count of row y will soon be blitted: a sink writing to memory
    /// may start loading them, so the blits do not wait for them. Does nothing unless the sink
    /// implements it.
    func prefetch(x: Int, y: Int, count: Int)
}

extension SpanSink {
    func prefetch(x: Int, y: Int, count: Int) {}
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
/// The walk appends each piece to one flat list, chained per row (as AGG sorts its cells by
/// row), so it writes memory in order instead of all over a box-sized grid. The sweep then
/// gathers one row's pieces into a single row of cells, which stays in the fastest cache, and
/// marks each cell it fills in a bit array (one 64-bit word per 64 cells), so it visits only
/// the cells edges passed through, never the interiors between them, which arrive as one run
/// each (as Blend2D's cell bit-array).
///
/// The buffers are reused from one fill to the next; the sweep clears the row heads, cells and
/// bits it reads, so they are clean for the next fill.
final class CellAccumulator {
    /// Four `Int32` per piece: cell x, cover, area, and the index of the row's previous piece
    /// (-1 ends the chain).
    private var pieces: UnsafeMutablePointer<Int32>
    private var pieceCapacity = 256
    /// The last piece added to each row of the box, -1 for none.
    private var heads: UnsafeMutablePointer<Int32>
    private var headCapacity = 0
    /// `cover`, `area` per cell of the row being swept.
    private var cells: UnsafeMutablePointer<Int32>
    /// One bit per cell of `cells`: the ones that hold something.
    private var bits: UnsafeMutablePointer<UInt64>
    private var cellCapacity = 0
    private var box = PixelRect.empty
    private var width = 0

    init() {
        pieces = .allocate(capacity: 4 * pieceCapacity)
        heads = .allocate(capacity: 1)
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
    }

    deinit {
        pieces.deallocate()
        heads.deallocate()
        cells.deallocate()
        bits.deallocate()
    }

    /// Accumulates `edges` inside `box` (which must not be empty) and reports the coverage.
    func fill<Sink: SpanSink>(_ edges: EdgeList, in box: PixelRect, rule: FillRule, into sink: inout Sink) {
        prepare(box)
        let ox = box.x0 << 8, oy = box.y0 << 8
        var walk = PieceWalk(pieces: pieces, capacity: pieceCapacity, heads: heads, bottom: box.height << 8,
                             right: width << 8)
        edges.coords.withUnsafeBufferPointer { c in
            var i = 0
            while i < c.count {
                walk.addClipped(Int(c[i]) - ox, Int(c[i + 1]) - oy, Int(c[i + 2]) - ox, Int(c[i + 3]) - oy)
                i += 4
            }
        }
        pieces = walk.pieces
        pieceCapacity = walk.capacity
        sweep(rule: rule, into: &sink)
    }

    /// Sizes the buffers for `box`. Cells run to x = width: lines right of the box are moved
    /// onto its right side and end the coverage there.
    private func prepare(_ box: PixelRect) {
        self.box = box
        width = box.width
        if box.height > headCapacity {
            heads.deallocate()
            headCapacity = max(box.height, headCapacity * 2)
            heads = .allocate(capacity: headCapacity)
            heads.initialize(repeating: -1, count: headCapacity)
        }
        let words = (width + 64) >> 6
        if 64 * words > cellCapacity {
            cells.deallocate()
            bits.deallocate()
            cellCapacity = max(64 * words, cellCapacity * 2)
            cells = .allocate(capacity: 2 * cellCapacity)
            cells.initialize(repeating: 0, count: 2 * cellCapacity)
            bits = .allocate(capacity: cellCapacity / 64)
            bits.initialize(repeating: 0, count: cellCapacity / 64)
        }
    }

    /// Sweeps each row: gathers its pieces into the row of cells, then reports the coverage as
    /// runs. Each filled cell is one pixel of its own, and the unmarked pixels up to the next
    /// filled one share the coverage of every cover to their left, so interiors arrive as one
    /// run. Clears the row heads, cells and bits it reads.
    private func sweep<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        // Two specialised copies of the loop, each with its rule a constant.
        if rule == .evenOdd {
            sweep(EvenOddRule.self, into: &sink)
        } else {
            sweep(NonZeroRule.self, into: &sink)
        }
    }

    private func sweep<Sink: SpanSink, Rule: SweepRule>(_: Rule.Type, into sink: inout Sink) {
        let evenOdd = Rule.evenOdd
        let ahead = 4
        // Locals, not properties: the compiler cannot tell that the stores below leave them be.
        let row = cells, rowBits = bits, pieces = pieces, heads = heads, width = width, box = box
        var lo = 0, hi = 0
        for ey in 0..<box.height {
            if ey + ahead < box.height, heads[ey + ahead] >= 0 {
                // The row a few rows down most likely spans about what the last one did.
                let first = min(lo, Int(pieces[4 * Int(heads[ey + ahead])]), width - 1)
                sink.prefetch(x: box.x0 + first, y: box.y0 + ey + ahead, count: min(max(hi, first), width - 1) - first + 1)
            }
            var next = Int(heads[ey])
            guard next >= 0 else { continue }
            heads[ey] = -1
            lo = Int.max
            hi = 0
            repeat {
                let piece = pieces + 4 * next
                let x = Int(piece[0])
                row[2 * x] &+= piece[1]
                row[2 * x + 1] &+= piece[2]
                rowBits[x >> 6] |= 1 << UInt64(x & 63)
                lo = min(lo, x)
                hi = max(hi, x)
                next = Int(piece[3])
            } while next >= 0
            let y = box.y0 + ey
            var covers = 0
            var runStart = lo
            for w in (lo >> 6)...(hi >> 6) {
                var word = rowBits[w]
                rowBits[w] = 0
                while word != 0 {
                    let x = w << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    // Cells run to x = width at most, so a run between cells ends inside the box.
                    if runStart < x && covers != 0 {
                        let alpha = coverageAlpha(covers << 9, evenOdd: evenOdd)
                        if alpha != 0 { sink.blit(x: box.x0 + runStart, y: y, count: x - runStart, alpha: alpha) }
                    }
                    let cover = Int(row[2 * x]), area = Int(row[2 * x + 1])
                    row[2 * x] = 0
                    row[2 * x + 1] = 0
                    covers += cover
                    if x < width {
                        let alpha = coverageAlpha(covers << 9 - area, evenOdd: evenOdd)
                        if alpha != 0 { sink.blit(x: box.x0 + x, y: y, count: 1, alpha: alpha) }
                    }
                    runStart = x + 1
                }
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
    @inline(__always)
    init(total: Int, over span: Int, firstFraction: Int) {
        let (q, r) = Steps.floorDivide(firstFraction * total, span)
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
        var q = p / d, r = p % d
        if r < 0 { q -= 1; r += d }
        return (q, r)
    }
}

/// The line walk of one fill: adds pieces to the list, chained per row. A struct of its own,
/// held in a local variable, so that its fields stay in registers: stores through `pieces`
/// would make the compiler reload a class's properties after every piece.
private struct PieceWalk {
    /// Four `Int32` per piece, as `CellAccumulator.pieces`.
    var pieces: UnsafeMutablePointer<Int32>
    var count = 0
    var capacity: Int
    /// The last piece added to each row of the box, -1 for none.
    let heads: UnsafeMutablePointer<Int32>
    /// The box's bottom and right side, box-relative 24.8.
    let bottom: Int
    let right: Int

    /// Clips a line (box-relative 24.8) to the box and adds it. Parts above or below the box
    /// cover nothing in it and are dropped. Parts left or right of it become vertical lines on
    /// that side of the box: left of the box a line still covers every pixel of its rows, and
    /// on the right edge it ends the coverage of the parts inside.
    @inline(__always)
    mutating func addClipped(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
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
    private mutating func clip(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
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
    private mutating func split(_ x0: inout Int, _ y0: inout Int, _ x1: Int, _ y1: Int, at side: Int, _ right: Int) {
        guard (x0 < side) != (x1 < side), x0 != side, x1 != side else { return }
        let yc = y0 + (y1 - y0) * (side - x0) / (x1 - x0)
        addInside(x0, y0, side, yc, right)
        x0 = side
        y0 = yc
    }

    /// Adds a line that crosses neither box side, moving it onto the side it lies beyond.
    @inline(__always)
    private mutating func addInside(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ right: Int) {
        if x0 <= 0 && x1 <= 0 {
            line(0, y0, 0, y1)
        } else if x0 >= right && x1 >= right {
            line(right, y0, right, y1)
        } else {
            line(x0, y0, x1, y1)
        }
    }

    /// Adds `cover` with x-fraction sum `fractions` (0...512) to cell `x` of row `y`.
    @inline(__always)
    private mutating func add(row y: Int, x: Int, cover: Int, fractions: Int) {
        guard cover != 0 else { return }
        if count == capacity { grow() }
        let piece = pieces + 4 * count
        piece[0] = Int32(truncatingIfNeeded: x)
        piece[1] = Int32(truncatingIfNeeded: cover)
        piece[2] = Int32(truncatingIfNeeded: cover * fractions)
        piece[3] = heads[y]
        heads[y] = Int32(truncatingIfNeeded: count)
        count += 1
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * capacity)
        grown.moveInitialize(from: pieces, count: 4 * count)
        pieces.deallocate()
        pieces = grown
        capacity *= 2
    }

    /// Walks a line across the rows it crosses (as AGG's `line`), splitting it at each row
    /// boundary with an exact integer DDA.
    private mutating func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        var ey1 = y1 >> 8
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
            ey1 += incr
            while ey1 != ey2 {
                add(row: ey1, x: ex, cover: 2 * first - 256, fractions: fractions)
                ey1 += incr
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
        var steps = Steps(total: dx, over: abs(dy), firstFraction: firstFraction)
        var xFrom = x1 + steps.first
        rowSegment(ey1, x1, fy1, xFrom, first)
        ey1 += incr
        while ey1 != ey2 {
            let xTo = xFrom + steps.next()
            rowSegment(ey1, xFrom, 256 - first, xTo, first)
            xFrom = xTo
            ey1 += incr
        }
        rowSegment(ey1, xFrom, 256 - first, x2, fy2)
    }

    /// Adds the part of a line inside row `ey`, from (x1, y1) to (x2, y2) with y in 0...256
    /// within the row, splitting it at each pixel column it crosses (as AGG's `render_hline`).
    /// Inlined for the most common cases, a part inside one pixel (steep lines) and a part
    /// crossing one column (only the crossing is needed, one division); parts crossing more
    /// columns go to `rowSegmentAcross`.
    @inline(__always)
    private mutating func rowSegment(_ ey: Int, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        guard y1 != y2 else { return }
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
    private mutating func rowSegmentAcross(_ ey: Int, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
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
