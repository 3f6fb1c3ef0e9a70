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

    /// The language the view's text is typeset in (`traitCollection.typesettingLanguage`): its
    /// superview's, else the trait environment's; nil (English) without one. It picks the fonts'
    /// language-specific forms (`locl`) when text is shaped.
    public var typesettingLanguage: String? { superview?.typesettingLanguage ?? traitTypesettingLanguage }

    /// Whether the view lays out and aligns right to left.
    public var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    public var layoutDirection: LayoutDirection { effectiveUserInterfaceLayoutDirection }

    /// What an image marked `flipsForRightToLeftLayoutDirection` (`flips`) is drawn through after
    /// it fills the bounds: a mirror about the bounds' middle in a right-to-left layout.
    public func rightToLeftMirror(flips: Bool) -> AffineTransform {
        flips && isRightToLeft ? AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: bounds.width, ty: 0) : .identity
    }

    /// Where `rect` (laid out left to right in the bounds) goes in the view's layout direction:
    /// mirrored about the bounds' middle right to left, as UIKit places a control's parts and a
    /// bar's items (the text inside them still reads as it does).
    public func directional(_ rect: Rect) -> Rect {
        isRightToLeft ? Rect(bounds.width - rect.maxX, rect.y, rect.width, rect.height) : rect
    }

    /// Appends what `body` draws, mirrored about the bounds' middle in a right-to-left layout:
    /// how UIKit draws a switch, slider, progress bar or page control there (no text inside).
    func drawMirroredRightToLeft(into list: inout DisplayList, _ body: (inout DisplayList) -> Void) {
        let start = list.items.count
        body(&list)
        guard isRightToLeft else { return }
        let mirrored = Array(list.items[start...]).transformed(by: rightToLeftMirror(flips: true))
        list.items.replaceSubrange(start..., with: mirrored)
    }
}

/// Where a bar puts its right bar item: at the trailing margin, vertically centred in the bar's
/// row (at the left right to left, as UIKit swaps a bar's items). It places the item again only
/// when the bar's layout direction is not the one it placed it for (once the bar is in its
/// window), so an item the scene moves stays where it was moved.
struct TrailingBarItem {
    private var direction: LayoutDirection?

    mutating func place(_ item: View, in bar: View, margin: Double, rowHeight: Double) {
        guard direction != bar.layoutDirection else { return }
        direction = bar.layoutDirection
        let size = item.bounds.size
        item.frame = bar.directional(Rect(bar.bounds.width - margin - size.width, (rowHeight - size.height) / 2,
                                          size.width, size.height))
    }
}
