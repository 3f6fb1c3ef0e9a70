import ArgumentParser
import Codecs
import Foundation
import SceneFile

/// `popping-render new NAME`: writes NAME.yaml, a commented starter scene that renders as it is,
/// and the scene JSON Schema beside it, which the starter names relatively so editors complete
/// keys offline, wherever the scene lives.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Writes NAME.yaml, a commented starter scene, and scene.schema.json beside it (`popping-render new login`).")

    @Argument(help: "The scene's name; NAME.yaml is written in the current folder (or the path given).")
    var name: String

    @Flag(help: "Replace the scene, and a scene.schema.json that differs from this version's, if they exist.")
    var force = false

    func run() throws {
        let path = name.hasSuffix(".yaml") || name.hasSuffix(".yml") ? name : name + ".yaml"
        let title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard !title.isEmpty else { throw CommandFailure(name, "give the scene a name") }
        if FileManager.default.fileExists(atPath: path), !force {
            throw CommandFailure(path, "already exists (use --force to replace it)")
        }
        let folder = PathName.folder(of: path)
        let schemaPath = folder.isEmpty ? SceneFile.schemaFileName : folder + "/" + SceneFile.schemaFileName
        let schema = Array(SceneFile.schema.jsonText(id: SceneFile.schemaID).utf8)
        let existing = FileManager.default.contents(atPath: schemaPath).map { [UInt8]($0) }
        let writesSchema = existing == nil || (existing != schema && force)
        do {
            if writesSchema { try AtomicOutput.write(schema, to: schemaPath) }
            do {
                try AtomicOutput.write(Array(StarterScene.text(name: title, schema: SceneFile.schemaFileName).utf8), to: path)
            } catch {
                if existing == nil { try? FileManager.default.removeItem(atPath: schemaPath) }
                throw error
            }
        } catch {
            throw CommandFailure(path, "\(error)")
        }
        if let existing, existing != schema, !force {
            FileHandle.standardError.write(Data(
                "popping-render: \(schemaPath): kept; it differs from this version's schema (--force replaces it)\n".utf8))
        }
        print("wrote \(path)\(writesSchema ? " and \(schemaPath)" : ""); render it with: popping-render \(path) --out \(title).gif")
    }
}
