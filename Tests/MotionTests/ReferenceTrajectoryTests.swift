import Testing
@testable import Motion

/// POP's own trajectories (../shared/reference/pop) reproduced to 1e-9 on every frame, the done
/// frame included.
@Suite struct ReferenceTrajectoryTests {
    let tolerance = 1e-9

    func expectMatches(_ samples: [TrajectorySample], values: [Double], velocities: [Double]? = nil,
                       doneFlags: [Bool]) {
        #expect(samples.count == values.count)
        for (sample, expected) in zip(samples, values) {
            #expect(abs(sample.value[0] - expected) <= tolerance, "frame \(sample.frame): \(sample.value[0]) vs \(expected)")
        }
        if let velocities {
            for (sample, expected) in zip(samples, velocities) {
                #expect(abs(sample.velocity[0] - expected) <= tolerance, "frame \(sample.frame) velocity")
            }
        }
        #expect(samples.map(\.isDone) == doneFlags)
    }

    @Test func scaleSpringWithVelocityMatchesPOP() throws {
        let csv = try ReferenceCSV("a_scaleXY_0.95_to_1_v3_b18_s12.csv")
        let spring = SpringAnimation(from: [0.95, 0.95], to: [1, 1], velocity: [3, 3], bounciness: 18)
        let samples = try Trajectory.record(spring, property: .scaleXY)
        expectMatches(samples, values: csv.column("value_displayed"), velocities: csv.column("velocity"),
                      doneFlags: csv.rows.map { $0.last != "0" })
        #expect(samples.allSatisfy { $0.value[0] == $0.value[1] })
    }

    @Test func scaleSpringIsBitExactWithPOP() throws {
        // The reference prints 17 significant digits, so equal doubles read back equal.
        let csv = try ReferenceCSV("a_scaleXY_0.95_to_1_v3_b18_s12.csv")
        let spring = SpringAnimation(from: [0.95, 0.95], to: [1, 1], velocity: [3, 3], bounciness: 18)
        let samples = try Trajectory.record(spring, property: .scaleXY)
        #expect(samples.map { $0.value[0] } == csv.column("value_displayed"))
        #expect(samples.map { $0.velocity[0] } == csv.column("velocity"))
    }

    @Test func defaultBasicAnimationMatchesPOP() throws {
        let csv = try ReferenceCSV("e_basic_default_0.4s_scaleXY_1_to_0.95.csv")
        let samples = try Trajectory.record(BasicAnimation(from: [1, 1], to: [0.95, 0.95]), property: .scaleXY)
        expectMatches(samples, values: csv.column("value"), doneFlags: csv.column("done").map { $0 == 1 })
    }

    @Test func easeInEaseOutBasicAnimationMatchesPOP() throws {
        let csv = try ReferenceCSV("f_basic_easeInEaseOut_0.4s_progress.csv")
        let basic = BasicAnimation(from: 0, to: 1, timingFunction: .easeInEaseOut)
        let samples = try Trajectory.record(basic, property: .scalar)
        expectMatches(samples, values: csv.column("progress"), doneFlags: csv.column("done").map { $0 == 1 })
    }

    @Test(arguments: [("uikit_easeInOut_0.4s_progress.csv", UIKitTiming.animate(duration: 0.4)),
                      ("uikit_RECONSTRUCTED_spring_d0.3_z0.7_v0.7.csv",
                       UIKitTiming.animate(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7)),
                      ("uikit_RECONSTRUCTED_spring_d0.5_z0.7_v0.7.csv",
                       UIKitTiming.animate(duration: 0.5, dampingRatio: 0.7, initialVelocity: 0.7))])
    func uikitProgressMatchesReference(file: String, timing: UIKitTiming) throws {
        let csv = try ReferenceCSV(file)
        let samples = try Trajectory.record(UIKitAnimation(timing: timing, from: 0, to: 1), property: .scalar)
        let progress = csv.column("progress")
        expectMatches(samples, values: progress, doneFlags: progress.indices.map { $0 == progress.count - 1 })
    }
}
