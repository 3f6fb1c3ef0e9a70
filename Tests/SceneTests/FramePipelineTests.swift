import Scene
import Synchronization
import Testing

@Suite(.serialized) struct FramePipelineTests {
    /// Counts live instances, to see that the pipeline keeps no frame after delivering it.
    final class Frame: Sendable {
        static let live = Atomic<Int>(0)
        let index: Int
        init(_ index: Int) {
            self.index = index
            Frame.live.add(1, ordering: .relaxed)
        }
        deinit { Frame.live.subtract(1, ordering: .relaxed) }
    }

    @Test(arguments: [true, false])
    func framesArriveInOrderAndNoneIsKeptAfterDelivery(parallel: Bool) throws {
        var delivered: [Int] = []
        try FramePipeline(window: 4, parallel: parallel).run(
            frames: 3..<40, describe: { $0 }, rasterise: { Frame($0) },
            deliver: { i, frame in
                #expect(frame.index == i)
                delivered.append(i)
                #expect(Frame.live.load(ordering: .relaxed) <= 4)
            })
        #expect(delivered == Array(3..<40))
        #expect(Frame.live.load(ordering: .relaxed) == 0)
    }
}
