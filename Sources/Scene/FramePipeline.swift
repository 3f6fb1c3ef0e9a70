import Dispatch

/// Turns a sequence of frame descriptions into pixels on every core while handing the results
/// on strictly in frame order.
///
/// Simulation is sequential (springs carry state from frame to frame) but cheap; rasterising is
/// expensive and, because each frame's display list fully describes it, independent. So frames
/// are described in order, rasterised `window` at a time in parallel, and delivered in order.
/// At most `window` frames exist at once, whatever the length of the animation.
public struct FramePipeline {
    /// How many frames are rasterised together; it bounds memory.
    public var window: Int
    /// Rasterise concurrently; off gives the serial reference the determinism tests compare with.
    public var parallel: Bool

    public init(window: Int = 8, parallel: Bool = true) {
        self.window = max(1, window)
        self.parallel = parallel
    }

    /// Calls `describe` for every frame index in `frames` in order, `rasterise` on the results
    /// (concurrently when `parallel`), and `deliver` in order. An error from `describe` or
    /// `deliver` stops the run. A frame whose description equals the one before it shares that frame's image,
    /// rasterised once: the frames of a settled animation, or of a pause in a script, cost a
    /// comparison instead of a rasterisation. At most `window` + 1 images are held (the
    /// previous window's last, for the next window's first frame).
    public func run<Description: Equatable, Image>(
        frames: Range<Int>,
        describe: (Int) throws -> Description,
        rasterise: @escaping @Sendable (Description) -> Image,
        deliver: (Int, Image) throws -> Void
    ) throws {
        var previous: (description: Description, image: Image)?
        var start = frames.lowerBound
        while start < frames.upperBound {
            let end = min(frames.upperBound, start + window)
            let descriptions = try (start..<end).map(describe)
            // Each frame's image: a new one (its index among those rasterised), or nil for the
            // previous window's last.
            var slots: [Int?] = []
            var distinct: [Description] = []
            for (i, description) in descriptions.enumerated() {
                if i > 0, description == descriptions[i - 1] {
                    slots.append(slots[i - 1])
                } else if i == 0, let previous, previous.description == description {
                    slots.append(nil)
                } else {
                    slots.append(distinct.count)
                    distinct.append(description)
                }
            }
            let images = rasteriseBatch(distinct, rasterise)
            var last = previous?.image
            for (offset, slot) in slots.enumerated() {
                let image = slot.map { images[$0] } ?? last!
                try deliver(start + offset, image)
                last = image
            }
            previous = last.map { (descriptions[descriptions.count - 1], $0) }
            start = end
        }
    }

    private func rasteriseBatch<Description, Image>(
        _ batch: [Description], _ rasterise: @escaping @Sendable (Description) -> Image
    ) -> [Image] {
        guard parallel, batch.count > 1 else { return batch.map(rasterise) }
        let results = UnsafeMutableBufferPointer<Image?>.allocate(capacity: batch.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        batch.withUnsafeBufferPointer { input in
            nonisolated(unsafe) let input = input
            nonisolated(unsafe) let output = results
            DispatchQueue.concurrentPerform(iterations: input.count) { i in output[i] = rasterise(input[i]) }
        }
        return results.map { $0! }
    }
}
