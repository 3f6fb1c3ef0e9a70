import Geometry
import Raster

extension Typeface {
    /// How much to widen this face's glyphs, in its font units, when it stands in for a face of
    /// `weightClass` (a fallback face drawing Chinese, Arabic or Hebrew in bold text): nothing
    /// unless the text is at least two weight classes heavier (semibold over regular), then a
    /// 24th of the em for bold over regular (FreeType's `FT_GlyphSlot_Embolden` strength), in
    /// proportion to the weight classes between them. Core Text likewise draws a face without
    /// the weight asked for emboldened rather than regular.
    public func emboldening(toMatch weightClass: Int) -> Double {
        let heavier = weightClass - self.weightClass
        guard heavier >= 200 else { return 0 }
        return Double(unitsPerEm) / 24 * Double(heavier) / 300
    }
}

extension Path {
    /// The outline grown outward by `strength` font units in all (half on each side of every
    /// stroke), its counters shrinking as its strokes thicken: each point (on the curve and off
    /// it) moves along the bisector of its two edges, as FreeType's `FT_Outline_EmboldenXY` moves
    /// them, with the shift cut short where an edge is too short to take it. The outline is a
    /// glyph's, y up; which side is outward follows its overall winding (TrueType contours run
    /// clockwise, PostScript ones anticlockwise).
    func emboldened(by strength: Double) -> Path {
        guard strength > 0, !isEmpty else { return self }
        // Contours: the points of each subpath, from its move to the next move.
        var contours: [Range<Int>] = []
        var start = 0, cursor = 0
        for verb in verbs {
            switch verb {
            case .move:
                if cursor > start { contours.append(start..<cursor) }
                start = cursor
                cursor += 1
            case .line: cursor += 1
            case .quad: cursor += 2
            case .cubic: cursor += 3
            case .close: break
            }
        }
        if cursor > start { contours.append(start..<cursor) }
        // Twice the signed area: negative for clockwise (TrueType) outlines.
        var area = 0.0
        for contour in contours {
            for i in contour {
                let a = points[i], b = points[i + 1 < contour.upperBound ? i + 1 : contour.lowerBound]
                area += a.x * b.y - b.x * a.y
            }
        }
        let clockwise = area < 0
        let half = strength / 2
        var moved = points
        for contour in contours where contour.count > 2 {
            let n = contour.count
            func at(_ k: Int) -> Point { points[contour.lowerBound + ((k % n) + n) % n] }
            for k in 0..<n {
                let p = at(k)
                // The nearest distinct points before and after, round the closed contour.
                var back = 1, ahead = 1
                while back < n && at(k - back) == p { back += 1 }
                while ahead < n && at(k + ahead) == p { ahead += 1 }
                guard back < n, ahead < n else { continue }
                let inVector = Point(p.x - at(k - back).x, p.y - at(k - back).y)
                let outVector = Point(at(k + ahead).x - p.x, at(k + ahead).y - p.y)
                let lengthIn = (inVector.x * inVector.x + inVector.y * inVector.y).squareRoot()
                let lengthOut = (outVector.x * outVector.x + outVector.y * outVector.y).squareRoot()
                let u = Point(inVector.x / lengthIn, inVector.y / lengthIn)
                let v = Point(outVector.x / lengthOut, outVector.y / lengthOut)
                let cosine = u.x * v.x + u.y * v.y
                // A point where the contour nearly doubles back stays put.
                guard cosine > -0.9375 else { continue }
                let d = cosine + 1
                var shift = Point(u.y + v.y, u.x + v.x)
                if clockwise { shift.x = -shift.x } else { shift.y = -shift.y }
                var q = v.x * u.y - v.y * u.x
                if clockwise { q = -q }
                let shortest = min(lengthIn, lengthOut)
                let scale = half * q <= shortest * d ? half / d : shortest / q
                moved[contour.lowerBound + k] = Point(p.x + shift.x * scale, p.y + shift.y * scale)
            }
        }
        var path = Path()
        var i = 0
        for verb in verbs {
            switch verb {
            case .move: path.move(to: moved[i]); i += 1
            case .line: path.line(to: moved[i]); i += 1
            case .quad: path.quad(to: moved[i + 1], control: moved[i]); i += 2
            case .cubic: path.cubic(to: moved[i + 2], control1: moved[i], control2: moved[i + 1]); i += 3
            case .close: path.close()
            }
        }
        return path
    }
}
