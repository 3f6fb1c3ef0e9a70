import Codecs
import Foundation
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

    @Test(arguments: cases)
    func aHostileInputEndsCleanly(hostile: Case) throws {
        let folder = try scratchFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, bytes) in hostile.files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        let arguments = hostile.arguments.map { $0 == "$" ? folder : $0.replacingOccurrences(of: "$/", with: folder + "/") }
        let r = try poppingWithWatchdog(arguments, seconds: 60)
        #expect(r.status == 0 || r.status == 2, "\(r.stderr.prefix(300))")
        let printed = r.stdout.lowercased()
        #expect(!printed.contains("nan") && !printed.contains("inf"))
        #expect(r.stderr.utf8.count < 1_000_000)
        if r.status == 2 {
            #expect(r.stderr.hasPrefix("popping-render: "), "\(r.stderr.prefix(300))")
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(after.subtracting(before).isSubset(of: hostile.allowedOutputs), "left behind: \(after.subtracting(before))")
        #expect(before.isSubset(of: after))
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 1_000_000, "a child used \(usage.ru_maxrss) kB")
    }

    /// Runs popping-render, killing it (a failed case) if it has not finished after `seconds`.
    private func poppingWithWatchdog(_ arguments: [String], seconds: Double) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("popping-render")
        let (result, timedOut) = try runProcessWithTimeout(binary, arguments, timeout: seconds)
        #expect(!timedOut, "it did not finish within \(seconds) s")
        return result
    }
}
