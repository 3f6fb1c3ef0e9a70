import Foundation
import GoldenTesting
import PoppingTesting
import Testing

/// A square whose colour follows the appearance and whose side follows the layout direction.
private func traitSquare(_ settings: DemoSettings) -> DemoRun {
    let stage = Stage(screenSize: Size(100, 60), tintColor: .black)
    stage.userInterfaceStyle = settings.appearance ?? .light
    let square = View(name: "square", frame: Rect(settings.layoutDirection == .rightToLeft ? 60 : 10, 10, 30, 30))
    square.backgroundColor = settings.appearance == .dark ? .white : .black
    stage.window.backgroundColor = settings.appearance == .dark ? .black : .white
    stage.window.addSubview(square)
    return DemoRun(stage: stage, frameCount: 3)
}

@Suite struct VariantAssertTests {
    private let settings = DemoSettings(screenSize: Size(100, 60))
    private let matrix = "appearance=light,dark; layout-direction=ltr,rtl"

    @Test func everyCombinationHasItsOwnGoldensAndTheDefaultKeepsThePlainName() throws {
        let goldens = try scratchFolder("assert-variants")
        withKnownIssue {
            assertFrames(of: traitSquare, settings: settings, named: "square", variants: matrix, options: RenderOptions(scale: 1),
                         record: .missing, goldens: goldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("were found; recorded them") }
        }
        for name in ["square", "square-dark", "square-rtl", "square-dark-rtl"] {
            #expect(FileManager.default.fileExists(atPath: "\(goldens)/\(name).json"), "\(name)")
        }
        assertFrames(of: traitSquare, settings: settings, named: "square", variants: matrix, options: RenderOptions(scale: 1),
                     record: .never, goldens: goldens)
    }

    @Test func aVariantThatChangedFailsAloneAndABadMatrixIsOneIssue() throws {
        let goldens = try scratchFolder("assert-variants")
        withKnownIssue {
            assertFrames(of: traitSquare, settings: settings, named: "square", variants: matrix, options: RenderOptions(scale: 1),
                         record: .missing, goldens: goldens)
        } matching: { _ in true }
        // The dark goldens now hold the light frames: only the dark variants differ.
        for suffix in ["", "-rtl"] {
            try FileManager.default.removeItem(atPath: "\(goldens)/square-dark\(suffix).json")
            for file in try FileManager.default.contentsOfDirectory(atPath: goldens) where file.hasPrefix("square\(suffix).") {
                let dark = file.replacingOccurrences(of: "square\(suffix).", with: "square-dark\(suffix).")
                try? FileManager.default.removeItem(atPath: "\(goldens)/\(dark)")
                try FileManager.default.copyItem(atPath: "\(goldens)/\(file)", toPath: "\(goldens)/\(dark)")
            }
        }
        // Only the dark variants' issues are expected; the light ones still pass on their own.
        withKnownIssue {
            assertFrames(of: traitSquare, settings: settings, named: "square", variants: matrix, options: RenderOptions(scale: 1),
                         record: .never, goldens: goldens)
        } matching: { issue in
            issue.comments.allSatisfy { $0.rawValue.hasPrefix("square-dark") }
        }
        assertFrames(of: traitSquare, settings: settings, named: "square", variants: "layout-direction=ltr,rtl",
                     options: RenderOptions(scale: 1), record: .never, goldens: goldens)
        withKnownIssue {
            assertFrames(of: traitSquare, settings: settings, named: "square", variants: "appearance=sepia", goldens: goldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("appearance 'sepia' is light or dark") }
        }
    }
}

/// `--variants`' matrix: every combination, named by the values that are not the defaults.
@Suite struct VariantMatrixTests {
    @Test func theIssuesMatrixGivesEightCombinationsNamedByTheirNonDefaultValues() throws {
        let matrix = try Variant.matrix("appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl")
        #expect(matrix.count == 8)
        #expect(Set(matrix).count == 8)
        #expect(matrix.map { $0.naming("signin") } == [
            "signin", "signin-rtl", "signin-accessibilityExtraLarge", "signin-rtl-accessibilityExtraLarge",
            "signin-dark", "signin-dark-rtl", "signin-dark-accessibilityExtraLarge", "signin-dark-rtl-accessibilityExtraLarge",
        ])
    }

    @Test func aLocaleOtherThanEnglishEndsTheName() throws {
        let matrix = try Variant.matrix("appearance=light,dark; locale=en,ar")
        #expect(matrix.map { $0.naming("signin") } == ["signin", "signin-ar", "signin-dark", "signin-dark-ar"])
    }

    @Test func theSuffixGoesBeforeAFileExtensionAndNotIntoAFolderName() {
        let dark = Variant(appearance: .dark, layoutDirection: .rightToLeft)
        #expect(dark.naming("out/signin.gif") == "out/signin-dark-rtl.gif")
        #expect(dark.naming("out.d/frames") == "out.d/frames-dark-rtl")
        #expect(Variant(appearance: .light, contentSize: .large, layoutDirection: .leftToRight).naming("a.gif") == "a.gif")
    }

    @Test func aVariantLaysItsValuesOverTheSettings() {
        let settings = DemoSettings(screenSize: Size(100, 100), appearance: .dark, contentSize: .small)
        let applied = Variant(contentSize: .accessibilityMedium, layoutDirection: .rightToLeft).applied(to: settings)
        #expect(applied.appearance == .dark)
        #expect(applied.contentSize == .accessibilityMedium)
        #expect(applied.layoutDirection == .rightToLeft)
    }

    @Test(arguments: [
        ("", "name at least one trait"),
        ("appearance", "expected TRAIT=VALUE,VALUE"),
        ("mood=happy", "unknown trait 'mood'"),
        ("appearance=light; appearance=dark", "'appearance' is given twice"),
        ("appearance=light,,dark", "'appearance' needs values"),
        ("appearance=dark,dark", "lists a value twice"),
        ("content-size=huge", "content-size 'huge' is one of extraSmall"),
        ("layout-direction=up", "layout-direction 'up' is ltr or rtl"),
        ("locale=en,../x", "locale '../x' is not a locale identifier"),
    ])
    func aBadMatrixSaysWhatIsWrong(text: String, message: String) {
        #expect(throws: VariantError.self) { try Variant.matrix(text) }
        do { _ = try Variant.matrix(text) } catch { #expect(error.description.contains(message), "\(error)") }
    }
}
