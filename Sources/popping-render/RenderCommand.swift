import ArgumentParser
import Codecs
import Demos
import Foundation
import Geometry
import Raster
import Scene

/// `popping-render <demo> --out PATH`: plays a demo and writes a GIF, PNG frames or a contact sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders a demo (`popping-render owl --out owl.gif`).",
        discussion: "The output kind follows --out: a .gif path writes an animated GIF, a .png path a contact "
            + "sheet of evenly spaced frames, any other path (or --frames-dir) a folder of PNG frames.")

    @Argument(help: "The demo: \(allDemos.map { $0.name }.joined(separator: ", ")).")
    var demo: String

    @Option(name: .shortAndLong, help: "Output: .gif, .png (contact sheet) or a folder for PNG frames.")
    var out: String?

    @Option(help: "Write PNG frames frame-0000.png… into this folder.")
    var framesDir: String?

    @Option(help: "Device pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "Frames per second of the output (default 30 for GIF, 60 for PNG frames).")
    var fps: Int?

    @Option(help: "Screen: \(Device.allCases.map(\.rawValue).joined(separator: ", ")) (default: the demo's own).")
    var device: String?

    @Option(help: "Screen size in points, WxH, instead of a device.")
    var size: String?

    @Option(help: "Only these 60 Hz frames, A..B inclusive; the same pixels as in the full render.")
    var frames: String?

    @Option(help: "Pixel snapping of view frames: round, floor, ceil, half or none.")
    var snap: String = "round"

    @Option(help: "Seed for demos with random choices (the constraints shuffle).")
    var seed: UInt64 = DemoSettings.defaultSeed

    @Option(help: "portrait or landscape.")
    var orientation: String = "portrait"

    @Flag(help: "Hide the circle that shows where the finger touches.")
    var noTouches = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @Flag(help: "Rasterise on one thread (for checking determinism).")
    var serial = false

    func run() throws {
        guard let demoType = Demos.demo(named: demo) else {
            throw CommandFailure(demo, "unknown demo (try: \(allDemos.map { $0.name }.joined(separator: ", ")))")
        }
        guard [1, 2, 3].contains(scale) else { throw CommandFailure("--scale \(scale)", "must be 1, 2 or 3") }
        guard let snapping = PixelSnapping(rawValue: snap) else {
            throw CommandFailure("--snap \(snap)", "must be round, floor, ceil, half or none")
        }
        guard let turn = Orientation(rawValue: orientation) else {
            throw CommandFailure("--orientation \(orientation)", "must be portrait or landscape")
        }
        var screen = try screenSize(default: demoType.defaultDevice)
        if turn == .landscape { screen = Size(max(screen.width, screen.height), min(screen.width, screen.height)) }
        let output = try Output(out: out, framesDir: framesDir, demo: demo)
        let run = try demoType.start(DemoSettings(screenSize: screen, seed: seed, orientation: turn))
        let range = try frameRange(count: run.frameCount)
        let outFPS = fps ?? output.defaultFPS
        guard (1...60).contains(outFPS), 60 % outFPS == 0 || output.isGIF else {
            throw CommandFailure("--fps \(outFPS)", "must divide 60 (60, 30, 20, 15, 12, 10, …)")
        }
        // Rasterise only the frames the output shows when its rate divides 60 Hz; otherwise give
        // the GIF encoder every frame and let it pick.
        let step = 60 % outFPS == 0 ? 60 / outFPS : 1
        let sink = try output.makeSink(fps: outFPS, sourceFPS: 60 / step, frames: range, scale: Double(scale))
        let wanted = sink.frames(from: range.filter { $0 % step == 0 })
        let progress = ProgressBar(total: wanted.count, quiet: quiet)
        var done = 0
        let player = DemoPlayer(run: run, scale: Double(scale), snapping: snapping, showTouches: !noTouches)
        do {
            try player.render(wanted, parallel: !serial) { index, pixmap in
                try sink.add(pixmap, frame: index)
                done += 1
                progress.update(done)
            }
            try sink.finish()
        } catch {
            sink.abort()
            throw error
        }
        progress.finish()
    }

    private func screenSize(default fallback: Device) throws -> Size {
        if let size {
            guard let parsed = LayoutCommand.parseSize(size),
                  [parsed.width, parsed.height].allSatisfy({ $0 >= 100 && $0 <= 2000 }) else {
                throw CommandFailure("--size \(size)", "expected WxH in points, each 100...2000, like 375x667")
            }
            return parsed
        }
        guard let name = device else { return fallback.screenSize }
        guard let d = Device(rawValue: name) else {
            throw CommandFailure("--device \(name)", "unknown device (try: \(Device.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return d.screenSize
    }

    private func frameRange(count: Int) throws -> Range<Int> {
        guard let frames else { return 0..<count }
        let parts = frames.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else {
            throw CommandFailure("--frames \(frames)", "expected A..B with 0 <= A <= B")
        }
        guard b < count else { throw CommandFailure("--frames \(frames)", "the demo has frames 0..\(count - 1)") }
        return a..<(b + 1)
    }
}
