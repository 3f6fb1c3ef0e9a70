import Foundation
import Testing
@testable import Motion

/// CAKeyframeAnimation's documented arithmetic, frame by frame.
@Suite struct KeyframeCurveTests {
    @Test func linearKeyframesInterpolateBetweenTheirKeyTimes() throws {
        // A pulse: scale 1 → 1.2 → 0.9 → 1 with key times 0, 0.3, 0.7, 1.
        let k = try KeyframeCurve(values: [[1], [1.2], [0.9], [1]], keyTimes: [0, 0.3, 0.7, 1])
        for i in 0...60 {
            let f = Double(i) / 60
            let expected: Double
            if f <= 0.3 { expected = 1 + 0.2 * f / 0.3 } else if f <= 0.7 { expected = 1.2 - 0.3 * (f - 0.3) / 0.4 } else {
                expected = 0.9 + 0.1 * (f - 0.7) / 0.3
            }
            #expect(abs(k.value(at: f)[0] - expected) < 1e-12, "f \(f)")
        }
    }

    @Test func withoutKeyTimesTheStepsShareTheDurationEvenly() throws {
        let k = try KeyframeCurve(values: [[0], [10], [40]])
        #expect(k.keyTimes == [0, 0.5, 1])
        #expect(abs(k.value(at: 0.25)[0] - 5) < 1e-12 && abs(k.value(at: 0.75)[0] - 25) < 1e-12)
    }

    @Test func discreteShowsEachValueFromItsKeyTimeWithoutInterpolating() throws {
        let k = try KeyframeCurve(values: [[1], [2], [3]], calculationMode: .discrete)
        #expect(k.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(k.value(at: 0.3)[0] == 1 && k.value(at: 0.34)[0] == 2 && k.value(at: 0.9)[0] == 3 && k.value(at: 1)[0] == 3)
        let given = try KeyframeCurve(values: [[1], [2]], keyTimes: [0, 0.8, 1], calculationMode: .discrete)
        #expect(given.value(at: 0.79)[0] == 1 && given.value(at: 0.8)[0] == 2)
    }

    @Test func pacedSpacesKeyTimesByDistanceAndIgnoresGivenOnes() throws {
        let k = try KeyframeCurve(values: [[0, 0], [30, 40], [30, 190]], keyTimes: [0, 0.9, 1], calculationMode: .paced)
        #expect(k.keyTimes == [0, 0.25, 1])
        #expect(abs(k.value(at: 0.125)[1] - 20) < 1e-12)
    }

    @Test func eachStepFollowsItsOwnTimingFunction() throws {
        let k = try KeyframeCurve(values: [[0], [100], [0]], timingFunctions: [.easeIn, .linear])
        let u = TimingFunction.easeIn.progress(at: 0.5, epsilon: 1e-6)
        #expect(abs(k.value(at: 0.25)[0] - 100 * u) < 1e-9)
        #expect(abs(k.value(at: 0.75)[0] - 50) < 1e-9)
    }

    @Test func cubicIsTheCatmullRomSplineThroughTheValues() throws {
        let p: [Double] = [0, 10, 4, 30, 25]
        let k = try KeyframeCurve(values: p.map { [$0] }, calculationMode: .cubic)
        for (i, v) in p.enumerated() { #expect(abs(k.value(at: Double(i) / 4)[0] - v) < 1e-12) }
        // The uniform Catmull-Rom matrix form on the second step, with p0 and p3 its neighbours.
        let (p0, p1, p2, p3) = (p[0], p[1], p[2], p[3])
        for u in [0.1, 0.25, 0.5, 0.9] {
            let a = 2 * p1, b = -p0 + p2, c = 2 * p0 - 5 * p1 + 4 * p2 - p3, d = -p0 + 3 * p1 - 3 * p2 + p3
            let expected = 0.5 * (a + b * u + c * u * u + d * u * u * u)
            #expect(abs(k.value(at: (1 + u) / 4)[0] - expected) < 1e-9, "u \(u)")
        }
    }

    @Test(arguments: [
        ([0.0, 0.5], KeyframeCurve.CalculationMode.linear, "keyTimes has 2 entries; linear takes 3, one per value"),
        ([0.0, 0.7, 0.5], .linear, "keyTimes lie in 0…1 and never decrease"),
        ([0.1, 0.5, 1], .cubic, "keyTimes start at 0 and end at 1"),
    ])
    func badKeyTimesAreRefusedInAppleTerms(keyTimes: [Double], mode: KeyframeCurve.CalculationMode, message: String) {
        #expect { try KeyframeCurve(values: [[0], [1], [2]], keyTimes: keyTimes, calculationMode: mode) } throws: {
            "\($0)" == message
        }
    }

    @Test func timingFunctionsNeedOnePerStep() {
        #expect(throws: KeyframeCurve.Problem.self) { try KeyframeCurve(values: [[0], [1], [2]], timingFunctions: [.linear]) }
    }
}

