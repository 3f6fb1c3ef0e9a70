import Codecs
import Foundation
import PoppingRender

/// What a check does with the goldens.
public enum GoldenMode: Sendable, Equatable {
    /// Compare only; nothing is written.
    case check
    /// Record every scene's goldens.
    case update
    /// Record only the scenes whose frames, size or options changed (or that have no golden);
    /// the others' files are not touched.
    case updateChanged
}

/// Checks one scene's frames against its goldens as they are rendered (a `FrameSink`): each
/// frame's digest (`FrameDigest`: the golden's when checking, XXH3-128 when recording) is
/// compared with the manifest's, and only a frame whose hash differs is
/// compared pixel by pixel (with a tolerance, or for the report). Frames stream past; only the
/// few whose hashes are being computed (on every core, while later frames render) and the
/// report's small patches are kept. A frame identical to the one before (a scene at rest)
/// reuses its hash, and its comparison when the golden repeats too.
public final class SceneCheck: FrameSink {
    /// A differing frame kept whole for artifacts: the golden's pixels and the render's.
    public struct KeyFrame {
        /// The 60 Hz frame.
        public let index: Int
        /// The golden's frame; nil when the golden has no such frame.
        public let expected: Pixmap?
        public let actual: Pixmap
        /// Pixels that differ (the whole frame when there is no golden frame to compare).
        public let differingPixels: Int
    }


    public let scene: String
    public let store: GoldenStore
    public let golden: GoldenManifest?
    public let options: GoldenOptions
    public let mode: GoldenMode
    public let tolerance: Tolerance?
    private let frameCount: Int
    private let subset: Set<Int>?
    private let keepsMedia: Bool
    private let keyFrameLimit: Int
    private let goldenHashes: [Int: String]
    /// The digest frames are hashed with: the golden's when checking, the current one when recording.
    private let digest: FrameDigest
    /// Whether frames are compared with the golden's: there is one, hashed with `digest`.
    private let comparesWithGolden: Bool

    private var checkedFrames: [Int] = []
    private var hashes: [GoldenManifest.Frame] = []
    private var differences: [FrameDifference] = []
    private var tolerated = 0
    private var size: (width: Int, height: Int)?
    private var writer: (any FrameSequenceWriter)?
    private var actualStrip: FrameStripBuilder?
    private var expectedStrip: FrameStripBuilder?
    private let mediaByteLimit: Int
    /// How many checked frames have pictures, once the pictures reached `mediaByteLimit`.
    private var framesWithMedia: Int?
    /// Whether the previous frame matched its golden.
    private var lastMatched = false
    private var goldenReader: (any FrameSequenceReader)?
    private var goldenPosition = 0
    private var goldenFrame: (index: Int, pixmap: Pixmap)?

    /// Frames added but not yet compared, oldest first, each waiting for its hash from another
    /// core (no ticket: the same bytes as the frame before, whose hash it takes). At most
    /// `orderedWorkLookahead(itemBytes:)` frames wait, so memory stays bounded.
    private var pending: [(pixmap: Pixmap, frame: Int, ticket: Int?)] = []
    private let hashing = OrderedWork<String>(label: "popping-render.check-hash")
    /// The last added frame's pixels, and the last compared frame's hash.
    private var lastAdded: [UInt8]?
    private var lastHash: String?
    /// The last pixel comparison: the golden's hash, the render's and what they differ by.
    private var lastComparison: (expected: String, actual: String, difference: ImageDifference)?
    /// How many frames were hashed (frames identical to the one before are not).
    public private(set) var framesHashed = 0

    /// The result, once `finish()` has run.
    public private(set) var report: SceneReport?
    /// The pictures for the report page when the scene failed and media were asked for.
    public private(set) var media: SceneMedia?
    /// The differing frames that differ most (at most `keyFrames` of them), in frame order.
    public private(set) var keyFrames: [KeyFrame] = []

