import Testing
@testable import Motion

/// POP's bounciness/speed mapping and its setter-order rules (springs.md §2.1).
@Suite struct SpringDynamicsTests {
    @Test(arguments: [(4.0, 12.0, 342.1005882353, 30.4869796482), (10, 12, 342.1005882353, 22.0210168686),
                      (12, 12, 342.1005882353, 19.5169997084), (18, 12, 342.1005882353, 12.9588595270),
                      (20, 12, 342.1005882353, 11.0907832329), (20, 20, 512.0276470588, 13.3564884212)])
    func bouncinessAndSpeedMapToPOPsConstants(bounciness: Double, speed: Double, tension: Double, friction: Double) {
        let d = SpringDynamics(bounciness: bounciness, speed: speed)
        #expect(abs(d.tension - tension) < 1e-9)
        #expect(abs(d.friction - friction) < 1e-9)
        #expect(d.mass == 1)
    }

    @Test func mappingIsBitExactWithPOPsReferenceHeader() {
        let d = SpringDynamics(bounciness: 18, speed: 12)
        #expect(d.tension == 342.10058823529414)
        #expect(d.friction == 12.95885952697494)
    }

    @Test func dampingRatioOfTheDefaultSpring() {
        #expect(abs(SpringDynamics(bounciness: 4, speed: 12).dampingRatio - 0.824152) < 1e-6)
    }

    @Test func newSpringHasPOPsDefaults() {
        let spring = SpringAnimation()
        #expect(spring.springBounciness == 4 && spring.springSpeed == 12)
        #expect(spring.dynamics == SpringDynamics(bounciness: 4, speed: 12))
    }

    @Test func bouncinessAfterDynamicsDiscardsThem() {
        // ImageViewController -handlePan: tension 10, friction 1, then bounciness 12.
        let spring = SpringAnimation()
        spring.dynamicsTension = 10
        spring.dynamicsFriction = 1
        spring.springBounciness = 12
        #expect(spring.dynamics == SpringDynamics(bounciness: 12, speed: 12))
    }

    @Test func dynamicsAfterBouncinessOverrideOnlyTheirOwnConstant() {
        // FoldingView: bounciness 18, then mass 2, then tension 200.
        let folding = SpringAnimation()
        folding.springBounciness = 18
        folding.dynamicsMass = 2
        folding.dynamicsTension = 200
        #expect(folding.dynamics == SpringDynamics(tension: 200, friction: SpringDynamics(bounciness: 18, speed: 12).friction, mass: 2))
        // PaperButton: bounciness 20 and speed 20, then tension 1000.
        let paper = SpringAnimation(bounciness: 20, speed: 20)
        paper.dynamicsTension = 1000
        #expect(abs(paper.dynamicsFriction - 13.3564884212) < 1e-9)
        #expect(paper.dynamicsTension == 1000 && paper.dynamicsMass == 1)
    }

    @Test func settingAnUnchangedBouncinessStillResetsUserDynamics() {
        let spring = SpringAnimation()
        spring.dynamicsFriction = 3
        spring.springBounciness = 4
        #expect(spring.dynamics == SpringDynamics(bounciness: 4, speed: 12))
    }
}
