import Geometry
import Testing
@testable import Motion

/// A stand-in for a layer with a few animatable properties.
final class Layer {
    var position = Point(160, 284)
    var scale = Point(1, 1)
    var opacity = 1.0

    static let positionY = AnimatableProperty(name: "positionY", componentCount: 1, threshold: 1,
                                              read: { [($0 as! Layer).position.y] },
                                              write: { ($0 as! Layer).position.y = $1[0] })
    static let scaleXY = AnimatableProperty(.scaleXY, keyPath: \Layer.scale)
    static let opacity = AnimatableProperty(.opacity, keyPath: \Layer.opacity)
}

@Suite struct AnimatorTests {
    @Test func anAddedAnimationShowsItsFromValueOnTheCurrentFrame() {
        let layer = Layer(), animator = Animator()
        animator.add(SpringAnimation(from: 100, to: 150, bounciness: 12), forKey: "y", to: layer, property: Layer.positionY)
        #expect(layer.position.y == 100)
        animator.step()
        #expect(abs(layer.position.y - 101.8890) < 1e-4)
    }

    @Test func replacingAKeyStartsFromTheCurrentValueAndCancelsTheOldAnimation() {
        let layer = Layer(), animator = Animator()
        var log: [String] = []
        let show = SpringAnimation(from: 100, to: 150, bounciness: 12)
        show.completion = { log.append("show \($0)") }
        animator.add(show, forKey: "y", to: layer, property: Layer.positionY)
        animator.advance(to: 5)
        let midway = layer.position.y
        let hide = BasicAnimation(to: 100)
        hide.completion = { log.append("hide \($0)") }
        animator.add(hide, forKey: "y", to: layer, property: Layer.positionY)
        #expect(log == ["show false"])
        #expect(hide.fromValue == [midway] && layer.position.y == midway)
        #expect(animator.animation(forKey: "y", on: layer) === hide)
        animator.advance(to: 5 + 24)
        #expect(log == ["show false", "hide true"] && layer.position.y == 100)
        #expect(animator.isIdle)
    }

    @Test func aReplacingSpringStartsAtRestLikePOPUnlessItInheritsVelocity() {
        func replaced(inherits: Bool) -> (before: Double, after: Double, velocity: Double) {
            let layer = Layer(), animator = Animator()
            animator.add(SpringAnimation(from: 0, to: 100), forKey: "y", to: layer, property: Layer.positionY)
            animator.advance(to: 3)
            let old = animator.animation(forKey: "y", on: layer)!.velocity![0]
            let next = SpringAnimation(to: 200)
            next.inheritsVelocity = inherits
            animator.add(next, forKey: "y", to: layer, property: Layer.positionY)
            return (old, next.velocity![0], old)
        }
        let pop = replaced(inherits: false), smooth = replaced(inherits: true)
        #expect(pop.before > 100 && pop.after == 0)
        #expect(smooth.after == smooth.velocity)
    }

    @Test func completionsRunInAddOrderAndAnimationsTheyAddStartThatFrame() {
        let layer = Layer(), animator = Animator()
        var log: [String] = []
        let fade = BasicAnimation(from: 1, to: 0, duration: 0.1)
        fade.completion = { _ in
            log.append("fade done, opacity \(layer.opacity)")
            let back = BasicAnimation(to: 1, duration: 0.1)
            back.completion = { _ in log.append("back done at \(animator.frame)") }
            animator.add(back, forKey: "opacity", to: layer, property: Layer.opacity)
            log.append("back started, opacity \(layer.opacity)")
        }
        let scale = BasicAnimation(to: [0.5, 0.5], duration: 0.1)
        scale.completion = { _ in log.append("scale done at \(animator.frame)") }
        animator.add(fade, forKey: "opacity", to: layer, property: Layer.opacity)
        animator.add(scale, forKey: "scale", to: layer, property: Layer.scaleXY)
        animator.advance(to: 6)
        #expect(log == ["fade done, opacity 0.0", "back started, opacity 0.0", "scale done at 6"])
        #expect(layer.opacity == 0)
        animator.advance(to: 12)
        #expect(log.last == "back done at 12" && layer.opacity == 1)
    }

