import Geometry
import Scene

/// A colour as a scene writes it: one of the text forms (`#RRGGBB`, `systemBlue`, `label`,
/// `rgba(…)`, …) or `{light: …, dark: …}`, a text form for each appearance, as an asset
/// catalogue's colour set with Any and Dark appearances. Resolved for the scene's appearance.
enum ColorSpec: Decodable, SchemaDescribing {
    case text(String)
    case dynamic(light: String, dark: String)

    private enum Keys: String, CodingKey { case light, dark }

    init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self = .text(text)
            return
        }
        let keyed = try decoder.container(keyedBy: Keys.self)
        self = .dynamic(light: try keyed.decode(String.self, forKey: .light), dark: try keyed.decode(String.self, forKey: .dark))
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([.string(description: "A colour: " + SceneValues.colorForms + "."),
                .object(properties: [("light", .string(description: "The colour in the light appearance.")),
                                     ("dark", .string(description: "The colour in the dark appearance."))],
                        required: ["light", "dark"], description: "One colour for each appearance.")])
    }

    /// The colour for `style`, or the message of the first form that does not parse (with the
    /// key, `light` or `dark`, it was under).
    func resolved(for style: UserInterfaceStyle, tint: Color?) -> Result<Color, SceneValueError> {
        switch self {
        case let .text(text): return SceneValues.color(text, style: style, tint: tint)
        case let .dynamic(light, dark):
            for (key, text) in [("light", light), ("dark", dark)] {
                if case let .failure(e) = SceneValues.color(text, style: style, tint: tint) {
                    return .failure(SceneValueError("\(key): \(e.message)"))
                }
            }
            return SceneValues.color(style == .light ? light : dark, style: style, tint: tint)
        }
    }
}
