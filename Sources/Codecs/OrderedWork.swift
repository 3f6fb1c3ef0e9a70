import Foundation

/// How many jobs a pipeline keeps submitted ahead on `OrderedWork`: two per core (up to 8
/// cores), enough to keep every core busy while memory stays a handful of items however long
/// the stream is.
public let orderedWorkLookahead = 2 * min(8, ProcessInfo.processInfo.activeProcessorCount)

/// The memory the results in flight on one pipeline may take together: 128 MB.
public let orderedWorkMemoryBudget = 128 << 20

/// How many jobs to keep submitted ahead when each result holds about `itemBytes` bytes:
/// `orderedWorkLookahead`, fewer for items so large that they would exceed
/// `orderedWorkMemoryBudget` together, and always at least one.
public func orderedWorkLookahead(itemBytes: Int) -> Int {
    max(1, min(orderedWorkLookahead, orderedWorkMemoryBudget / max(1, itemBytes)))
}

/// Runs jobs on a concurrent queue and hands their results back in the order they were
/// submitted, so a pipeline can use every core and still produce deterministic output.
/// Results are kept until taken; the caller bounds memory by how far ahead it submits.
public final class OrderedWork<Value>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let condition = NSCondition()
    private var done: [Int: Value] = [:]
    private var nextTicket = 0

    /// `label` names the queue in debuggers and crash reports.
    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    /// Starts `job` on a worker thread and returns its ticket; tickets count up from 0.
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Value) -> Int {
        let ticket = nextTicket
        nextTicket += 1
        queue.async { [self] in
            let value = job()
            condition.lock()
            done[ticket] = value
            condition.broadcast()
            condition.unlock()
        }
        return ticket
    }

    /// Removes and returns a job's result: waits for it when `waiting`, else returns `nil` if
    /// the job has not finished.
    public func take(_ ticket: Int, waiting: Bool = true) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = done.removeValue(forKey: ticket) { return value }
            if !waiting { return nil }
            condition.wait()
        }
    }
}
