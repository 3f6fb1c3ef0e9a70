import Foundation

/// What a check found, scene by scene: what `report.json` holds and the report page shows.
public struct CheckReport: Codable, Equatable, Sendable {
    /// The layout version of `report.json`.
    public var version = 1
    /// The shards (`1/2`) this report covers; empty when the work was not split.
    public var shards: [String]
    public var scenes: [SceneReport]

    public init(shards: [String] = [], scenes: [SceneReport]) {
        self.shards = shards
        self.scenes = scenes
    }

    /// True when no scene failed.
    public var passed: Bool { !scenes.contains { $0.status == .failed } }
}

/// One scene's result.
public struct SceneReport: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Every checked frame matches its golden.
        case passed
        /// A frame differs, or the golden is missing or has another length or size.
        case failed
        /// The goldens were written (`--update`, or `--update-changed` with changes).
        case recorded
    }

    /// The demo's or scene file's name, which names its goldens (with a variant's suffix).
    public var name: String
    /// The scene this is one variant of, when a check was given `--variants`; the report shows a
    /// scene's variants side by side and JUnit names the scene as the case's class.
    public var variantOf: String?
    public var status: Status
    /// The options it was rendered and checked with.
    public var options: GoldenOptions
    /// The manifest's path.
    public var golden: String
    /// The 60 Hz frames checked, in order.
    public var checkedFrames: [Int]
    /// Frames that differ beyond the tolerance, in order.
    public var differingFrames: [FrameDifference]
    /// Frames that differ within the tolerance.
    public var toleratedFrames: Int
    /// Problems with the scene as a whole (no golden, another length or size).
    public var problems: [String]

    public init(name: String, status: Status, options: GoldenOptions, golden: String, checkedFrames: [Int],
                differingFrames: [FrameDifference], toleratedFrames: Int, problems: [String]) {
        self.name = name
        self.status = status
        self.options = options
        self.golden = golden
        self.checkedFrames = checkedFrames
        self.differingFrames = differingFrames
        self.toleratedFrames = toleratedFrames
        self.problems = problems
    }

    /// How many frames were checked.
    public var checkedCount: Int { checkedFrames.count }

    /// One line for the terminal and JUnit: `owl: frames 12–18, 40 differ (7 of 480)`.
    public var summary: String {
        var parts: [String] = []
        parts.append(contentsOf: problems)
        if !differingFrames.isEmpty {
            let frames = describeFrames(differingFrames.map(\.index), among: checkedFrames, limit: 8)
            parts.append("\(differingFrames.count == 1 ? "frame" : "frames") \(frames) "
                         + "\(differingFrames.count == 1 ? "differs" : "differ") (\(differingFrames.count) of \(checkedCount))")
        }
        switch status {
        case .passed:
            let tolerated = toleratedFrames > 0 ? ", \(toleratedFrames) within the tolerance" : ""
            return "\(name): \(checkedCount) frames match\(tolerated)"
        case .recorded: return "\(name): recorded \(checkedCount) frames"
        case .failed: return "\(name): FAILED: " + parts.joined(separator: "; ")
        }
    }
}

/// A frame that differs from its golden.
public struct FrameDifference: Codable, Equatable, Sendable {
    /// The 60 Hz frame index.
    public var index: Int
    /// The golden's hash (its manifest's `FrameDigest`); nil when the golden has no such frame.
    public var expected: String?
    /// The rendered frame's hash, by the same digest.
    public var actual: String
    /// Pixels that differ at all, the largest channel difference, and the box `[x0, y0, x1, y1]`
    /// (inclusive) holding them, when the golden frame was decoded and has the same size.
    public var differingPixels: Int?
    public var maxDifference: Int?
    public var box: [Int]?

    public init(index: Int, expected: String?, actual: String, difference: ImageDifference? = nil) {
        self.index = index
        self.expected = expected
        self.actual = actual
        differingPixels = difference?.differing
        maxDifference = difference?.maxDelta
        box = difference?.box.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
    }
}

/// A sorted list of frames as short ranges: `12–18, 40, 52–60` (at most `limit` ranges, then `…`).
/// A range is a run of frames that follow each other in `checked` (every frame when nil).
public func describeFrames(_ frames: [Int], among checked: [Int]? = nil, limit: Int = .max) -> String {
    let ranges = contiguousRanges(frames, among: checked)
    var text = ranges.prefix(limit).map { $0[0] == $0[1] ? "\($0[0])" : "\($0[0])–\($0[1])" }.joined(separator: ", ")
    if ranges.count > limit { text += ", …" }
    return text
}

/// Sorted frames grouped into inclusive `[first, last]` runs of frames that follow each other in
/// `checked` (in the integers when nil).
public func contiguousRanges(_ frames: [Int], among checked: [Int]? = nil) -> [[Int]] {
    let position = checked.map { Dictionary($0.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
    func follows(_ frame: Int, _ previous: Int) -> Bool {
        guard let position else { return frame == previous + 1 }
        guard let a = position[previous], let b = position[frame] else { return false }
        return b == a + 1
    }
    var ranges: [[Int]] = []
    for frame in frames {
        if let last = ranges.last, follows(frame, last[1]) {
            ranges[ranges.count - 1][1] = frame
        } else {
            ranges.append([frame, frame])
        }
    }
    return ranges
}

/// The pictures of a failing scene's frames, for the report page: the frames checked (one
/// segment of them per shard) as the golden and the render show them.
public struct SceneMedia: Codable, Equatable, Sendable {
    public var scene: String
    /// The 60 Hz frames, in order.
    public var frames: [Int]
    /// The golden's frames; nil when there is no golden.
    public var expected: FrameStrip?
    public var actual: FrameStrip
    /// The checked frames after `frames` that have no pictures because the scene's pictures
    /// reached `SceneCheck.mediaByteLimit`; nil when every checked frame has them.
    public var omittedFrames: Int?

    public init(scene: String, frames: [Int], expected: FrameStrip?, actual: FrameStrip, omittedFrames: Int? = nil) {
        self.scene = scene
        self.frames = frames
        self.expected = expected
        self.actual = actual
        self.omittedFrames = omittedFrames
    }
}
