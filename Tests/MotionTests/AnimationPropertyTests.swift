import GoldenTesting
import Testing
@testable import Motion

/// Properties that must hold for any parameters, checked over fixed-seed random cases.
@Suite struct AnimationPropertyTests {
    static let properties: [StandardProperty] = [.positionX, .position, .scaleXY, .opacity, .rotation, .bounds, .backgroundColor]

    func randomVector(_ rng: inout SeededGenerator, count: Int, scale: Double) -> AnimationVector {
        AnimationVector((0..<count).map { _ in rng.uniform(-scale...scale) })
    }

    @Test func aSpringAlwaysEndsExactlyAtItsToValue() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<150 {
            let property = Self.properties[Int(rng.next() % UInt64(Self.properties.count))]
            let n = property.componentCount, scale = property.threshold * 200
            let spring = SpringAnimation(from: randomVector(&rng, count: n, scale: scale),
                                         to: randomVector(&rng, count: n, scale: scale),
                                         velocity: randomVector(&rng, count: n, scale: scale * 10),
                                         bounciness: rng.uniform(0...20), speed: rng.uniform(4...20))
            let samples = try Trajectory.record(spring, property: property)
            #expect(samples.last?.value == spring.toValue)
            #expect(samples.last?.isDone == true && samples.dropLast().allSatisfy { !$0.isDone })
        }
    }

    @Test func aBasicAnimationIsMonotonicForMonotonicCurves() throws {
        var rng = SeededGenerator(seed: 9)
        var curves = TimingFunction.named.map(\.function)
        for _ in 0..<40 {
            curves.append(TimingFunction(rng.uniform(0...1), rng.uniform(0...1), rng.uniform(0...1), rng.uniform(0...1)))
        }
        for curve in curves {
            let duration = rng.uniform(0.05...2)
            let from = rng.uniform(-100...100), to = from + rng.uniform(-100...100)
            let samples = try Trajectory.record(BasicAnimation(from: [from], to: [to], duration: duration, timingFunction: curve),
                                                property: .positionX)
            let values = samples.map { $0.value[0] }
            let steps = zip(values, values.dropFirst()).map { to >= from ? $1 - $0 : $0 - $1 }
            // POP's coarse epsilon may wobble by a hair of the tolerance; never by more.
            let tolerance = TimingFunction.popEpsilon(duration: duration) * abs(to - from) * 2
            #expect(steps.allSatisfy { $0 >= -tolerance }, "\(curve) over \(duration) s")
            #expect(values.last == to && values.first == from)
        }
    }

    @Test func interruptingASpringKeepsPositionAndVelocityContinuous() throws {
        var rng = SeededGenerator(seed: 3)
        let dt = 1.0 / 60
        for _ in 0..<60 {
            let spring = SpringAnimation(from: 0, to: [rng.uniform(50...300)], bounciness: rng.uniform(0...20))
            let (property, box) = AnimatableProperty.standalone(.positionX)
            let animator = Animator()
            animator.add(spring, forKey: "x", to: box, property: property)
            animator.advance(to: Int(rng.next() % 12) + 1)
            let x0 = box.value[0], v0 = spring.velocity![0]
            let newTarget = x0 + rng.uniform(-50...50)
            spring.toValue = [newTarget]
            animator.step()
            let x1 = box.value[0], v1 = spring.velocity![0]
            // Within one frame the spring's acceleration bounds how far both may move.
            let d = spring.dynamics
            let acceleration = (d.tension * (abs(newTarget - x0) + abs(v0) * dt) + d.friction * abs(v0)) / d.mass * 1.5
            #expect(abs(x1 - (x0 + v0 * dt)) <= acceleration * dt * dt / 2 + 1e-9)
            #expect(abs(v1 - v0) <= acceleration * dt)
        }
    }
}
