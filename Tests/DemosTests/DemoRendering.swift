import Demos
import Geometry
import Raster

/// Renders frames of a demo the way `popping-render` does, for the golden tests.
func render(_ demo: any Demo.Type, scale: Double, frames: Range<Int>? = nil, parallel: Bool = true,
            deliver: (Int, Pixmap) throws -> Void) throws {
    let run = try demo.start(DemoSettings(screenSize: demo.defaultDevice.screenSize))
    let player = DemoPlayer(run: run, scale: scale, snapping: .round, showTouches: true)
    try player.render(frames ?? 0..<run.frameCount, parallel: parallel, deliver: deliver)
}

/// The listed frames of a demo, in order.
func frames(_ demo: any Demo.Type, scale: Double, _ indices: [Int]) throws -> [Int: Pixmap] {
    var found: [Int: Pixmap] = [:]
    try render(demo, scale: scale, frames: indices.min()!..<(indices.max()! + 1)) { i, p in
        if indices.contains(i) { found[i] = p }
    }
    return found
}
