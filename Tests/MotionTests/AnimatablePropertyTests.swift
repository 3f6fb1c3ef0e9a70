import Geometry
import Testing
@testable import Motion

@Suite struct AnimatablePropertyTests {
    @Test func popsThresholdsAndComponentCounts() {
        let expected: [(StandardProperty, Double, Int)] = [
            (.positionX, 1, 1), (.positionY, 1, 1), (.position, 1, 2), (.size, 1, 2), (.bounds, 1, 4), (.frame, 1, 4),
            (.scaleX, 0.005, 1), (.scaleY, 0.005, 1), (.scaleXY, 0.005, 2),
            (.opacity, 0.01, 1), (.rotation, 0.01, 1), (.backgroundColor, 0.01, 4), (.constraintConstant, 0.01, 1),
        ]
        for (property, threshold, count) in expected {
            #expect(property.threshold == threshold && property.componentCount == count, "\(property)")
        }
    }

    @Test func keyPathPropertiesReadAndWriteEveryValueKind() {
        final class Target {
            var rect = Rect(1, 2, 3, 4)
            var color = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
            var size = Size(5, 6)
        }
        let target = Target()
        let bounds = AnimatableProperty(.bounds, keyPath: \Target.rect)
        let color = AnimatableProperty(.backgroundColor, keyPath: \Target.color)
        let size = AnimatableProperty(.size, keyPath: \Target.size)
        #expect(bounds.read(target) == [1, 2, 3, 4] && color.read(target) == [0.1, 0.2, 0.3, 0.4])
        bounds.write(target, [5, 6, 7, 8])
        color.write(target, [1, 0, 0, 1])
        size.write(target, [7, 8])
        #expect(target.rect == Rect(5, 6, 7, 8) && target.color == Color(red: 1, green: 0, blue: 0) && target.size == Size(7, 8))
    }

    @Test func colourAnimatesComponentWise() throws {
        let from = Color(white: 1), to = Color(r255: 231, g: 76, b: 60)
        let samples = try Trajectory.record(BasicAnimation(from: AnimationVector(from), to: AnimationVector(to), duration: 0.2,
                                                           timingFunction: .linear), property: .backgroundColor)
        let half = samples[6].value.value(as: Color.self)
        #expect(abs(half.red - (1 + to.red) / 2) < 1e-3 && abs(half.blue - (1 + to.blue) / 2) < 1e-3 && half.alpha == 1)
    }
}

@Suite struct StandardPropertyNameTests {
    @Test func everyNameParsesBack() {
        for p in StandardProperty.allCases { #expect(StandardProperty(rawValue: p.rawValue) == p, "\(p.rawValue)") }
    }
}
