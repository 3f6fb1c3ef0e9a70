import Testing
@testable import Text

/// Text in every script: HarfBuzz shaping, bidirectional order, UAX #14 breaks and the fallback faces.
@Suite struct ShapingTests {
    let system = Font.system(size: 17)

    @Test func arabicLettersTakeTheirJoiningFormsFromTheFallbackFace() throws {
        let word = "بيت"
        let line = TextLine(word, font: system)
        let arabic = try FontLibrary.Face.notoSansArabic.typeface()
        #expect(line.glyphs.count == 3)
        #expect(line.glyphs.allSatisfy { $0.font.typeface === arabic })
        // Right to left: the leftmost glyph is the last letter (teh, final form); none of the
        // joined letters (initial beh, medial yeh, final teh) is its isolated form.
        let isolated = word.unicodeScalars.map(arabic.glyph(for:))
        let visual = line.glyphs.map(\.glyph)
        #expect(visual.count == isolated.count)
        #expect(zip(visual, isolated.reversed()).allSatisfy { $0 != $1 })
        #expect(line.glyphs.map(\.x) == line.glyphs.map(\.x).sorted())
    }

    @Test func hebrewRunsRightToLeftAndLatinInsideKeepsItsOrder() throws {
        let hebrew = try FontLibrary.Face.notoSansHebrew.typeface()
        let line = TextLine("שלום abc", font: system)
        // A right-to-left paragraph (its first strong letter is Hebrew): "abc" on the left, then
        // the Hebrew word reversed.
        let ids = line.glyphs.map(\.glyph)
        let latin = "abc".unicodeScalars.map(system.typeface.glyph(for:))
        #expect(Array(ids.prefix(3)) == latin)
        #expect(Array(ids.suffix(4)) == "םולש".unicodeScalars.map(hebrew.glyph(for:)))
        // The same words in a left-to-right paragraph keep the Latin first.
        let ltr = TextLine("abc שלום", font: system)
        #expect(Array(ltr.glyphs.map(\.glyph).prefix(3)) == latin)
        #expect(Array(ltr.glyphs.map(\.glyph).suffix(4)) == "םולש".unicodeScalars.map(hebrew.glyph(for:)))
    }

    @Test func theTypesettingLanguagePicksTheFontsLocalForms() throws {
        // Inter's Romanian locl draws ş (cedilla) with a comma below; English keeps the cmap glyph.
        let s = system.typeface.glyph(for: "ş")
        #expect(TextLine("ş", font: system).glyphs.map(\.glyph) == [s])
        #expect(TextLine("ş", font: system, language: "en").glyphs.map(\.glyph) == [s])
        let romanian = TextLine("ş", font: system, language: "ro").glyphs.map(\.glyph)
        #expect(romanian.count == 1 && romanian != [s])
        #expect(TextLine("ş", font: system, language: "ro_RO").glyphs.map(\.glyph) == romanian)
        // Catalan l·l becomes one glyph pair without the middle dot's own glyph.
        #expect(TextLine("l·l", font: system).glyphs.count == 3)
        #expect(TextLine("l·l", font: system, language: "ca").glyphs.count == 2)
        // Urdu digits (Noto Sans Arabic's URD language system) differ from the Persian forms.
        let persian = TextLine("۴۷", font: system, language: "fa").glyphs.map(\.glyph)
        let urdu = TextLine("۴۷", font: system, language: "ur").glyphs.map(\.glyph)
        #expect(persian.count == 2 && urdu.count == 2 && zip(persian, urdu).allSatisfy { $0 != $1 })
        // Wrapped text is shaped the same way.
        let wrapped = ShapedParagraphs("ş", font: system, language: "ro").paragraphs[0].glyphs
        #expect(wrapped == romanian)
    }

    @Test func textWithoutStrongLettersFollowsTheLayoutDirection() {
        let paragraph = ShapedParagraphs.bidiLevels(Array("123 - 456".unicodeScalars), rightToLeft: true)
        #expect(paragraph.contains(1))
        #expect(ShapedParagraphs.bidiLevels(Array("123 - 456".unicodeScalars), rightToLeft: false).allSatisfy { $0 == 0 })
        #expect(ShapedParagraphs.bidiLevels(Array("Hello".unicodeScalars), rightToLeft: true).allSatisfy { $0 == 0 })
    }

