import ArgumentParser

/// `popping-render apng frames/ -o out.apng`: encodes PNG frames as a lossless animated PNG.
struct ApngCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apng",
        abstract: "Encodes a folder or sequence of PNG frames as a lossless animated PNG.",
        discussion: "Frames store only their changed rectangle; delays are exact fractions of a second. "
            + "A folder's frames.json sets the input rate.")

    @OptionGroup var input: FrameInputArguments
    @OptionGroup var encoding: OutputArguments

    func run() throws { try input.encode(command: "apng", format: "apng", encoding: try encoding.encoding(),
                                      budget: try encoding.budget()) }
}
