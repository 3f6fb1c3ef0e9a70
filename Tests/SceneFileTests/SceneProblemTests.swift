import Foundation
import GoldenTesting
import SceneFile
import Testing

/// Problems in scene files are reported at their line and column, all of them at once.
@Suite struct SceneProblemTests {
    static func problems(_ yaml: String, folder: URL = DogfoodSceneTests.scenes) -> [String] {
        SceneFile.problems(in: Array(yaml.utf8), file: "t.yaml", folder: folder).map(\.description)
    }

    @Test func aYAMLSyntaxErrorNamesItsLineAndColumn() {
        let found = Self.problems("screen:\n  device: iphone-8\n views: [\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:3:") == true, "\(found)")
    }

    @Test func anUnknownKeyIsReportedAtTheKeyWithTheNearestName() {
        let found = Self.problems("screen:\n  devise: iphone-8\n")
        #expect(found == ["t.yaml:2:3: unknown key 'devise' (did you mean 'device'?)"])
    }

    /// Thousands of unknown keys merged into one view are each placed at the key under the
    /// anchor, and printed as the first hundred and a count of the rest.
    @Test func manyMergedUnknownKeysArePlacedEachAndListedUpToAHundred() {
        let keys = (0..<3000).map { "k\($0): 0" }.joined(separator: ", ")
        let yaml = "x-big: &big {\(keys)}\nviews:\n  - {view: box, frame: [0, 0, 10, 10], <<: *big}\n"
        let found = SceneFile.problems(in: Array(yaml.utf8), file: "t.yaml", folder: DogfoodSceneTests.scenes)
        #expect(found.count == 3000)
        #expect(found.first?.description == "t.yaml:1:14: unknown key 'k0'", "\(found.prefix(2))")
        #expect(found.last?.message == "unknown key 'k2999'")
        let printed = SceneProblems(problems: found).description.split(separator: "\n")
        #expect(printed.count == SceneProblems.listed + 1)
        #expect(printed.last == "t.yaml: 2900 more problems not shown")
    }

    @Test func aWrongTypeNamesWhatWasExpected() {
        let found = Self.problems("views:\n  - view: box\n    cornerRadius: round\n")
        #expect(found == ["t.yaml:3:19: expected a number, found 'round'"])
    }

    @Test func unknownIdsInHandlersAnimationsAndTheScriptAreEachReported() {
        let found = Self.problems("""
            views:
              - button: ok
            animations:
              pop: {type: spring, view: okk, property: scaleXY, toValue: 1}
            on:
              ok.touchUpInside: [run: popp]
              cancel.touchDown: [run: pop]
            script:
              - tap: nothere
            """)
        #expect(found == [
            "t.yaml:4:29: unknown view 'okk'",
            "t.yaml:6:27: unknown animation 'popp'",
            "t.yaml:7:3: unknown view or animation 'cancel'",
            "t.yaml:9:10: unknown view 'nothere'",
        ])
    }

    @Test func aKeyThatItsViewKindDoesNotReadIsAnErrorNamingTheKindsThatDo() {
        let found = Self.problems("""
            views:
              - view: box
                text: Hello
                subviews:
                  - {button: ok, title: OK, textAlignment: center}
            """)
        #expect(found == [
            "t.yaml:3:5: 'text' does nothing on a view; label, textField take it",
            "t.yaml:5:33: 'textAlignment' does nothing on a button; label takes it",
        ])
    }

    @Test func aVisualFormatErrorPointsAtTheFormat() throws {
        let found = Self.problems("views:\n  - view: a\nconstraints:\n  - \"H:|-[a]-[b]-|\"\n")
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first.hasPrefix("t.yaml:4:5: "), "\(first)")
        #expect(first.contains("b"), "\(first)")
    }

    @Test func aMissingImageAndABadColourAndFontAreReported() {
        let found = Self.problems("""
            views:
              - {imageView: pic, image: nowhere.svg, frame: [0, 0, 10, 10]}
              - {label: l, text: hi, textColor: "#12", font: Comic-Sans 12}
            """)
        #expect(found.count == 3, "\(found)")
        #expect(found[0].hasPrefix("t.yaml:2:29: missing image"))
        #expect(found[1].hasPrefix("t.yaml:3:37: unknown colour") || found[1].hasPrefix("t.yaml:3:37: '#12'"), "\(found[1])")
        #expect(found[2].hasPrefix("t.yaml:3:50: unknown font 'Comic-Sans'"))
    }

    @Test func badGradientValuesAreReportedAtTheirKey() {
        let found = Self.problems("""
            views:
              - view: a
                gradient: {colors: ["#FF0000", "#0000FF"], locations: [0.5, 0.25]}
              - view: b
                gradient: {colors: ["#FF0000"]}
              - view: c
                gradient: {colors: [red, blue], startPoint: [0.5, 0.5], endPoint: [1, 0.5], type: radial}
            """)
        #expect(found == [
            "t.yaml:3:65: gradient locations do not decrease, and 0.25 comes after 0.5",
            "t.yaml:5:24: a gradient needs two or more colors",
            "t.yaml:7:71: a radial gradient's endPoint differs from its startPoint in both x and y (they span the ellipse)",
        ], "\(found)")
        #expect(Self.problems("views:\n  - view: d\n    gradient: {colors: [red, blue], type: conic}\n")
                == ["t.yaml:3:43: unknown value 'conic' (expected axial, radial)"])
        // CAGradientLayer takes locations beyond 0…1 (stops past the ends), within reason.
        #expect(Self.problems("views:\n  - view: e\n    gradient: {colors: [red, blue], locations: [-1, 2]}\n").isEmpty)
        #expect(Self.problems("views:\n  - view: e\n    gradient: {colors: [red, blue], locations: [-1, 200]}\n")
                == ["t.yaml:3:48: gradient locations lie within ±100 (0 is startPoint, 1 is endPoint)"])
    }

    /// Animations and changes of a view's gradient are checked against it: as many colours and
    /// locations as it has colours (arrays of other lengths do not interpolate), locations not
    /// decreasing (beyond 0…1 is fine: the shimmer sweeps from [-1, -0.5, 0]), colours that read, a gradient to animate, known key paths.
    @Test func gradientAnimationsAreCheckedAgainstTheViewsGradient() {
        let found = Self.problems("""
            views:
              - view: card
                gradient: {colors: [red, white, blue]}
              - view: plain
            animations:
              a: {type: basic, view: card, property: gradient.locations, toValue: [0, 1]}
              b: {type: basic, view: card, property: gradient.locations, fromValue: [-1, -0.5, 0], toValue: [0, 0.5, 1]}
              c: {type: spring, view: card, property: gradient.colors, toValue: [red, blue]}
              d: {type: basic, view: card, property: gradient.colors, toValue: [red, "#12", blue]}
              e: {type: basic, view: plain, property: gradient.startPoint, toValue: [0, 0]}
              f: {type: basic, view: card, property: gradient.endpoint, toValue: [0, 0]}
              g: {type: basic, view: card, property: locations, toValue: [0, 0.5, 1]}
              h: {type: spring, view: card, property: gradient.colors, toValue: [red, white, blue], velocity: 2}
              i: {type: basic, view: card, property: gradient.locations, toValue: [0, red, 1]}
              j: {type: basic, view: [card, nope, plain], property: gradient.startPoint, toValue: [0, 0]}
            on:
              screen.load:
                - set: {card: {gradient: {colors: [red, blue], locations: [0, 0.7, 0.5]}}}
            """)
        #expect(found == [
            "t.yaml:6:71: expected 3 locations, one per colour of the gradient, found 2",
            "t.yaml:8:69: expected 3 colours, as many as the gradient has, found 2",
            "t.yaml:9:74: '#12' is not a #RRGGBB or #RRGGBBAA colour",
            "t.yaml:10:26: 'plain' has no gradient to animate or change; give it a `gradient:` in views",
            "t.yaml:11:42: unknown property 'gradient.endpoint' (did you mean 'gradient.endPoint'?)",
            "t.yaml:12:42: unknown property 'locations' (did you mean 'gradient.locations'?)",
            "t.yaml:13:99: gradient.colors takes no velocity; animate colours with a spring or basic animation",
            "t.yaml:14:71: gradient.locations takes a list of 3 numbers, one per colour of the gradient",
            "t.yaml:15:33: unknown view 'nope'",
            "t.yaml:15:39: 'plain' has no gradient to animate or change; give it a `gradient:` in views",
            "t.yaml:18:39: expected 3 colours, as many as the gradient has, found 2",
            "t.yaml:18:72: gradient locations do not decrease, and 0.5 comes after 0.7",
        ], "\(found)")
    }

    @Test func aWrongValueForSeveralViewsIsReportedOnce() {
        let found = Self.problems("""
            views:
              - {view: a, gradient: {colors: [gray, white, gray]}}
              - {view: b, gradient: {colors: [gray, white, gray]}}
            animations:
              sweep: {type: basic, view: [a, b], property: gradient.colors, toValue: [gray, white]}
            """)
        #expect(found == ["t.yaml:5:74: expected 3 colours, as many as the gradient has, found 2"])
    }

    @Test func eachActionAndStepTakesOneVerb() {
        let found = Self.problems("""
            views:
              - button: b
            on:
              b.tap: [{startAnimating: b, endEditing: true}]
            script:
              - {wait: 1, tap: b}
              - {}
            """)
        #expect(found.contains("t.yaml:4:11: one verb per action, found endEditing and startAnimating")
            || found.contains("t.yaml:4:11: one verb per action, found startAnimating and endEditing"), "\(found)")
        #expect(found.contains("t.yaml:6:5: one step per list item, found wait and tap"), "\(found)")
        #expect(found.contains("t.yaml:7:5: a step needs one of wait, tap, press, release, type, delete, focus, rotate, seed, waitUntilSettled, scroll, drag"), "\(found)")
    }

    @Test func valuesThatWouldTrapAreProblemsInstead() {
        let found = Self.problems("""
            views:
              - view: v
            animations:
              a: {type: spring, view: v, property: position, toValue: [1, 2, 3], dynamicsMass: 0}
              b: {type: decay, view: v, property: positionX, deceleration: 1.5}
              c: {type: basic, view: v, property: opacity, duration: -1}
            script:
              - wait: -2
            """)
        #expect(found.count == 6, "\(found)")
    }

    @Test func aJSONSceneReadsAsItsYAML() throws {
        let json = #"{"views": [{"button": "b", "frame": [10, 10, 100, 40], "title": "Hi"}], "script": [{"tap": "b"}, {"wait": 0.5}]}"#
        #expect(Self.problems(json).isEmpty)
        #expect(Self.problems(#"{"views": [{"button": "b", "alpha": "half", "frmae": [1, 2, 3, 4]}]}"#)
            == ["t.yaml:1:37: expected a number, found 'half'", "t.yaml:1:45: unknown key 'frmae' (did you mean 'frame'?)"])
    }

    @Test func theStarterSceneValidatesAsItIs() {
        #expect(Self.problems(StarterScene.text(name: "starter", schema: "x.json")).isEmpty)
    }

    @Test func theCommittedSchemaIsTheOneTheTypesRecord() throws {
        let path = DogfoodSceneTests.scenes.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schemas/scene.schema.json").path
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(committed == SceneFile.schema.jsonText(id: SceneFile.schemaID),
                "Schemas/scene.schema.json is stale: run `make schema`")
    }

    @Test func deeplyNestedInputIsRefusedBeforeParsing() {
        // The place is the first bracket past the limit, as the YAML parser sees it.
        let flow = "views: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(Self.problems(flow) == ["t.yaml:1:207: nested more than 200 levels deep"])
        // Aliases count as deep as the nodes they repeat.
        let aliases = "a0: &a0 " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n"
            + (1...20).map { "a\($0): &a\($0) [[[[[*a\($0 - 1)]]]]]" }.joined(separator: "\n")
        #expect(Self.problems(aliases).first?.hasSuffix("nested more than 200 levels deep") == true)
        let block = "views:\n" + (0..<450).map { String(repeating: " ", count: $0) + "-\n" }.joined()
        #expect(Self.problems(block).first?.hasSuffix("nested more than 200 levels deep") == true)
        #expect(Self.problems("views: [[[[[1]]]]]\n").first?.contains("nested") == false)
    }

    /// Mutated example scenes (bytes flipped, cut, duplicated) never trap; problems carry places.
    @Test func mutatedScenesAreReportedNeverTrap() throws {
        var random = SeededGenerator(seed: 12)
        for file in ["button.yaml", "owl.yaml", "constraints.yaml", "shimmer.yaml"] {
            let bytes = [UInt8](try Data(contentsOf: DogfoodSceneTests.scenes.appendingPathComponent(file)))
            for _ in 0..<40 {
                var b = bytes
                for _ in 0..<(1 + random.below(4)) {
                    let i = random.below(b.count)
                    switch random.below(3) {
                    case 0: b[i] = UInt8(truncatingIfNeeded: random.next())
                    case 1: b.removeSubrange(i..<min(b.count, i + random.below(40)))
                    default: b.insert(contentsOf: b[i..<min(b.count, i + 20)], at: random.below(b.count))
                    }
                    if b.isEmpty { b = [0x20] }
                }
                for problem in SceneFile.problems(in: b, file: file, folder: DogfoodSceneTests.scenes) {
                    #expect(problem.line >= 1 && problem.column >= 1)
                }
            }
        }
    }
}
