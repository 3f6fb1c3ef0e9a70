@testable import SceneFile
import Testing
import Yams

@Suite struct HostileInputSceneTests {
    /// The index suggests what a scan of every name suggests, for misspellings by one and two
    /// edits, other cases, names too far from any and names far longer than any.
    @Test func theNameIndexSuggestsWhatAScanOfEveryNameDoes() {
        let names = ["backgroundColor", "cornerRadius", "frame", "alpha", "tag", "view", "label", "text", "textColor", "tint", "x", "ab"]
        let misspelt = ["backgroundcolour", "BackgroundColr", "cornerRadus", "fram", "frmae", "alhpa", "tga", "vew", "lable",
                        "txt", "textColour", "tnit", "y", "", "b", "abc", "zzzzzz", "qqq", String(repeating: "x", count: 5000)]
        let index = NameIndex(names)
        for name in misspelt {
            #expect(index.nearest(name) == SceneChecker.nearest(name, in: names), "\(name.prefix(20))")
        }
        #expect(index.nearest("frmae") == "frame")
        #expect(index.nearest("vew") == "view")
    }

    /// 35,000 unknown keys merged into a view are each looked up in an index of the view's keys
    /// made once: they are measured against a handful of names in all, where a scan of the
    /// view's keys measured each of them against every key of about its length.
    @Test func manyUnknownKeysMergedIntoAViewAreMeasuredAgainstFewNames() throws {
        let keys = (0..<35_000).map { "k\($0): 0" }.joined(separator: ", ")
        let yaml = "x-big: &big {\(keys)}\nviews:\n  - {view: box, frame: [0, 0, 10, 10], <<: *big, colr: red}\n"
        let composed = try #require(try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge)))
        guard case let .success((node, problems)) = MergeKeys.resolve(composed) else { Issue.record("not resolved"); return }
        #expect(problems.isEmpty)
        let log = ProblemLog(file: "t.yaml", locator: NodeLocator(root: node))
        let checker = SceneChecker(schema: SceneFile.schema, log: log)
        checker.check(node, against: SceneFile.schema.root, path: [])
        #expect(log.problems.count == 35_001)
        #expect(log.problems.contains { $0.message == "unknown key 'colr' (did you mean 'color'?)" })
        #expect(checker.definitions.comparisons < 1_000, "\(checker.definitions.comparisons)")
    }

    /// Merged keys are told apart as YAML tells them, by text and resolved tag, though plain keys
    /// are compared by their text alone: under the scene's resolver a plain `1` is a string, the
    /// same key as `!!str 1` beside the merge (which wins over it), while `!!int 1` is another key;
    /// the first listed mapping's `x` wins over the second's, and `y` beside the merge over both.
    @Test func mergedKeysAreToldApartByTextAndResolvedTag() throws {
        let yaml = "a: &a {1: a1, x: ax}\nb: &b {x: bx, !!int 1: b1, y: by}\nm: {<<: [*a, *b], !!str 1: m1, y: my}\n"
        let composed = try #require(try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge)))
        guard case let .success((node, problems)) = MergeKeys.resolve(composed) else { Issue.record("not resolved"); return }
        #expect(problems.isEmpty)
        let merged = try #require(node.mapping?["m"]?.mapping)
        #expect(merged.map { "\($0.key.string ?? "?")=\($0.value.string ?? "?")" } == ["x=ax", "1=b1", "1=m1", "y=my"])
        // Each key's resolved tag (`Node.tag` resolves it).
        #expect(merged.map { $0.key.tag.description } == ["str", "int", "str", "str"].map { "tag:yaml.org,2002:\($0)" })
    }

    /// A merge key is a plain `<<` or a key tagged `!!merge`, told without running the resolver's
    /// rule on every key; a quoted `'<<'` or `"<<"` is a key like any other, and unknown.
    @Test func onlyAPlainOrTaggedMergeKeyMerges() {
        let found = SceneProblemTests.problems("""
            x-a: &a {cornerRadius: 3}
            views:
              - {view: a, <<: *a}
              - {view: b, !!merge m: *a}
              - {view: c, '<<': *a}
              - {view: d, "<<": *a, <<: *a}
            """)
        #expect(found == ["t.yaml:5:15: unknown key '<<'", "t.yaml:6:15: unknown key '<<'"])
    }
}
