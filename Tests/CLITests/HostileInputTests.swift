import Codecs
import Foundation
import Geometry
import GoldenFrames
import GoldenTesting
import Raster
import Testing

/// Inputs an attacker would try on a CI job that renders files from pull requests: bombs,
/// amplifying fonts, extreme numbers, huge arguments, failures half-way. Every case finishes
/// (a watchdog ends it after a minute), stays under 1 GB, exits 0 or 2, prints only finite
/// numbers and leaves nothing behind but what was there and what it was asked to write.
@Suite(.serialized) struct HostileInputTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TextTests/Fixtures").path

    /// One case: files it starts with, the arguments (`$` stands for the case's folder), and the
    /// files the folder may hold afterwards besides the ones it started with.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: [UInt8]]
        let arguments: [String]
        var allowedOutputs: Set<String> = []
        /// The stack size the program runs with (`ulimit -s`, also its threads' default), if not the default.
        var stackKB: Int?
        var testDescription: String { name }
    }

    private static var bombPNGs: [String: [UInt8]] {
        ["ok.png": try! PNG.encode(Pixmap(width: 4, height: 4)),
         "huge.png": pngDeclaring(width: 16000, height: 16000),
         "bomb.png": pngDeclaring(width: 5000, height: 5000),
         "max.png": pngDeclaring(width: .max, height: .max),
         "truncated.png": Array(try! PNG.encode(Pixmap(width: 64, height: 64)).prefix(60))]
    }

    private static var amplifyingFont: [UInt8] {
        let fixture = [UInt8](FileManager.default.contents(atPath: fixtures + "/GPOSFixture.ttf") ?? Data())
        let gpos = HostileFonts.sharedGPOS(features: 2000, lookups: 3000, subtables: 2000, firstGlyphs: 2000, pairs: 10000)
        return HostileFonts.replacing("GPOS", with: gpos, in: fixture) ?? []
    }

    static let cases: [Case] = {
        let manyViews = (0..<1000).map { "v\($0)" }
        return [
            Case(name: "gif: a PNG declaring 16000×16000", files: bombPNGs, arguments: ["gif", "$/huge.png", "-o", "$/out.gif"]),
            Case(name: "gif: a bomb after a good frame", files: bombPNGs,
                 arguments: ["gif", "$/ok.png", "$/bomb.png", "$/bomb.png", "-o", "$/out.gif"]),
            Case(name: "gif: sizes out of range", files: bombPNGs, arguments: ["gif", "$/max.png", "-o", "$/out.gif"]),
            Case(name: "gif: a truncated frame half-way", files: bombPNGs,
                 arguments: ["gif", "$/ok.png", "$/ok.png", "$/truncated.png", "-o", "$/out.gif"]),
            Case(name: "gif: the budget raised to the ceiling", files: bombPNGs,
                 arguments: ["gif", "$/bomb.png", "--max-pixels", "268435456", "-o", "$/out.gif"]),
            Case(name: "gif: a folder as a frame", files: [:], arguments: ["gif", "$", "-o", "$/out.gif"]),
            Case(name: "gif: an endless device as a frame", files: [:], arguments: ["gif", "/dev/zero", "-o", "$/out.gif"]),
            Case(name: "text: an endless device as a font", files: [:],
                 arguments: ["text", "hi", "--font", "/dev/zero", "--out", "$/t.png"]),
            Case(name: "text: a folder as a font", files: [:], arguments: ["text", "hi", "--font", "$/", "--out", "$/t.png"]),
            Case(name: "gif: a 100,000-character argument", files: [:],
                 arguments: ["gif", String(repeating: "a", count: 100_000), "-o", "$/out.gif"]),
            Case(name: "text: an amplifying GPOS", files: ["amp.ttf": amplifyingFont],
                 arguments: ["text", "AV", "--font", "$/amp.ttf", "--out", "$/t.png"]),
            Case(name: "curve: a spring too stiff for its step", files: [:],
                 arguments: ["curve", "spring", "--to", "1", "--tension", "1e6", "--mass", "0.001", "--friction", "0"]),
            Case(name: "curve: huge values and velocities", files: [:],
                 arguments: ["curve", "spring", "--from", "-1e9", "--to", "1e9", "--velocity", "-1e9", "--png", "$/c.png"],
                 allowedOutputs: ["c.png"]),
            Case(name: "curve: NaN", files: [:], arguments: ["curve", "decay", "--velocity", "nan"]),
            Case(name: "curve: a ten-minute basic curve at 1000 fps", files: [:],
                 arguments: ["curve", "basic", "--to", "1", "--duration", "600", "--fps", "1000",
                             "--timing", "cubic-bezier(0,0,0,1)"]),
            Case(name: "layout: 1,000 views in one conflicting line", files: [:],
                 arguments: ["layout", "--views", manyViews.joined(separator: ","),
                             "--vfl", "H:|" + manyViews.map { "-[\($0)(>=10)]" }.joined() + "-|"]),
            Case(name: "layout: multipliers that compound", files: [:],
                 arguments: ["layout", "--views", "a,b,c", "--constraint", "a.width == b.width * 1e6",
                             "--constraint", "b.width == c.width * 1e6", "--constraint", "c.width == 1e6", "--png", "$/l.png"],
                 allowedOutputs: ["l.png"]),
            Case(name: "render: frames into a file's place", files: ["f": Array("x".utf8)],
                 arguments: ["owl", "--frames", "0..2", "--scale", "1", "--frames-dir", "$/f"]),
            Case(name: "render: an output name of 255 bytes", files: [:],
                 arguments: ["owl", "--frames", "0..1", "--scale", "1", "--out", "$/" + String(repeating: "n", count: 251) + ".gif"],
                 allowedOutputs: [String(repeating: "n", count: 251) + ".gif"]),
        ]
    }()

    /// SVG files whose references of one kind chain `count` deep.
    static func svgChain(_ kind: String, _ count: Int) -> [UInt8] {
        var defs = ""
        var use = ""
        switch kind {
        case "use":
            defs = "<rect id=\"e0\" width=\"4\" height=\"4\"/>" + (1...count).map { "<use id=\"e\($0)\" href=\"#e\($0 - 1)\"/>" }.joined()
            use = "<use href=\"#e\(count)\"/>"
        case "clipPath", "mask":
            let attribute = kind == "mask" ? "mask" : "clip-path"
            defs = "<\(kind) id=\"e0\"><rect width=\"9\" height=\"9\" fill=\"white\"/></\(kind)>"
                + (1...count).map { "<\(kind) id=\"e\($0)\" \(attribute)=\"url(#e\($0 - 1))\"><rect width=\"9\" height=\"9\" fill=\"white\"/></\(kind)>" }.joined()
            use = "<rect width=\"9\" height=\"9\" \(attribute)=\"url(#e\(count))\"/>"
        case "marker":
            defs = "<marker id=\"e0\"><rect width=\"2\" height=\"2\"/></marker>"
                + (1...count).map { "<marker id=\"e\($0)\"><path d=\"M0 0L2 2\" stroke=\"red\" marker-start=\"url(#e\($0 - 1))\"/></marker>" }.joined()
            use = "<path d=\"M1 1L8 8\" stroke=\"red\" marker-start=\"url(#e\(count))\"/>"
        case "pattern":
            defs = "<pattern id=\"e0\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"2\" height=\"2\"/></pattern>"
                + (1...count).map { "<pattern id=\"e\($0)\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"4\" height=\"4\" fill=\"url(#e\($0 - 1))\"/></pattern>" }.joined()
            use = "<rect width=\"9\" height=\"9\" fill=\"url(#e\(count))\"/>"
        case "symbol":
            defs = "<symbol id=\"e0\"><rect width=\"4\" height=\"4\"/></symbol>"
                + (1...count).map { "<symbol id=\"e\($0)\"><use href=\"#e\($0 - 1)\"/></symbol>" }.joined()
            use = "<use href=\"#e\(count)\"/>"
        case "group": // translucent groups inside one another, each a layer
            return Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\">"
                + String(repeating: "<g opacity=\"0.99\">", count: count) + "<rect width=\"9\" height=\"9\"/>"
                + String(repeating: "</g>", count: count) + "</svg>").utf8)
        case "filter list": // one rect through a CSS filter list, each function a group around the one before
            return Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><rect width=\"9\" height=\"9\" style=\"filter:"
                + Array(repeating: "opacity(1)", count: count).joined(separator: " ") + "\"/></svg>").utf8)
        default: // filtered groups through use
            defs = "<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect id=\"e0\" width=\"4\" height=\"4\"/>"
                + (1...count).map { "<g id=\"e\($0)\" filter=\"url(#f)\"><use href=\"#e\($0 - 1)\"/></g>" }.joined()
            use = "<use href=\"#e\(count)\"/>"
        }
        return Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><defs>\(defs)</defs>\(use)</svg>".utf8)
    }

    /// Scene files nesting 5,000 brackets deep behind text that fooled a bracket-counting pre-scan.
    static let deepScenes: [String: [UInt8]] = {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        return ["hash.yaml": Array("views: [a#b, \(deep)]\n".utf8),
                "apostrophe.yaml": Array("views: [it's, \(deep)]\n".utf8),
                "escaped.json": Array("{\"screen\": \"a\\\"b\", \"views\": \(deep)}\n".utf8),
                "anchors.yaml": Array(("a0: &a0 " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n"
                                       + (1...40).map { "a\($0): &a\($0) [[[[[*a\($0 - 1)]]]]]" }.joined(separator: "\n") + "\n").utf8)]
    }()

    /// Scenes whose actions start themselves again: a transition calling `nextState` on its own
    /// machine, a zero-duration animation and an at-rest spring run again by their completions.
    static let runaways: [String: String] = {
        let box = "views:\n  - {view: box, frame: [0, 0, 10, 10], backgroundColor: black}\n"
        return [
            "machine.yaml": box + "states:\n  light: {values: [dim, lit], initial: dim, transitions: [{actions: [nextState: light]}]}\n"
                + "on:\n  screen.load: [nextState: light]\nscript:\n  - waitUntilSettled: true\n",
            "zero.yaml": box + "animations:\n  blink: {type: basic, view: box, property: alpha, toValue: 0.5, duration: 0}\n"
                + "on:\n  screen.load: [run: blink]\n  blink.completion: [run: blink]\nscript:\n  - waitUntilSettled: true\n",
            "rest.yaml": box + "animations:\n  stay: {type: spring, view: box, property: alpha, toValue: 1}\n"
                + "on:\n  screen.load: [run: stay]\n  stay.completion: [run: stay]\nscript:\n  - waitUntilSettled: true\n",
        ]
    }()

    /// The second campaign: deep references and nesting (each once crashed on the stack).
    static let deepCases: [Case] = {
        var cases = [("use", 2000), ("clipPath", 5000), ("mask", 1000), ("marker", 1000), ("pattern", 1000),
                     ("symbol", 20000), ("filter", 3000), ("filter list", 20000)].map { kind, count in
            Case(name: "svg: \(kind) references \(count) deep", files: ["chain.svg": svgChain(kind, count)],
                 arguments: ["svg", "$/chain.svg", "-o", "$/out.png"], allowedOutputs: ["out.png"])
        }
        let runaways = Self.runaways
        cases.append(Case(name: "validate: a transition calling nextState on its own machine",
                          files: runaways.mapValues { Array($0.utf8) }, arguments: ["validate", "$/machine.yaml"]))
        cases += deepScenes.keys.sorted().map { name in
            Case(name: "validate: \(name) nests past the limit behind text a pre-scan misreads", files: deepScenes,
                 arguments: ["validate", "$/\(name)"])
        }
        return cases
    }()

    /// Chains the reader accepts (each within its 512 levels of elements, references and the
    /// groups of a filter list) that nest groups hundreds deep in the render tree, most of them
    /// layers (a marker's or a symbol's viewport clips, a translucent group fades, each function
    /// of a filter list filters the one before): past `LayerBudget.maximumDepth` they are drawn
    /// straight through without recursion, so each draws within a 4 MB stack, half the default
    /// (a list of 1,000 filter functions overflowed it, 5,000 overflowed 8 MB; 300 markers
    /// overflowed 8 MB under AddressSanitizer in fuzz-svg). A list of 20,000 functions, whose
    /// nested groups overflowed 4 MB as they were released, is past the reader's depth.
    ///
    /// Reading them recurses once for each element and reference: `nodes(of:_:)` and the
    /// functions that follow references keep their frames small (their work is done in
    /// helpers that return before the recursion), so the deepest chain of each kind reads
    /// within the same 4 MB, under AddressSanitizer too (`fuzz-svg`): a chain of 254 patterns
    /// took 35 KB of stack a pattern there and overflowed at 150, 9 KB now (a debug build: 20 KB
    /// and 7 KB); 509 masks, 250 markers and 250 symbols overflowed it too.
    static let deepDrawings: [Case] = [("marker", 254), ("symbol", 254), ("use", 254), ("mask", 509), ("clipPath", 509),
                                       ("pattern", 254), ("group", 150), ("filter", 169), ("filter list", 510)].map { kind, count in
        Case(name: "svg: \(kind) \(count) deep", files: ["chain.svg": svgChain(kind, count)],
             arguments: ["svg", "$/chain.svg", "-o", "$/out.png"], allowedOutputs: ["out.png"], stackKB: 4096)
    }

    @Test(arguments: deepDrawings)
    func aDeepChainWithinTheReadersDepthDrawsWithinAStack(hostile: Case) throws {
        let r = try run(hostile)
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
    }

    /// The second campaign's slow and large inputs: each must end (status 0 or 2) well within
    /// the watchdog and under 1 GB.
    static let slowCases: [Case] = {
        let keys = (0..<35_000).map { "k\($0): 0" }.joined(separator: ", ")
        let groups = String(repeating: "<g class=\"a b\">", count: 150) + "<rect width=\"9\" height=\"9\"/>"
            + String(repeating: "</g>", count: 150)
        let rules = (0..<1000).map { "g g g g g g g g g .c\($0) rect { fill: red }" }.joined(separator: "\n")
        // The rect is defined once and drawn 300 times, each copy blurred on its own.
        let blurred = "<defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"8\"/></filter><rect id=\"r\" width=\"300\" height=\"300\" filter=\"url(#f)\"/></defs>"
            + (0..<300).map { "<use href=\"#r\" x=\"\($0 % 20)\" y=\"\($0 / 20)\"/>" }.joined()
        let frame = try! PNG.encode(Pixmap(width: 2, height: 2))
        let repeated = "{\"fps\": 30, \"scale\": 1, \"frames\": [" + Array(repeating: "{\"file\": \"a.png\", \"time\": 0, \"tick\": 0}", count: 250_000).joined(separator: ",") + "]}"
        let nul = "{\"fps\": 30, \"scale\": 1, \"frames\": [{\"file\": \"a\\u0000.png\", \"time\": 0, \"tick\": 0}]}"
        let runaways = Self.runaways
        let settle = "views:\n  - {view: box, frame: [0, 0, 10, 10]}\nscript:\n  - {waitUntilSettled: true, timeout: TIMEOUT}\n"
        return [
            Case(name: "validate: waitUntilSettled with timeout 1e19", files: ["t.yaml": Array(settle.replacingOccurrences(of: "TIMEOUT", with: "1e19").utf8)],
                 arguments: ["validate", "$/t.yaml"]),
            Case(name: "validate: waitUntilSettled with timeout 1e300", files: ["t.yaml": Array(settle.replacingOccurrences(of: "TIMEOUT", with: "1e300").utf8)],
                 arguments: ["validate", "$/t.yaml"]),
            Case(name: "validate: a zero-duration animation run again by its completion",
                 files: runaways.mapValues { Array($0.utf8) }, arguments: ["validate", "$/zero.yaml"]),
            Case(name: "validate: an at-rest spring run again by its completion",
                 files: runaways.mapValues { Array($0.utf8) }, arguments: ["validate", "$/rest.yaml"]),
            Case(name: "validate: one merge of a 35,000-key mapping",
                 files: ["big.yaml": Array("big: &big {\(keys)}\nmerged: {<<: *big, k0: 1}\n".utf8)], arguments: ["validate", "$/big.yaml"]),
            Case(name: "validate: 35,000 unknown keys merged into a view",
                 files: ["merged.yaml": Array("x-big: &big {\(keys)}\nviews:\n  - {view: box, frame: [0, 0, 10, 10], <<: *big}\n".utf8)],
                 arguments: ["validate", "$/merged.yaml"]),
            Case(name: "svg: 1,000 CSS rules over 150 nested groups",
                 files: ["css.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><style>\(rules)</style>\(groups)</svg>".utf8)],
                 arguments: ["svg", "$/css.svg", "-o", "$/out.png"], allowedOutputs: ["out.png"]),
            Case(name: "svg: patterns filling patterns 12 deep", files: ["p.svg": svgChain("pattern", 12)],
                 arguments: ["svg", "$/p.svg", "-o", "$/out.png"], allowedOutputs: ["out.png"]),
            Case(name: "svg: 300 use copies of a blurred rect",
                 files: ["blur.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"320\">\(blurred)</svg>".utf8)],
                 arguments: ["svg", "$/blur.svg", "-o", "$/out.png"], allowedOutputs: ["out.png"]),
            Case(name: "render: a 2000×2000 screen at 3x",
                 files: ["big.yaml": Array(("screen: {size: 2000x2000}\nviews:\n  - {view: a, frame: [0, 0, 2000, 2000], "
                     + "backgroundColor: blue, alpha: 0.5, subviews: [{view: b, frame: [10, 10, 1900, 1900], "
                     + "backgroundColor: white, alpha: 0.5, clipsToBounds: true, cornerRadius: 9}]}\n"
                     + "script:\n  - wait: 0.05\n").utf8)],
                 arguments: ["render", "$/big.yaml", "--scale", "3", "--out", "$/big.gif"], allowedOutputs: ["big.gif"]),
            Case(name: "gif: frames.json listing one frame 250,000 times",
                 files: ["f/a.png": frame, "f/frames.json": Array(repeated.utf8)], arguments: ["gif", "$/f", "-o", "$/out.gif"],
                 allowedOutputs: ["out.gif"]),
            Case(name: "gif: a NUL in a frames.json name", files: ["f/a.png": frame, "f/frames.json": Array(nul.utf8)],
                 arguments: ["gif", "$/f", "-o", "$/out.gif"]),
        ]
    }()

    @Test(arguments: slowCases)
    func aSlowOrLargeInputEndsCleanly(hostile: Case) throws {
        let r = try run(hostile)
        #expect(!r.stderr.contains("\0"), "a NUL was echoed")
    }

    /// A golden APNG of many tiny frames on a huge canvas is refused from its chunk list, before
    /// any frame is composed onto the canvas.
    @Test func anAPNGOfManyFramesOnAHugeCanvasIsRefusedBeforeDecoding() throws {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(body.count) + typed + be32(Int(crc32(typed)))
        }
        var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", be32(5657) + be32(5657) + [8, 6, 0, 0, 0])
            + chunk("acTL", be32(400) + be32(0))
        for i in 0..<400 {
            bytes += chunk("fcTL", be32(2 * i) + be32(1) + be32(1) + be32(0) + be32(0) + [0, 1, 0, 100, 0, 0])
            bytes += chunk(i == 0 ? "IDAT" : "fdAT", (i == 0 ? [] : be32(2 * i + 1)) + [0x78, 0x9C, 0x63, 0x60, 0, 0, 0, 2, 0, 1])
        }
        bytes += chunk("IEND", [])
        var frames = 0
        #expect(throws: CodecError.self) { try APNGDecoder.decode(bytes, name: "golden.apng") { _ in frames += 1 } }
        #expect(frames == 0)
    }

    @Test(arguments: deepCases)
    func aDeepChainExits2NamingIt(hostile: Case) throws {
        let r = try run(hostile)
        #expect(r.status == 2, "\(r.stderr.prefix(300))")
        #expect(r.stderr.contains(" deep"), "\(r.stderr.prefix(300))")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr.prefix(600))")
    }

    /// A scene of `depth` translucent views with rounded clipping corners, each inside the one
    /// before and nearly as large: every one is a group with a layer of the whole screen.
    static func nestedTranslucentViews(_ depth: Int) -> [UInt8] {
        var lines = ["screen: {device: iphone-15-pro}", "views:"]
        var indent = "  "
        for i in 0..<depth {
            lines += ["\(indent)- view: v\(i)", "\(indent)  frame: [1, 1, \(390 - 2 * i), \(840 - 2 * i)]",
                      "\(indent)  alpha: 0.99", "\(indent)  clipsToBounds: true", "\(indent)  cornerRadius: 4",
                      "\(indent)  backgroundColor: rgba(200, 0, 0, 0.05)", "\(indent)  subviews:"]
            indent += "    "
        }
        lines.append("\(indent)- {view: leaf, frame: [0, 0, 10, 10], backgroundColor: red}")
        return Array((lines.joined(separator: "\n") + "\nscript:\n  - wait: 0.05\n").utf8)
    }

    /// 98 nested translucent clipping views need 1.3 GB of offscreen layers for a frame at 3x:
    /// refused before any is allocated, naming the frame and the budget; at 1x they fit and
    /// are drawn.
    @Test func nestedTranslucentViewsOverTheOffscreenBudgetAreRefusedBeforeAllocating() throws {
        let files = ["n.yaml": Self.nestedTranslucentViews(98)]
        let refused = try run(Case(name: "98 nested at 3x", files: files,
                                   arguments: ["render", "$/n.yaml", "--scale", "3", "--out", "$/n.gif"]))
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("frame 0 at 3x needs") && refused.stderr.contains("over the budget of 256 MB"),
                "\(refused.stderr.prefix(300))")
        let drawn = try run(Case(name: "98 nested at 1x", files: files,
                                 arguments: ["render", "$/n.yaml", "--scale", "1", "--out", "$/n.gif"], allowedOutputs: ["n.gif"]))
        #expect(drawn.status == 0, "\(drawn.stderr.prefix(300))")
    }

    @Test func reportsAndGoldensNeverReplaceOrFollowWhatTheyDidNotWrite() throws {
        let checks = CheckCommandTests()
        let goldens = try checks.record(["button"])
        try paintSquare(inGoldens: goldens, scene: "button", frames: [3])
        let folder = URL(fileURLWithPath: goldens).deletingLastPathComponent().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fm = FileManager.default
        func check(_ extra: [String], goldens: String = goldens) throws -> (status: Int32, stdout: String, stderr: String) {
            try popping(["check", "button", "--goldens", goldens] + extra + CheckCommandTests.look)
        }

        // A report folder holding someone's file is refused before anything renders; the file stays.
        let mine = folder + "/mine"
        try fm.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: mine + "/notes.txt"))
        let refused = try check(["--report", mine])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("notes.txt"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(fm.contents(atPath: mine + "/notes.txt") == Data("keep".utf8))

        // The goldens folder as the report: refused, the goldens untouched.
        let before = try checks.snapshot(goldens)
        #expect(try check(["--report", goldens]).status == 2)
        #expect(Set(try checks.snapshot(goldens).keys) == Set(before.keys))

        // A report replaces the report before it.
        let report = folder + "/report"
        #expect(try check(["--report", report]).status == 1)
        #expect(try check(["--report", report]).status == 1)
        #expect(Set(try fm.contentsOfDirectory(atPath: report)) == ["index.html", "report.json", "media"])

        // A link as the report folder or as merge-reports' output is refused, not followed.
        let linkedReport = folder + "/linked-report"
        try fm.createSymbolicLink(atPath: linkedReport, withDestinationPath: report)
        #expect(try check(["--report", linkedReport]).status == 2)
        #expect(try popping(["merge-reports", report, "--report", linkedReport + "/"]).status == 2)

        // Recording through a linked goldens folder, or over a linked NAME.json, is refused.
        let linkedGoldens = folder + "/linked-goldens"
        try fm.createSymbolicLink(atPath: linkedGoldens, withDestinationPath: goldens)
        let throughLink = try check(["--update"], goldens: linkedGoldens + "/")
        #expect(throughLink.status == 2)
        #expect(throughLink.stderr.contains("symbolic link"), "\(throughLink.stderr)")
        let real = folder + "/real"
        try fm.createDirectory(atPath: real, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: URL(fileURLWithPath: folder + "/outside.json"))
        try fm.createSymbolicLink(atPath: real + "/button.json", withDestinationPath: folder + "/outside.json")
        #expect(try check(["--update"], goldens: real).status == 2)
        #expect(fm.contents(atPath: folder + "/outside.json") == Data("outside".utf8))
        #expect((try? fm.destinationOfSymbolicLink(atPath: real + "/button.json")) != nil)
        #expect(Set(try checks.snapshot(goldens).keys) == Set(before.keys))
    }

    @Test func filesNamedInsideFilesAreReadOnlyBeneathTheirRoot() throws {
        let folder = try scratchFolder("read-root")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let png = try PNG.encode(Pixmap(width: 4, height: 4))
        try Data(png).write(to: URL(fileURLWithPath: folder + "/outside.png"))

        // An SVG's image above its folder (the tests run outside the scratch folder) is not read,
        // unless --allow-read names a folder holding it.
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><image href=\"../outside.png\"/></svg>".utf8)
            .write(to: URL(fileURLWithPath: folder + "/sub/a.svg"))
        let refused = try popping(["svg", folder + "/sub/a.svg", "-o", folder + "/a.png"])
        #expect(refused.stderr.contains("lies outside"), "\(refused.stderr)")
        let allowed = try popping(["svg", folder + "/sub/a.svg", "-o", folder + "/a.png", "--allow-read", folder])
        #expect(allowed.status == 0)
        #expect(!allowed.stderr.contains("outside"), "\(allowed.stderr)")

        // A scene's font above its folder, and an absolute path, are refused.
        let font = Self.fixtures + "/GPOSFixture.ttf"
        try fm.copyItem(atPath: font, toPath: folder + "/f.ttf")
        for (name, reference, message) in [("up.yaml", "../f.ttf", "lies outside"), ("absolute.yaml", folder + "/f.ttf", "absolute path")] {
            try Data("views:\n  - {label: a, text: hi, font: \(reference) 17, frame: [0, 0, 100, 20]}\n".utf8)
                .write(to: URL(fileURLWithPath: folder + "/sub/" + name))
            let r = try popping(["validate", folder + "/sub/" + name])
            #expect(r.status == 2)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }

        // A frame folder's frame that links out of the folder is refused.
        try fm.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/frames/frame-0000.png"))
        try fm.createSymbolicLink(atPath: folder + "/frames/frame-0001.png", withDestinationPath: folder + "/outside.png")
        let linked = try popping(["gif", folder + "/frames", "-o", folder + "/out.gif", "--input-fps", "30"])
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("frame-0001.png: lies outside"), "\(linked.stderr)")
        #expect(!fm.fileExists(atPath: folder + "/out.gif"))

        // A golden manifest naming a sequence outside the goldens folder is refused.
        let goldens = try CheckCommandTests().record(["button"])
        defer { try? fm.removeItem(atPath: URL(fileURLWithPath: goldens).deletingLastPathComponent().path) }
        try paintSquare(inGoldens: goldens, scene: "button", frames: [3])
        try fm.moveItem(atPath: goldens + "/button.apng", toPath: goldens + "/../outside.apng")
        let manifest = try String(contentsOfFile: goldens + "/button.json", encoding: .utf8)
            .replacingOccurrences(of: "\"sequence\":\"button.apng\"", with: "\"sequence\":\"..\\/outside.apng\"")
        try manifest.write(toFile: goldens + "/button.json", atomically: true, encoding: .utf8)
        let outside = try popping(["check", "button", "--goldens", goldens, "--report", folder + "/report"] + CheckCommandTests.look)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("lies outside"), "\(outside.stderr)")
    }

    @Test func mergedReportsRefuseCountsThatOverflowAndMergeManyProblems() throws {
        let folder = try scratchFolder("merge-overflow")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = GoldenOptions(scale: 1, fps: 60, screen: Size(375, 667), snap: .round, touches: true)
        func shard(_ name: String, tolerated: Int, problems: [String]) throws -> String {
            let scene = SceneReport(name: "s", status: .failed, options: options, golden: "g/s.json", checkedFrames: [1],
                                    differingFrames: [], toleratedFrames: tolerated, problems: problems)
            try ReportFolder.write(CheckReport(shards: [name], scenes: [scene]), media: [], to: folder + "/" + name)
            return folder + "/" + name
        }
        let a = try shard("a", tolerated: Int.max, problems: []), b = try shard("b", tolerated: Int.max, problems: [])
        let overflow = try popping(["merge-reports", a, b, "--report", folder + "/ab"])
        #expect(overflow.status == 2)
        #expect(overflow.stderr.contains("toleratedFrames"), "\(overflow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/ab"))

        let many = (0..<100_000).map { "problem \($0)" }
        let c = try shard("c", tolerated: 1, problems: many), d = try shard("d", tolerated: 2, problems: many.reversed())
        let merged = try popping(["merge-reports", c, d, "--report", folder + "/cd"])
        #expect(merged.status == 1, "\(merged.stderr.prefix(300))")
        let scene = try #require(try ReportFolder.read(folder + "/cd").report.scenes.first)
        #expect(scene.problems == many)
        #expect(scene.toleratedFrames == 3)
    }

    /// A long scene at rest costs one hash: a frame identical to the one before (its own copy of
    /// the bytes, as the renderer delivers) reuses that frame's hash, and its comparison with a
    /// golden that repeats too.
    @Test func identicalFramesAreHashedOnce() throws {
        let folder = try scratchFolder("identical")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = GoldenStore(folder: folder)
        let options = GoldenOptions(scale: 1, fps: 60, screen: Size(4, 4), snap: .round, touches: false)
        let still = Pixmap(width: 4, height: 4)
        var moved = still
        moved.data[0] = 255
        moved.data[3] = 255
        func frames(_ shown: [Pixmap], mode: GoldenMode) throws -> SceneCheck {
            let check = try SceneCheck(scene: "s", frameCount: shown.count, options: options, store: store, mode: mode, keyFrames: 1)
            for (i, pixmap) in shown.enumerated() { try check.add(Pixmap(width: 4, height: 4, premultiplied: pixmap.data), frame: i) }
            try check.finish()
            return check
        }
        let recorded = try frames([still, still, still, moved, moved], mode: .update)
        #expect(recorded.framesHashed == 2)
        let hashes = try #require(try store.manifest("s")).frames.map(\.hash)
        #expect(hashes == Array(repeating: FrameDigest.current.hex(still.data), count: 3)
                + Array(repeating: FrameDigest.current.hex(moved.data), count: 2))

        let checked = try frames([moved, moved, moved, moved, still], mode: .check)
        #expect(checked.framesHashed == 2)
        #expect(checked.report?.differingFrames.map(\.index) == [0, 1, 2, 4])
        #expect(checked.report?.differingFrames.map(\.differingPixels) == [1, 1, 1, 1])
    }

    /// A long scene whose every frame fails keeps pictures only up to the media byte limit: the
    /// frames after it are still checked and listed, the media says how many have no pictures,
    /// and the report page says so.
    @Test func aLongFailingScenesReportKeepsPicturesUpToItsByteLimit() throws {
        let folder = try scratchFolder("media-limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = GoldenStore(folder: folder)
        let options = GoldenOptions(scale: 1, fps: 60, screen: Size(16, 16), snap: .round, touches: false)
        let count = 60
        let record = try SceneCheck(scene: "long", frameCount: count, options: options, store: store, mode: .update)
        for i in 0..<count { try record.add(Pixmap(width: 16, height: 16), frame: i) }
        try record.finish()
        // Every checked frame is noise (a different one each frame), so each picture is a whole frame.
        var seed: UInt32 = 1
        let check = try SceneCheck(scene: "long", frameCount: count, options: options, store: store, mode: .check,
                                   keepingMedia: true, mediaByteLimit: 20_000)
        for i in 0..<count {
            let noise = (0..<16 * 16 * 4).map { k -> UInt8 in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return k % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
            }
            try check.add(Pixmap(width: 16, height: 16, premultiplied: noise), frame: i)
        }
        try check.finish()
        let report = try #require(check.report), media = try #require(check.media)
        #expect(report.differingFrames.count == count)
        let kept = media.frames.count
        #expect(kept > 0 && kept < count)
        #expect(media.actual.patches.count == kept && media.expected?.patches.count == kept)
        #expect(media.omittedFrames == count - kept)
        let bytes = (media.actual.patches + (media.expected?.patches ?? [])).reduce(0) { $0 + ($1?.png.utf8.count ?? 0) }
        // The limit is checked before each frame, so at most one frame's pictures pass it.
        #expect(bytes > 20_000 - 2 * 1_500 && bytes < 20_000 + 2 * 2_000, "\(bytes)")
        try ReportFolder.write(CheckReport(scenes: [report]), media: [media], to: folder + "/report")
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(page.contains("\(count - kept) later frames have no pictures"))
        #expect(try ReportFolder.read(folder + "/report").media.first?.omittedFrames == count - kept)
    }

    /// A scene that starts with a UTF-8 byte-order mark reads as one without it, and a scene
    /// named with 250 characters gets its report (the media files' names stay within 255 bytes).
    @Test func aByteOrderMarkAndALongSceneNameAreAccepted() throws {
        let folder = try scratchFolder("smaller")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func scene(_ colour: String) -> String { "views:\n  - {view: box, frame: [0, 0, 10, 10], backgroundColor: \(colour)}\n" }
        try Data([0xEF, 0xBB, 0xBF] + Array(scene("black").utf8)).write(to: URL(fileURLWithPath: folder + "/bom.yaml"))
        let bom = try popping(["validate", folder + "/bom.yaml"])
        #expect(bom.status == 0, "\(bom.stderr)")

        let long = folder + "/" + String(repeating: "n", count: 250) + ".yaml"
        try scene("black").write(toFile: long, atomically: false, encoding: .utf8)
        let recorded = try popping(["check", long, "--goldens", folder + "/goldens", "--update"])
        #expect(recorded.status == 0, "\(recorded.stderr.prefix(300))")
        try scene("red").write(toFile: long, atomically: false, encoding: .utf8)
        let differs = try popping(["check", long, "--goldens", folder + "/goldens", "--report", folder + "/report"])
        #expect(differs.status == 1, "\(differs.stderr.prefix(300))")
        let media = try FileManager.default.contentsOfDirectory(atPath: folder + "/report/media")
        #expect(!media.isEmpty)
        #expect(media.allSatisfy { $0.utf8.count <= 255 }, "\(media)")
    }

    /// Every floating-point number converted to an integer in `Sources` goes through a checked
    /// form (`Int(saturating:)`, `Int(exactly:)`) or says on its line why it is in range
    /// (`// bounded: …`, for the raster and codec loops): `Int(_:)` traps past `Int`'s range (a
    /// `timeout: 1e19` once crashed `validate`) and is undefined in `-Ounchecked` modules. Without
    /// types to read, an argument counts as floating point when it rounds, takes a root or a
    /// logarithm, names `Double`/`Float` or a decimal literal, a scale, fps, time or duration.
    @Test func numbersConvertedToIntegersAreRangeChecked() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        let unchecked = try files.sorted().flatMap { file in
            Self.uncheckedConversions(in: try String(contentsOfFile: sources + "/" + file, encoding: .utf8), file: file)
        }
        #expect(unchecked.isEmpty, "use Int(saturating:) or Int(exactly:), or say why it is bounded (// bounded: …):\n\(unchecked.joined(separator: "\n"))")

        // The scan finds the forms that crashed, and passes checked ones.
        for bad in ["let frames = Int((timeout * 60).rounded())", "x = UInt32(v.squareRoot())", "f(Int(8 * scale))",
                    "let n = Int(1e19)", "Int(Double(a) / 2)"] {
            #expect(Self.uncheckedConversions(in: bad).count == 1, "\(bad)")
        }
        for good in ["let frames = Int(saturating: (timeout * 60).rounded())", "Int(exactly: r.minX)", "Int(parts[0])",
                     "Int(x.rounded()) // bounded: x lies in 0...1", "/// `Int(x.rounded())` traps", "Int32(clamping: fps)"] {
            #expect(Self.uncheckedConversions(in: good).isEmpty, "\(good)")
        }
    }

    /// `FILE:LINE: text` for each unlabelled integer conversion of a floating-point-looking
    /// argument on a line without `// bounded:` (see `numbersConvertedToIntegersAreRangeChecked`).
    static func uncheckedConversions(in text: String, file: String = "") -> [String] {
        let conversion = try! NSRegularExpression(pattern: #"(?<![\w.])U?Int(?:8|16|32|64)?\("#)
        let floating = try! NSRegularExpression(pattern: #"rounded|floor\(|ceil\(|round\(|trunc\(|squareRoot|sqrt\(|log(?:2|10)?\(|pow\("#
            + #"|exp\(|Double|Float|\d\.\d|\de-?\d|\b(?:scale|fps|seconds|duration|timeout|time|factor)\b|\.(?:min|max|mid)[XY]\b"#)
        var found: [String] = []
        for (number, text) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !text.contains("// bounded:"), !trimmed.hasPrefix("//") else { continue }
            let line = NSString(string: text)
            for match in conversion.matches(in: text, range: NSRange(location: 0, length: line.length)) {
                var depth = 1, end = match.range.upperBound
                while end < line.length, depth > 0 {
                    let c = line.character(at: end)
                    depth += c == 40 ? 1 : c == 41 ? -1 : 0
                    end += 1
                }
                let argument = line.substring(with: NSRange(location: match.range.upperBound, length: end - match.range.upperBound))
                let whole = NSRange(location: 0, length: NSString(string: argument).length)
                guard argument.range(of: #"^\s*\w+:"#, options: .regularExpression) == nil,
                      floating.firstMatch(in: argument, range: whole) != nil else { continue }
                found.append("\(file):\(number + 1): \(trimmed)")
            }
        }
        return found
    }

    @Test(arguments: cases)
    func aHostileInputEndsCleanly(hostile: Case) throws {
        _ = try run(hostile)
    }

    /// Runs one case and checks what every case must: it ends in time with status 0 or 2, one
    /// line on stderr when 2, nothing left behind but what it may write, under 1 GB.
    @discardableResult
    private func run(_ hostile: Case) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try scratchFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, bytes) in hostile.files {
            let url = URL(fileURLWithPath: folder + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        let arguments = hostile.arguments.map { $0 == "$" ? folder : $0.replacingOccurrences(of: "$/", with: folder + "/") }
        let r = try poppingWithWatchdog(arguments, seconds: 60, stackKB: hostile.stackKB)
        #expect(r.status == 0 || r.status == 2, "\(r.stderr.prefix(300))")
        let printed = r.stdout.lowercased()
        #expect(!printed.contains("nan") && !printed.contains("inf"))
        #expect(r.stderr.utf8.count < 1_000_000)
        if r.status == 2 {
            // One line naming the input: the program's own, or FILE:LINE:COLUMN for a file's problem.
            #expect(r.stderr.hasPrefix("popping-render: ") || r.stderr.hasPrefix(folder + "/"), "\(r.stderr.prefix(300))")
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(after.subtracting(before).isSubset(of: hostile.allowedOutputs), "left behind: \(after.subtracting(before))")
        #expect(before.isSubset(of: after))
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 1_000_000, "a child used \(usage.ru_maxrss) kB")
        return r
    }

    /// Runs popping-render, killing it (a failed case) if it has not finished after `seconds`.
    /// With `stackKB`, it runs with that stack size (its main thread's and its threads' default).
    private func poppingWithWatchdog(_ arguments: [String], seconds: Double, stackKB: Int? = nil)
        throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("popping-render")
        let (result, timedOut) = try stackKB.map {
            // The shell sets the limit, then becomes the program (`exec`): its own status, its own pipes.
            try runProcessWithTimeout(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "ulimit -s \($0) && exec \"$0\" \"$@\"", binary.path] + arguments, timeout: seconds)
        } ?? runProcessWithTimeout(binary, arguments, timeout: seconds)
        #expect(!timedOut, "it did not finish within \(seconds) s")
        return result
    }
}
