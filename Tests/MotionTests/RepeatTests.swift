import Testing
@testable import Motion

@Suite struct RepeatTests {
    /// The values a basic animation of `Layer.positionY` writes on frames 0...`frames`.
    private func record(_ animation: PropertyAnimation, frames: Int, log: inout [Bool]) -> [Double] {
        let layer = Layer(), animator = Animator()
        var finished: [Bool] = []
        animation.completion = { finished.append($0) }
        animator.add(animation, forKey: "y", to: layer, property: Layer.positionY)
        var values = [layer.position.y]
        for _ in 0..<frames {
            animator.step()
            values.append(layer.position.y)
        }
        log = finished
        return values
    }

    @Test func aRepeatCountPlaysTheAnimationThatManyTimesRestartingOnTheDoneFrame() {
        var log: [Bool] = []
        let once = record(BasicAnimation(from: 0, to: 60, duration: 0.5, timingFunction: .linear), frames: 30, log: &log)
        let basic = BasicAnimation(from: 0, to: 60, duration: 0.5, timingFunction: .linear)
        basic.repeatCount = 3
        let thrice = record(basic, frames: 100, log: &log)
        // The done frame (30) shows the end value and starts the next leg, which moves from frame 31.
        #expect(Array(thrice[0...30]) == once)
        for leg in 1...2 {
            #expect(thrice[30 * leg] == 60)
            for i in 1...30 { #expect(abs(thrice[30 * leg + i] - once[i]) < 1e-9) }
        }
        #expect(thrice[91...].allSatisfy { $0 == 60 })
        #expect(log == [true])
    }

    @Test func autoreversesSwapsFromAndToOnEveryOtherLeg() {
        var log: [Bool] = []
        let basic = BasicAnimation(from: 0, to: 60, duration: 0.5, timingFunction: .linear)
        basic.autoreverses = true
        let values = record(basic, frames: 70, log: &log)
        let once = record(BasicAnimation(from: 0, to: 60, duration: 0.5, timingFunction: .linear), frames: 30, log: &log)
        #expect(Array(values[0...30]) == once)
        for i in 1...30 { #expect(abs(values[30 + i] - (60 - once[i])) < 1e-9) }
        #expect(values[60] == 0 && values[61...].allSatisfy { $0 == 0 })
        #expect(log == [true])

        let twice = BasicAnimation(from: 0, to: 60, duration: 0.5, timingFunction: .linear)
        twice.autoreverses = true
        twice.repeatCount = 2
        let four = record(twice, frames: 130, log: &log)
        #expect(Array(four[0...60]) == Array(values[0...60]))
        #expect(four[90] == 60 && four[120] == 0 && four[121...].allSatisfy { $0 == 0 } && log == [true])
    }

    @Test func aRepeatForeverAnimationNeverCompletesUntilRemovedAndCountsAsSettled() {
        let layer = Layer(), animator = Animator()
        var log: [Bool] = []
        let spin = BasicAnimation(from: 0, to: 10, duration: 0.25, timingFunction: .linear)
        spin.repeatForever = true
        spin.completion = { log.append($0) }
        animator.add(spin, forKey: "y", to: layer, property: Layer.positionY)
        #expect(!animator.isIdle && animator.isSettled)
        animator.advance(to: 600)
        // 40 legs of 15 frames: frame 600 is a done frame, showing the end value.
        #expect(log.isEmpty && layer.position.y == 10 && !animator.isIdle)
        animator.removeAnimation(forKey: "y", from: layer)
        #expect(log == [false] && animator.isIdle)
    }

    @Test func anAutoreversingSpringComesBackWithItsVelocityNegated() {
        var log: [Bool] = []
        let spring = SpringAnimation(from: 0, to: 100, velocity: 200, bounciness: 8)
        let forward = record(SpringAnimation(from: 0, to: 100, velocity: 200, bounciness: 8), frames: 200, log: &log)
        let end = forward.firstIndex(of: 100)!
        spring.autoreverses = true
        let both = record(spring, frames: 2 * end + 20, log: &log)
        // The way back mirrors the way there: 100 - x of the forward frames.
        for i in 1...end { #expect(abs(both[end + i] - (100 - forward[i])) < 1e-9) }
        #expect(both[2 * end] == 0 && log == [true])
    }

    /// A spring with only a velocity (the button's shake) swings out and back each time: every
    /// repetition starts with the velocity it was given, where POP keeps the leftover one.
    @Test func aVelocityOnlySpringShakesAgainOnEveryRepetition() {
        var log: [Bool] = []
        let once = record(SpringAnimation(velocity: [2000], bounciness: 20), frames: 120, log: &log)
        let shake = SpringAnimation(velocity: [2000], bounciness: 20)
        shake.repeatCount = 2
        let twice = record(shake, frames: 240, log: &log)
        // The same swing out to about +72 pt, then, from the frame after the first one rests, again.
        let second = once.indices.first { once[$0] != twice[$0] } ?? 0
        #expect(once.max()! > 340 && second > 30 && once[second - 1] == 284)
        #expect(abs(twice[second...].max()! - once.max()!) < 1e-6 && log == [true])
    }

    @Test func aRepeatingDecayCoastsFromItsStartAgainAndBackWhenAutoreversing() {
        var log: [Bool] = []
        let decay = DecayAnimation(from: 0, velocity: 500)
        decay.repeatCount = 2
        let values = record(decay, frames: 400, log: &log)
        let peak = values.firstIndex(of: values.max()!)!
        #expect(values.max()! > 100 && values[peak...].contains { $0 > 0 && $0 < 20 } && log == [true])

        let back = DecayAnimation(from: 0, velocity: 500)
        back.autoreverses = true
        let there = record(back, frames: 400, log: &log)
        #expect(there.max()! > 100 && abs(there[there.count - 1]) < 0.5)
    }

    @Test func coreAnimationRepeatsFoldTimeIntoTheCurveAndStopPartWay() {
        let twice = RepeatTiming(repeatCount: 2)
        #expect(twice.activeDuration(of: 0.5) == 1)
        #expect(twice.curveTime(at: 0.75, duration: 0.5)! == (0.25, false))
        #expect(twice.curveTime(at: 1, duration: 0.5) == nil)
        let reversing = RepeatTiming(repeatCount: 1.5, autoreverses: true)
        #expect(reversing.activeDuration(of: 1) == 3)
        #expect(reversing.curveTime(at: 1.25, duration: 1)! == (0.75, true))
        #expect(reversing.curveTime(at: 2.5, duration: 1)! == (0.5, false))
        #expect(reversing.curveTime(at: 3, duration: 1) == nil)
        let forever = UIKitAnimationOptions([.repeat, .autoreverse]).repeating
        #expect(forever.isForever && forever.curveTime(at: 1e6 + 0.25, duration: 1) != nil)
        #expect(RepeatTiming(repeatDuration: 2.5).activeDuration(of: 1) == 2.5)
    }

    @Test func aUIKitAnimationRepeatsOnTheContinuousClockAndShowsTheModelValueAtTheEnd() throws {
        let animation = UIKitAnimation(timing: .animate(duration: 0.5, curve: .linear),
                                       repeating: RepeatTiming(repeatCount: 1.5, autoreverses: true), from: 0, to: 60)
        let samples = try Trajectory.record(animation, property: .scalar)
        #expect(samples.count == 91)
        #expect(samples[30].value == [60] && samples[45].value == [30] && samples[60].value == [0])
        #expect(samples[75].value == [30] && samples[90].value == [60] && samples[90].isDone)
        #expect(abs(samples[45].velocity[0] + 120) < 1e-6)
    }
}
