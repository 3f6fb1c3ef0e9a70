import Demos
import Geometry
import GoldenTesting
import Raster

/// Renders frames of a demo the way `popping-render` does, for the golden tests.
func render(_ demo: any Demo.Type, scale: Double, frames: [Int]? = nil, parallel: Bool = true,
            deliver: (Int, Pixmap) throws -> Void) throws {
    let run = try demo.start(DemoSettings(screenSize: demo.defaultDevice.screenSize))
    let player = DemoPlayer(run: run, scale: scale, snapping: .round, showTouches: true)
    try player.render(frames ?? Array(0..<run.frameCount), parallel: parallel, deliver: deliver)
}

/// The listed frames of a demo, drawing only those.
func frames(_ demo: any Demo.Type, scale: Double, _ indices: [Int]) throws -> [Int: Pixmap] {
    var found: [Int: Pixmap] = [:]
    try render(demo, scale: scale, frames: indices.sorted()) { i, p in found[i] = p }
    return found
}

/// Checks each listed frame at `scale` against its golden `<demo>@<scale>x-frame-<index>`.
func assertKeyFrameGoldens(_ demo: any Demo.Type, scale: Double, _ indices: [Int]) throws {
    for (index, pixmap) in try frames(demo, scale: scale, indices).sorted(by: { $0.key < $1.key }) {
        try assertGolden(pixmap, named: "\(demo.name)@\(Int(scale))x-frame-\(index)", suite: "DemosTests")
    }
}

/// Checks every frame of the demo at 1x against the full-sequence manifest `<demo>@1x`.
func assertFrameManifest(_ demo: any Demo.Type) throws {
    var manifest = try FrameManifest(suite: "DemosTests", name: "\(demo.name)@1x")
    try render(demo, scale: 1) { _, pixmap in try manifest.check(pixmap) }
    try manifest.finish()
}
