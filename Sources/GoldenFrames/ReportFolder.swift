import Codecs
import PoppingRender
import Foundation

/// A report folder: `index.html` (the self-contained page), `report.json` (the same facts for
/// tools) and `media/` (the pictures of failing scenes, which `merge-reports` reads back).
public enum ReportFolder {
    /// Writes the folder at `path` beside it and swaps it in whole once complete. An existing
    /// folder is replaced only when it holds nothing but what a report writes (`index.html`,
    /// `report.json`, `media/` of JSON files); anything else (a user's files, the goldens) is
    /// refused, never deleted.
    public static func write(_ report: CheckReport, media: [SceneMedia], to path: String) throws {
        let output: AtomicFolder
        do { output = try AtomicFolder(path: path, replaceable: replaceable(in: path)) } catch let CodecError.unwritable(_, reason) {
            throw RenderFailure(path, reason)
        }
        let temporary = output.temporaryPath
        do {
            try FileManager.default.createDirectory(atPath: temporary + "/media", withIntermediateDirectories: false)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: temporary + "/report.json"))
            let compact = JSONEncoder()
            // Keys in one order, so the same check writes the same bytes (JSONEncoder's order
            // otherwise follows each process's hash seed).
            compact.outputFormatting = .sortedKeys
            // Each scene's pictures are encoded once, for its media file and for the page.
            let encoded = try media.map { try compact.encode($0) }
            for (i, item) in media.enumerated() {
                try encoded[i].write(to: URL(fileURLWithPath: temporary + String(format: "/media/%03d-", i) + fileName(item.scene) + ".json"))
            }
            try Data(ReportPage.html(report, media: media, encodedMedia: encoded).utf8).write(to: URL(fileURLWithPath: temporary + "/index.html"))
            try output.commit()
        } catch let CodecError.unwritable(_, reason) {
            output.abort()
            throw RenderFailure(path, "cannot write the report (\(reason))")
        } catch {
            output.abort()
            throw RenderFailure(path, "cannot write the report (\(error.localizedDescription))")
        }
    }

    /// Throws a `RenderFailure` unless a report can be written at `path` (see `write`), so a
    /// command refuses a bad destination before it starts.
    public static func checkDestination(_ path: String) throws {
        do { try AtomicFolder.checkReplaceable(path, replaceable: replaceable(in: path)) } catch let CodecError.unwritable(_, reason) {
            throw RenderFailure(path, reason)
        }
    }

    /// The names a report folder at `path` holds, which a new report may replace.
    private static func replaceable(in path: String) -> (String) -> Bool {
        { name in name == "index.html" || name == "report.json" || (name == "media" && holdsOnlyMedia(path + "/media")) }
    }

    /// Whether `folder` is a report's `media/`: a real folder of nothing but `.json` files.
    private static func holdsOnlyMedia(_ folder: String) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.allSatisfy { name in
            var entry = stat()
            return name.hasSuffix(".json") && lstat(folder + "/" + name, &entry) == 0 && entry.st_mode & S_IFMT == S_IFREG
        }
    }

    /// Reads a folder `write` made.
    public static func read(_ path: String) throws -> (report: CheckReport, media: [SceneMedia]) {
        guard let data = FileManager.default.contents(atPath: path + "/report.json") else {
            throw RenderFailure(path, "has no report.json (not a report folder)")
        }
        let decoder = JSONDecoder()
        let report: CheckReport
        do { report = try decoder.decode(CheckReport.self, from: data) } catch {
            throw RenderFailure(path + "/report.json", "is not a check report (\(describe(error)))")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path + "/media")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        let media = try names.map { name -> SceneMedia in
            let file = "\(path)/media/\(name)"
            guard let data = FileManager.default.contents(atPath: file) else { throw RenderFailure(file, "cannot be read") }
            do { return try decoder.decode(SceneMedia.self, from: data) } catch {
                throw RenderFailure(file, "is not a report's media file (\(describe(error)))")
            }
        }
        return (report, media)
    }

    /// A scene name as a file name and HTML id: letters, digits, `-` and `_`, at most 100 bytes.
    /// A name that had to be changed to fit ends in 8 hex digits of its SHA-256, so two scenes
    /// never share a file or an id (`a b` and `a?b`), and a 250-character name still leaves room
    /// for the media file's prefix and extension within 255 bytes.
    static func fileName(_ scene: String) -> String {
        let safe = String(scene.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        guard safe != scene || safe.utf8.count > 100 else { return safe }
        var prefix = ""
        for c in safe {
            guard prefix.utf8.count + c.utf8.count <= 90 else { break }
            prefix.append(c)
        }
        return prefix + "-" + SHA256.hex(Array(scene.utf8)).prefix(8)
    }
}

