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
    let conversion: SVGConversion
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
        let folders = FolderMaker()
        let reports = Self.perform(jobs.count, largestFirst: jobs.map { Self.size(of: $0.input) }) {
            convert(jobs[$0], folders: folders)
        }
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

    private func convert(_ job: Job, folders: FolderMaker) -> Report {
        do {
            let (pixmap, warnings) = try conversion.render(job.input, fonts: fonts)
            folders.make((job.output as NSString).deletingLastPathComponent)
            do { try PNG.write(pixmap, to: job.output) } catch { throw CommandFailure("\(error)") }
            return Report(lines: warnings.map(\.description), failed: false)
        } catch let failure as CommandFailure {
            let line = failure.description.hasPrefix(job.input) ? failure.description : "\(job.input): \(failure.description)"
            return Report(lines: [CommandFailure.shortened(line)], failed: true)
        } catch {
            return Report(lines: ["\(job.input): \(error)"], failed: true)
        }
    }

    /// The folders outputs go to, each created once (the first output into it creates it).
    final class FolderMaker: @unchecked Sendable {
        private let lock = NSLock()
        private var made: Set<String> = []

        /// Creates `folder` and its parents unless an earlier call did; "" is the current folder.
        func make(_ folder: String) {
            guard !folder.isEmpty else { return }
            lock.lock()
            defer { lock.unlock() }
            guard made.insert(folder).inserted else { return }
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    /// The size of a file in bytes, 0 when it cannot be read (it fails later, with its reason).
    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Runs `work` for 0..<count on as many threads as there are cores, each taking the next
    /// index when it is done with one; the results in index order. The indices are taken largest
    /// first by `sizes` (one for each index), so the longest conversions start
    /// early and no core is left alone with a big file at the end (ties in index order).
    static func perform(_ count: Int, largestFirst sizes: [Int], _ work: @escaping (Int) -> Report) -> [Report] {
        let lock = NSLock()
        var next = 0
        var results = [Report?](repeating: nil, count: count)
        let order = (0..<count).sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                lock.lock()
                let taken = next
                next += 1
                lock.unlock()
                guard taken < count else { return }
                let index = order[taken]
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
        for argument in conversion.files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                problems.append("\(argument): no such file or folder")
                continue
            }
            guard isFolder.boolValue else {
                jobs.append(Job(input: argument, output: output(for: URL(fileURLWithPath: argument).lastPathComponent)))
                continue
            }
            var found: [String] = []
            guard try Self.listSVGFiles(in: argument, "", into: &found, limit: Self.maximumFiles - jobs.count) else {
                problems.append("\(argument): cannot list the folder")
                continue
            }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            for relative in found.sorted() { jobs.append(Job(input: prefix + relative, output: output(for: relative))) }
        }
        var writers: [String: String] = [:]
        var seen: Set<String> = []
        // A file given twice (alone and in its folder) is converted once; one folder's files are
        // each listed once.
        if conversion.files.count > 1 {
            jobs = jobs.filter { seen.insert(URL(fileURLWithPath: $0.input).standardizedFileURL.path).inserted }
        }
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

    /// Appends to `found` the path below `folder` (after `relative`) of every entry whose name
    /// ends in `.svg` in any case, at any depth, as FileManager's enumerator lists them: hidden
    /// entries and everything in hidden folders left out, symbolic links listed but not followed
    /// (a folder named `.svg` is listed and entered). Read with `readdir`, which took a
    /// hundredth of the enumerator's instructions (its 49,000 a file were run before any
    /// conversion started). False when `folder` cannot be opened; a subfolder that cannot is
    /// skipped. More than `limit` files is an error.
    private static func listSVGFiles(in folder: String, _ relative: String, into found: inout [String], limit: Int) throws -> Bool {
        guard let directory = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if name.lowercased().hasSuffix(".svg") {
                found.append(path)
                guard found.count <= limit else {
                    throw CommandFailure(folder, "holds more than \(Self.maximumFiles) SVG files; convert it in parts")
                }
            }
            var isFolder = entry.pointee.d_type == DT_DIR
            if entry.pointee.d_type == DT_UNKNOWN {
                var info = stat()
                isFolder = lstat(folder + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder { _ = try listSVGFiles(in: folder, path, into: &found, limit: limit) }
        }
        return true
    }

    /// `DIR/relative` with `.png` for its `.svg`.
    private func output(for relative: String) -> String {
        let name = relative.lowercased().hasSuffix(".svg") ? String(relative.dropLast(4)) : relative
        return (folder as NSString).appendingPathComponent(name + ".png")
    }
}
