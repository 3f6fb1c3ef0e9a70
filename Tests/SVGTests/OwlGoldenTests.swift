import GoldenTesting
import Testing

/// The owl's art parsed and rendered by our own pipeline, each file at 1x and 3x, and the whole
/// owl composed on the login screen in both states, checked against reviewed goldens.
@Suite struct OwlGoldenTests {
    @Test(arguments: OwlAssets.names)
    func assetRendersAsItsGolden(name: String) throws {
        for scale in [1.0, 3.0] {
            try assertGolden(OwlAssets.render(name, scale: scale), named: "\(name)@\(Int(scale))x", suite: "SVGTests")
        }
    }

    @Test(arguments: [false, true])
    func composedOwlRendersAsItsGolden(armsUp: Bool) throws {
        for scale in [1.0, 3.0] {
            let name = "owl-\(armsUp ? "arms-up" : "arms-down")@\(Int(scale))x"
            try assertGolden(OwlAssets.scene(armsUp: armsUp, scale: scale), named: name, suite: "SVGTests")
        }
    }
}
