import Codecs
import Foundation
@testable import GoldenFrames
import Raster
import Testing

@Suite struct ReportFrameStripTests {
    /// A 24×16 frame of opaque pixels that do not repeat (so a PNG of them stays large), with
    /// `changes` (x, y, premultiplied RGBA) drawn over it.
    private static func frame(_ changes: [(Int, Int, [UInt8])] = []) -> Pixmap {
        var data = (0..<24 * 16).flatMap { i -> [UInt8] in
            let v = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 13)
            return [v, v &* 3, v &+ 91, 255]
        }
        for (x, y, rgba) in changes { data.replaceSubrange((y * 24 + x) * 4..<(y * 24 + x) * 4 + 4, with: rgba) }
        return Pixmap(width: 24, height: 16, premultiplied: data)
    }

    /// The page's way of showing frame k: each patch is drawn in order, over the picture when
    /// `over` (its transparent pixels leave the picture as it was), else replacing its rectangle.
    private static func replay(_ strip: FrameStrip) throws -> [Pixmap] {
        var canvas = Pixmap(width: strip.width, height: strip.height)
        var shown: [Pixmap] = []
        for patch in strip.patches {
            if let patch {
                let image = try PNG.decode([UInt8](try #require(Data(base64Encoded: patch.png))))
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let from = (y * image.width + x) * 4, to = ((patch.y + y) * strip.width + patch.x + x) * 4
                        guard patch.over != true || image.data[from + 3] != 0 else { continue }
                        canvas.data.replaceSubrange(to..<to + 4, with: image.data[from..<from + 4])
                    }
                }
            }
            shown.append(canvas)
        }
        return shown
    }

    /// A strip rebuilds every frame: the first whole, an unchanged frame as no patch, two opaque
    /// pixels far apart as a patch drawn over the picture (its 18 × 12 box is mostly unchanged
    /// pixels of noise), and a change with a translucent pixel as a patch that replaces its box.
    @Test func aStripsPatchesRebuildEveryFrameDrawnOverOrReplacing() throws {
        let frames = [
            Self.frame(),
            Self.frame(),
            Self.frame([(3, 2, [255, 0, 0, 255]), (20, 13, [0, 0, 255, 255])]),
            Self.frame([(3, 2, [255, 0, 0, 255]), (20, 13, [0, 0, 255, 255]), (9, 9, [40, 0, 0, 128])]),
        ]
        var builder = FrameStripBuilder()
        for frame in frames { try builder.add(frame) }
        let strip = try #require(builder.strip)
        #expect(strip.patches.count == 4)
        #expect(strip.patches[1] == nil)
        #expect(strip.patches[2]?.over == true)
        #expect(strip.patches[2].map { [$0.x, $0.y] } == [3, 2])
        #expect(strip.patches[3]?.over == nil)
        #expect(strip.patches[3].map { [$0.x, $0.y] } == [9, 9])
        let shown = try Self.replay(strip)
        #expect(shown.map(\.data.hashValue) == frames.map(\.data.hashValue))
        #expect(builder.byteCount == strip.patches.reduce(0) { $0 + ($1?.png.utf8.count ?? 0) })
    }

    /// Only one PNG is made for a patch: drawn over the picture when fewer than half of its box's
    /// pixels changed (all of them opaque), replacing the box when half or more did.
    @Test func anOpaqueChangeOfHalfItsBoxOrMoreReplacesIt() throws {
        let red: [UInt8] = [255, 0, 0, 255]
        let frames = [Self.frame(), Self.frame([(3, 2, red), (4, 2, red), (3, 3, red)]), Self.frame([(3, 2, red), (4, 3, red)])]
        var builder = FrameStripBuilder()
        for frame in frames { try builder.add(frame) }
        let strip = try #require(builder.strip)
        // Three pixels of a 2 × 2 box change each time.
        #expect(strip.patches[1]?.over == nil)
        #expect(strip.patches[2]?.over == nil)
        let shown = try Self.replay(strip)
        #expect(shown.map(\.data.hashValue) == frames.map(\.data.hashValue))
    }

    /// A patch's box holds every changed pixel, however the rows' changes lie: a later row
    /// reaching further left, an earlier one further right, one changed only inside the box.
    @Test func aPatchsBoxIsTheUnionOfEveryRowsChanges() throws {
        let red: [UInt8] = [255, 0, 0, 255]
        var builder = FrameStripBuilder()
        try builder.add(Self.frame())
        try builder.add(Self.frame([(10, 1, red), (17, 3, red), (12, 5, red), (4, 8, red), (22, 8, red), (6, 11, red)]))
        let strip = try #require(builder.strip)
        let patch = try #require(strip.patches[1])
        let png = try #require(Data(base64Encoded: patch.png))
        let image = try PNG.decode([UInt8](png))
        #expect([patch.x, patch.y, image.width, image.height] as [Int] == [4, 1, 19, 11])
    }

    /// Media encoded one by one and joined are the bytes `JSONEncoder` writes for the whole list,
    /// so the page and the media files share one encoding.
    @Test func encodedMediaJoinAsTheListsOwnJSON() throws {
        var strip = FrameStripBuilder()
        try strip.add(Self.frame())
        let media = [SceneMedia(scene: "a", frames: [0], expected: nil, actual: try #require(strip.strip)),
                     SceneMedia(scene: "b</script>", frames: [3], expected: strip.strip, actual: try #require(strip.strip), omittedFrames: 2)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(ReportPage.jsonArray(try media.map { try encoder.encode($0) }) == (try encoder.encode(media)))
        #expect(ReportPage.jsonArray([]) == (try encoder.encode([SceneMedia]())))
    }
}
