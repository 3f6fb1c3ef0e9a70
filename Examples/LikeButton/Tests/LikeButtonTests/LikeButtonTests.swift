import LikeButton
import PoppingTesting
import Testing

/// Every frame of the like button at 1x, 30 fps, against the goldens in `__Goldens__/`.
/// Record them again after an intended change with `POPPING_RECORD=failed swift test`.
@Test func likeButtonSpringsTurnsPinkAndCounts() {
    assertFrames(of: LikeButton.self, options: RenderOptions(scale: 1, fps: 30))
}
