import Foundation

/// A bounded first-in, first-out hand-over between one producer and one consumer thread: `put`
/// waits while `capacity` items are waiting, so a fast producer (the renderer) never gets more
/// than that far ahead of a slow consumer (a video encoder) and memory stays a few frames.
final class FrameHandoff<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity >= 1, "a hand-over holds at least one item")
        self.capacity = capacity
    }

    /// Adds `item`, waiting for room; returns false (dropping it) once the consumer has closed.
    @discardableResult
    func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one; `nil` once closed and empty.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// No more items: `take` drains what is left and then returns `nil`; `put` stops waiting.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Closes and throws away what is waiting (the consumer failed or the producer gave up).
    func cancel() {
        condition.lock()
        closed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
