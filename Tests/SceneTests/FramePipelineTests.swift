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

    /// How many frames the pipeline has rasterised.
    static let rasterised = Atomic<Int>(0)

    @Test(arguments: [true, false])
    func framesArriveInOrderAndNoneIsKeptAfterDelivery(parallel: Bool) throws {
        var delivered: [Int] = []
        try FramePipeline(window: 4, parallel: parallel).run(
            frames: 3..<40, describe: { $0 }, rasterise: { Frame($0) },
            deliver: { i, frame in
                #expect(frame.index == i)
                delivered.append(i)
                // The window's four, and the previous window's last.
                #expect(Frame.live.load(ordering: .relaxed) <= 5)
            })
        #expect(delivered == Array(3..<40))
        #expect(Frame.live.load(ordering: .relaxed) == 0)
    }

    @Test(arguments: [true, false])
    func framesEqualToTheOneBeforeShareItsImageRasterisedOnce(parallel: Bool) throws {
        // Frames 0-2 the same, 3-9 the same (across a window's edge), then 10 and 11 different.
        let descriptions = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 3]
        let before = Self.rasterised.load(ordering: .relaxed)
        var delivered: [(index: Int, frame: Frame)] = []
        try FramePipeline(window: 4, parallel: parallel).run(
            frames: 0..<descriptions.count, describe: { descriptions[$0] },
            rasterise: { description in
                Self.rasterised.add(1, ordering: .relaxed)
                return Frame(description)
            },
            deliver: { i, frame in delivered.append((i, frame)) })
        #expect(Self.rasterised.load(ordering: .relaxed) - before == 4)
        #expect(delivered.map(\.index) == Array(0..<12))
        #expect(delivered.map(\.frame.index) == descriptions)
        #expect(delivered[4].frame === delivered[3].frame && delivered[9].frame === delivered[3].frame)
    }
}
