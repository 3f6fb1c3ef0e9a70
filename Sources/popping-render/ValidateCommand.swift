import ArgumentParser
import Foundation
import Demos
import SceneFile

/// `popping-render validate FILE…`: checks scene files without rendering and lists every problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks scene files without rendering; prints every problem as FILE:LINE:COLUMN: message.")

    @Argument(help: "Scene files (.yaml, .yml, .json).")
    var files: [String]

    @OptionGroup var read: ReadArguments

    func run() throws {
        var lines: [String] = []
        for file in files {
            do {
                let scene = try SceneFile.load(path: file)
                let size = scene.defaultScreenSize
                let frames = try scene.frameCount ?? scene.start(DemoSettings(screenSize: size)) { warning in
                    FileHandle.standardError.write(Data("\(warning)\n".utf8))
                }.frameCount
                print(String(format: "%@: ok (%d frames, %.1f s, %gx%g pt)", file, frames,
                             Double(frames) / 60, size.width, size.height))
            } catch let problems as SceneProblems {
                lines += problems.lines
            }
        }
        if !lines.isEmpty { throw CommandFailure(lines: lines) }
    }
}
