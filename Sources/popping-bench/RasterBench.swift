import ArgumentParser
import Codecs
import Foundation
import Geometry
import Raster

/// `popping-bench raster SCENE.json`: draws a raster scene of bench/make_scene.py (rounded rects, ellipses and
/// cubic shapes, translucent, source-over) and prints the median time per frame, comparable
/// with bench/raster_peers.py on the same file.
struct RasterBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster",
        abstract: "Times drawing a raster scene (bench/make_scene.py) and writes the frame as PNG.")

    @Argument(help: "The scene JSON (width, height, background, shapes).")
    var scene: String

    @Option(help: "Where to write the rendered frame as PNG.")
    var out: String?

    @Option(help: "How many frames to time; the median is printed.")
    var `repeat` = 20

    @Option(help: "Seconds of untimed drawing before the timed frames (at least one frame).")
    var warmup = 0.25

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard warmup.isFinite, (0...60).contains(warmup) else { throw ValidationError("--warmup must be 0...60 seconds") }
    }

    func run() throws {
        let loaded = try BenchScene.load(path: scene)
        let canvas = Canvas(width: loaded.width, height: loaded.height)
        // Drawn untimed for a while first, as the peers are: a process's first tens of
        // milliseconds on these virtual machines often run markedly slower (measured: up to
        // 1.5x for the first 20-200 ms), which would otherwise fall on the timed frames.
        let warmupEnd = ContinuousClock.now + .milliseconds(Int(saturating: warmup * 1000))
        repeat { loaded.draw(on: canvas) } while ContinuousClock.now < warmupEnd
        var times: [Double] = [], cpuTimes: [Double] = []
        for _ in 0..<`repeat` {
            let cpuStart = threadCPUMilliseconds()
            let elapsed = ContinuousClock().measure { loaded.draw(on: canvas) }
            cpuTimes.append(threadCPUMilliseconds() - cpuStart)
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        print("raster_ms_per_frame: \(String(format: "%.3f", median(times.sorted())))")
        print("raster_cpu_ms_per_frame: \(String(format: "%.3f", median(cpuTimes.sorted())))")
        if let out { try PNG.write(canvas.pixmap, to: out) }
    }
}

/// CPU time this thread has run, in milliseconds: on a shared machine it leaves out the time
/// other processes held the core (wall time does not).
func threadCPUMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// The benchmark scene, parsed once; drawing flattens and rasterises every shape again.
struct BenchScene {
    let width: Int
    let height: Int
    let background: Color
    let shapes: [(path: Path, color: Color, rule: FillRule)]

    /// The JSON as bench/make_scene.py writes it; see its `notes` field.
    private struct File: Decodable {
        let width: Int
        let height: Int
        let background: [Double]
        let shapes: [Shape]
    }

    fileprivate struct Shape: Decodable {
        let type: String
        let rgba: [Double]
        let x, y, w, h, r: Double?
        let cx, cy, rx, ry: Double?
        let start: [Double]?
        let cubics: [[Double]]?
        let fill_rule: String?
    }

    /// Reads and checks a scene file; a malformed one throws an error naming the file and the shape.
    static func load(path: String) throws -> BenchScene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): cannot read the file")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ValidationError("\(path): not a raster scene: \(error)")
        }
        guard (1...16384).contains(file.width), (1...16384).contains(file.height) else {
            throw ValidationError("\(path): width and height must be 1...16384")
        }
        let shapes = try file.shapes.enumerated().map { index, shape in
            guard let parsed = shape.drawable else {
                throw ValidationError("\(path): shape \(index) (\(shape.type)) is missing fields or malformed")
            }
            return parsed
        }
        guard let background = color(file.background) else {
            throw ValidationError("\(path): background must be four numbers 0...255")
        }
        return BenchScene(width: file.width, height: file.height, background: background, shapes: shapes)
    }

    /// Straight 8-bit RGBA as a colour.
    fileprivate static func color(_ v: [Double]) -> Color? {
        guard v.count == 4, v.allSatisfy({ (0...255).contains($0) }) else { return nil }
        return Color(r255: v[0], g: v[1], b: v[2], alpha: v[3] / 255)
    }

    /// Clears the canvas to the background and draws every shape in order. Never inlined, so a
    /// profile (bench/raster.sh runs callgrind) can count the drawing alone.
    @inline(never)
    func draw(on canvas: Canvas) {
        canvas.clear(background)
        for shape in shapes { canvas.fill(shape.path, color: shape.color, rule: shape.rule) }
    }
}

extension BenchScene.Shape {
    /// The shape's path, colour and fill rule, or nil when a field it needs is missing.
    fileprivate var drawable: (path: Path, color: Color, rule: FillRule)? {
        guard let color = BenchScene.color(rgba) else { return nil }
        switch type {
        case "roundrect":
            guard let x, let y, let w, let h, let r else { return nil }
            return (Path(roundedRect: Rect(x, y, w, h), cornerRadius: r), color, .nonZero)
        case "ellipse":
            guard let cx, let cy, let rx, let ry else { return nil }
            return (Path(ellipseIn: Rect(cx - rx, cy - ry, 2 * rx, 2 * ry)), color, .nonZero)
        case "cubicpath":
            guard let start, start.count == 2, let cubics, cubics.allSatisfy({ $0.count == 6 }) else { return nil }
            var path = Path()
            path.move(to: Point(start[0], start[1]))
            for c in cubics {
                path.cubic(to: Point(c[4], c[5]), control1: Point(c[0], c[1]), control2: Point(c[2], c[3]))
            }
            path.close()
            switch fill_rule {
            case nil, "nonzero": return (path, color, .nonZero)
            case "evenodd": return (path, color, .evenOdd)
            default: return nil
            }
        default:
            return nil
        }
    }
}
