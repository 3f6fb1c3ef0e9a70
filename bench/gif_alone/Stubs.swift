// Stand-ins for what the GIF encoder uses from outside its files (Raster's Pixmap, Geometry's
// Rect, Codecs' AtomicOutput and OrderedWork), so Sources/Codecs/GIF*.swift build on their own
// with swiftc -O; work runs serially where it is submitted. See run.sh.
import Foundation

public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var data: [UInt8]
}

public struct Rect {
    var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
}

public func orderedWorkLookahead(itemBytes: Int) -> Int { 4 }

public final class OrderedWork<Value>: @unchecked Sendable {
    private var results: [Int: Value] = [:]
    private var submitted = 0
    public init(label: String) {}
    public func submit(_ job: @escaping @Sendable () -> Value) -> Int {
        results[submitted] = job()
        submitted += 1
        return submitted - 1
    }
    public func take(_ ticket: Int, waiting: Bool = true) -> Value? { results.removeValue(forKey: ticket) }
}

public final class AtomicOutput {
    private var bytes: [UInt8] = []
    private let path: String
    init(path: String) throws { self.path = path }
    func write(_ b: [UInt8]) throws { bytes += b }
    func abort() {}
    func commit() throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
}
