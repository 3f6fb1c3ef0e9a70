import Foundation
@testable import Text

/// The fonts the tests read: the fixtures in `Fixtures/` (see make_fixtures.py) and the bundled faces.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    static let fontsFolder = URL(fileURLWithPath: folder).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Fonts").path

    static func bytes(_ name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: "\(folder)/Fixtures/\(name).ttf") ?? Data())
    }

    static func typeface(_ name: String) throws -> Typeface { try Typeface(bytes: bytes(name), name: name) }

    /// Glyph ids in the fixtures' glyph order (make_fixtures.py's ORDER).
    enum Glyph {
        static let space = 1, A = 2, V = 3, T = 4, o = 5, D = 6, E = 7, dot = 8, colon = 9
        static let scaled = 10, scaledOffset = 11, xyscale = 12, twobytwo = 13, matched = 14, nested = 15
    }
}
