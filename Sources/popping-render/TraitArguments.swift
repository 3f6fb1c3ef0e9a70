import ArgumentParser
import PoppingRender

/// The traits a scene is rendered in (appearance, text size, layout direction, locale) and the
/// `--variants` matrix of them, shared by render, check and inspect.
struct TraitArguments: ParsableArguments {
    @Option(help: "light or dark: which value system and {light, dark} colours take, and how the bars draw (default: a scene's screen.appearance, else light).")
    var appearance: String?

    @Option(help: "The reader's text size, UIContentSizeCategory's names: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")) (default: a scene's screen.contentSize, else large).")
    var contentSize: String?

    @Option(help: "leftToRight or rightToLeft (ltr, rtl): which way leading and trailing, natural alignment and the bars run (default: a scene's screen.layoutDirection, else leftToRight).")
    var layoutDirection: String?

    @Option(help: "A locale (de, pt-BR, ar, …) whose strings the scene shows; a right-to-left language lays out right to left unless --layout-direction says otherwise (default: a scene's screen.locale).")
    var locale: String?

    @Option(help: ArgumentHelp("Render every combination of traits: \"appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl\".",
                               discussion: "Each combination is named NAME-dark-rtl-accessibilityExtraLarge after the values that are not the defaults (light, ltr, large), so the default look keeps its plain name."))
    var variants: String?

    /// The looks `source` is rendered in: `--variants`' combinations, or the one look the other
    /// options choose. A trait given both alone and in the matrix is refused, as are variants of
    /// the built-in demos (fixed iOS 7 screens).
    func variants(for source: AnimationSource) throws -> [Variant] {
        guard let variants else { return [Variant()] }
        if case let .demo(demo) = source {
            throw CommandFailure("--variants", "the \(demo.name) demo has one look; --variants applies to scene files")
        }
        let matrix: [Variant]
        do { matrix = try Variant.matrix(variants) } catch { throw CommandFailure("--variants \(variants)", error.description) }
        for (trait, alone) in [("appearance", appearance), ("content-size", contentSize), ("layout-direction", layoutDirection),
                               ("locale", locale)]
            where alone != nil && variants.contains(trait) {
            throw CommandFailure("--\(trait)", "is also varied by --variants; give it in one place")
        }
        return matrix
    }

    /// `--appearance` checked; nil when not given. The built-in demos are iOS 7 screens with
    /// fixed colours, so asking them for an appearance is refused rather than ignored.
    func chosenAppearance(for source: AnimationSource) throws -> UserInterfaceStyle? {
        try checked("appearance", appearance, for: source, expecting: "must be light or dark",
                    demoHas: "fixed iOS 7 colours", parse: UserInterfaceStyle.init(rawValue:))
    }

    /// `--content-size` checked; nil when not given. The built-in demos set fixed point sizes, as
    /// the iOS 7 code they replay did, so asking them for a text size is refused rather than ignored.
    func chosenContentSize(for source: AnimationSource) throws -> ContentSizeCategory? {
        try checked("content-size", contentSize, for: source,
                    expecting: "must be one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))",
                    demoHas: "fixed font sizes", parse: ContentSizeCategory.init(rawValue:))
    }

    /// `--layout-direction` checked (`ltr` and `rtl` stand for the full names); nil when not given.
    /// The built-in demos place their views by frames, which no direction flips, so it is refused for them.
    func chosenLayoutDirection(for source: AnimationSource) throws -> LayoutDirection? {
        try checked("layout-direction", layoutDirection, for: source, expecting: "must be leftToRight or rightToLeft (ltr, rtl)",
                    demoHas: "its views laid out by frames") { LayoutDirection(rawValue: $0) ?? LayoutDirection(shortName: $0) }
    }

    /// What a `--locale` that is no locale identifier is told.
    static let notALocale = "is not a locale identifier (de, pt-BR, zh-Hans, ar, …)"

    /// `--locale` checked; nil when not given. The built-in demos have no strings tables.
    func chosenLocale(for source: AnimationSource) throws -> String? {
        try checked("locale", locale, for: source, expecting: Self.notALocale,
                    demoHas: "no strings tables") { Locales.isValid($0) ? $0 : nil }
    }

    /// One trait option read: nil when not given, else `parse`'s value, refused with `expecting`
    /// when it does not parse and refused for the built-in demos (whose look is fixed: `demoHas`
    /// says how) rather than ignored.
    private func checked<Value>(_ option: String, _ given: String?, for source: AnimationSource, expecting: String,
                                demoHas: String, parse: (String) -> Value?) throws -> Value? {
        guard let given else { return nil }
        guard let value = parse(given) else { throw CommandFailure("--\(option) \(given)", expecting) }
        if case let .demo(demo) = source {
            throw CommandFailure("--\(option) \(given)", "the \(demo.name) demo has \(demoHas); --\(option) applies to scene files")
        }
        return value
    }
}
