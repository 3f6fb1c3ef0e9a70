import ArgumentParser

/// `popping-render video frames/ -o out.mp4`: encodes PNG frames as an MP4 or WebM.
struct VideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "Encodes a folder or sequence of PNG frames as an MP4 (H.264) or WebM (VP9; AV1 with --codec av1).",
        discussion: "Encoded through FFmpeg's libraries: BT.709 limited range, 4:2:0, +faststart for MP4, at the "
            + "input rate unless --fps says another. A folder's frames.json sets the input rate.")

    @OptionGroup var input: FrameInputArguments
    @OptionGroup var encoding: OutputArguments

    func run() throws { try input.encode(command: "video", format: "video", encoding: try encoding.encoding(),
                                      budget: try encoding.budget()) }
}
