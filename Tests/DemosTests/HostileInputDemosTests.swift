@testable import Demos
import Dispatch
import Foundation
import Testing

@Suite struct HostileInputDemosTests {
    /// What ran inside the gate at once, counted by the work itself, not by the gate.
    private final class Holding: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = 0
        private(set) var peak = 0
        private(set) var finished = 0

        func take(_ n: Int) { lock.withLock { bytes += n; peak = max(peak, bytes) } }
        func give(_ n: Int) { lock.withLock { bytes -= n; finished += 1 } }
    }

    /// Frames of many sizes rasterised on every core at once never hold more offscreen bytes
    /// together than the budget, each of them runs, and one frame over the budget alone still
    /// runs (nothing waits forever).
    @Test func theOffscreenGateNeverLetsMoreThanItsBudgetThrough() {
        let gate = OffscreenGate(budget: 100)
        let sizes = (0..<200).map { [0, 10, 30, 60, 100, 45][$0 % 6] }
        let holding = Holding()
        DispatchQueue.concurrentPerform(iterations: sizes.count) { i in
            _ = gate.withBytes(sizes[i]) {
                holding.take(sizes[i])
                // Some work while the bytes are held, so frames overlap.
                var sum = 0
                for k in 0..<20_000 { sum &+= k &* i }
                holding.give(sizes[i])
                return sum
            }
        }
        #expect(holding.finished == sizes.count)
        #expect(holding.peak <= 100, "\(holding.peak)")
        #expect(holding.peak >= 100)
        #expect(gate.withBytes(500) { 1 } == 1)
    }
}
