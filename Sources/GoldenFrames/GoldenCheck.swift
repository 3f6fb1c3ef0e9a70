import Foundation
import PoppingRender

/// Renders `run` and checks its frames against the goldens of `scene` in `store` (or records them,
/// as `mode` says). `frames` limits the check to some of the frames `options` chooses (a shard).
/// Throws a `RenderFailure` when the check cannot be made (unreadable golden, other options, options
/// the animation cannot be rendered with): bad input, not a failed check. `keyFrames` keeps that many
/// of the most differing frames whole, for artifacts.
public func checkGoldens(of run: DemoRun, scene: String, options: RenderOptions, recordedAs goldenOptions: GoldenOptions,
                         in store: GoldenStore, mode: GoldenMode = .check, tolerance: Tolerance? = nil,
                         frames: [Int]? = nil, keepingMedia: Bool = false, keyFrames: Int = 0,
                         progress: ((_ done: Int, _ total: Int) -> Void)? = nil)
    throws -> (report: SceneReport, media: SceneMedia?, keyFrames: [SceneCheck.KeyFrame]) {
    let check = try SceneCheck(scene: scene, frameCount: run.frameCount, options: goldenOptions, store: store, mode: mode,
                               tolerance: tolerance, frames: frames, keepingMedia: keepingMedia, keyFrames: keyFrames)
    try render(run, into: check, options: options, progress: progress)
    guard let report = check.report else { throw RenderFailure(scene, "the check did not finish") }
    return (report, check.media, check.keyFrames.sorted { $0.index < $1.index })
}

/// Which shard of the work a check does: the `index`-th (1-based) of `count` parts.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Reads `I/N` with 1 <= I <= N; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        index = i
        count = n
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's part of each scene's frames: all frames of all scenes, in order, cut into
    /// `count` runs of nearly equal length, so a long scene is split by frame ranges (which
    /// render exactly as they do in a whole render) and every frame is in exactly one shard.
    public func frames(of scenes: [[Int]]) -> [[Int]] {
        let total = scenes.reduce(0) { $0 + $1.count }
        let start = total * (index - 1) / count, end = total * index / count
        var offset = 0
        return scenes.map { frames in
            defer { offset += frames.count }
            let lo = min(max(start - offset, 0), frames.count), hi = min(max(end - offset, 0), frames.count)
            return Array(frames[lo..<hi])
        }
    }
}