    @Test func differentKeysOnOneTargetRunTogetherAndTheLaterWritesLast() {
        // FlatButton: the touch-down basic and the touch-up spring both animate scaleXY.
        let layer = Layer(), animator = Animator()
        animator.add(BasicAnimation(to: [0.95, 0.95]), forKey: "small", to: layer, property: Layer.scaleXY)
        animator.step()
        let spring = SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18)
        animator.add(spring, forKey: "spring", to: layer, property: Layer.scaleXY)
        animator.step()
        #expect(animator.animationKeys(on: layer) == ["small", "spring"])
        #expect(AnimationVector(layer.scale) == spring.currentValue)
    }

    @Test func delayedAnimationWaitsThenStartsFromTheValueAtThatTime() {
        let layer = Layer(), animator = Animator()
        let late = BasicAnimation(to: 0, duration: 0.1)
        late.delay = 0.5
        animator.add(late, forKey: "opacity", to: layer, property: Layer.opacity)
        animator.advance(to: 29)
        layer.opacity = 0.5
        #expect(late.currentValue == nil)
        animator.step()
        #expect(late.fromValue == [0.5] && layer.opacity == 0.5)
        animator.advance(to: 36)
        #expect(layer.opacity == 0 && animator.isIdle)
    }

    @Test func pausedSpringHoldsItsValueAndResumesWithItsVelocity() {
        let layer = Layer(), animator = Animator()
        let spring = SpringAnimation(from: 0, to: 100)
        animator.add(spring, forKey: "y", to: layer, property: Layer.positionY)
        animator.advance(to: 4)
        let held = layer.position.y, velocity = spring.velocity!
        spring.isPaused = true
        animator.advance(to: 10)
        #expect(layer.position.y == held)
        spring.isPaused = false
        animator.step()
        #expect(layer.position.y == held && spring.velocity == velocity)
        animator.step()
        #expect(layer.position.y > held)
    }

    @Test func removingAllAnimationsCancelsEachOnce() {
        let layer = Layer(), animator = Animator()
        var cancelled = 0
        for (key, property) in [("y", Layer.positionY), ("opacity", Layer.opacity)] {
            let a = BasicAnimation(to: 0)
            a.completion = { if !$0 { cancelled += 1 } }
            animator.add(a, forKey: key, to: layer, property: property)
        }
        animator.removeAllAnimations(from: layer)
        #expect(cancelled == 2 && animator.isIdle)
        animator.step()
        #expect(cancelled == 2)
    }

    @Test func retargetingARunningSpringKeepsItsMotion() {
        let layer = Layer(), animator = Animator()
        let spring = SpringAnimation(from: 0, to: 100)
        animator.add(spring, forKey: "y", to: layer, property: Layer.positionY)
        animator.advance(to: 3)
        spring.toValue = 300
        animator.advance(to: 200)
        #expect(layer.position.y == 300 && animator.isIdle)
    }
}

@Suite struct AnimatorCallbackTests {
    @Test func didApplyCanHandAMovingDecayOverToASpringWithItsVelocity() {
        // DecayViewController: once the view leaves the bounds, a spring under the same key
        // takes over with the decay's velocity (y flipped).
        let layer = Layer(), animator = Animator()
        let position = AnimatableProperty(.position, keyPath: \Layer.position)
        let decay = DecayAnimation(velocity: [900, -400])
        var decayFinished: Bool?
        var handedOver: (velocity: AnimationVector, frame: Int)?
        decay.completion = { decayFinished = $0 }
        decay.didApply = { anim in
            guard handedOver == nil, layer.position.x > 200 else { return }
            let v = anim.velocity!
            let spring = SpringAnimation(to: [160, 284], velocity: [v[0], -v[1]])
            handedOver = (v, animator.frame)
            animator.add(spring, forKey: "position", to: layer, property: position)
        }
        animator.add(decay, forKey: "position", to: layer, property: position)
        animator.advance(to: 10)
        #expect(decayFinished == false)
        let spring = animator.animation(forKey: "position", on: layer) as? SpringAnimation
        #expect(spring != nil && handedOver != nil)
        #expect(spring?.fromValue?[0] ?? 0 > 200)
        animator.advance(to: 400)
        #expect(layer.position == Point(160, 284) && animator.isIdle)
    }