    @Test func aParagraphsDirectionCanBeSetWhateverItsFirstLetter() {
        let text = Array("שלום abc.".unicodeScalars)
        // Found from the first strong letter (Hebrew): rtl, "abc" embedded at level 2.
        #expect(ShapedParagraphs.bidiLevels(text, rightToLeft: false) == [1, 1, 1, 1, 1, 2, 2, 2, 1])
        // Set to ltr (CSS direction): only the Hebrew word is right to left, the period ends the line.
        #expect(ShapedParagraphs.bidiLevels(text, rightToLeft: false, firstStrong: false) == [1, 1, 1, 1, 0, 0, 0, 0, 0])
        #expect(ShapedParagraphs.bidiLevels(Array("abc".unicodeScalars), rightToLeft: true, firstStrong: false) == [2, 2, 2])
    }

    @Test func runsAreShownInTheOrderOfRuleL2() {
        // Level 2 inside level 1 inside level 0: the level-1 sequence is reversed, the level-2
        // pair inside it keeps its order.
        #expect(ShapedParagraphs.visualOrder([0, 1, 1, 2, 2, 1, 0]) == [0, 5, 3, 4, 2, 1, 6])
        #expect(ShapedParagraphs.visualOrder([0, 0]) == [0, 1])
        #expect(ShapedParagraphs.visualOrder([]) == [])
    }

    @Test func aLineAtAGivenLevelKeepsOrReversesItsCharacters() throws {
        let hebrew = try FontLibrary.Face.notoSansHebrew.typeface()
        let logical = "שלום".unicodeScalars.map(hebrew.glyph(for:))
        #expect(TextLine("שלום", font: system).glyphs.map(\.glyph) == logical.reversed())
        #expect(TextLine("שלום", font: system, level: 0).glyphs.map(\.glyph) == logical)
        let latin = "abc".unicodeScalars.map(system.typeface.glyph(for:))
        #expect(TextLine("abc", font: system, level: 1).glyphs.map(\.glyph) == latin.reversed())
        #expect(TextLine("abc", font: system, level: 2).glyphs.map(\.glyph) == latin)
    }

    @Test func latinShapedByHarfBuzzIsPlacedAsTheFontsKerningSays() {
        for (text, font) in [("AV To Wj Ty.", Font(try! FontLibrary.Face.regular.typeface(), size: 30)),
                             ("Privacy & Security, 9.41", system)] {
            let shaped = TextLine(text, font: font)
            let kerned = TextLine(glyphs: text.unicodeScalars.map(font.typeface.glyph(for:)), font: font)
            #expect(shaped == kerned, "\(text)")
        }
    }

    @Test func aColonBetweenFiguresIsCentredOnThemAsSFProCentresIt() {
        let colon = system.typeface.glyph(for: ":")
        let time = TextLine("9:41", font: system).glyphs.map(\.glyph)
        #expect(time.count == 4 && time[1] != colon)
        // The same dots, lifted by more than a tenth of an em.
        let baseline = system.typeface.outline(of: colon).bounds, centred = system.typeface.outline(of: time[1]).bounds
        #expect(abs(centred.midY - baseline.midY) > Double(system.typeface.unitsPerEm) / 10)
        #expect(abs(centred.height - baseline.height) < 1)
        #expect(TextLine("12:30", font: system).glyphs[2].glyph == time[1])
        // Anywhere else the colon stays on the baseline, and Inter's other alternates stay off.
        for text in ["Note: 9", "A:B", "9 : 41", "9:", ":41"] {
            #expect(TextLine(text, font: system).glyphs.contains { $0.glyph == colon }, "\(text)")
        }
        #expect(TextLine("a->b", font: system).glyphs.count == 4)
        // Nunito Sans, the demos' face, has no centred colon.
        let nunito = Font(try! FontLibrary.Face.regular.typeface(), size: 17)
        #expect(TextLine("9:41", font: nunito).glyphs[1].glyph == nunito.typeface.glyph(for: ":"))
    }

