import Codecs
import PoppingRender
import Foundation

/// A report folder: `index.html` (the self-contained page), `report.json` (the same facts for
/// tools) and `media/` (the pictures of failing scenes, which `merge-reports` reads back).
public enum ReportFolder {
    /// Writes the folder at `path`, replacing one already there only once the new one is complete.
    public static func write(_ report: CheckReport, media: [SceneMedia], to path: String) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().path + "/." + url.lastPathComponent
            + ".\(ProcessInfo.processInfo.processIdentifier).partial"
        try? fm.removeItem(atPath: temporary)
        do { try fm.createDirectory(atPath: temporary + "/media", withIntermediateDirectories: true) } catch {
            throw RenderFailure(path, "cannot create the report folder")
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: temporary + "/report.json"))
            let compact = JSONEncoder()
            for (i, item) in media.enumerated() {
                try compact.encode(item).write(to: URL(fileURLWithPath: temporary + String(format: "/media/%03d-", i) + fileName(item.scene) + ".json"))
            }
            try Data(ReportPage.html(report, media: media).utf8).write(to: URL(fileURLWithPath: temporary + "/index.html"))
            if fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }
            try fm.moveItem(atPath: temporary, toPath: path)
        } catch {
            try? fm.removeItem(atPath: temporary)
            throw RenderFailure(path, "cannot write the report (\(error.localizedDescription))")
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

    /// A scene name as a file name.
    static func fileName(_ scene: String) -> String {
        String(scene.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}

extension CheckReport {
    /// One report of shard reports (or any reports of the same goldens): a scene checked in
    /// several shards becomes one scene with the union of their frames, failed if any part
    /// failed. Throws a `RenderFailure` when the parts checked one scene with different options.
    public static func merging(_ parts: [(report: CheckReport, media: [SceneMedia])]) throws -> (report: CheckReport, media: [SceneMedia]) {
        var scenes: [SceneReport] = []
        for part in parts {
            for scene in part.report.scenes {
                guard let i = scenes.firstIndex(where: { $0.name == scene.name }) else {
                    scenes.append(scene)
                    continue
                }
                var merged = scenes[i]
                let differences = scene.options.differences(from: merged.options)
                guard differences.isEmpty else {
                    throw RenderFailure(scene.name, "the reports checked it with different options: " + differences.joined(separator: ", "))
                }
                merged.checkedFrames = Array(Set(merged.checkedFrames + scene.checkedFrames)).sorted()
                merged.differingFrames = (merged.differingFrames + scene.differingFrames).sorted { $0.index < $1.index }
                merged.toleratedFrames += scene.toleratedFrames
                merged.problems += scene.problems.filter { !merged.problems.contains($0) }
                if scene.status == .failed || merged.status == .failed { merged.status = .failed }
                scenes[i] = merged
            }
        }
        let media = parts.flatMap(\.media).sorted { a, b in
            a.scene == b.scene ? (a.frames.first ?? 0) < (b.frames.first ?? 0)
                : scenes.firstIndex { $0.name == a.scene } ?? 0 < scenes.firstIndex { $0.name == b.scene } ?? 0
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
            xml += "    <testcase classname=\"goldens\" name=\"\(escapeXML(scene.name))\""
            guard scene.status == .failed else {
                xml += ">\n      <system-out>\(escapeXML(scene.summary))</system-out>\n    </testcase>\n"
                continue
            }
            xml += ">\n      <failure message=\"\(escapeXML(scene.summary))\">"
            var details = ["options: \(scene.options.commandLine)", "golden: \(scene.golden)"]
            details += scene.differingFrames.prefix(10).map { frame in
                "frame \(frame.index): \(frame.differingPixels.map { "\($0) pixels differ, max difference \(frame.maxDifference ?? 0)" } ?? "SHA-256 \(frame.actual.prefix(12))…, golden \(frame.expected.map { String($0.prefix(12)) + "…" } ?? "none")")"
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
