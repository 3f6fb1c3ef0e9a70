import Testing
@testable import Motion

/// Spring runs worked out from POP's maths (springs.md §3, demos.md §0.1): the cases the Popping
/// demos use, their first frames, peaks and done frames.
@Suite struct SpringTrajectoryTests {
    func run(_ spring: SpringAnimation, _ property: StandardProperty, initial: AnimationVector? = nil,
             fps: Double = 60) throws -> [TrajectorySample] {
        try Trajectory.record(spring, property: property, initial: initial, framesPerSecond: fps)
    }

    @Test func flatButtonShakeSwingsOutAndComesBackToWhereItStarted() throws {
        // Case (b): positionX at 160, velocity 2000, no toValue, bounciness 20.
        let shake = SpringAnimation(velocity: 2000, bounciness: 20)
        let samples = try run(shake, .positionX, initial: 160)
        let expected = [160, 188.3585, 210.7842, 225.0733, 231.9799, 231.5989, 225.5287]
        for (s, e) in zip(samples, expected) { #expect(abs(s.value[0] - e) < 5e-5, "frame \(s.frame)") }
        #expect(samples.count == 65 && samples.last?.isDone == true)
        #expect(abs(samples.last!.time - 1.066667) < 1e-6)
        #expect(samples.last?.value[0] == 160)
        let values = samples.map { $0.value[0] }
        #expect(abs(values.max()! - 231.98) < 0.01 && values.firstIndex(of: values.max()!) == 4)
        #expect(abs(values.min()! - 133.11) < 0.01)
    }

    @Test func shakeAsAnOffsetMatchesTheDemoTable() throws {
        let samples = try run(SpringAnimation(velocity: 2000, bounciness: 20), .positionX, initial: 0)
        let table = [0, 28.4, 50.8, 65.1, 72.0, 71.6, 65.5, 54.7, 41.3, 27.0, 12.3, -0.7, -11.3, -19.6, -24.7, -26.9]
        for (s, e) in zip(samples, table) { #expect(abs(s.value[0] - e) <= 0.05 + 1e-9, "frame \(s.frame)") }
    }

    @Test func labelScaleSpringPeaksAndSettlesByTheSolverTest() throws {
        // Case (c): scaleXY 0.5 -> 1, bounciness 18, at rest.
        let samples = try run(SpringAnimation(from: [0.5, 0.5], to: [1, 1], bounciness: 18), .scaleXY)
        let table = [0.5, 0.52, 0.575, 0.652, 0.746, 0.842, 0.93, 1.01, 1.073, 1.117, 1.144, 1.154]
        for (s, e) in zip(samples, table) { #expect(abs(s.value[0] - e) <= 0.0005 + 1e-9, "frame \(s.frame)") }
        #expect(abs(samples.map { $0.value[0] }.max()! - 1.15421) < 1e-5)
        #expect(samples.count == 50)
        #expect(samples.last?.value == [1, 1])
    }

    @Test func labelPositionSpringAtBounciness12() throws {
        // Case (d): positionY 100 -> 150, bounciness 12.
        let samples = try run(SpringAnimation(from: 100, to: 150, bounciness: 12), .positionY)
        let expected = [100, 101.8890, 106.9903, 113.8781, 121.9442, 129.8707]
        for (s, e) in zip(samples, expected) { #expect(abs(s.value[0] - e) < 5e-5, "frame \(s.frame)") }
        #expect(abs(samples.map { $0.value[0] }.max()! - 157.072) < 1e-3)
        #expect(samples.count == 32 && samples.last?.value == 150)
    }

    @Test func oneComponentScaleSettlesOnTheSameFrameAsScaleXY() throws {
        let one = try run(SpringAnimation(from: 0.95, to: 1, velocity: 3, bounciness: 18), .scaleX)
        let two = try run(SpringAnimation(from: [0.95, 0.95], to: [1, 1], velocity: [3, 3], bounciness: 18), .scaleXY)
        #expect(one.count == 44 && two.count == 44)
        #expect(zip(one, two).allSatisfy { $0.value[0] == $1.value[0] })
    }

    @Test func shakeAt120HertzLosesTimeDifferently() throws {
        let samples = try run(SpringAnimation(velocity: 2000, bounciness: 20), .positionX, initial: 160, fps: 120)
        #expect(abs(samples.last!.time - 0.917) < 0.005)
    }

    @Test(arguments: [12.0, 18.0, 20.0])
    func bouncierSpringsOvershootMoreAndSettleLater(bounciness: Double) throws {
        let samples = try run(SpringAnimation(from: 0, to: 100, bounciness: bounciness), .positionX)
        let gentler = try run(SpringAnimation(from: 0, to: 100, bounciness: bounciness - 2), .positionX)
        let peak = samples.map { $0.value[0] }.max()!, gentlePeak = gentler.map { $0.value[0] }.max()!
        #expect(peak > gentlePeak && peak > 100)
        #expect(samples.count >= gentler.count)
        #expect(samples.last?.value == 100)
    }

    @Test func sameFromAndToWithoutVelocityIsASingleDoneFrame() throws {
        let samples = try run(SpringAnimation(from: 5, to: 5), .scalar)
        #expect(samples.count == 1 && samples[0].isDone && samples[0].value == 5)
    }

    @Test func fasterSpringSettlesSooner() throws {
        let slow = try run(SpringAnimation(from: 0, to: 100, speed: 8), .positionX)
        let fast = try run(SpringAnimation(from: 0, to: 100, speed: 12), .positionX)
        #expect(fast.count < slow.count)
    }
}
