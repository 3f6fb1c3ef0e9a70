import ArgumentParser

/// `popping-render gif frames/ -o out.gif`: encodes PNG frames as an animated GIF.
struct GifCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gif",
        abstract: "Encodes a folder or sequence of PNG frames as an animated GIF.",
        discussion: """
            Each GIF frame stores only the rectangle that changed, with unchanged pixels \
            transparent; identical frames are merged; flat colours keep exact palette entries. \
            A folder's frames.json (written by `popping-render DEMO --out FOLDER`) sets the input rate.
            """)

    @OptionGroup var input: FrameInputArguments
    @OptionGroup var encoding: OutputArguments

    func run() throws { try input.encode(command: "gif", format: "gif", encoding: try encoding.encoding(),
                                      budget: try encoding.budget()) }
}
