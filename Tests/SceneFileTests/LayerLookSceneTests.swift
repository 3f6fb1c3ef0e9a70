import Foundation
import GoldenTesting
import SceneFile
import Testing

/// Shadows, masked corners and corner curves in scene files: their ranges, and keys that would
/// do nothing where they are written.
@Suite struct LayerLookSceneTests {
    private func problems(_ views: String) -> [String] {
        SceneProblemTests.problems("views:\n" + views)
    }

    @Test func everyLayerLookKeyIsAccepted() {
        #expect(problems("""
              - view: card
                frame: [20, 20, 200, 100]
                backgroundColor: white
                cornerRadius: 16
                cornerCurve: continuous
                maskedCorners: [layerMinXMinYCorner, layerMaxXMinYCorner]
                shadowColor: "#102030"
                shadowOpacity: 0.3
                shadowRadius: 10
                shadowOffset: [0, 6]
                shadowPath: {roundedRect: [0, 0, 200, 100], cornerRadius: 16}
            """) == [])
    }

    @Test func valuesOutOfRangeAreReportedAtTheirKeys() {
        let found = problems("""
              - view: card
                shadowOpacity: 1.5
                shadowRadius: 400
                shadowOffset: [0, 5000]
            """)
        #expect(found.count == 3, "\(found)")
        #expect(found.first?.hasPrefix("t.yaml:3:") == true && found.first?.contains("0…1") == true, "\(found)")
        #expect(found.dropFirst().first?.hasPrefix("t.yaml:4:") == true && found.dropFirst().first?.contains("0…100") == true)
        #expect(found.last?.hasPrefix("t.yaml:5:") == true && found.last?.contains("±1000") == true)
    }

    @Test func shadowKeysWithoutOpacityAndCornerKeysWithoutRadiusDoNothing() {
        let found = problems("""
              - view: card
                shadowRadius: 8
                cornerCurve: continuous
            """)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("t.yaml:3:") && $0.contains("'shadowRadius' does nothing without a shadowOpacity") })
        #expect(found.contains { $0.hasPrefix("t.yaml:4:") && $0.contains("'cornerCurve' does nothing without a cornerRadius") })
    }

    @Test func aShadowPathIsOneRectOrRoundedRectAndCornersAreCACornerMasksNames() {
        let both = problems("""
              - view: card
                shadowOpacity: 0.5
                shadowPath: {rect: [0, 0, 10, 10], roundedRect: [0, 0, 10, 10]}
            """)
        #expect(both.count == 1 && both.first?.contains("one of rect or roundedRect") == true, "\(both)")
        let corner = problems("""
              - view: card
                cornerRadius: 8
                maskedCorners: [topLeft]
            """)
        #expect(corner.count == 1 && corner.first?.hasPrefix("t.yaml:4:") == true
                && corner.first?.contains("layerMinXMinYCorner") == true, "\(corner)")
    }
}
