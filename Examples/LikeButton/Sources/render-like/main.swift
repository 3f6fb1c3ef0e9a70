import Foundation
import LikeButton
import PoppingRender

// Renders the like button to a GIF (or to the path given): `swift run render-like like.gif`.
let path = CommandLine.arguments.dropFirst().first ?? "like.gif"
do {
    let run = try LikeButton.start(DemoSettings(screenSize: LikeButton.defaultDevice.screenSize))
    try render(run, to: RenderOutput(path: path), options: RenderOptions(scale: 2))
    print("wrote \(path)")
} catch {
    FileHandle.standardError.write(Data("render-like: \(error)\n".utf8))
    exit(2)
}
