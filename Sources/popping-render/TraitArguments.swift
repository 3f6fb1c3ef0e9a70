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
        guard let appearance else { return nil }
        guard let style = UserInterfaceStyle(rawValue: appearance) else {
            throw CommandFailure("--appearance \(appearance)", "must be light or dark")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--appearance \(appearance)", "the \(demo.name) demo has fixed iOS 7 colours; --appearance applies to scene files")
        }
        return style
    }

    /// `--content-size` checked; nil when not given. The built-in demos set fixed point sizes, as
    /// the iOS 7 code they replay did, so asking them for a text size is refused rather than ignored.
    func chosenContentSize(for source: AnimationSource) throws -> ContentSizeCategory? {
        guard let contentSize else { return nil }
        guard let category = ContentSizeCategory(rawValue: contentSize) else {
            throw CommandFailure("--content-size \(contentSize)",
                                 "must be one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--content-size \(contentSize)", "the \(demo.name) demo has fixed font sizes; --content-size applies to scene files")
        }
        return category
    }

    /// `--layout-direction` checked (`ltr` and `rtl` stand for the full names); nil when not given.
    /// The built-in demos place their views by frames, which no direction flips, so it is refused for them.
    func chosenLayoutDirection(for source: AnimationSource) throws -> LayoutDirection? {
        guard let layoutDirection else { return nil }
        guard let direction = LayoutDirection(rawValue: layoutDirection) ?? LayoutDirection(shortName: layoutDirection) else {
            throw CommandFailure("--layout-direction \(layoutDirection)", "must be leftToRight or rightToLeft (ltr, rtl)")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--layout-direction \(layoutDirection)", "the \(demo.name) demo is laid out by frames; --layout-direction applies to scene files")
        }
        return direction
    }

    /// `--locale` checked; nil when not given. The built-in demos have no strings tables.
    func chosenLocale(for source: AnimationSource) throws -> String? {
        guard let locale else { return nil }
        guard Locales.isValid(locale) else {
            throw CommandFailure("--locale \(locale)", "is not a locale identifier (de, pt-BR, zh-Hans, ar, …)")
        }
        if case let .demo(demo) = source {
            throw CommandFailure("--locale \(locale)", "the \(demo.name) demo has no strings tables; --locale applies to scene files")
        }
        return locale
    }
}
