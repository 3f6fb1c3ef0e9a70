import Codecs
import Foundation
import Raster
import SVG

/// `popping-render svg A.svg B.svg icons/ --out-dir DIR`: every file given and every `.svg`
/// beneath every folder given, converted in one process (no start-up per file) on every core.
/// Each worker holds one image at a time, so memory is bounded by the number of cores times
/// the largest output, however many files there are. Outputs are `DIR/NAME.png`, a folder's
/// files keeping their subfolders; two inputs that would write the same PNG are refused before
/// anything is written. Warnings and failures are printed in input order once all are done,
/// one line per failure; the exit status is 2 if any file failed.
struct SVGBatch {
    let command: SVGCommand
    let folder: String
    /// The fonts every file's text is drawn with (shared: each face is matched and read once).
    let fonts: FontSources

    /// The most files one run takes (a folder of a million icons is refused rather than listed
    /// into memory).
    static let maximumFiles = 1_000_000

    /// One conversion: the input and the PNG it writes.
    struct Job {
        let input: String
        let output: String
    }

    func run() throws {
        let jobs = try self.jobs()
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw CommandFailure(folder, "cannot create the folder (\(error.localizedDescription))")
            }
        } else if !isFolder.boolValue {
            throw CommandFailure(folder, "is a file, not a folder (--out-dir)")
        }
        let reports = Self.perform(jobs.count) { convert(jobs[$0]) }
        var failed = 0
        for report in reports {
            if !report.lines.isEmpty { FileHandle.standardError.write(Data((report.lines.joined(separator: "\n") + "\n").utf8)) }
            if report.failed { failed += 1 }
        }
        if failed > 0 {
            throw CommandFailure(lines: ["popping-render: \(failed) of \(jobs.count) files failed"])
        }
    }

    /// What converting one file printed, and whether it failed.
    struct Report: Sendable {
        var lines: [String]
        var failed: Bool
    }

    private func convert(_ job: Job) -> Report {
        do {
            let (pixmap, warnings) = try command.render(job.input, fonts: fonts)
            let parent = (job.output as NSString).deletingLastPathComponent
            if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            do { try PNG.write(pixmap, to: job.output) } catch { throw CommandFailure("\(error)") }
            return Report(lines: warnings.map(\.description), failed: false)
        } catch let failure as CommandFailure {
            let line = failure.description.hasPrefix(job.input) ? failure.description : "\(job.input): \(failure.description)"
            return Report(lines: [CommandFailure.shortened(line)], failed: true)
        } catch {
            return Report(lines: ["\(job.input): \(error)"], failed: true)
        }
    }

    /// Runs `work` for 0..<count on as many threads as there are cores, each taking the next
    /// index when it is done with one; the results in index order.
    static func perform(_ count: Int, _ work: @escaping (Int) -> Report) -> [Report] {
        let lock = NSLock()
        var next = 0
        var results = [Report?](repeating: nil, count: count)
        let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < count else { return }
                let report = work(index)
                lock.lock()
                results[index] = report
                lock.unlock()
            }
        }
        return results.map { $0 ?? Report(lines: [], failed: true) }
    }

    /// The files to convert, in the order given (a folder's files sorted by path), and where
    /// each goes; an input that is missing, or two that would write one PNG, is an error.
    private func jobs() throws -> [Job] {
        var jobs: [Job] = []
        var problems: [String] = []
        for argument in command.files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                problems.append("\(argument): no such file or folder")
                continue
            }
            guard isFolder.boolValue else {
                jobs.append(Job(input: argument, output: output(for: URL(fileURLWithPath: argument).lastPathComponent)))
                continue
            }
            let base = URL(fileURLWithPath: argument).standardizedFileURL.path
            guard let walker = FileManager.default.enumerator(atPath: base) else {
                problems.append("\(argument): cannot list the folder")
                continue
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                guard relative.lowercased().hasSuffix(".svg"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                found.append(relative)
                guard jobs.count + found.count <= Self.maximumFiles else {
                    throw CommandFailure(argument, "holds more than \(Self.maximumFiles) SVG files; convert it in parts")
                }
            }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            for relative in found.sorted() { jobs.append(Job(input: prefix + relative, output: output(for: relative))) }
        }
        var writers: [String: String] = [:]
        var seen: Set<String> = []
        // A file given twice (alone and in its folder) is converted once.
        jobs = jobs.filter { seen.insert(URL(fileURLWithPath: $0.input).standardizedFileURL.path).inserted }
        for job in jobs {
            if let other = writers[job.output] {
                problems.append("\(job.input): would write \(job.output), as \(other) does; give them different names or folders")
            } else {
                writers[job.output] = job.input
            }
        }
        if !problems.isEmpty { throw CommandFailure(lines: problems.map { "popping-render: \(CommandFailure.shortened($0))" }) }
        return jobs
    }

    /// `DIR/relative` with `.png` for its `.svg`.
    private func output(for relative: String) -> String {
        let name = relative.lowercased().hasSuffix(".svg") ? String(relative.dropLast(4)) : relative
        return (folder as NSString).appendingPathComponent(name + ".png")
    }
}
