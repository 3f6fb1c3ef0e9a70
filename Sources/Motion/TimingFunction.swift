/// A cubic-Bézier timing curve, as `CAMediaTimingFunction` defines it by two control points.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The first control point's x and y and the second's.
    public let c1x, c1y, c2x, c2y: Double

    /// The curve with control points (c1x, c1y) and (c2x, c2y); x values must lie in 0...1.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        precondition((0...1).contains(c1x) && (0...1).contains(c2x), "control point x values lie in 0...1")
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    /// The curve as POP sees it: it reads the control points out of `CAMediaTimingFunction` as
    /// 32-bit floats and widens them back, so 0.1 becomes 0.100000001490116.
    public var roundedToFloat: TimingFunction {
        TimingFunction(Double(Float(c1x)), Double(Float(c1y)), Double(Float(c2x)), Double(Float(c2y)))
    }

    /// `kCAMediaTimingFunctionDefault`, POPBasicAnimation's default: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)
    /// `kCAMediaTimingFunctionLinear`.
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1), also UIKit's default curve.
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)

    /// The named curves by the names the CLI accepts.
    public static let named: [(name: String, function: TimingFunction)] = [
        ("default", .default), ("linear", .linear), ("easeIn", .easeIn),
        ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
    ]

    /// POP's solver tolerance for an animation of `duration` seconds: 1/(1000·duration).
    public static func popEpsilon(duration: Double) -> Double { 1 / (1000 * duration) }

    private var bezier: UnitBezier { UnitBezier(c1x, c1y, c2x, c2y) }

    /// The curve's progress at time fraction `x` in 0...1, solved to `epsilon` in x.
    public func progress(at x: Double, epsilon: Double) -> Double { bezier.solve(x, epsilon: epsilon) }

    /// d(progress)/d(time fraction) at `x`, for reporting a velocity.
    public func slope(at x: Double, epsilon: Double) -> Double { bezier.slope(x, epsilon: epsilon) }

    public var description: String { "cubic-bezier(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