    /// A check of `scene`, an animation `frameCount` frames long rendered with `options`.
    /// `frames` limits it to part of its frames (a shard); `keepingMedia` keeps what the report
    /// page needs, pictures of the frames up to `mediaByteLimit` bytes; `keyFrames` keeps that many
    /// of the most differing frames whole. Throws a `RenderFailure` when the golden cannot be read
    /// or was recorded with other options (unless recording).
    public init(scene: String, frameCount: Int, options: GoldenOptions, store: GoldenStore, mode: GoldenMode = .check,
                tolerance: Tolerance? = nil, frames: [Int]? = nil, keepingMedia: Bool = false,
                mediaByteLimit: Int = SceneCheck.defaultMediaByteLimit, keyFrames: Int = 0) throws {
        self.scene = scene
        self.frameCount = frameCount
        self.options = options
        self.store = store
        self.mode = mode
        self.tolerance = tolerance
        subset = frames.map(Set.init)
        keepsMedia = keepingMedia
        self.mediaByteLimit = max(0, mediaByteLimit)
        keyFrameLimit = max(0, keyFrames)
        golden = try store.manifest(scene)
        if mode == .check, let golden {
            let differences = options.differences(from: golden.options)
            guard differences.isEmpty else {
                throw RenderFailure(store.manifestPath(scene), "recorded with other options: " + differences.joined(separator: ", ")
                                  + "; check with `\(golden.options.commandLine)`, or re-record with --update")
            }
        }
        goldenHashes = Dictionary(golden?.frames.map { ($0.index, $0.hash) } ?? [], uniquingKeysWith: { a, _ in a })
        digest = mode == .check ? golden?.digest ?? .current : .current
        // A golden hashed with another digest (an older layout, met only when recording) is
        // recorded again whatever the frames show: comparing them would only cost a decode and a
        // pixel comparison of every frame.
        comparesWithGolden = golden?.digest == digest
        if mode != .check {
            try store.refuseLinks(recording: scene)
            writer = try store.format.makeWriter(path: store.sequencePath(scene), fps: options.fps)
        }
        if keepingMedia { actualStrip = FrameStripBuilder() }
    }

    /// The most bytes of pictures (base64 PNGs, golden and render together) a report keeps of one
    /// scene: 32 MB. A long scene whose every frame fails (ten minutes is 36,000 frames) gets
    /// pictures of its first frames up to this size, and its report says how many were left out,
    /// instead of a report folder of gigabytes.
    public static let defaultMediaByteLimit = 32 << 20

    public func frames(from candidates: [Int]) -> [Int] {
        guard let subset else { return candidates }
        return candidates.filter(subset.contains)
    }

    /// Takes a frame: its hash is computed on another core while later frames render, and it
    /// is compared with the golden once the hash is ready, frames in order.
    public func add(_ pixmap: Pixmap, frame: Int) throws {
        var ticket: Int?
        if lastAdded.map({ !$0.hasSameBytes(as: pixmap.data) }) ?? true {
            let data = pixmap.data
            let digest = digest
            ticket = hashing.submit { digest.hex(data) }
            framesHashed += 1
        }
        lastAdded = pixmap.data
        pending.append((pixmap, frame, ticket))
        while pending.count > orderedWorkLookahead(itemBytes: pixmap.data.count) { try compareOldest() }
    }

    /// Compares the oldest waiting frame with its golden, taking its hash (waiting for it).
    private func compareOldest() throws {
        let (pixmap, frame, ticket) = pending.removeFirst()
        guard let hash = ticket.flatMap({ hashing.take($0) }) ?? lastHash else { return }
        lastHash = hash
        checkedFrames.append(frame)
        hashes.append(GoldenManifest.Frame(index: frame, hash: hash, digest: digest))
        if size == nil { size = (pixmap.width, pixmap.height) }
        try writer?.add(pixmap)
        if framesWithMedia == nil, let actualStrip,
           actualStrip.byteCount + (expectedStrip?.byteCount ?? 0) > mediaByteLimit {
            framesWithMedia = actualStrip.strip?.patches.count ?? 0
        }
        let keepsPictures = framesWithMedia == nil
        let expected = goldenHashes[frame]
        if comparesWithGolden, expected != hash {
            if expectedStrip == nil, keepsMedia, keepsPictures {
                // Every frame so far matched, so the golden's strip so far is the render's.
                expectedStrip = actualStrip ?? FrameStripBuilder()
            }
            let goldenPixmap = (expectedStrip != nil || tolerance != nil || keyFrameLimit > 0) ? try goldenPixmap(at: frame) : nil
            var difference: ImageDifference?
            if let expected, let goldenPixmap, goldenPixmap.width == pixmap.width, goldenPixmap.height == pixmap.height {
                if let last = lastComparison, last.expected == expected, last.actual == hash {
                    difference = last.difference
                } else {
                    difference = ImageDifference(expected: goldenPixmap, actual: pixmap)
                    lastComparison = difference.map { (expected, hash, $0) }
                }
            }
            if let tolerance, let difference, tolerance.accepts(difference, pixelCount: pixmap.width * pixmap.height) {
                tolerated += 1
            } else {
                differences.append(FrameDifference(index: frame, expected: expected, actual: hash, difference: difference))
                keep(KeyFrame(index: frame, expected: goldenPixmap, actual: pixmap,
                              differingPixels: difference?.differing ?? pixmap.width * pixmap.height))
            }
            if keepsPictures {
                try expectedStrip?.add(goldenPixmap ?? pixmap)
                try actualStrip?.add(pixmap)
            }
        } else if keepsPictures {
            let previousMatched = lastMatched
            try actualStrip?.add(pixmap)
            if expectedStrip != nil, let actualStrip {
                // The golden's frame is this one; after a matching frame its patch is the render's too.
                if previousMatched { expectedStrip?.repeatLast(of: actualStrip, frame: pixmap) } else {
                    try expectedStrip?.add(try goldenPixmap(at: frame) ?? pixmap)
                }
            }
        }
        lastMatched = comparesWithGolden && expected == hash
    }

