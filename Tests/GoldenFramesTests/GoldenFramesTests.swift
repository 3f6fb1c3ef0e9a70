import Foundation
import Geometry
import GoldenFrames
import Testing

@Suite struct ToleranceTests {
    @Test(arguments: [
        ("8", Tolerance(maxChannelDifference: 8)),
        ("8,0.001", Tolerance(maxChannelDifference: 8, maxShare: 0.001)),
        ("2, 0.5%", Tolerance(maxChannelDifference: 2, maxShare: 0.005)),
    ])
    func readsLevelAndShare(text: String, tolerance: Tolerance) {
        #expect(Tolerance(text) == tolerance)
    }

    @Test(arguments: ["", "256", "-1", "8,2", "8,nan", "8,0.1,3", "x"])
    func rejectsMalformedTolerances(text: String) {
        #expect(Tolerance(text) == nil)
    }
}

@Suite struct ShardTests {
    @Test func everyFrameIsInExactlyOneShardInOrder() throws {
        let scenes = [Array(0..<7), [], Array(0..<100).filter { $0 % 2 == 0 }, [3]]
        for count in 1...6 {
            let parts = try (1...count).map { try #require(Shard("\($0)/\(count)")).frames(of: scenes) }
            for (i, scene) in scenes.enumerated() {
                #expect(parts.flatMap { $0[i] } == scene)
            }
            let sizes = parts.map { $0.reduce(0) { $0 + $1.count } }
            #expect(sizes.max()! - sizes.min()! <= 1)
        }
    }

    @Test(arguments: ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3"])
    func rejectsMalformedShards(text: String) {
        #expect(Shard(text) == nil)
    }
}

@Suite struct ManifestTests {
    @Test func encodesOneLinePerFrameAndReadsBack() throws {
        let manifest = GoldenManifest(
            scene: "owl", options: GoldenOptions(scale: 2, fps: 30, screen: Size(375, 667), snap: .round, touches: true),
            width: 750, height: 1334, frameCount: 60, sequence: "owl.apng",
            frames: [.init(index: 0, hash: String(repeating: "a", count: 32)), .init(index: 2, hash: String(repeating: "b", count: 32))])
        let text = try manifest.encoded()
        #expect(text.contains("\n  {\"index\":2,\"xxh3\":\"bbbb"))
        #expect(try JSONDecoder().decode(GoldenManifest.self, from: Data(text.utf8)) == manifest)
    }

    @Test func optionDifferencesNameBothValues() {
        let golden = GoldenOptions(scale: 2, fps: 60, screen: Size(375, 667), snap: .round, touches: true)
        var now = golden
        now.scale = 1
        now.touches = false
        #expect(now.differences(from: golden) == ["scale 2 (golden) vs 1", "touches true (golden) vs false"])
    }

    @Test func framesAreDescribedAsRunsOfTheCheckedFrames() {
        #expect(describeFrames([3, 4, 5, 9, 12]) == "3–5, 9, 12")
        #expect(describeFrames([0, 2, 4, 10], among: Array(stride(from: 0, to: 20, by: 2))) == "0–4, 10")
        #expect(describeFrames([1, 3, 5, 7], limit: 2) == "1, 3, …")
    }
}
