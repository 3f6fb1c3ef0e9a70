import Geometry
import Raster

/// UIVisualEffectView with a UIBlurEffect: what is drawn behind the view, within its rounded
/// bounds, is blurred, made more vivid and tinted; its subviews (UIKit's `contentView`) draw
/// sharp on top. The backdrop is read where the view is drawn, so it blurs everything drawn
/// before it, views and chrome alike.
open class VisualEffectView: View {
    open override var kind: String { "visualEffectView" }

    /// The blur effect's style; the adaptive ones follow the scene's appearance.
    public var effect: BlurEffectStyle

    public init(name: String = "", effect: BlurEffectStyle = .systemMaterial, frame: Rect = .zero) {
        self.effect = effect
        super.init(name: name, frame: frame)
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        let shown = presentation.bounds ?? bounds
        list.append(.backdrop(layerShape(shown.size), filter: effect.filter(for: context.userInterfaceStyle),
                              transform: .translation(shown.x, shown.y)))
    }
}

/// UIBlurEffect.Style's materials (iOS 13+), by UIKit's names: five thicknesses, each adaptive
/// (following the appearance, as `systemMaterial`) or fixed (`systemMaterialLight`,
/// `systemMaterialDark`).
///
/// Apple publishes no numbers for the materials (UIKit and WebKit's `-apple-visual-effect`
/// both take them from private CoreMaterial recipes), so each step takes the nearest number
/// Apple did publish:
///
/// | Material        | Blur σ | Saturation | Light tint, then colour dodge | Dark tint, then overlay |
/// |-----------------|--------|------------|-------------------------------|-------------------------|
/// | ultraThin       | 30 pt  | 1.8        | #BFBFBF at 0.44, #0D0D0D      | #252525 at 0.55, #9C9C9C |
/// | thin            | 30 pt  | 1.8        | #A6A6A6 at 0.70, #333333      | #252525 at 0.70, #9C9C9C |
/// | (regular)       | 30 pt  | 1.8        | #B3B3B3 at 0.82, #383838      | #252525 at 0.82, #8C8C8C |
/// | thick           | 30 pt  | 1.8        | #999999 at 0.97, #5C5C5C      | #252525 at 0.90, #7C7C7C |
/// | chrome          | 30 pt  | 1.8        | as thick                      | as thick                 |
///
/// - The tints and blend layers are the material fills of Apple's iOS 18 design kit for Figma
///   (the values the Haze library's `CupertinoMaterials` transcribes from it): a grey laid over
///   normally at the given alpha, and an opaque grey blended with colour dodge (light) or
///   overlay (dark). The dodge/overlay layer is applied after the tint: in that order a light
///   material over white comes out near white (#F7F7F7 for the regular one), as on a device.
/// - The blur's deviation and the saturation are those of Apple's own blur sample
///   (`UIImage+ImageEffects`, WWDC 2013: `applyLightEffect` blurs with a radius of 30 pt, which
///   it turns into box sizes by SVG's formula for a deviation, and every effect there
///   saturates by 1.8); Haze, reading the design kit, gives every material one blur, so one
///   deviation serves all five.
/// - The kit has no chrome material; UIKit's bars, which use it, are as opaque as thick, so
///   chrome takes thick's numbers (a choice, not a published value).
///
/// iOS 8's styles `extraLight`, `light` and `dark` take the effects of that same sample, which
/// they were made to match: white 0.97 at 0.82 with σ 20 pt, white at 0.3 with σ 30 pt, and
/// white 0.11 at 0.73 with σ 20 pt, each saturated by 1.8, with no blend layer.
public enum BlurEffectStyle: String, CaseIterable, Decodable, Sendable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight,
         systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark,
         systemChromeMaterialDark
    case extraLight, light, dark

    /// The five materials of iOS 13.
    enum Thickness {
        case ultraThin, thin, regular, thick, chrome
    }

    /// How thick the material is; nil for iOS 8's styles.
    var thickness: Thickness? {
        switch self {
        case .extraLight, .light, .dark: return nil
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: return .ultraThin
        case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: return .thin
        case .systemMaterial, .systemMaterialLight, .systemMaterialDark: return .regular
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark: return .thick
        case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: return .chrome
        }
    }

    /// The appearance the style always has; nil for an adaptive one.
    var fixedAppearance: UserInterfaceStyle? {
        if rawValue.hasSuffix("Light") { return .light }
        if rawValue.hasSuffix("Dark") { return .dark }
        return nil
    }

    /// What the material does to its backdrop in `appearance` (ignored by the fixed styles);
    /// the blur radius is in points.
    public func filter(for appearance: UserInterfaceStyle) -> BackdropFilter {
        func grey(_ hex: Int, _ alpha: Double = 1) -> Color { Color(white: Double(hex) / 255, alpha: alpha) }
        let light: (tint: Color, dodge: Color), dark: (tint: Color, overlay: Color)
        switch thickness {
        case nil:
            // A dodge by black changes nothing: the sample's effects are a tint alone.
            let (radius, tint) = self == .light ? (30.0, Color(white: 1, alpha: 0.3))
                : self == .extraLight ? (20.0, Color(white: 0.97, alpha: 0.82)) : (20.0, Color(white: 0.11, alpha: 0.73))
            return BackdropFilter(radius: radius, saturation: 1.8, tint: tint, blend: .black, blendMode: .colorDodge)
        case .ultraThin: (light, dark) = ((grey(0xBF, 0.44), grey(0x0D)), (grey(0x25, 0.55), grey(0x9C)))
        case .thin: (light, dark) = ((grey(0xA6, 0.70), grey(0x33)), (grey(0x25, 0.70), grey(0x9C)))
        case .regular: (light, dark) = ((grey(0xB3, 0.82), grey(0x38)), (grey(0x25, 0.82), grey(0x8C)))
        case .thick, .chrome: (light, dark) = ((grey(0x99, 0.97), grey(0x5C)), (grey(0x25, 0.90), grey(0x7C)))
        }
        switch fixedAppearance ?? appearance {
        case .light: return BackdropFilter(radius: 30, saturation: 1.8, tint: light.tint, blend: light.dodge, blendMode: .colorDodge)
        case .dark: return BackdropFilter(radius: 30, saturation: 1.8, tint: dark.tint, blend: dark.overlay, blendMode: .overlay)
        }
    }
}
