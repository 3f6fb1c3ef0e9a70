import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// Chromium decodes every frame of our APNGs as we encoded them: headless Chromium opens a page
/// that decodes each APNG with the WebCodecs `ImageDecoder` (straight alpha, no colour
/// conversion) and prints every frame's duration and a hash of its pixels, which must match the
/// PNG frame of the same tick and its delay. Covers the three ways the encoder stores pixels:
/// keyed RGB (the owl), RGBA (the owl on a transparent background) and keyed RGB turning RGBA at
/// a translucent frame. Runs wherever `chromium` is installed and always under CI.
@Suite(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct APNGBrowserTests {
    /// 30 fps frames of the owl's 60 Hz frames 230...270: typing, with a key popup that the
    /// encoder restores with dispose op previous, and frames drawn with both blend ops.
    static let frames = "230..270"

    /// A folder of the owl's frames (`extra` arguments added) and its APNG from `popping-render apng`.
    func owl(_ name: String, in folder: String, _ extra: [String] = []) throws -> (frames: [Pixmap], apng: String) {
        let dir = folder + "/" + name
        let r = try popping(["owl", "--scale", "1", "--fps", "30", "--frames", Self.frames, "--out", dir, "--quiet"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let apng = folder + "/\(name).apng"
        let a = try popping(["apng", dir, "-o", apng, "--quiet"])
        #expect(a.status == 0, "\(a.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
        return (try names.map { try PNG.read(path: dir + "/" + $0) }, apng)
    }

    /// The owl's frames with a half-transparent pixel from frame 5 on, encoded through the API:
    /// the encoder starts in keyed RGB and has to turn RGBA.
    func owlTurningTranslucent(_ opaque: [Pixmap], in folder: String) throws -> (frames: [Pixmap], apng: String) {
        var frames = opaque
        let pixel = 100 * opaque[0].width + 20
        for t in 5..<frames.count {
            frames[t].data.withUnsafeMutableBytes { $0.bindMemory(to: UInt32.self)[pixel] = 0x8040_2010 }
        }
        let path = folder + "/turning.apng"
        let encoder = try APNGEncoder(path: path, width: frames[0].width, height: frames[0].height,
                                      options: APNGOptions(fps: 30))
        for f in frames { try encoder.add(f) }
        try encoder.finish()
        return (frames, path)
    }

    @Test func chromiumDecodesEveryFrameAndDelayOfOurAPNGs() throws {
        let folder = try scratchFolder("apng-chromium")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opaque = try owl("opaque", in: folder)
        let animations = [("opaque", opaque),
                          ("transparent", try owl("transparent", in: folder, ["--background", "transparent"])),
                          ("turning", try owlTurningTranslucent(opaque.frames, in: folder))]
        let page = folder + "/decode.html"
        try Data(decodingPage(animations.map { ($0.0, try Data(contentsOf: URL(fileURLWithPath: $0.1.apng))) }).utf8)
            .write(to: URL(fileURLWithPath: page))
        let browser = try HeadlessChromium()
        try browser.open(URL(fileURLWithPath: page).absoluteString)
        try browser.waitUntil("document.title === 'done'")
        let dom = try browser.dom()
        let report = dom.components(separatedBy: "<pre id=\"out\">").dropFirst().first?
            .components(separatedBy: "</pre>").first ?? ""
        #expect(dom.contains("<title>done</title>"), "the page did not finish: \(report)")
        let lines = report.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }

        // The owl's frames include one disposed to the previous picture (fcTL's dispose op 2).
        let owl = [UInt8](try Data(contentsOf: URL(fileURLWithPath: opaque.apng)))
        let disposeOps = (0..<owl.count - 28).filter { Array(owl[$0..<$0 + 4]) == Array("fcTL".utf8) }.map { owl[$0 + 28] }
        #expect(disposeOps.contains(2), "dispose ops \(disposeOps)")

        for (name, animation) in animations {
            let decoded = try APNGDecoder.read(path: animation.apng)
            let shown = lines.filter { $0.first == name }
            #expect(shown.count == decoded.frames.count, "\(name): Chromium shows \(shown.count) frames")
            #expect(decoded.frames.count >= 6, "\(name): too few distinct frames to test")
            var tick = 0
            for (k, (frame, line)) in zip(decoded.frames, shown).enumerated() {
                guard line.count == 4, let micros = Int(line[2]) else {
                    Issue.record("\(name): frame \(k): \(line.joined(separator: " "))")
                    break
                }
                #expect(line[3] == hash(animation.frames[tick]), "\(name): Chromium's frame \(k) differs from the PNG of tick \(tick)")
                // Chromium keeps delays in whole milliseconds.
                let exact = 1_000_000 * frame.delayNumerator / frame.delayDenominator
                #expect(abs(micros - exact) < 1000, "\(name): frame \(k) lasts \(micros) µs, not \(exact)")
                tick += 30 * frame.delayNumerator / frame.delayDenominator
            }
            #expect(tick == animation.frames.count, "\(name)")
        }
    }

    /// FNV-1a of a frame's straight RGBA bytes, as the page computes it.
    func hash(_ frame: Pixmap) -> String {
        var h: UInt32 = 2_166_136_261
        for byte in frame.straightRGBA() { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return String(h)
    }

    /// A page that decodes each APNG frame by frame and prints `name index microseconds hash`
    /// lines into `<pre id="out">`, then titles itself "done".
    func decodingPage(_ files: [(String, Data)]) -> String {
        let list = files.map { "[\"\($0.0)\", \"\($0.1.base64EncodedString())\"]" }.joined(separator: ",\n")
        return """
            <!doctype html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre><script>
            const files = [\(list)];
            (async () => {
              const lines = [];
              for (const [name, base64] of files) {
                try {
                  const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
                  const decoder = new ImageDecoder({data: bytes, type: "image/png",
                                                    premultiplyAlpha: "none", colorSpaceConversion: "none"});
                  await decoder.tracks.ready;
                  const count = decoder.tracks.selectedTrack.frameCount;
                  for (let i = 0; i < count; i++) {
                    const {image} = await decoder.decode({frameIndex: i});
                    const pixels = new Uint8Array(image.allocationSize());
                    await image.copyTo(pixels);
                    const [r, g, b] = image.format.startsWith("BGR") ? [2, 1, 0] : [0, 1, 2];
                    const opaque = image.format.endsWith("X");
                    let h = 2166136261;
                    for (let p = 0; p < pixels.length; p += 4) {
                      h = Math.imul(h ^ pixels[p + r], 16777619);
                      h = Math.imul(h ^ pixels[p + g], 16777619);
                      h = Math.imul(h ^ pixels[p + b], 16777619);
                      h = Math.imul(h ^ (opaque ? 255 : pixels[p + 3]), 16777619);
                    }
                    h >>>= 0;
                    lines.push(`${name} ${i} ${image.duration} ${h}`);
                    image.close();
                  }
                } catch (e) {
                  lines.push(`${name} error ${e}`);
                }
              }
              document.getElementById("out").textContent = lines.join("\\n");
              document.title = "done";
            })();
            </script></body></html>
            """
    }
}
