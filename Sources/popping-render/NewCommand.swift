import ArgumentParser
import Codecs
import Foundation
import SceneFile

/// `popping-render new NAME`: writes NAME.yaml, a commented starter scene that renders as it is.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Writes NAME.yaml, a commented starter scene (`popping-render new login`).")

    @Argument(help: "The scene's name; NAME.yaml is written in the current folder (or the path given).")
    var name: String

    @Flag(help: "Replace the file if it exists.")
    var force = false

    func run() throws {
        let path = name.hasSuffix(".yaml") || name.hasSuffix(".yml") ? name : name + ".yaml"
        let title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard !title.isEmpty else { throw CommandFailure(name, "give the scene a name") }
        if FileManager.default.fileExists(atPath: path), !force {
            throw CommandFailure(path, "already exists (use --force to replace it)")
        }
        let schema = FileManager.default.fileExists(atPath: SceneFile.schemaPath) ? SceneFile.schemaPath : SceneFile.schemaID
        do {
            try AtomicOutput.write(Array(StarterScene.text(name: title, schema: schema).utf8), to: path)
        } catch {
            throw CommandFailure(path, "\(error)")
        }
        print("wrote \(path); render it with: popping-render \(path) --out \(title).gif")
    }
}
