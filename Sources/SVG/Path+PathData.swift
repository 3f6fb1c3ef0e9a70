import Raster

extension Path {
    /// The path that SVG path data (`M 0 0 C 50 -80 150 -80 200 0`) describes, for scene files
    /// that take a path, as `CAKeyframeAnimation.path` does; throws a message naming the first
    /// problem and its character offset.
    public init(svgPathData data: String) throws {
        do {
            self = try PathDataParser.parse(data)
        } catch let problem as ValueProblem {
            throw PathDataProblem(description: "\(problem.message) at character \(problem.index + 1)")
        }
    }
}

/// Why SVG path data could not be read.
public struct PathDataProblem: Error, CustomStringConvertible {
    public let description: String
}
