import PoppingRender

/// VFL and constraint equations: each input line is a visual format (lines starting with `V:`,
/// `H:`, `|` or `[`) or a constraint; every line parses or throws a `VisualFormatError`, and
/// whatever parses lays out to finite frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let root = LayoutBox("superview")
    let engine = LayoutEngine(root: root, size: Size(320, 568))
    var views: [String: LayoutItem] = [:]
    for name in ["a", "b", "c", "d"] {
        let box = LayoutBox(name)
        engine.add(box, to: root)
        views[name] = box
    }
    let items = views.merging(["superview": root]) { a, _ in a }
    for line in text.split(separator: "\n").prefix(64).map(String.init) {
        if line.hasPrefix("H:") || line.hasPrefix("V:") || line.hasPrefix("|") || line.hasPrefix("[") {
            if let cs = try? engine.constraints(withVisualFormat: line, options: [], metrics: ["m": 8, "w": 44], views: views) {
                engine.activate(cs)
            }
        } else if let c = try? engine.constraint(parsing: line, items: items) {
            engine.activate([c])
        }
    }
    for (_, frame) in engine.solve() {
        precondition([frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite), "a frame is not finite")
    }
    return 0
}
