import ArgumentParser
import Codecs

/// `--allow-read DIR`, for every command that reads files named inside other files (scene
/// files' images and fonts, SVG images, goldens, frame folders): by default those are read only
/// beneath the input's own folder (see `ReadRoot`); each `--allow-read` adds a folder.
struct ReadArguments: ParsableArguments {
    @Option(name: .customLong("allow-read"), parsing: .singleValue,
            help: ArgumentHelp("Also read files that input files name from beneath DIR (repeatable).", valueName: "DIR"))
    var allowRead: [String] = []

    func validate() throws {
        for folder in allowRead {
            do { try ReadRoot.allow(folder) } catch let refusal as ReadRefusal { throw CommandFailure(refusal.description) }
        }
    }
}
