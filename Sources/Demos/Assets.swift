import Foundation
import SVG

/// The vector art in `Assets/`, read when a demo starts so that editing an SVG changes the next
/// render. The folder is `$POPPING_ASSETS` when set, otherwise the `Assets/` folder of the source
/// tree this binary was built from, or, where that tree is gone (an installed binary, the Docker
/// image), `share/popping-render/Assets` beside the binary's `bin` folder, where `make install`
/// puts the art.
public enum Assets {
    /// The folder art is read from.
    public static var folder: String {
        if let env = ProcessInfo.processInfo.environment["POPPING_ASSETS"], !env.isEmpty { return env }
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets").path
        guard !FileManager.default.fileExists(atPath: source),
              let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return source }
        return binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/popping-render/Assets").path
    }

    /// Parses `Assets/<group>/<name>.svg`; errors name the file, line and problem.
    public static func vector(_ group: String, _ name: String) throws -> VectorImage {
        try VectorImage.load(path: "\(folder)/\(group)/\(name).svg")
    }
}
