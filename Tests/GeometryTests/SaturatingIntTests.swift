import Geometry
import Testing

@Suite struct SaturatingIntTests {
    /// Within range it truncates as `Int(_:)` does; NaN is 0 and numbers past either end of
    /// `Int` stop at that end instead of trapping.
    @Test(arguments: [
        (2.7, 2), (-2.7, -2), (0, 0), (Double.nan, 0), (1e19, Int.max), (1e300, Int.max), (.infinity, Int.max),
        (-1e19, Int.min), (-.infinity, Int.min), (0x1p63, Int.max), (-0x1p63, Int.min), (0x1p62, 1 << 62),
    ])
    func outOfRangeNumbersStopAtTheEnds(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
