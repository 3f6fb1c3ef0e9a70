import Foundation
import Testing

/// `popping-render inspect`: the view tree at one moment, as text and as JSON.
@Suite struct InspectCommandTests {
    static let toast = SceneCommandTests.examples.appendingPathComponent("toast.yaml").path

    @Test func theTextTreeReadsLikeRecursiveDescription() throws {
        let r = try popping(["inspect", Self.toast, "--frame", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("<UIView: window; frame = (0 0; 375 667)") == true, "\(lines.first ?? "")")
        #expect(lines.contains("   |    | <UILabel: heading; frame = (20 84; 300 32); bounds = (0 0; 300 32); alpha = 1; hidden = NO; transform = identity; lines = ['This week']>"),
                "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("   |    |    | <UILabel: toastText; frame = (70 695; 270 22)") }, "window points: \(r.stdout)")
    }

    @Test func jsonGivesEveryNodeItsFrameInWindowPointsMidAnimation() throws {
        // The toast springs up from y 680 after the tap at 0.6 s; at 1.5 s it is near 574.
        let r = try popping(["inspect", Self.toast, "--at", "1.5", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func find(_ node: [String: Any], _ id: String) -> [String: Any]? {
            if node["id"] as? String == id { return node }
            for sub in node["subviews"] as? [[String: Any]] ?? [] { if let hit = find(sub, id) { return hit } }
            return nil
        }
        for key in ["id", "kind", "frame", "bounds", "alpha", "hidden", "transform", "subviews"] {
            #expect(tree[key] != nil, "the root has \(key)")
        }
        let toast = try #require(find(tree, "toast"))
        #expect(toast["kind"] as? String == "view")
        let frame = try #require(toast["frame"] as? [Double])
        #expect(frame.count == 4 && frame[0] == 20 && frame[2] == 335 && frame[3] == 52)
        #expect(frame[1] > 560 && frame[1] < 590, "mid-spring: \(frame)")
        let text = try #require(find(tree, "toastText"))
        #expect((text["frame"] as? [Double])?[1] == frame[1] + 15, "subviews are in window points")
        #expect(text["lines"] as? [String] == ["Saved to your notes"])
    }

    @Test func aMomentOutsideTheAnimationIsOneLineAndStatus2() throws {
        let r = try popping(["inspect", Self.toast, "--frame", "100000"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: --frame 100000: the animation has frames 0.."))
        let both = try popping(["inspect", "owl", "--frame", "1", "--at", "1"])
        #expect(both.status == 2 && both.stderr.contains("either --at or --frame"))
    }

    @Test func aDemoCanBeInspectedToo() throws {
        let r = try popping(["inspect", "button", "--frame", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("<UIButton"))
    }
}
