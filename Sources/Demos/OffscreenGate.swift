import Foundation

/// One budget of offscreen-layer bytes for every frame the process rasterises at once, however
/// many frames run in parallel (the frame pipeline's window, several renders of `--variants`).
/// A frame takes its bytes (`DisplayList.offscreenUse`) before it is rasterised and gives them
/// back when done; it waits while they would not fit beside the bytes other frames hold, but a
/// frame runs at once when no other holds any, so nothing waits forever.
final class OffscreenGate: @unchecked Sendable {
    /// The one every player shares: `DemoPlayer.offscreenBudget` in all.
    static let shared = OffscreenGate(budget: DemoPlayer.offscreenBudget)

    let budget: Int
    private let condition = NSCondition()
    private var inUse = 0

    init(budget: Int) { self.budget = budget }

    /// Runs `body` once `bytes` fit in the budget beside what other frames hold, then gives
    /// them back.
    func withBytes<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        condition.lock()
        while inUse > 0 && inUse + bytes > budget { condition.wait() }
        inUse += bytes
        condition.unlock()
        defer {
            condition.lock()
            inUse -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