/// CAMediaTiming and the Core Animation animations it times.
@Suite struct LayerAnimationTests {
    @Test func beginTimeSpeedAndFillDecideWhatShows() {
        let late = MediaTiming(beginTime: 0.5, duration: 1)
        #expect(late.curveTime(at: 0.2) == nil && late.curveTime(at: 0.75) == 0.25 && late.curveTime(at: 1.6) == nil)
        let filled = MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both, isRemovedOnCompletion: false)
        #expect(filled.curveTime(at: 0.2) == 0 && filled.curveTime(at: 2) == 1)
        // Filling forwards keeps nothing once the animation is removed.
        #expect(MediaTiming(duration: 1, fillMode: .forwards).curveTime(at: 2) == nil)
        let fast = MediaTiming(duration: 1, speed: 2)
        #expect(fast.curveTime(at: 0.25) == 0.5 && fast.endTime == 0.5)
        // A time offset starts part-way and wraps round to end where it started.
        let offset = MediaTiming(duration: 1, timeOffset: 0.25)
        #expect(offset.curveTime(at: 0.5) == 0.75 && abs(offset.curveTime(at: 0.9)! - 0.15) < 1e-12)
        let reversing = MediaTiming(duration: 1, repeating: RepeatTiming(repeatCount: 1, autoreverses: true),
                                    fillMode: .forwards, isRemovedOnCompletion: false)
        #expect(reversing.curveTime(at: 1.5) == 0.5 && reversing.curveTime(at: 3) == 0)
    }

    @Test func aGroupRunsItsChildrenOnItsOwnClockAndCutsThemOffAtItsEnd() {
        var child = MediaTiming(beginTime: 0.5, duration: 1)
        child.groups = [MediaTiming(beginTime: 0.25, duration: 1, speed: 2)]
        #expect(child.curveTime(at: 0.25) == nil)
        #expect(child.curveTime(at: 0.5) == 0)
        #expect(abs(child.curveTime(at: 0.6)! - 0.2) < 1e-12)
        #expect(child.curveTime(at: 0.75) == nil && child.endTime == 0.75)
    }

    @Test func aRemovedAnimationGivesBackTheModelValueAndAKeptOneHoldsItsEnd() throws {
        let removed = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 0.5), from: [0], to: [10])
        let samples = try Trajectory.record(removed, property: .scalar, initial: [3])
        #expect(samples.count == 31)
        // The linear curve is solved as a Bézier to Core Animation-like precision (1e-6 of the time).
        for s in samples.dropLast() { #expect(abs(s.value[0] - 20 * s.time) < 1e-4) }
        #expect(samples.last?.value == [3])
        let kept = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 0.5, fillMode: .forwards,
                                                                              isRemovedOnCompletion: false), from: [0], to: [10])
        #expect(try Trajectory.record(kept, property: .scalar, initial: [3]).last?.value == [10])
    }

    @Test func byValuesFollowCABasicAnimationsRules() throws {
        let fromBy = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 1), from: [2], by: [4])
        let byTo = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 1), to: [10], by: [4])
        let byOnly = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 1), by: [4])
        #expect(try Trajectory.record(fromBy, property: .scalar)[30].value == [4])
        #expect(try Trajectory.record(byTo, property: .scalar)[30].value == [8])
        #expect(try Trajectory.record(byOnly, property: .scalar, initial: [1])[30].value == [3])
    }

    @Test func additiveAddsTheModelValueAndCumulativeEachFinishedPass() throws {
        let k = try KeyframeCurve(values: [[0], [5], [0]])
        let shake = LayerAnimation(curve: .keyframes(k), timing: MediaTiming(duration: 0.5))
        shake.isAdditive = true
        let samples = try Trajectory.record(shake, property: .scalar, initial: [100])
        #expect(samples[0].value == [100] && samples[15].value == [105] && samples.last?.value == [100])
        let stairs = LayerAnimation(curve: .basic(.linear), timing: MediaTiming(duration: 1, repeating: RepeatTiming(repeatCount: 3)),
                                    from: [0], to: [10])
        stairs.isCumulative = true
        let steps = try Trajectory.record(stairs, property: .scalar)
        #expect(abs(steps[90].value[0] - 15) < 1e-9 && abs(steps[150].value[0] - 25) < 1e-9)
    }

    @Test func aCoreAnimationSpringFollowsItsOscillatorForItsDuration() throws {
        let o = DampedOscillator(mass: 1, stiffness: 100, damping: 10)
        let spring = LayerAnimation(curve: .spring(o), timing: MediaTiming(duration: o.settlingDuration()), from: [0], to: [50])
        let samples = try Trajectory.record(spring, property: .scalar, initial: [50])
        for s in samples.dropLast() { #expect(abs(s.value[0] - 50 * o.progress(at: s.time)) < 1e-9) }
        #expect(samples.last?.value == [50])
    }
}
