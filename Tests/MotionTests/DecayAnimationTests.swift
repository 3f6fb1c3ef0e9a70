import Testing
@testable import Motion

@Suite struct DecayAnimationTests {
    @Test func decayCoastsMonotonicallyAndStopsAtItsComputedEnd() throws {
        let decay = DecayAnimation(from: 0, velocity: 1000)
        let samples = try Trajectory.record(decay, property: .positionX)
        let values = samples.map { $0.value[0] }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(samples.last?.value == decay.toValue)
        // d·(1 − d^T)/(1 − d) with |v| falling to 5 pt/s: about 499·(1 − 0.005).
        #expect(abs(decay.toValue![0] - 496.5) < 0.5)
        #expect(abs(decay.duration - 2.6466) < 0.001)
        #expect(abs(samples.last!.time - decay.duration) < 2.0 / 60)
        #expect(abs(samples.last!.velocity[0]) < 5)
    }

    @Test func decayFollowsPOPsFloatArithmeticExactly() throws {
        // Values from POP's decay_position transcribed to C and compiled with gcc on x86-64.
        let decay = DecayAnimation(from: 0, velocity: 1000)
        let samples = try Trajectory.record(decay, property: .positionX)
        #expect(decay.toValue == [496.50482177734375])
        #expect(decay.duration == 2.646508640653674)
        #expect(samples[1].value == [16.37506103515625] && samples[1].velocity == [967.18424558639526])
        #expect(samples[2].value == [32.212761878967285])
        #expect(samples[158].value == [496.43815702944994])
        #expect(samples.count == 160 && samples[159].velocity == [4.9655269831418991])
    }

    @Test func velocityFallsByTheDecelerationPerMillisecond() {
        var x: AnimationVector = 0, v: AnimationVector = 1000
        DecayAnimation.coast(&x, &v, dt: 0.001, deceleration: 0.998)
        #expect(abs(v[0] - 998) < 1e-3)
        #expect(abs(x[0] - 0.998) < 1e-4)
    }

    @Test func aDecayWithoutSpeedIsDoneAtOnce() throws {
        let samples = try Trajectory.record(DecayAnimation(from: [10, 20], velocity: [0, 0]), property: .position)
        #expect(samples.count == 1 && samples[0].value == [10, 20])
    }

    @Test func pointDecayRunsUntilTheSlowerAxisStops() throws {
        let decay = DecayAnimation(from: [0, 0], velocity: [-800, 300])
        let samples = try Trajectory.record(decay, property: .position)
        let end = decay.toValue!
        #expect(end[0] < -390 && end[1] > 140)
        #expect(samples.allSatisfy { $0.value[0] >= end[0] && $0.value[1] <= end[1] })
    }
}
