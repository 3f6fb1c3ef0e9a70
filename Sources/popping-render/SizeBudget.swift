import Foundation
import Geometry
import PoppingRender

/// `--max-size`: writes the animation as asked and, while it is over the limit, again with a lower
/// frame rate, fewer colours or lossy LZW, saying on stderr what it did. Without a limit, a GIF
/// over GitHub's 5 MB image limit gets a warning.
struct SizeBudget {
    /// The most bytes the file may have; `nil` for no limit.
    let limit: Int?

    /// GitHub's image proxy does not show images over this size.
    static let githubLimit = 5_000_000

    /// `5MB`, `800KB`, `1.5MB` or a byte count (1 KB = 1000 bytes, as GitHub counts).
    static func parse(_ text: String) throws -> Int {
        let upper = text.uppercased().replacingOccurrences(of: " ", with: "")
        let units: [(String, Double)] = [("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("B", 1)]
        let (unit, factor) = units.first { upper.hasSuffix($0.0) } ?? ("", 1)
        guard let number = Double(upper.dropLast(unit.count)), number.isFinite, number > 0,
              number * factor <= 1e12, number * factor >= 1 else {
            throw CommandFailure("--max-size \(text)", "expected a size like 5MB, 800KB or 2000000")
        }
        return Int(saturating: number * factor)
    }

    /// One way to write the file: the rate, the encoding and how to describe them.
    struct Attempt {
        var fps: Int
        var encoding: EncodingOptions
        var said: String
    }

    /// The settings to try in order for `output` asked at `fps` with `encoding`: as asked, then
    /// ever smaller.
    static func attempts(for output: RenderOutput, fps: Int, encoding: EncodingOptions) -> [Attempt] {
        func attempt(_ rate: Int, _ change: (inout EncodingOptions) -> Void) -> Attempt {
            var e = encoding
            change(&e)
            var parts = rate < fps ? ["\(rate) fps"] : []
            switch output {
            case .gif:
                if e.quality != encoding.quality { parts.append("quality \(e.quality ?? 50)") }
                if let lossy = e.lossy, lossy != encoding.lossy { parts.append("lossy \(lossy)") }
            case .webp:
                if e.quality != encoding.quality { parts.append("quality \(e.quality ?? 75)") }
            case .video:
                if e.quality != encoding.quality { parts.append("quality \(e.quality ?? VideoOptions.defaultQuality)") }
            default: break
            }
            return Attempt(fps: min(rate, fps), encoding: e, said: parts.joined(separator: ", "))
        }
        var out = [Attempt(fps: fps, encoding: encoding, said: "as asked")]
        switch output {
        case .gif:
            out += [attempt(fps) { $0.lossy = max($0.lossy ?? 0, 40) },
                    attempt(fps) { $0.lossy = max($0.lossy ?? 0, 80); $0.quality = min($0.quality ?? 50, 25) },
                    attempt(20) { $0.lossy = max($0.lossy ?? 0, 80); $0.quality = min($0.quality ?? 50, 25) },
                    attempt(15) { $0.lossy = max($0.lossy ?? 0, 120); $0.quality = min($0.quality ?? 50, 10) },
                    attempt(10) { $0.lossy = 200; $0.quality = 0 }]
        case .webp:
            out += [attempt(fps) { $0.lossless = false; $0.quality = min($0.quality ?? 75, 50) },
                    attempt(fps) { $0.lossless = false; $0.quality = min($0.quality ?? 75, 25) },
                    attempt(15) { $0.lossless = false; $0.quality = min($0.quality ?? 75, 25) },
                    attempt(10) { $0.lossless = false; $0.quality = 10 }]
        case .video:
            let asked = encoding.quality ?? VideoOptions.defaultQuality
            out += [attempt(fps) { $0.quality = min(asked, 50) },
                    attempt(fps) { $0.quality = min(asked, 35) },
                    attempt(30) { $0.quality = min(asked, 35) },
                    attempt(15) { $0.quality = min(asked, 20) }]
        default:
            out += [30, 20, 15, 10].filter { $0 < fps }.map { rate in attempt(rate) { _ in } }
        }
        // The first try is always as asked, so a bad rate fails with the format's own message.
        return [out[0]] + out.dropFirst().filter { $0.fps >= 1 }
    }

    /// Writes `output` with each attempt in turn until the file fits (or once, without a limit).
    func fit(_ output: RenderOutput, attempts: [Attempt], write: (Attempt) throws -> Void) throws {
        let path = output.path
        var sizes: [Int] = []
        for attempt in limit == nil ? Array(attempts.prefix(1)) : attempts {
            try write(attempt)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            sizes.append(size)
            guard let limit else {
                if case .gif = output, size > Self.githubLimit {
                    Self.say("warning: \(path) is \(Self.megabytes(size)), over GitHub's 5 MB image limit "
                             + "(--max-size 5MB makes it fit)")
                }
                return
            }
            if size <= limit {
                if sizes.count > 1 {
                    Self.say("\(path): \(Self.megabytes(sizes[0])) as asked is over --max-size \(Self.megabytes(limit)); "
                             + "wrote \(Self.megabytes(size)) at \(attempt.said)")
                }
                return
            }
        }
        try? FileManager.default.removeItem(atPath: path)
        throw CommandFailure(path, "cannot fit in \(Self.megabytes(limit ?? 0)): the smallest try, at "
                             + "\(attempts.last?.said ?? ""), was \(Self.megabytes(sizes.min() ?? 0))")
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1e6) }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data("popping-render: \(line)\n".utf8))
    }
}
