import Foundation

/// The report's page: one self-contained HTML file (styles, script and pictures inline, nothing
/// fetched) with a summary, and for each failing scene a timeline of its frames with the
/// differing ones marked, the expected, actual and diff views of any frame, a slider and an
/// onion-skin view, both animations playing side by side, and the render options.
enum ReportPage {
    /// The page for `report`; `encodedMedia` is `media`, each item as sorted-keys JSON.
    static func html(_ report: CheckReport, media: [SceneMedia], encodedMedia: [Data]) -> String {
        let failed = report.scenes.filter { $0.status == .failed }
        let passed = report.scenes.filter { $0.status == .passed }.count
        let recorded = report.scenes.filter { $0.status == .recorded }.count
        var counts = ["\(failed.count) failed", "\(passed) passed"]
        if recorded > 0 { counts.append("\(recorded) recorded") }
        let title = failed.isEmpty ? "Golden frames: all \(report.scenes.count) scenes match" : "Golden frames: \(failed.count) of \(report.scenes.count) scenes differ"
        let data = scriptJSON(jsonArray(encodedMedia))
        var body = "<h1>\(escapeXML(title))</h1>\n<p class=\"counts\">\(counts.joined(separator: " · "))"
        if !report.shards.isEmpty { body += " · shards \(escapeXML(report.shards.joined(separator: ", ")))" }
        body += "</p>\n<table class=\"summary\"><thead><tr><th>scene</th><th>result</th><th>frames checked</th><th>render options</th></tr></thead><tbody>\n"
        for scene in report.scenes {
            let name = scene.status == .failed ? "<a href=\"#scene-\(ReportFolder.fileName(scene.name))\">\(escapeXML(scene.name))</a>" : escapeXML(scene.name)
            body += "<tr class=\"\(scene.status.rawValue)\"><td>\(name)</td><td>\(escapeXML(resultText(scene)))</td>"
                + "<td>\(scene.checkedCount)</td><td><code>\(escapeXML(scene.options.commandLine))</code></td></tr>\n"
        }
        body += "</tbody></table>\n"
        var bases: [String] = []
        for base in report.scenes.compactMap(\.variantOf) where !bases.contains(base) { bases.append(base) }
        for base in bases { body += variantsSection(base, report.scenes.filter { $0.variantOf == base }) }
        for scene in failed {
            body += section(scene, omittedFrames: media.filter { $0.scene == scene.name }.compactMap(\.omittedFrames).reduce(0, +))
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <title>\(escapeXML(title))</title>
            <style>\(style)</style></head>
            <body>
            \(body)
            <script type="application/json" id="report-media">\(data)</script>
            <script>\(script)</script>
            </body></html>

            """
    }

    /// What the page may load and run: its own style sheet and script (by their SHA-256) and the
    /// `data:` PNGs the script makes, nothing else. Whatever a hostile golden or report.json
    /// might smuggle into the page (an inline script, an event handler, a remote fetch) is
    /// refused by the browser even if the escaping below it were wrong.
    static let contentSecurityPolicy = "default-src 'none'; img-src data:; style-src '\(cspHash(style))'; "
        + "script-src '\(cspHash(script))'; base-uri 'none'; form-action 'none'"

    /// A CSP source expression naming an inline element's exact text.
    private static func cspHash(_ text: String) -> String {
        "sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString()
    }

    /// A JSON array of already encoded items: the bytes `JSONEncoder` writes for the array
    /// without formatting, so a report's media are encoded once for their files and the page.
    static func jsonArray(_ items: [Data]) -> Data {
        var out = Data("[".utf8)
        out.reserveCapacity(items.reduce(2) { $0 + $1.count + 1 })
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(item)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// JSON text made safe inside a `<script>` element: `<`, `>` and `&` (which could close the
    /// element or start `<!--` and `<script` that change how the HTML parser reads it) and the
    /// line separators U+2028 and U+2029 become `\u` escapes. These characters only occur inside
    /// JSON strings, where the escapes mean the same characters, so the JSON is unchanged.
    /// Works on the UTF-8 bytes (U+2028 and U+2029 are E2 80 A8 and E2 80 A9): the media list
    /// of a failing owl check is 6 MB of JSON; scalar by scalar it took 6 % of the check's CPU time.
    static func scriptJSON(_ json: Data) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.count)
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                switch byte {
                case UInt8(ascii: "<"): out += escapes.lessThan
                case UInt8(ascii: ">"): out += escapes.greaterThan
                case UInt8(ascii: "&"): out += escapes.ampersand
                case 0xE2 where i + 1 < bytes.count && bytes[i] == 0x80 && (bytes[i + 1] == 0xA8 || bytes[i + 1] == 0xA9):
                    out += bytes[i + 1] == 0xA8 ? escapes.lineSeparator : escapes.paragraphSeparator
                    i += 2
                default: out.append(byte)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `\u` escapes `scriptJSON` writes, as UTF-8.
    private static let escapes = (lessThan: Array("\\u003c".utf8), greaterThan: Array("\\u003e".utf8),
                                  ampersand: Array("\\u0026".utf8), lineSeparator: Array("\\u2028".utf8),
                                  paragraphSeparator: Array("\\u2029".utf8))

    private static func resultText(_ scene: SceneReport) -> String {
        switch scene.status {
        case .passed: return scene.toleratedFrames > 0 ? "passed (\(scene.toleratedFrames) within tolerance)" : "passed"
        case .recorded: return "recorded"
        case .failed:
            var parts = scene.problems
            if !scene.differingFrames.isEmpty {
                parts.append("frames \(describeFrames(scene.differingFrames.map(\.index), among: scene.checkedFrames, limit: 6)) differ")
            }
            return "failed: " + parts.joined(separator: "; ")
        }
    }

    /// A scene's variants side by side: each one's result, and one timeline over all their frames
    /// marking those where some variant differs, each naming the variants that do.
    static func variantsSection(_ base: String, _ variants: [SceneReport]) -> String {
        var html = "<section class=\"variants\"><h2>\(escapeXML(base)): \(variants.count) variants</h2>\n<table class=\"summary\"><tbody><tr>"
        for v in variants {
            let name = v.status == .failed ? "<a href=\"#scene-\(ReportFolder.fileName(v.name))\">\(escapeXML(v.name))</a>" : escapeXML(v.name)
            html += "<td class=\"\(v.status.rawValue)\">\(name)<br>\(escapeXML(v.status.rawValue))</td>"
        }
        html += "</tr></tbody></table>\n"
        let frames = Array(Set(variants.flatMap(\.checkedFrames))).sorted()
        var differing: [Int: [String]] = [:]
        for v in variants { for f in v.differingFrames { differing[f.index, default: []].append(v.name) } }
        html += "<div class=\"timeline\" title=\"Frames of every variant; red ones differ in some variant.\">"
        for frame in frames {
            if let names = differing[frame] {
                html += "<span class=\"diff\" title=\"frame \(frame): \(escapeXML(names.joined(separator: ", "))) \(names.count == 1 ? "differs" : "differ")\"></span>"
            } else {
                html += "<span></span>"
            }
        }
        return html + "</div>\n</section>\n"
    }

    /// A failing scene's section; `omittedFrames` checked frames have no pictures (the scene's
    /// pictures reached `SceneCheck.defaultMediaByteLimit`), which the section says.
    private static func section(_ scene: SceneReport, omittedFrames: Int) -> String {
        let id = ReportFolder.fileName(scene.name)
        let differing = Set(scene.differingFrames.map(\.index))
        let frames = scene.checkedFrames
        // The page opens on the frame that differs most, where the change is easiest to see.
        let initial = scene.differingFrames.max { ($0.differingPixels ?? 0) < ($1.differingPixels ?? 0) }?.index ?? frames.first ?? 0
        var html = "<section class=\"scene\" id=\"scene-\(id)\" data-scene=\"\(escapeXML(scene.name))\" "
            + "data-fps=\"\(scene.options.fps)\" data-initial=\"\(initial)\">\n"
        html += "<h2>\(escapeXML(scene.name)) <span class=\"badge\">failed</span></h2>\n"
        for problem in scene.problems { html += "<p class=\"problem\">\(escapeXML(problem))</p>\n" }
        if omittedFrames > 0 {
            html += "<p class=\"problem\">\(omittedFrames) later frames have no pictures: this report keeps at most "
                + "\(SceneCheck.defaultMediaByteLimit >> 20) MB of pictures per scene</p>\n"
        }
        if !differing.isEmpty {
            html += "<p class=\"differing\">Differing frames: <span class=\"frame-list\">\(describeFrames(scene.differingFrames.map(\.index), among: frames))</span> (\(differing.count) of \(frames.count) checked)</p>\n"
        }
        html += "<p class=\"options\">Render options: <code>\(escapeXML(scene.options.commandLine))</code> · golden <code>\(escapeXML(scene.golden))</code></p>\n"
        html += "<div class=\"timeline\" title=\"Frames checked; red ones differ. Click to show a frame.\">"
        for frame in frames {
            html += "<span data-frame=\"\(frame)\"\(differing.contains(frame) ? " class=\"diff\"" : "")></span>"
        }
        html += "</div>\n"
        html += """
            <div class="controls">
            <button class="play">▶ Play</button> <button class="prev">◀</button> <button class="next">▶</button>
            <button class="next-diff">Next differing frame</button>
            <span class="frame-label"></span>
            <label><input type="radio" name="mode-\(id)" value="slider" checked> slider</label>
            <label><input type="radio" name="mode-\(id)" value="onion"> onion skin</label>
            <input class="split" type="range" min="0" max="100" value="50" title="slider position">
            </div>
            <div class="views">
            <figure><canvas class="expected"></canvas><figcaption>expected (golden)</figcaption></figure>
            <figure><canvas class="actual"></canvas><figcaption>actual (this render)</figcaption></figure>
            <figure><canvas class="diff"></canvas><figcaption>diff: red differs by more than 2 levels, yellow by 1–2</figcaption></figure>
            <figure><canvas class="compare"></canvas><figcaption class="compare-caption">slider: expected left, actual right</figcaption></figure>
            </div>

            """
        if !scene.differingFrames.isEmpty {
            html += "<table class=\"frames\"><thead><tr><th>frame</th><th>pixels differing</th><th>max difference</th><th>where (x0, y0)–(x1, y1)</th><th>hash golden / actual</th></tr></thead><tbody>\n"
            for frame in scene.differingFrames.prefix(200) {
                let box = frame.box.map { "(\($0[0]), \($0[1]))–(\($0[2]), \($0[3]))" } ?? "—"
                html += "<tr data-frame=\"\(frame.index)\"><td>\(frame.index)</td><td>\(frame.differingPixels.map(String.init) ?? "—")</td>"
                    + "<td>\(frame.maxDifference.map(String.init) ?? "—")</td><td>\(box)</td>"
                    + "<td><code>\(escapeXML(frame.expected.map { String($0.prefix(12)) } ?? "none")) / \(escapeXML(String(frame.actual.prefix(12))))</code></td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html + "</section>\n"
    }

    private static let style = """
        body{font:14px/1.4 system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:16px 24px;color:#222;background:#fafafa}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:0 0 6px}
        .counts{color:#555;margin:0 0 10px}
        table{border-collapse:collapse;margin:6px 0 14px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
        tr.failed td:nth-child(2){color:#b3261e;font-weight:600}tr.passed td:nth-child(2){color:#1b7f3b}
        .scene{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 14px;margin:0 0 18px}
        .badge{background:#b3261e;color:#fff;border-radius:4px;padding:1px 6px;font-size:12px}
        .problem,.differing{margin:2px 0;font-weight:600}
        .timeline{display:flex;height:22px;border:1px solid #ccc;background:#e8f3ea;cursor:pointer;margin:6px 0}
        .timeline span{flex:1 1 0;min-width:0}.timeline span.diff{background:#e0607e}
        .timeline span.current{background:#1f4fbf!important}
        .controls{margin:6px 0;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
        .views{display:flex;gap:10px;flex-wrap:nowrap}
        figure{margin:0;flex:1 1 0;min-width:0}canvas{width:100%;height:auto;border:1px solid #ccc;background:#fff;image-rendering:pixelated}
        figcaption{font-size:12px;color:#555}
        """

    private static let script = """
        "use strict";
        const media = JSON.parse(document.getElementById("report-media").textContent);
        function loadPatch(p) { if (!p) return null; const img = new Image(); img.src = "data:image/png;base64," + p.png; return { x: p.x, y: p.y, over: !!p.over, img }; }
        class Strip {
          constructor(strip) {
            this.width = strip.width; this.height = strip.height;
            this.patches = strip.patches.map(loadPatch);
            this.canvas = document.createElement("canvas"); this.canvas.width = this.width; this.canvas.height = this.height;
            this.ctx = this.canvas.getContext("2d", { willReadFrequently: true }); this.pos = -1;
          }
          // Decodes the patches up to frame k (only those, so a long animation opens at once).
          prepare(k) {
            return Promise.all(this.patches.slice(0, k + 1).filter(p => p && !p.ready)
              .map(p => p.img.decode().catch(() => {}).then(() => { p.ready = true; })));
          }
          seek(k) {
            if (k < this.pos) { this.ctx.clearRect(0, 0, this.width, this.height); this.pos = -1; }
            while (this.pos < k) {
              this.pos++; const p = this.patches[this.pos];
              if (p) { if (!p.over) this.ctx.clearRect(p.x, p.y, p.img.width, p.img.height); this.ctx.drawImage(p.img, p.x, p.y); }
            }
            return this.canvas;
          }
        }
        function show(canvas, source) {
          canvas.width = source.width; canvas.height = source.height;
          const ctx = canvas.getContext("2d"); ctx.clearRect(0, 0, source.width, source.height); ctx.drawImage(source, 0, 0);
        }
        function drawDiff(canvas, expected, actual) {
          const w = Math.max(expected.width, actual.width), h = Math.max(expected.height, actual.height);
          canvas.width = w; canvas.height = h;
          const e = expected.getContext("2d").getImageData(0, 0, w, h).data, a = actual.getContext("2d").getImageData(0, 0, w, h).data;
          const ctx = canvas.getContext("2d"), out = ctx.createImageData(w, h), o = out.data;
          for (let i = 0; i < o.length; i += 4) {
            let d = 0; for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(e[i + c] - a[i + c]));
            if (d > 2) { o[i] = 255; o[i + 1] = 0; o[i + 2] = 0; }
            else if (d > 0) { o[i] = 255; o[i + 1] = 210; o[i + 2] = 0; }
            else { const g = 191 + ((e[i] + e[i + 1] + e[i + 2]) / 12 | 0); o[i] = o[i + 1] = o[i + 2] = g; }
            o[i + 3] = 255;
          }
          ctx.putImageData(out, 0, 0);
        }
        function setUp(section) {
          const name = section.dataset.scene;
          const segments = media.filter(m => m.scene === name).map(m => ({ frames: m.frames, actual: new Strip(m.actual), expected: m.expected ? new Strip(m.expected) : null }));
          const cells = [...section.querySelectorAll(".timeline span")];
          const frames = cells.map(c => +c.dataset.frame);
          const differing = cells.filter(c => c.classList.contains("diff")).map(c => +c.dataset.frame);
          const q = s => section.querySelector(s);
          const views = { expected: q("canvas.expected"), actual: q("canvas.actual"), diff: q("canvas.diff"), compare: q("canvas.compare") };
          let current = +section.dataset.initial, timer = null, generation = 0;
          function locate(frame) {
            for (const s of segments) { const k = s.frames.indexOf(frame); if (k >= 0) return { s, k }; }
            return null;
          }
          async function render() {
            const found = locate(current), g = ++generation;
            if (!found) return;
            await Promise.all([found.s.actual.prepare(found.k), found.s.expected ? found.s.expected.prepare(found.k) : null]);
            if (g !== generation) return;
            cells.forEach(c => c.classList.toggle("current", +c.dataset.frame === current));
            q(".frame-label").textContent = "frame " + current + (differing.includes(current) ? " (differs)" : " (matches)");
            const actual = found.s.actual.seek(found.k), expected = found.s.expected ? found.s.expected.seek(found.k) : actual;
            show(views.expected, expected); show(views.actual, actual); drawDiff(views.diff, expected, actual);
            const mode = q("input[type=radio]:checked").value, split = +q(".split").value / 100;
            const c = views.compare; show(c, expected);
            const ctx = c.getContext("2d");
            if (mode === "onion") { ctx.globalAlpha = 0.5; ctx.drawImage(actual, 0, 0); ctx.globalAlpha = 1; q(".compare-caption").textContent = "onion skin: actual at 50% over expected"; }
            else {
              const x = Math.round(c.width * split);
              ctx.drawImage(actual, x, 0, c.width - x, c.height, x, 0, c.width - x, c.height);
              ctx.fillStyle = "#1f4fbf"; ctx.fillRect(x - 1, 0, 2, c.height);
              q(".compare-caption").textContent = "slider: expected left, actual right";
            }
          }
          function go(frame) { current = frame; render(); }
          function step(by) { const i = frames.indexOf(current); go(frames[(i + by + frames.length) % frames.length]); }
          section.querySelector(".timeline").addEventListener("click", ev => { const f = ev.target.dataset.frame; if (f !== undefined) go(+f); });
          section.querySelectorAll("table.frames tr[data-frame]").forEach(r => r.addEventListener("click", () => go(+r.dataset.frame)));
          q(".prev").onclick = () => step(-1); q(".next").onclick = () => step(1);
          q(".next-diff").onclick = () => { if (differing.length) go(differing.find(f => f > current) ?? differing[0]); };
          section.querySelectorAll("input").forEach(i => i.addEventListener("input", render));
          q(".play").onclick = () => {
            if (timer) { clearInterval(timer); timer = null; q(".play").textContent = "▶ Play"; return; }
            q(".play").textContent = "❚❚ Pause";
            timer = setInterval(() => step(1), 1000 / (+section.dataset.fps || 60));
          };
          render().then(() => { section.dataset.ready = "true"; });
        }
        document.querySelectorAll("section.scene").forEach(setUp);
        """
}
