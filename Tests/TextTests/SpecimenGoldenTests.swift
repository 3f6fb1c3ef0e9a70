import Geometry
import GoldenTesting
import Raster
import Testing
import Text

/// Golden images of the demos' labels at each screen scale; open Tests/Goldens/TextTests/*.png to review.
@Suite struct SpecimenGoldenTests {
    /// One row of the specimen: a label in its bounds (points).
    private struct Row {
        var text: String
        var font: String
        var size: Double
        var color: String
        var alignment: TextAlignment = .left
        var secure = false
        var width = 300.0
        var button: String?
    }

    private let rows = [
        Row(text: "Log in", font: "Avenir-Medium", size: 22, color: "#FFFFFF", alignment: .center, button: "#3498DB"),
        Row(text: "Just a serious login error.", font: "Avenir-Light", size: 18, color: "#E74C3C", alignment: .center),
        Row(text: "Enter a Password", font: "Avenir-Book", size: 17, color: "#C7C7CD"),
        Row(text: "hunter22", font: "Avenir-Book", size: 17, color: "#000000", secure: true),
        Row(text: "Popping", font: "Avenir", size: 20, color: "#000000", alignment: .center),
        Row(text: "Confirm Email for the new account", font: "Avenir-Light", size: 17, color: "#34495E", width: 200),
        Row(text: "AV To Wj Ty. Register", font: "HelveticaNeue", size: 17, color: "#000000", alignment: .right),
    ]

    private func specimen(scale: Double) throws -> Pixmap {
        let rowHeight = 40.0
        let canvas = Canvas(width: Int(320 * scale), height: Int(rowHeight * Double(rows.count) * scale), background: .white)
        let toPixels = AffineTransform.scale(scale, scale)
        for (i, row) in rows.enumerated() {
            let bounds = Rect(10, Double(i) * rowHeight, row.width, rowHeight)
            if let fill = row.button {
                canvas.fill(rect: bounds.insetBy(dx: 60, dy: 2), color: Color(hex: fill)!, transform: toPixels)
            }
            let font = try FontLibrary.font(named: row.font, size: row.size)
            let label = LabelLayout(text: row.text, font: font, in: bounds, alignment: row.alignment, secure: row.secure)
            canvas.draw(label, color: Color(hex: row.color)!, transform: toPixels)
        }
        return canvas.pixmap
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func demoLabelsAtEachScreenScale(scale: Double) throws {
        try assertGolden(try specimen(scale: scale), named: "specimen@\(Int(scale))x", suite: "TextTests")
    }

    @Test func secureEntryDrawsDotsWhenTheFontHasNoBullet() throws {
        let font = Font(try Fixtures.typeface("KernFixture"), size: 20)
        let canvas = Canvas(width: 200, height: 60, background: .white)
        let label = LabelLayout(text: "AVTo", font: font, in: Rect(5, 0, 90, 30), secure: true)
        canvas.draw(label, color: .black, transform: .scale(2, 2))
        try assertGolden(canvas.pixmap, named: "drawn-bullets@2x", suite: "TextTests")
    }

    @Test func errorLabelScaledBySpringIsDrawnThroughTheTransform() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let canvas = Canvas(width: 640, height: 160, background: .white)
        for (i, s) in [0.5, 0.8, 1.0, 1.1].enumerated() {
            let bounds = Rect(20, Double(i) * 20, 280, 20)
            let label = LabelLayout(text: "Just a serious login error.", font: font, in: bounds, alignment: .center)
            let spring = AffineTransform.scale(s, s, about: bounds.center).concatenating(.scale(2, 2))
            canvas.draw(label, color: Color(hex: "#E74C3C")!, transform: spring)
        }
        try assertGolden(canvas.pixmap, named: "error-label-spring@2x", suite: "TextTests")
    }
}
