import Geometry
import Motion
import Scene
import SVG
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
        let art = try! VectorImage.parse(text: #"<svg viewBox="0 0 4 4"><rect width="4" height="4"/></svg>"#, name: "dot.svg")
        for property in ViewProperty.all {
            // A view of each kind that owns a row (labels, buttons, image views), the first that has this one.
            let kinds: [View] = [View(frame: Rect(0, 0, 50, 50)), Label(text: "x", font: Self.font),
                                 Button(title: "x", font: Self.font), ImageView(image: art, frame: Rect(0, 0, 4, 4))]
            guard let view = kinds.first(where: property.applies) else {
                Issue.record("no view has \(property)")
                continue
            }
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
