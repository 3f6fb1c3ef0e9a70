import ArgumentParser

/// `popping-render webp frames/ -o out.webp`: encodes PNG frames as an animated WebP.
struct WebpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webp",
        abstract: "Encodes a folder or sequence of PNG frames as an animated WebP (lossy, or --lossless).",
        discussion: "Encoded by libwebp's animation encoder. A folder's frames.json sets the input rate.")

    @OptionGroup var input: FrameInputArguments
    @OptionGroup var encoding: OutputArguments

    func run() throws { try input.encode(command: "webp", format: "webp", encoding: try encoding.encoding(),
                                      budget: try encoding.budget()) }
}
