import Demos
import Foundation
import Geometry
import Scene
import SceneFile
import Testing

/// A scene written with semantic colours, rendered dark, draws with dark values only: no light
/// value of a system colour leaks in through a view, the chrome, a control or text.
@Suite struct DarkAppearanceTests {
    /// Values that only the light appearance has: every system colour's light value that is not
    /// also some colour's dark value (white is dark `label`, black dark `systemBackground`).
    static let lightOnlyValues: [Color: String] = {
        let darkValues = Set(SystemColors.names.compactMap { SystemColors.named($0)?.dark })
        var table: [Color: String] = [:]
        for name in SystemColors.names {
            guard let colour = SystemColors.named(name), !darkValues.contains(colour.light) else { continue }
            table[colour.light] = table[colour.light] ?? name
        }
        return table
    }()

    /// Every solid colour a frame draws with: fills, text and shadow masks.
    static func coloursDrawn(_ list: DisplayList) -> [Color] {
        list.items.compactMap { item in
            switch item {
            case let .fill(_, color, _, _), let .text(_, color, _), let .mask(_, color, _): color
            default: nil
            }
        }
    }

    /// The light-only values `scene` draws over its first frames in `style`, by colour name.
    static func lightValuesDrawn(by scene: String, in style: UserInterfaceStyle) throws -> Set<String> {
        let file = try SceneFile.load(path: "Examples/Scenes/\(scene).yaml")
        let run = try file.start(DemoSettings(screenSize: file.defaultScreenSize, appearance: style))
        var found: Set<String> = []
        for _ in 0..<30 {
            run.stage.advanceFrame()
            for colour in coloursDrawn(run.stage.displayList(scale: 1, snapping: .round, showTouches: false)) {
                if let name = lightOnlyValues[colour] { found.insert(name) }
            }
        }
        return found
    }

    @Test(arguments: ["modern", "settings", "signin", "material"])
    func aDarkRenderDrawsOnlyDarkValues(scene: String) throws {
        let leaked = try Self.lightValuesDrawn(by: scene, in: .dark)
        #expect(leaked.isEmpty, "light values drawn in dark: \(leaked.sorted())")
    }

    @Test func theSameSceneRenderedLightDrawsLightValuesSoTheCheckCanSeeThem() throws {
        let drawn = try Self.lightValuesDrawn(by: "modern", in: .light)
        #expect(!drawn.isDisjoint(with: ["systemGray6", "systemGroupedBackground", "secondarySystemBackground"]), "the grouped background")
        #expect(drawn.contains("secondaryLabel"))
    }
}
