import Foundation
import GoldenTesting
import Testing

/// `--variants` on render and check: one scene file, every combination, no copies.
@Suite struct VariantCommandTests {
    static let scene = """
        screen: {size: 200x120, statusBar: {hidden: true}}
        views:
          - {label: title, text: Hello, font: body, textColor: label}
          - {view: chip, backgroundColor: systemBlue}
        constraints:
          - "H:|-10-[title]"
          - "H:|-10-[chip(20)]"
          - "V:|-10-[title]-[chip(20)]"
        script:
          - wait: 0.1
        """
    static let matrix = "appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl"
    static let names = ["hello", "hello-rtl", "hello-accessibilityExtraLarge", "hello-rtl-accessibilityExtraLarge",
                        "hello-dark", "hello-dark-rtl", "hello-dark-accessibilityExtraLarge", "hello-dark-rtl-accessibilityExtraLarge"]

    func sceneFile() throws -> String {
        let path = try scratchFolder("variants") + "/hello.yaml"
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func renderWritesEveryCombinationUnderItsName() throws {
        let scene = try sceneFile()
        let folder = (scene as NSString).deletingLastPathComponent
        let r = try popping(["render", scene, "--variants", Self.matrix, "--scale", "1", "--out", folder + "/hello.png", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name).png"), "\(name)")
        }
        let light = try Data(contentsOf: URL(fileURLWithPath: folder + "/hello.png"))
        let dark = try Data(contentsOf: URL(fileURLWithPath: folder + "/hello-dark.png"))
        #expect(light != dark)
    }

    @Test func variantsRenderedTogetherHaveTheBytesOfEachRenderedAlone() throws {
        let scene = try sceneFile()
        let folder = (scene as NSString).deletingLastPathComponent + "/together"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let matrix = "appearance=light,dark; layout-direction=ltr,rtl"
        let r = try popping(["render", scene, "--variants", matrix, "--scale", "1", "--out", folder + "/hello.gif", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        for (name, traits) in [("hello", [String]()), ("hello-rtl", ["--layout-direction", "rtl"]),
                               ("hello-dark", ["--appearance", "dark"]),
                               ("hello-dark-rtl", ["--appearance", "dark", "--layout-direction", "rtl"])] {
            let alone = folder + "/alone-\(name).gif"
            let single = try popping(["render", scene, "--scale", "1", "--out", alone, "--quiet"] + traits)
            #expect(single.status == 0, "\(single.stderr)")
            let together = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).gif"))
            #expect(together == (try Data(contentsOf: URL(fileURLWithPath: alone))), "\(name)")
        }
    }

    @Test func checkRecordsAndChecksEveryCombinationWithOneJUnitCasePerVariant() throws {
        let scene = try sceneFile()
        let folder = (scene as NSString).deletingLastPathComponent
        let goldens = folder + "/goldens"
        let recorded = try popping(["check", scene, "--goldens", goldens, "--update", "--variants", Self.matrix, "--scale", "1", "--quiet"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        for name in Self.names { #expect(FileManager.default.fileExists(atPath: "\(goldens)/\(name).json"), "\(name)") }
        let junit = folder + "/junit.xml"
        let checked = try popping(["check", scene, "--goldens", goldens, "--variants", Self.matrix, "--scale", "1", "--quiet",
                                   "--junit", junit])
        #expect(checked.status == 0, "\(checked.stderr)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase classname=\"goldens.hello\"").count == 9)
        // The plain check is the default variant, still valid against its golden.
        #expect(try popping(["check", scene, "--goldens", goldens, "--scale", "1", "--quiet"]).status == 0)
        // A golden checked in another look is refused, naming the option.
        let dark = try popping(["check", scene, "--goldens", goldens, "--scale", "1", "--quiet", "--appearance", "dark"])
        #expect(dark.status == 2)
        #expect(dark.stderr.contains("appearance light (golden) vs dark"))
    }

    @Test(arguments: [
        (["--variants", "mood=happy"], "popping-render: --variants mood=happy: unknown trait 'mood'"),
        (["--variants", "appearance=dark", "--appearance", "light"], "popping-render: --appearance: is also varied by --variants"),
    ])
    func badVariantsGiveOneLine(arguments: [String], message: String) throws {
        let r = try popping(["render", try sceneFile(), "--quiet"] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }

    @Test func demosRefuseVariants() throws {
        let r = try popping(["render", "owl", "--variants", "appearance=dark"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("the owl demo has one look"))
    }
}