    @Test func didApplyRunsTwiceOnTheDoneFrameAsInPOP() {
        let layer = Layer(), animator = Animator()
        var applied: [Double] = []
        let fade = BasicAnimation(from: 1, to: 0, duration: 0.05)
        fade.didApply = { applied.append($0.currentValue![0]) }
        animator.add(fade, forKey: "opacity", to: layer, property: Layer.opacity)
        animator.advance(to: 3)
        #expect(applied.count == 5 && applied.first == 1 && applied.suffix(2) == [0, 0])
    }

    /// A value wider than one property (a gradient's locations) animates as a group: one member
    /// per element under one key, ending each at its own frame, with one completion at the end.
    @Test func aGroupRunsOneMemberPerElementUnderOneKeyWithOneCompletion() {
        let boxes = (0..<3).map { _ in ValueBox([0]) }
        let target = Layer(), animator = Animator()
        let properties = boxes.indices.map { i in
            AnimatableProperty(name: "locations[\(i)]", componentCount: 1, threshold: 0.001,
                               read: { _ in boxes[i].value }, write: { _, v in boxes[i].value = v })
        }
        var log: [Bool] = []
        let springs = [0.2, 0.5, 1.0].map { SpringAnimation(to: [$0], bounciness: 8) }
        animator.add(springs, forKey: "locations", to: target, properties: properties) { log.append($0) }
        #expect(animator.animationKeys(on: target) == ["locations"])
        var endFrames: [Int: Int] = [:]
        while !animator.isIdle && animator.frame < 600 {
            animator.step()
            for (i, spring) in springs.enumerated() where spring.progress == 1 && endFrames[i] == nil { endFrames[i] = animator.frame }
            #expect(log.isEmpty || animator.isIdle, "the completion runs only after the last member")
        }
        #expect(log == [true])
        #expect(boxes.map { $0.value[0] } == [0.2, 0.5, 1.0])
        #expect(Set(endFrames.values).count > 1, "each member settles by its own threshold: \(endFrames)")
    }

    @Test func removingOrReplacingAGroupEndsEveryMemberAndCompletesOnce() {
        let boxes = (0..<2).map { _ in ValueBox([0]) }
        let target = Layer(), animator = Animator()
        let properties = boxes.indices.map { i in
            AnimatableProperty(name: "colors[\(i)]", componentCount: 1, threshold: 0.001,
                               read: { _ in boxes[i].value }, write: { _, v in boxes[i].value = v })
        }
        var log: [Bool] = []
        animator.add([BasicAnimation(to: 1), BasicAnimation(to: 1)], forKey: "g", to: target, properties: properties) { log.append($0) }
        animator.advance(to: 3)
        animator.removeAnimation(forKey: "g", from: target)
        #expect(log == [false] && animator.isIdle)
        animator.add([BasicAnimation(to: 1), BasicAnimation(to: 1)], forKey: "g", to: target, properties: properties) { log.append($0) }
        animator.advance(to: 6)
        let single = BasicAnimation(to: 5)
        animator.add(single, forKey: "g", to: target, property: properties[0])
        #expect(log == [false, false], "a single animation under the key replaces the whole group")
        #expect(animator.animationKeys(on: target) == ["g"] && animator.animation(forKey: "g", on: target) === single)
    }
}
