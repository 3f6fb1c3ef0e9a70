import Foundation
import Scene
import SceneFile
import Testing

/// YAML anchors, aliases and merge keys (`<<: *style`, `<<: [*a, *b]`) in scene files: styles
/// are reused, keys beside the merge win, and problems point at the text that has them.
@Suite struct MergeKeyTests {
    @Test func mergedKeysApplyAndKeysBesideTheMergeWin() throws {
        let run = try ScenePlaybackTests.start("""
            # Top-level x- keys are ignored: a place for styles to merge from.
            x-styles:
              - &card {cornerRadius: 12, backgroundColor: "#3498DB", alpha: 0.5}
              - &wide {frame: [0, 0, 300, 40], alpha: 0.9}
            views:
              - view: a
                <<: *card
                frame: [0, 0, 100, 40]
              - {view: b, <<: [*card, *wide], backgroundColor: red}
            animations:
              base: &fade {type: basic, view: a, property: opacity, toValue: 0, duration: 0.2}
              fadeA: {<<: *fade, view: a}
              fadeB: {<<: *fade, view: b, duration: 0.5}
            on:
              screen.load: [run: [fadeA, fadeB]]
            script:
              - waitUntilSettled: true
            """)
        let a = run.stage.window.view(named: "a")!, b = run.stage.window.view(named: "b")!
        #expect(a.cornerRadius == 12 && a.alpha == 0.5 && a.frame.width == 100)
        // The first listed mapping wins over the second; keys beside the merge win over both.
        #expect(b.cornerRadius == 12 && b.alpha == 0.5 && b.frame.width == 300 && b.backgroundColor?.red == 1)
        #expect(run.frameCount == 31)
    }

    @Test func problemsInMergedKeysPointAtWhereTheyAreWritten() {
        let found = SceneProblemTests.problems("""
            x: &base {cornerRadius: round, colour: red}
            views:
              - {view: a, <<: *base}
              - {view: c, <<: 12}
            """)
        #expect(found == [
            "t.yaml:1:1: unknown key 'x' (did you mean 'on'?)",
            "t.yaml:1:25: expected a number, found 'round'",
            "t.yaml:1:32: unknown key 'colour' (did you mean 'color'?)",
            "t.yaml:4:15: a merge key `<<` takes a mapping, usually an alias (`<<: *style`), or a list of them (`<<: [*a, *b]`)",
        ], "\(found)")
        // A bad merge key is left out and the rest is still checked, to the end.
        let rest = SceneProblemTests.problems("""
            x-style: &card {cornerRadius: 12}
            views:
              - {view: b, <<: [*card, 3], gradient: {colors: [red, blue], locations: [0.5, 0.2]}}
            animations:
              pulse: {type: basic, view: b, property: opacity, toValue: 0, repeatCount: -1}
            """)
        #expect(rest == [
            "t.yaml:3:15: a merge key `<<` takes a mapping, usually an alias (`<<: *style`), or a list of them (`<<: [*a, *b]`)",
            "t.yaml:3:80: gradient locations do not decrease, and 0.2 comes after 0.5",
            "t.yaml:5:77: repeatCount lies in 0.0…1000000.0",
        ], "\(rest)")
        // A problem of the merging mapping as a whole points at that mapping.
        let kindless = SceneProblemTests.problems("""
            x-style: &base {cornerRadius: 4}
            views:
              - {view: a, <<: *base}
              - {<<: *base, frame: [0, 0, 10, 10]}
            """)
        #expect(kindless == ["t.yaml:4:5: a view needs one kind key: view, label, button, textField, imageView, activityIndicator, statusBar, stackView, shape, scrollView, switch, slider, segmentedControl, progressView, pageControl, tabBar, tableView or visualEffectView"],
                "\(kindless)")
    }

    /// Nested aliases that would expand past a million values are refused, quickly.
    @Test func aliasesThatExpandBeyondTheLimitAreRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...7 { yaml += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let found = SceneProblemTests.problems(yaml)
        #expect(found.count == 1 && found[0].hasSuffix("the file's aliases expand to more than 1000000 values"), "\(found)")
    }
}
