import Foundation
import PoppingRender

/// How many of a `--variants` matrix's renders run at once: as many as fit in the memory the
/// system has available, less the offscreen layers' budget that every render shares
/// (`DemoPlayer.offscreenBudget`, one `OffscreenGate` for the process, counted once), each render
/// counted at the most it may hold besides (`bytesPerRender`), and no more than there are cores (a
/// render's simulation and encoding take one core each, so more at once only share them) or
/// variants; at least one. Every variant
/// writes its own file from its own stage, so the bytes are the same however many run together.
struct VariantSchedule {
    /// How many renders run at once.
    let concurrent: Int

    /// The most memory one render of frames of `framePixels` pixels may take besides the shared
    /// offscreen layers: the finished frames its pipeline holds (`DemoPlayer.heldFramesBudget`,
    /// eight frames at most), the frame being delivered and the encoder's previous one, and the
    /// encoder's look-ahead (`orderedWorkMemoryBudget`). However many cores rasterise its frames,
    /// their offscreen layers take bytes from the one process-wide budget (`sharedBytes`).
    static func bytesPerRender(framePixels: Int) -> Int {
        let frame = 4 * max(1, framePixels)
        let held = min(8 * frame, max(frame, DemoPlayer.heldFramesBudget))
        return held + 2 * frame + orderedWorkMemoryBudget
    }

    /// The memory every render shares, counted once: the offscreen layers' budget.
    static let sharedBytes = DemoPlayer.offscreenBudget

    /// The schedule for `count` variants whose frames are `framePixels` pixels, with
    /// `availableBytes` of memory to spend (nil when unknown: one at a time) and `cores` cores.
    init(count: Int, framePixels: Int, availableBytes: Int?,
         cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let fitting = availableBytes.map { max(0, $0 - Self.sharedBytes) / Self.bytesPerRender(framePixels: framePixels) } ?? 1
        concurrent = max(1, min(count, fitting, cores))
    }

    /// The memory the system can give without swapping: `MemAvailable` of /proc/meminfo, capped
    /// by the cgroup's memory limit less its usage when the process runs in a container with one;
    /// nil where neither can be read.
    static func availableBytes() -> Int? {
        guard let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        let system = kB * 1024
        guard let limit = readNumber("/sys/fs/cgroup/memory.max"), let used = readNumber("/sys/fs/cgroup/memory.current")
        else { return system }
        return max(0, min(system, limit - used))
    }

    /// A whole number alone in a file (`max`, an unlimited cgroup, is nil).
    private static func readNumber(_ path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Runs `body` for each index in `0..<count`, `concurrent` at a time, and rethrows the
    /// first failure in index order once all have finished (a failed variant does not stop the
    /// others, whose files are complete).
    func forEach(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        guard concurrent > 1 else {
            for i in 0..<count { try body(i) }
            return
        }
        let slots = DispatchSemaphore(value: concurrent)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "popping-render.variants", attributes: .concurrent)
        let failures = Failures(count: count)
        for i in 0..<count {
            slots.wait()
            queue.async(group: group) {
                defer { slots.signal() }
                do { try body(i) } catch { failures.set(i, error) }
            }
        }
        group.wait()
        if let first = failures.first { throw first }
    }

    /// The errors of the variants that failed, by index.
    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [Error?]
        init(count: Int) { errors = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ error: Error) { lock.withLock { errors[i] = error } }
        var first: Error? { lock.withLock { errors.compactMap { $0 }.first } }
    }
}
