import Demos
import Geometry
import Scene

/// Plays a demo's stage without drawing and records, on every frame, the frame each named view
/// shows (its presentation values while a block animation runs), in its superview's coordinates.
func presentedFrames(of run: DemoRun, views names: [String], frames count: Int) -> [[String: Rect]] {
    let views = names.compactMap { run.stage.window.view(named: $0) }
    precondition(views.count == names.count, "a view named in \(names) is missing")
    var recorded: [[String: Rect]] = []
    for _ in 0..<count {
        run.stage.advanceFrame()
        recorded.append(Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0.presentedFrame) }))
        run.stage.endFrame()
    }
    return recorded
}

/// Whether two rects agree to within a billionth of a point on every edge.
func nearlyEqual(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance
        && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}
