import Codecs
import Foundation
import GoldenTesting
import Testing

/// Runs a program if it is installed; `nil` when it is not.
private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + tool }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
    }) else { return nil }
    let result = try runProcess(URL(fileURLWithPath: path), arguments)
    return (result.status, result.stdout)
}

/// giflib (Debian giflib-tools) and ImageMagick read what the encoder writes. Each check is
/// skipped when its tool is not installed.
@Suite struct GIFExternalDecoderTests {
    private func writeAnimation() throws -> (folder: String, path: String, frames: Int) {
        let folder = try scratchFolder("gif-external")
        let path = folder + "/anim.gif"
        let bytes = try encodeGIF(cardAnimation(), options: GIFOptions(quality: 50))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path, try GIFTestDecoder.decode(bytes).frames.count)
    }

    @Test func giftextListsEveryImage() throws {
        let gif = try writeAnimation()
        defer { try? FileManager.default.removeItem(atPath: gif.folder) }
        guard let result = try run("giftext", [gif.path]) else { return }
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: "Image #").count - 1 == gif.frames)
    }

    @Test func gif2rgbDecodesEveryLZWStream() throws {
        let gif = try writeAnimation()
        defer { try? FileManager.default.removeItem(atPath: gif.folder) }
        guard let result = try run("gif2rgb", ["-1", "-o", gif.folder + "/out.rgb", gif.path]) else { return }
        #expect(result.status == 0)
        let rgb = FileManager.default.contents(atPath: gif.folder + "/out.rgb")
        #expect(rgb?.count == 64 * 40 * 3)
    }

    @Test func imageMagickIdentifiesEveryFrame() throws {
        let gif = try writeAnimation()
        defer { try? FileManager.default.removeItem(atPath: gif.folder) }
        guard let result = try run("identify", [gif.path]) else { return }
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == gif.frames)
    }
}
