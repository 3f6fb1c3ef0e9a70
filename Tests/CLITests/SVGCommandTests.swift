import Codecs
import Foundation
import GoldenTesting
import Testing

/// `popping-render svg`: sizes, background, warnings on stderr, and errors that exit 2 leaving no file.
@Suite struct SVGCommandTests {
    private func write(_ text: String, named name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func rendersAtTheFileSizeOrTheGivenSizeOverTheBackground() throws {
        let folder = try scratchFolder("svg-command")
        let svg = try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 2 1"><rect width="1" height="1" fill="red"/></svg>"#,
                            named: "half.svg", in: folder)
        let r = try popping(["svg", svg, "--out", folder + "/a.png"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let a = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.png"))))
        #expect(a.width == 20 && a.height == 10 && a[5, 5] == (255, 0, 0, 255) && a[15, 5].a == 0)
        // A square output fits the 2:1 viewBox in the middle (xMidYMid meet), over the background.
        #expect(try popping(["svg", svg, "--out", folder + "/b.png", "--size", "40x40", "--background", "blue"]).status == 0)
        let b = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/b.png"))))
        #expect(b.width == 40 && b[5, 5] == (0, 0, 255, 255) && b[5, 15] == (255, 0, 0, 255) && b[30, 15] == (0, 0, 255, 255))
        #expect(try popping(["svg", svg, "--out", folder + "/c.png", "--scale", "3"]).status == 0)
        #expect(try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/c.png")))).width == 60)
    }

    @Test func invalidValuesWarnAndStillRender() throws {
        let folder = try scratchFolder("svg-command")
        let svg = try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">\n<rect width=\"4\" height=\"4\" fill=\"nonsense\"/></svg>",
                            named: "warn.svg", in: folder)
        let r = try popping(["svg", svg, "--out", folder + "/w.png"])
        #expect(r.status == 0)
        #expect(r.stderr == svg + ":2:34: warning: fill: invalid value 'nonsense', ignored\n")
    }

    @Test func malformedXMLIsAnErrorAtItsPlaceAndWritesNothing() throws {
        let folder = try scratchFolder("svg-command")
        let svg = try write("<svg viewBox=\"0 0 1 1\">\n  <g>\n</svg>", named: "bad.svg", in: folder)
        let r = try popping(["svg", svg, "--out", folder + "/bad.png"])
        #expect(r.status == 2)
        #expect(r.stderr == "\(svg):3:3: error: </svg> does not close <g>\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.png"))
        let huge = try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="10"/>"#, named: "huge.svg", in: folder)
        let h = try popping(["svg", huge, "--out", folder + "/huge.png"])
        #expect(h.status == 2 && h.stderr.contains("the limit is 16384 a side"))
        #expect(try popping(["svg", huge, "--out", folder + "/x.png", "--size", "3x"]).status == 2)
        #expect(try popping(["svg", huge, "--out", folder + "/x.png", "--background", "bluish"]).status == 2)
    }

    @Test func outDirConvertsFilesAndFoldersInOneProcessAndReportsEachFailure() throws {
        let folder = try scratchFolder("svg-batch")
        try FileManager.default.createDirectory(atPath: folder + "/icons/sub", withIntermediateDirectories: true)
        let square = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="4" height="4" fill="red"/></svg>"#
        for name in ["icons/a.svg", "icons/sub/b.svg", "c.svg"] { _ = try write(square, named: name, in: folder) }
        _ = try write("<svg>\n<g></svg>", named: "icons/sub/broken.svg", in: folder)
        let r = try popping(["svg", folder + "/icons", folder + "/c.svg", "--out-dir", folder + "/png", "--scale", "2"])
        #expect(r.status == 2)
        #expect(r.stderr == "\(folder)/icons/sub/broken.svg:2:6: error: </svg> does not close <g>\npopping-render: 1 of 4 files failed\n")
        for name in ["a", "sub/b", "c"] {
            let png = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/png/\(name).png"))))
            #expect(png.width == 16 && png.height == 8 && png[2, 2] == (255, 0, 0, 255))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/png/sub/broken.png"))
        // Files from different folders land side by side; two that would write one PNG are refused.
        let flat = try popping(["svg", folder + "/c.svg", folder + "/icons/sub/b.svg", folder + "/icons/a.svg",
                                 "--out-dir", folder + "/flat"])
        #expect(flat.status == 0)
        _ = try write(square, named: "icons/c.svg", in: folder)
        let twice = try popping(["svg", folder + "/c.svg", folder + "/icons/c.svg", "--out-dir", folder + "/clash"])
        #expect(twice.status == 2 && twice.stderr.contains("would write \(folder)/clash/c.png, as \(folder)/c.svg does"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/clash/c.png"))
    }

    /// A folder is listed with readdir as FileManager's enumerator listed it: `.svg` in any
    /// case at any depth, hidden entries and hidden folders left out, a symbolic link to a
    /// folder not followed (a link to a file converted); the largest files start first, and
    /// every file still gets its own PNG.
    @Test func aFolderIsListedAsItsEnumeratorListedItHiddenAndLinkedFoldersLeftOut() throws {
        let folder = try scratchFolder("svg-listing")
        for sub in ["in/a", "in/.hidden", "real"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        let square = #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>"#
        let padded = square.replacingOccurrences(of: "<rect", with: "<!--" + String(repeating: " ", count: 4000) + "--><rect")
        for (name, text) in [("in/a/small.svg", square), ("in/a/LARGE.SVG", padded), ("in/.hidden/h.svg", square),
                             ("in/.top.svg", square), ("in/note.txt", "x"), ("real/r.svg", square)] {
            _ = try write(text, named: name, in: folder)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/in/a/linked", withDestinationPath: folder + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/in/l.svg", withDestinationPath: folder + "/real/r.svg")
        let r = try popping(["svg", folder + "/in", "--out-dir", folder + "/png"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let written = (FileManager.default.subpaths(atPath: folder + "/png") ?? []).filter { $0.hasSuffix(".png") }.sorted()
        #expect(written == ["a/LARGE.png", "a/small.png", "l.png"])
    }

    @Test func fontDirAddsFacesAndNoSystemFontsLeavesOnlyBundledAndGivenOnes() throws {
        let folder = try scratchFolder("svg-fonts")
        try FileManager.default.createDirectory(atPath: folder + "/fonts/sub", withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TextTests/Fixtures/KernFixture.ttf").path
        try FileManager.default.copyItem(atPath: fixture, toPath: folder + "/fonts/sub/KernFixture.ttf")
        let svg = try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><text x="4" y="32" font-size="32" font-family="Fixture">AA</text></svg>"#,
                            named: "text.svg", in: folder)
        func render(_ name: String, _ options: [String]) throws -> [UInt8] {
            let r = try popping(["svg", svg, "--out", folder + "/" + name] + options)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(options): \(r.stderr)")
            return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        // The family is the fixture's (a triangle for A) only where its folder is given.
        let bundled = try render("bundled.png", ["--no-system-fonts"])
        let given = try render("given.png", ["--no-system-fonts", "--font-dir", folder + "/fonts"])
        #expect(bundled != given)
        #expect(try render("again.png", ["--font-dir", folder + "/fonts", "--no-system-fonts"]) == given)
        // A folder that is not there is one line naming it, exit 2, nothing written.
        let r = try popping(["svg", svg, "--out", folder + "/none.png", "--font-dir", folder + "/nope"])
        #expect(r.status == 2 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("/nope: no such folder (--font-dir)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/none.png"))
    }

    @Test func outAndOutDirAreOneOrTheOther() throws {
        #expect(try popping(["svg", "a.svg", "b.svg", "--out", "a.png"]).stderr.contains("--out takes one input file"))
        #expect(try popping(["svg", "a.svg", "--out", "a.png", "--out-dir", "d"]).stderr.contains("not both"))
        let missing = try popping(["svg", "/nonexistent/x.svg", "--out-dir", "/tmp/never"])
        #expect(missing.status == 2 && missing.stderr == "popping-render: /nonexistent/x.svg: no such file or folder\n")
    }
}
