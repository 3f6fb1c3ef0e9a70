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

    @OptionGroup var options: RenderOptions

    func run() throws {
        let source = try AnimationSource(demo)
        _ = try options.validatedLook()
        let output = try Output(out: out, framesDir: framesDir, demo: source.name)
        let run = try options.start(source)
        let range = try options.frameRange(count: run.frameCount)
        let outFPS = options.fps ?? output.defaultFPS
        guard (1...60).contains(outFPS), 60 % outFPS == 0 || output.isGIF else {
            throw CommandFailure("--fps \(outFPS)", "must divide 60 (60, 30, 20, 15, 12, 10, …)")
        }
        // Rasterise only the frames the output shows when its rate divides 60 Hz; otherwise give
        // the GIF encoder every frame and let it pick.
        let step = 60 % outFPS == 0 ? 60 / outFPS : 1
        let sink = try output.makeSink(fps: outFPS, sourceFPS: 60 / step, frames: range, scale: Double(options.scale))
        let wanted = sink.frames(from: range.filter { $0 % step == 0 })
        let progress = ProgressBar(total: wanted.count, quiet: options.quiet)
        var done = 0
        let player = try options.player(for: run)
        do {
            try player.render(wanted, parallel: !options.serial) { index, pixmap in
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
}
