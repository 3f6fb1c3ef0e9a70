import ArgumentParser
import SceneFile

/// `popping-render schema`: prints the scene files' JSON Schema (committed as
/// `Schemas/scene.schema.json`; `make schema` regenerates it).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Prints the JSON Schema of scene files, for editors (`# yaml-language-server: $schema=…`).")

    func run() throws {
        print(SceneFile.schema.jsonText(id: SceneFile.schemaID), terminator: "")
    }
}
