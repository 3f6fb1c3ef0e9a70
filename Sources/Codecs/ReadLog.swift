import Foundation

/// The files a piece of work asked `ReadRoot` for, on one thread: what a scene, its images and
/// fonts read, so `popping-render studio` can watch exactly those files and serve no others.
final class ReadLog {
    private(set) var paths: Set<String> = []

    private static let key = "popping-render.ReadLog"

    /// The log recording on this thread, if any.
    static var current: ReadLog? { Thread.current.threadDictionary[key] as? ReadLog }

    func insert(_ path: String) { paths.insert(path) }

    /// Runs `body` with a fresh log recording on this thread (an outer log is put back after).
    static func recording<T>(_ body: () throws -> T) rethrows -> (value: T, paths: Set<String>) {
        let log = ReadLog(), outer = Thread.current.threadDictionary[key]
        Thread.current.threadDictionary[key] = log
        defer { Thread.current.threadDictionary[key] = outer }
        return (try body(), log.paths)
    }
}

extension ReadRoot {
    /// Runs `body` and returns its value with every file that references resolved on this thread
    /// named meanwhile (the real path of one that exists, the path as joined of one that does not,
    /// so creating it can be noticed), whether the root allowed it or not.
    public static func recordingReads<T>(_ body: () throws -> T) rethrows -> (value: T, paths: Set<String>) {
        try ReadLog.recording(body)
    }
}