    @Test func linesBreakByUAX14() {
        // Between ideographs, after spaces, after a hyphen before a letter; never before the
        // closing punctuation.
        #expect(ShapedParagraphs.lineBreaks(Array("你好世界。".unicodeScalars)) == [true, true, true, false, true])
        let words = ShapedParagraphs("one two-three", font: system).paragraphs[0].wordBreaks
        #expect(words == [4, 8, 13])
        let chinese = ShapedParagraphs("你好世界", font: system).paragraphs[0]
        #expect(chinese.wordBreaks == [1, 2, 3, 4])
    }

    @Test func flagsBreakOnlyBetweenTheirPairsAndNeverAbort() {
        // 🇫🇷🇩🇪 after a space and at the start (where libunibreak 1.1 asserted), and an odd
        // regional indicator left alone at the end: a break after the space, between the two
        // flags and at the end; none inside a flag.
        let text = Array("a \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}\u{1F1E6}".unicodeScalars)
        #expect(ShapedParagraphs.lineBreaks(text) == [false, true, false, true, false, true, true])
        #expect(ShapedParagraphs.lineBreaks(Array("\u{1F1EB}\u{1F1F7}.".unicodeScalars)) == [false, false, true])
    }

    @Test func chineseWrapsBetweenCharactersAtAnyWidth() {
        let layout = LabelLayout(text: "你好世界你好世界", font: system, in: .init(0, 0, 40, 200), numberOfLines: 0,
                                 lineBreakMode: .byWordWrapping)
        #expect(layout.lines.count == 4)
        #expect(layout.lines.allSatisfy { $0.line.glyphs.count == 2 })
    }

    @Test func eachScriptFallsBackToItsBundledFace() throws {
        let cases: [(String, FontLibrary.Face)] = [
            ("ب", .notoSansArabic), ("ש", .notoSansHebrew), ("क", .notoSansDevanagari), ("ก", .notoSansThai),
            ("中", .droidSansFallbackCJK), ("あ", .droidSansFallbackCJK), ("漢", .droidSansFallbackCJK),
            ("한", .hangulGothic), ("글", .hangulGothic),
            ("Ω", .interRegular), ("Ж", .interRegular),
        ]
        let nunito = Font(try FontLibrary.Face.regular.typeface(), size: 17)
        for (text, face) in cases {
            let expected = try face.typeface()
            for font in [system, nunito] {
                let glyphs = TextLine(text, font: font).glyphs
                let drawnBy = glyphs.first?.font.typeface
                // The primary face is kept when it has the character itself (Inter has Greek and Cyrillic).
                #expect(drawnBy === expected || (drawnBy === font.typeface && font.typeface.covers(text.unicodeScalars.first!)),
                        "\(text) in \(font.typeface)")
                #expect(glyphs.allSatisfy { $0.glyph != 0 }, "\(text)")
            }
        }
    }

    @Test func lamAlefBecomesOneLigatureAndMarksSitOnTheirBase() throws {
        #expect(TextLine("لا", font: system).glyphs.count == 1)
        // Arabic fatha over beh: the mark is drawn within its base's advance, not after it.
        let line = TextLine("بَ", font: system)
        #expect(line.glyphs.count == 2)
        let arabic = Font(try FontLibrary.Face.notoSansArabic.typeface(), size: 17)
        let base = try #require(line.glyphs.first { $0.glyph == arabic.typeface.glyph(for: "ب") })
        let mark = try #require(line.glyphs.first { $0.glyph != base.glyph })
        #expect(mark.x >= base.x && mark.x < base.x + arabic.advance(of: base.glyph))
    }

    @Test func aKoreanSentenceDrawsEverySyllableAndItsLatinWithInter() throws {
        let line = TextLine("로그인 Sign in 비밀번호", font: system)
        #expect(line.glyphs.allSatisfy { $0.glyph != 0 })
        let hangul = try FontLibrary.Face.hangulGothic.typeface()
        #expect(line.glyphs.filter { $0.font.typeface === hangul }.count == 8, "seven syllables and the space after the first word")
    }

    @Test func shapingIsTheSameOnEveryRun() {
        let text = "مرحبا بالعالم — שלום 你好 안녕 नमस्ते สวัสดี"
        #expect(TextLine(text, font: system) == TextLine(text, font: system))
    }
}
