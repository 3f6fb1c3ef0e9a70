@testable import Raster
import Testing

@Suite struct RoundingTests {
    @Test(arguments: [-2.5, -1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.5, 2.5, 3.4999, 1e9 + 0.5, -7.0000001,
                      0x1p51 - 0.5, -0x1p51 + 0.5, 0x1p51 + 1, 0x1p52 - 0.5, -0x1p52 + 1.5, 1e15 + 0.5])
    func integerRoundingMatchesIEEE(value: Double) {
        #expect(value.floorToInt == Int(value.rounded(.down)))
        #expect(value.ceilToInt == Int(value.rounded(.up)))
        #expect(value.roundToInt == Int(value.rounded(.toNearestOrEven)))
    }

    @Test func wholeNumbersAreRecognisedWithinRange() {
        #expect(3.0.isWholeNumber && (-12.0).isWholeNumber)
        #expect(!3.5.isWholeNumber && !Double.nan.isWholeNumber && !Double.infinity.isWholeNumber && !1e12.isWholeNumber)
    }
}