    /// Keeps `frame` among the key frames if it differs more than the least differing kept one.
    private func keep(_ frame: KeyFrame) {
        guard keyFrameLimit > 0 else { return }
        if keyFrames.count == keyFrameLimit {
            guard let least = keyFrames.indices.min(by: { keyFrames[$0].differingPixels < keyFrames[$1].differingPixels }),
                  keyFrames[least].differingPixels < frame.differingPixels else { return }
            keyFrames.remove(at: least)
        }
        keyFrames.append(frame)
    }

    /// The golden's frame `index`, read in order from the sequence; nil when the golden has none.
    private func goldenPixmap(at index: Int) throws -> Pixmap? {
        guard let golden, goldenHashes[index] != nil else { return nil }
        if goldenReader == nil { goldenReader = try store.openSequence(of: golden) }
        while goldenFrame.map({ $0.index < index }) ?? true {
            guard goldenPosition < golden.frames.count, let next = try goldenReader?.next() else {
                throw RenderFailure("\(store.folder)/\(golden.sequence)", "has fewer frames than its manifest")
            }
            goldenFrame = (golden.frames[goldenPosition].index, next)
            goldenPosition += 1
        }
        return goldenFrame.map { $0.index == index ? $0.pixmap : nil } ?? nil
    }

    public func finish() throws {
        while !pending.isEmpty { try compareOldest() }
        var problems: [String] = []
        if let golden {
            if golden.frameCount != frameCount {
                problems.append("the animation is \(frameCount) frames long, the golden \(golden.frameCount)")
            }
            if let size, (size.width, size.height) != (golden.width, golden.height) {
                problems.append("frames are \(size.width)x\(size.height), the golden's \(golden.width)x\(golden.height)")
            }
        } else {
            problems.append("no golden at \(store.manifestPath(scene)); record it with --update-changed")
        }
        // A golden of an older layout is recorded again in the current one (its hashes cannot be
        // compared with the current digest's).
        let changed = !problems.isEmpty || !differences.isEmpty || tolerated > 0
            || golden.map { options.differences(from: $0.options).isEmpty == false || $0.digest != digest } == true
        let records = mode == .update || (mode == .updateChanged && changed)
        if records, let writer, let size {
            let manifest = GoldenManifest(
                scene: scene, options: options, width: size.width, height: size.height, frameCount: frameCount,
                sequence: URL(fileURLWithPath: store.sequencePath(scene)).lastPathComponent, frames: hashes)
            let text = try manifest.encoded()
            try writer.commit()
            try AtomicOutput.write(Array(text.utf8), to: store.manifestPath(scene))
        } else {
            writer?.abort()
        }
        writer = nil
        let failed = !records && (!problems.isEmpty || !differences.isEmpty)
        report = SceneReport(
            name: scene, status: records ? .recorded : failed ? .failed : .passed, options: options,
            golden: store.manifestPath(scene), checkedFrames: checkedFrames,
            differingFrames: records ? [] : differences, toleratedFrames: tolerated, problems: records ? [] : problems)
        if failed, let strip = actualStrip?.strip {
            let kept = framesWithMedia ?? checkedFrames.count
            media = SceneMedia(scene: scene, frames: Array(checkedFrames.prefix(kept)), expected: expectedStrip?.strip, actual: strip,
                               omittedFrames: framesWithMedia.map { checkedFrames.count - $0 })
        }
    }

    public func abort() {
        pending.removeAll()
        writer?.abort()
        writer = nil
    }
}
