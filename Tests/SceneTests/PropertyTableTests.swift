import Geometry
import Motion
import Scene
import Testing
import Text

/// The one table of animatable properties: POP's names and Core Animation's key paths.
@Suite struct PropertyTableTests {
    static let font = Font.named("system", size: 17)

    @Test func everyNameBelongsToExactlyOneRow() {
        let names = ViewProperty.allNames
        #expect(Set(names).count == names.count)
        for name in names { #expect(ViewProperty.named(name) != nil, "\(name)") }
    }

    @Test func keyPathsAndPOPNamesReachTheSameValue() {
        #expect(ViewProperty.named("transform.rotation.z") == .rotation)
        #expect(ViewProperty.named("position.x") == .positionX)
        #expect(ViewProperty.named("alpha") == .opacity)
        #expect(ViewProperty.named("transform.translation") == .translationXY)
        #expect(ViewProperty.named("rotationZ") == nil)
    }

    @Test func everyRowWritesWhatItReadsBack() {
        for property in ViewProperty.all {
            let view: View = property == .textColor ? Label(text: "x", font: Self.font) : property == .titleColor ? Button(title: "x", font: Self.font) : View(frame: Rect(0, 0, 50, 50))
            let value = AnimationVector((0..<property.componentCount).map { 0.25 + Double($0) * 0.125 })
            property.write(view, value)
            #expect(property.read(view) == value, "\(property)")
        }
    }

    @Test func transformScaleSetsBothAxes() {
        let view = View(frame: Rect(0, 0, 10, 10))
        ViewProperty.scale.write(view, [1.5])
        #expect(view.transform.scaleX == 1.5 && view.transform.scaleY == 1.5)
    }

    @Test func aLabelsTextColorIsNotAPlainViews() {
        #expect(ViewProperty.textColor.applies(to: Label(text: "a", font: Self.font)))
        #expect(!ViewProperty.textColor.applies(to: View()))
        #expect(!ViewProperty.textColor.applies(to: Button(title: "b", font: Self.font)))
        #expect(ViewProperty.titleColor.applies(to: Button(title: "b", font: Self.font)))
    }
}
