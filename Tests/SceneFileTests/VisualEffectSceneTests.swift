import Demos
import Foundation
import GoldenTesting
import Raster
import Scene
import SceneFile
import Testing

/// `visualEffectView` in scene files: a material sheet over colourful content, light and dark.
@Suite struct VisualEffectSceneTests {
    static let sheet = """
        screen:
          device: iphone-16-pro
          background: systemBackground
        views:
          - {view: orange, frame: [0, 0, 402, 220], backgroundColor: systemOrange}
          - {view: pink, frame: [40, 180, 160, 400], backgroundColor: systemPink, cornerRadius: 24}
          - {view: teal, frame: [220, 260, 160, 300], backgroundColor: systemTeal, cornerRadius: 24}
          - {label: headline, frame: [20, 620, 362, 41], text: Behind the sheet, font: largeTitle}
          - visualEffectView: sheet
            frame: [0, 480, 402, 394]
            effect: systemMaterial
            cornerRadius: 12
            maskedCorners: [layerMinXMinYCorner, layerMaxXMinYCorner]
            subviews:
              - {view: grabber, frame: [183, 5, 36, 5], backgroundColor: tertiaryLabel, cornerRadius: 2.5}
              - {label: title, frame: [20, 28, 362, 25], text: Share, font: headline}
        script:
          - wait: 0.1
        """

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func aMaterialSheetOverColourfulContentMatchesItsGolden(style: UserInterfaceStyle) throws {
        let run = try CurrentChromeSceneTests.start(Self.sheet) { DemoSettings(screenSize: $0, appearance: style) }
        let frame = CurrentChromeSceneTests.firstFrame(run, scale: 1)
        // Under the sheet the pink and teal cards show through, blurred; above it they are sharp.
        #expect(frame[60, 470] != frame[60, 490] && frame[20, 470] != frame[20, 490])
        try assertGolden(frame, named: "material-sheet-\(style.rawValue)", suite: "SceneFileTests")
    }

    @Test func aBadEffectIsOneProblemListingTheMaterials() {
        let found = SceneProblemTests.problems("""
            views:
              - {visualEffectView: sheet, frame: [0, 0, 100, 100], effect: frosted}
            """)
        #expect(found.count == 1, "\(found)")
        let message = found.first ?? ""
        #expect(message.hasPrefix("t.yaml:2:") && message.contains("'frosted'"), "\(message)")
        for name in ["systemUltraThinMaterial", "systemMaterial", "systemChromeMaterialDark", "systemThinMaterialLight"] {
            #expect(message.contains(name), "\(message)")
        }
    }

    @Test func anEffectOnAnotherKindDoesNothingAndSaysSo() {
        let found = SceneProblemTests.problems("""
            views:
              - {view: plain, frame: [0, 0, 100, 100], effect: systemMaterial}
            """)
        #expect(found.count == 1 && found.first?.contains("visualEffectView takes it") == true, "\(found)")
    }
}
