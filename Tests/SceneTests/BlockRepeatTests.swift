import Geometry
import Motion
import Scene
import Testing

/// UIKit's repeating block animations: `.repeat`, `.autoreverse` and `modifyAnimations`.
@Suite struct BlockRepeatTests {
    /// A stage with one view at x = 0, and the x it shows on each frame after `start` runs.
    private func play(frames: Int, _ start: (Stage, View) -> Void) -> (xs: [Double], stage: Stage) {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let v = View(frame: Rect(0, 0, 10, 10))
        stage.window.addSubview(v)
        start(stage, v)
        var xs: [Double] = []
        for _ in 0...frames {
            stage.advanceFrame()
            xs.append(v.presentedFrame.x)
            stage.endFrame()
        }
        return (xs, stage)
    }

    @Test func autoreverseWithoutRepeatGoesThereAndBackThenJumpsToTheModelValue() {
        var done: [Int] = []
        var stage: Stage?
        let (xs, _) = play(frames: 40) { s, v in
            stage = s
            s.animate(duration: 0.25, options: .autoreverse, curve: .linear, changes: { v.frame.origin.x = 60 },
                      completion: { _ in done.append(stage!.frame) })
        }
        #expect(abs(xs[15] - 60) < 1e-4 && abs(xs[23] - 28) < 0.01 && abs(xs[29] - 4) < 0.01)
        #expect(xs[30] == 60 && xs[40] == 60 && done == [30])
    }

    @Test func repeatRunsForeverWithoutCompletingAndDoesNotKeepTheStageUnsettled() {
        var completed = false
        let (xs, stage) = play(frames: 300) { s, v in
            s.animate(duration: 0.5, options: [.repeat, .autoreverse], curve: .linear, changes: { v.frame.origin.x = 60 },
                      completion: { _ in completed = true })
        }
        #expect(abs(xs[30] - 60) < 1e-4 && abs(xs[60]) < 1e-4 && abs(xs[270] - 60) < 1e-4 && abs(xs[285] - 30) < 0.01)
        #expect(!completed && stage.isSettled)
    }

    @Test func modifyAnimationsRepeatsTheChangesInsideItAndTheCompletionWaitsForThem() {
        var finishedAt: Int?
        var stageRef: Stage?
        let (xs, _) = play(frames: 60) { s, v in
            stageRef = s
            let other = View(frame: Rect(0, 20, 10, 10))
            s.window.addSubview(other)
            s.animate(duration: 0.2, curve: .linear, changes: {
                other.alpha = 0
                s.modifyAnimations(withRepeatCount: 2.5, autoreverses: false) { v.frame.origin.x = 60 }
            }, completion: { _ in finishedAt = stageRef!.frame })
        }
        // 0.2 s a time, two and a half times: at 0.5 s (frame 30) the model value shows.
        #expect(abs(xs[6] - 30) < 0.01 && abs(xs[12]) < 1e-4 && abs(xs[18] - 30) < 0.01 && abs(xs[27] - 15) < 0.01)
        #expect(xs[30] == 60 && finishedAt == 30)
    }

    @Test func stoppingABlockShowsTheModelValueAndCompletesItUnfinished() {
        var finished: [Bool] = []
        var group: Stage.BlockAnimationGroup?
        var stageRef: Stage?
        let (xs, _) = play(frames: 40) { s, v in
            stageRef = s
            group = s.animate(duration: 0.5, options: .repeat, curve: .linear, changes: { v.frame.origin.x = 60 },
                              completion: { finished.append($0) })
            s.run(after: 0.25) { stageRef!.stopAnimations(group!) }
        }
        #expect(abs(xs[14] - 28) < 0.01 && xs[15] == 60 && xs[40] == 60)
        #expect(finished == [false])
    }
}