extension CheckReport {
    /// One report of shard reports (or any reports of the same goldens): a scene checked in
    /// several shards becomes one scene with the union of their frames, failed if any part
    /// failed. Throws a `RenderFailure` when the parts checked one scene with different options.
    public static func merging(_ parts: [(report: CheckReport, media: [SceneMedia])]) throws -> (report: CheckReport, media: [SceneMedia]) {
        var scenes: [SceneReport] = []
        var position: [String: Int] = [:]
        var problemsSeen: [Set<String>] = []
        for part in parts {
            for scene in part.report.scenes {
                guard scene.toleratedFrames >= 0 else {
                    throw RenderFailure(scene.name, "the report's toleratedFrames is negative (\(scene.toleratedFrames))")
                }
                guard let i = position[scene.name] else {
                    position[scene.name] = scenes.count
                    scenes.append(scene)
                    problemsSeen.append(Set(scene.problems))
                    continue
                }
                var merged = scenes[i]
                let differences = scene.options.differences(from: merged.options)
                guard differences.isEmpty else {
                    throw RenderFailure(scene.name, "the reports checked it with different options: " + differences.joined(separator: ", "))
                }
                let (tolerated, overflow) = merged.toleratedFrames.addingReportingOverflow(scene.toleratedFrames)
                guard !overflow else {
                    throw RenderFailure(scene.name, "the reports' toleratedFrames add up to more than \(Int.max)")
                }
                merged.toleratedFrames = tolerated
                merged.checkedFrames = Array(Set(merged.checkedFrames).union(scene.checkedFrames)).sorted()
                merged.differingFrames = (merged.differingFrames + scene.differingFrames).sorted { $0.index < $1.index }
                for problem in scene.problems where problemsSeen[i].insert(problem).inserted { merged.problems.append(problem) }
                if scene.status == .failed || merged.status == .failed { merged.status = .failed }
                scenes[i] = merged
            }
        }
        let media = parts.flatMap(\.media).sorted { a, b in
            a.scene == b.scene ? (a.frames.first ?? 0) < (b.frames.first ?? 0)
                : position[a.scene] ?? 0 < position[b.scene] ?? 0
        }
        let shards = parts.flatMap(\.report.shards)
        return (CheckReport(shards: shards, scenes: scenes), media)
    }

    /// JUnit XML: one test case per scene, a `<failure>` naming the first differing frames.
    public func junitXML(suite: String = "popping-render check") -> String {
        let failures = scenes.filter { $0.status == .failed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(scenes.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(escapeXML(suite))\" tests=\"\(scenes.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for scene in scenes {
            let classname = scene.variantOf.map { "goldens.\($0)" } ?? "goldens"
            xml += "    <testcase classname=\"\(escapeXML(classname))\" name=\"\(escapeXML(scene.name))\""
            guard scene.status == .failed else {
                xml += ">\n      <system-out>\(escapeXML(scene.summary))</system-out>\n    </testcase>\n"
                continue
            }
            xml += ">\n      <failure message=\"\(escapeXML(scene.summary))\">"
            var details = ["options: \(scene.options.commandLine)", "golden: \(scene.golden)"]
            details += scene.differingFrames.prefix(10).map { frame in
                "frame \(frame.index): \(frame.differingPixels.map { "\($0) pixels differ, max difference \(frame.maxDifference ?? 0)" } ?? "hash \(frame.actual.prefix(12))…, golden \(frame.expected.map { String($0.prefix(12)) + "…" } ?? "none")")"
            }
            xml += escapeXML(details.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}

/// Text safe inside XML and HTML elements and attributes.
func escapeXML(_ text: String) -> String {
    var out = ""
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}
