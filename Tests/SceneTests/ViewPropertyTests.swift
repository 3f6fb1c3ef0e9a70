import Geometry
import Layout
import Motion
import Scene
import Testing

@Suite struct ViewPropertyTests {
    @Test func eachPropertyWritesWhatItReadsBackAndLeavesTheOthersAlone() {
        let samples: [(ViewProperty, AnimationVector)] = [
            (.positionX, [12]), (.positionY, [34]), (.position, [5, 6]),
            (.scaleX, [0.5]), (.scaleY, [2]), (.scaleXY, [0.95, 0.9]),
            (.opacity, [0.25]), (.rotation, [0.3]), (.size, [40, 50]),
            (.bounds, [1, 2, 30, 40]), (.frame, [3, 4, 50, 60]), (.backgroundColor, [0.2, 0.4, 0.6, 0.8]),
        ]
        for (name, value) in samples {
            let view = View(frame: Rect(0, 0, 100, 100))
            let property = AnimatableProperty.view(name)
            let before = ViewPropertyTests.snapshot(view)
            property.write(view, value)
            #expect(property.read(view) == value, "\(name)")
            let changed = zip(before, ViewPropertyTests.snapshot(view)).filter { $0 != $1 }.count
            #expect(changed == 1 || name == .scaleXY || name == .position || name == .bounds || name == .frame, "\(name) changed \(changed) fields")
        }
    }

    /// Every field a property may touch, as strings, to count what changed.
    static func snapshot(_ v: View) -> [String] {
        ["\(v.position)", "\(v.transform.scaleX)", "\(v.transform.scaleY)", "\(v.alpha)", "\(v.transform.rotation)",
         "\(v.bounds)", "\(String(describing: v.backgroundColor))"]
    }

    @Test func propertiesCarryPOPsNamesThresholdsAndComponentCounts() {
        #expect(AnimatableProperty.view(.positionX).threshold == 1)
        #expect(AnimatableProperty.view(.scaleXY).threshold == 0.005)
        #expect(AnimatableProperty.view(.scaleXY).componentCount == 2)
        #expect(AnimatableProperty.view(.opacity).threshold == 0.01)
        #expect(AnimatableProperty.view(.backgroundColor).componentCount == 4)
        #expect(AnimatableProperty.view(.positionY).name == "positionY")
    }

    @Test func settingTheFrameMovesThePositionWithTheAnchor() {
        let view = View(frame: Rect(0, 0, 100, 100))
        view.anchorPoint = Point(0, 0)
        AnimatableProperty.view(.frame).write(view, [10, 20, 30, 40])
        #expect(view.position == Point(10, 20))
        #expect(view.bounds.size == Size(30, 40))
        #expect(AnimatableProperty.view(.frame).threshold == 1)
    }

    /// POP's `kPOPLayoutConstraintConstant`: the view follows the spring on the constant frame
    /// by frame, laid out on the frame each value is written.
    @Test func aSpringOnAConstraintConstantMovesTheConstrainedViewEveryFrame() throws {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let box = View(name: "box")
        box.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(box)
        let left = LayoutConstraint(item: box, attribute: .left, relatedBy: .equal, toItem: stage.window,
                                    attribute: .left, constant: 20)
        stage.window.addConstraint(left)
        stage.window.addConstraints(try View.constraints(withVisualFormat: "V:|-[box(40)]", views: ["box": box]))
        stage.window.addConstraints(try View.constraints(withVisualFormat: "H:[box(40)]", views: ["box": box]))
        stage.advanceFrame()
        stage.endFrame()
        #expect(box.frame == Rect(20, 20, 40, 40))

        let reference = try Trajectory.record(SpringAnimation(to: [200], bounciness: 12), property: .constraintConstant,
                                              initial: [20])
        var xs: [Double] = []
        for i in reference.indices {
            stage.advanceFrame()
            if i == 0 {
                stage.animator.add(SpringAnimation(to: [200], bounciness: 12), forKey: "slide", to: left,
                                   property: .layoutConstraintConstant)
            }
            xs.append(box.frame.x)
            stage.endFrame()
        }
        // The frame comes back from the centre and width, so allow for the last bit of rounding.
        #expect(zip(xs, reference).allSatisfy { abs($0 - $1.value[0]) < 1e-9 }, "\(xs)")
        #expect(xs.count == reference.count)
        #expect(box.frame.x == 200)
    }

    @Test func aNilBackgroundReadsAsClear() {
        #expect(AnimatableProperty.view(.backgroundColor).read(View()) == AnimationVector(Color.clear))
    }

    @Test func aSpringOnAViewFollowsTheStandaloneTrajectoryAndLandsOnItsTarget() throws {
        let view = View(frame: Rect(0, 0, 20, 20))
        let animator = Animator()
        animator.add(SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18), forKey: "scale", to: view,
                     property: .view(.scaleXY))
        let reference = try Trajectory.record(SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18),
                                              property: .scaleXY, initial: [1, 1])
        #expect(reference.count > 20)
        for sample in reference {
            #expect(view.transform.scaleX == sample.value[0], "frame \(sample.frame)")
            animator.step()
        }
        #expect(animator.isIdle)
        #expect(view.transform.scaleX == 1)
    }

    @Test func threeDimensionalRowsAnswerToPOPsNamesAndCoreAnimationsKeyPaths() {
        #expect(ViewProperty.named("transform.rotation.y") == .rotationY)
        #expect(ViewProperty.named("transform.rotation.x") == .rotationX)
        #expect(ViewProperty.named("transform.translation.z") == .translationZ)
        #expect(ViewProperty.named("zPosition") == .zPosition)
        let view = View(frame: Rect(0, 0, 10, 10))
        ViewProperty.rotationY.write(view, [1.2])
        ViewProperty.zPosition.write(view, [3])
        #expect(view.transform.rotationY == 1.2 && view.zPosition == 3 && ViewProperty.rotationY.read(view) == [1.2])
        #expect(ViewProperty.translationZ.threshold == 1 && ViewProperty.rotationX.threshold == 0.01)
    }
}

