import Codecs
import Foundation
import GoldenTesting
import Testing

@Suite struct LayoutCommandTests {
    @Test func constraintsDemoFramesPrintOneLinePerView() throws {
        let r = try popping([
            "layout", "--size", "320x568", "--views", "red,green,blue",
            "--vfl", "H:|-(20)-[red]-(20)-|",
            "--vfl", "H:|-(20)-[green]-(20)-[blue(==green)]-(20)-|",
            "--option", "none", "--option", "alignAllTop",  // the Nth --option goes with the Nth --vfl
            "--vfl", "V:|-(88)-[red]-(20)-[green(==red)]-(20)-|",
            "--vfl", "V:|-(88)-[red]-(20)-[blue(==red)]-(20)-|",
        ])
        #expect(r.status == 0)
        #expect(r.stdout == "red 20 88 280 220\ngreen 20 328 130 220\nblue 170 328 130 220\n")
    }

    @Test func registerFormCentresTheButtonWithAConstraint() throws {
        let r = try popping([
            "layout", "--size", "568x320", "--views", "email,confirm,button",
            "--vfl", "H:|-[email]-|", "--vfl", "V:|-[email]", "--vfl", "H:|-[confirm]-|",
            "--vfl", "V:[email]-[confirm]", "--vfl", "V:[confirm]-[button]",
            "--constraint", "button.centerX == superview.centerX",
            "--intrinsic", "email=0x30", "--intrinsic", "confirm=0x30", "--intrinsic", "button=57x30",
        ])
        #expect(r.stdout == "email 20 20 528 30\nconfirm 20 58 528 30\nbutton 255.5 96 57 30\n")
    }

    @Test func formatErrorPrintsAppleMessageWithCaretAndExits2() throws {
        let r = try popping(["layout", "--views", "whiteBox2", "--vfl", "|[whiteBox2][blackBox]"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == """
            popping-render: Unable to parse constraint format: \nUnable to find view with name blackBox \n|[whiteBox2][blackBox] \n                     ^

            """)
    }

    @Test func badAttributeInAConstraintIsAnError() throws {
        let r = try popping(["layout", "--views", "a", "--constraint", "a.middle == 4"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unknown attribute") && r.stderr.hasSuffix("a.middle == 4 \n  ^\n"))
    }

    @Test func conflictIsLoggedAndTheLayoutStillPrints() throws {
        let r = try popping(["layout", "--views", "a", "--constraint", "a.width == 10", "--constraint", "a.width == 20"])
        #expect(r.status == 0)
        #expect(r.stdout == "a 0 0 10 0\n")
        #expect(r.stderr.hasPrefix("Unable to simultaneously satisfy constraints."))
    }

    @Test func pngShowsTheBoxesAtTwoPixelsPerPoint() throws {
        let folder = try scratchFolder("layout")
        let r = try popping(["layout", "--size", "100x50", "--views", "a", "--vfl", "H:|-[a]-|", "--vfl", "V:|-(5)-[a(40)]",
                             "--png", folder + "/layout.png"])
        #expect(r.status == 0)
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/layout.png"))))
        #expect(image.width == 200 && image.height == 100)
        #expect(image[2, 2] == (255, 255, 255, 255))
        #expect(image[100, 12] != (255, 255, 255, 255))
    }
}
