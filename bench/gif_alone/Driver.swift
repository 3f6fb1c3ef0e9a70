// Encodes raw frames (FRAMES_DIR/frame-NNNN.rgba, premultiplied RGBA, and size.txt holding
// "width height count") with GIFEncoder's default options, serially; prints the CPU time.
// usage: driver FRAMES_DIR OUT.gif   env: GIF_FRAMES=N encodes only the first N frames
import Foundation

@main struct Driver {
    static func main() throws {
        let args = CommandLine.arguments
        let size = try String(contentsOfFile: args[1] + "/size.txt", encoding: .utf8)
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let (width, height, count) = (size[0], size[1], size[2])
        let limit = ProcessInfo.processInfo.environment["GIF_FRAMES"].flatMap { Int($0) } ?? count
        let frames = (0..<min(count, limit)).map { i in
            let path = String(format: "%@/frame-%04d.rgba", args[1], i)
            return Pixmap(width: width, height: height, data: [UInt8](FileManager.default.contents(atPath: path)!))
        }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
        let gif = try GIFEncoder(path: args[2], width: width, height: height, options: GIFOptions())
        for f in frames { try gif.add(f) }
        try gif.finish()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        print(String(format: "cpu %.3f s", seconds))
    }
}
