import Geometry
import Layout

/// UIView's `semanticContentAttribute`: how a view's content relates to the layout direction.
public enum SemanticContentAttribute: String, CaseIterable, Decodable, Sendable {
    /// Follows the layout direction (the default).
    case unspecified
    /// Media playback controls, which stay left to right.
    case playback
    /// Directional controls (a D-pad), which stay left to right.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

extension View {
    /// UIView's `effectiveUserInterfaceLayoutDirection`: the direction the view's own semantic
    /// content attribute forces, else its superview's, else the trait environment's (left to
    /// right without one). `leading`/`trailing` constraints whose first item is the view, its
    /// `natural` text alignment and images marked `flipsForRightToLeftLayoutDirection` follow it.
    public var effectiveUserInterfaceLayoutDirection: LayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return superview?.effectiveUserInterfaceLayoutDirection ?? traitLayoutDirection ?? .leftToRight
        }
    }

    /// Whether the view lays out and aligns right to left.
    public var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    public var layoutDirection: LayoutDirection { effectiveUserInterfaceLayoutDirection }

    /// What an image marked `flipsForRightToLeftLayoutDirection` (`flips`) is drawn through after
    /// it fills the bounds: a mirror about the bounds' middle in a right-to-left layout.
    public func rightToLeftMirror(flips: Bool) -> AffineTransform {
        flips && isRightToLeft ? AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: bounds.width, ty: 0) : .identity
    }
}
