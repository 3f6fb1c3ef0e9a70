import Geometry
import Raster
@testable import Scene
import Testing

@Suite struct OffscreenUseTests {
    private let square = Path(rect: Rect(0, 0, 10, 10))
    private let frost = BackdropFilter(radius: 2, saturation: 1, tint: .white, blend: .clear, blendMode: .overlay)

    @Test func openGroupsAndMasksEachHoldALayerOfTheFrame() {
        var list = DisplayList(width: 100, height: 50)
        list.append(.beginGroup(alpha: 0.5))
        list.append(.beginGroup(alpha: 0.5))
        list.append(.fill(square, color: .black, rule: .nonZero, transform: .identity))
        list.append(.beginMask)
        list.append(.fill(square, color: .black, rule: .nonZero, transform: .identity))
        list.append(.endGroup)
        list.append(.endGroup)
        // Closed groups free their layers: a later group alone needs one.
        list.append(.beginGroup(alpha: 0.5))
        list.append(.endGroup)
        #expect(list.offscreenUse == OffscreenUse(bytes: 3 * 100 * 50 * 4, layers: 3, clips: 0))
    }

    @Test func aClipMaskCoversItsPathWithinTheClipsAroundIt() {
        var list = DisplayList(width: 100, height: 50)
        list.append(.beginClip(square, transform: .scale(2, 2)))  // 20 × 20 pixels
        list.append(.beginClip(Path(rect: Rect(10, 10, 40, 40)), transform: .identity))  // 10 × 10 within the first
        list.append(.endClip)
        list.append(.endClip)
        list.append(.beginClip(square, transform: .translation(500, 0)))  // off the frame
        list.append(.endClip)
        #expect(list.offscreenUse == OffscreenUse(bytes: 400 + 100, layers: 0, clips: 2))
    }

    @Test func aBackdropInsideAGroupCountsTheCopyOfTheScreenItReads() {
        var list = DisplayList(width: 10, height: 10)
        list.append(.backdrop(square, filter: frost, transform: .identity))
        #expect(list.offscreenUse.bytes == 0)
        list.append(.beginGroup(alpha: 0.5))
        list.append(.backdrop(square, filter: frost, transform: .identity))
        list.append(.endGroup)
        #expect(list.offscreenUse == OffscreenUse(bytes: 2 * 400, layers: 1, clips: 0))
    }

    @Test func aListWithoutGroupsOrClipsNeedsNothingOffscreen() {
        var list = DisplayList(width: 100, height: 50)
        list.append(.fill(square, color: .black, rule: .nonZero, transform: .identity))
        #expect(list.offscreenUse == OffscreenUse())
    }
}
