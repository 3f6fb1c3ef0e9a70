import Geometry
import Motion
import Raster

/// UIScrollView: a view that shows part of its content (its subviews, laid out in a
/// `contentSize` area) through its bounds, whose origin is the `contentOffset`. It clips its
/// content, shows scroll indicators while the offset moves and fades them out after, and moves
/// under the script's `scroll` gestures with UIKit's deceleration, rubber-banding and paging
/// (`ScrollPhysics`).
open class ScrollView: View {
    open override var kind: String { "scrollView" }

    /// The size of the scrollable content, in points.
    public var contentSize: Size
    /// Snaps a flick to multiples of the bounds size.
    public var isPagingEnabled = false
    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    /// Velocity kept per millisecond while decelerating (UIScrollView.DecelerationRate.normal).
    public var decelerationRate = ScrollPhysics.normalDecelerationRate
    /// Whether the content stretches past its ends and springs back (`bounces`).
    public var bounces = true

    /// The offsets still to show, one per frame from `motionStart`.
    private var motion: [Point] = []
    private var motionStart = 0
    /// The last frame the offset changed on, and the offset then, for the indicators.
    private var lastMoved: Int?
    private var lastOffset: Point
    private var currentFrame = 0

    public init(name: String = "", contentSize: Size = .zero, frame: Rect = .zero) {
        self.contentSize = contentSize
        lastOffset = .zero
        super.init(name: name, frame: frame)
        clipsToBounds = true
    }

    /// The point of the content at the view's top-left corner: the bounds' origin.
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// The offsets the content may rest at on each axis (0 to content size minus bounds size).
    public var offsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        (0...max(0, contentSize.width - bounds.width), 0...max(0, contentSize.height - bounds.height))
    }

    /// True while a gesture's motion is still playing.
    public var isScrolling: Bool { !motion.isEmpty }

    open override var isMovingByItself: Bool { isScrolling }

    /// Drags the content from `start` (the current offset when nil) to `end` over `duration`
    /// seconds starting at `frame`, the finger moving at an even pace; offsets past the ends
    /// rubber-band, and the content springs back once the finger lifts.
    public func drag(from start: Point?, to end: Point, duration: Double, atFrame frame: Int) {
        let from = start ?? contentOffset
        let frames = max(1, Int(saturating: (duration * 60).rounded()))
        let range = offsetRange
        var path: [Point] = (1...frames).map { i in
            let f = Double(i) / Double(frames)
            let finger = Point(from.x + (end.x - from.x) * f, from.y + (end.y - from.y) * f)
            return bounces ? Point(ScrollPhysics.banded(finger.x, range: range.x, dimension: bounds.width),
                                   ScrollPhysics.banded(finger.y, range: range.y, dimension: bounds.height))
                : Point(min(max(finger.x, range.x.lowerBound), range.x.upperBound),
                        min(max(finger.y, range.y.lowerBound), range.y.upperBound))
        }
        if let last = path.last {
            let x = ScrollPhysics.flick(from: last.x, velocity: 0, range: range.x, rate: decelerationRate,
                                        page: isPagingEnabled ? bounds.width : nil)
            let y = ScrollPhysics.flick(from: last.y, velocity: 0, range: range.y, rate: decelerationRate,
                                        page: isPagingEnabled ? bounds.height : nil)
            path += Self.zipped(x, y, last: last)
        }
        if start != nil { contentOffset = from }
        play(path, atFrame: frame)
    }

    /// A flick that leaves the content moving at `velocity` (points per second of the offset:
    /// positive y scrolls towards the end) from the current offset at `frame`: it decelerates,
    /// bounces back from an end, or settles on a page.
    public func flick(velocity: Point, atFrame frame: Int) {
        let range = offsetRange
        let x = ScrollPhysics.flick(from: contentOffset.x, velocity: contentSize.width > bounds.width ? velocity.x : 0,
                                    range: range.x, rate: decelerationRate, page: isPagingEnabled ? bounds.width : nil)
        let y = ScrollPhysics.flick(from: contentOffset.y, velocity: contentSize.height > bounds.height ? velocity.y : 0,
                                    range: range.y, rate: decelerationRate, page: isPagingEnabled ? bounds.height : nil)
        play(Self.zipped(x, y, last: contentOffset), atFrame: frame)
    }

    /// Stops a gesture's motion where it is.
    public func stopScrolling() { motion = [] }

    private static func zipped(_ x: [Double], _ y: [Double], last: Point) -> [Point] {
        (0..<max(x.count, y.count)).map { i in
            Point(i < x.count ? x[i] : x.last ?? last.x, i < y.count ? y[i] : y.last ?? last.y)
        }
    }

    private func play(_ offsets: [Point], atFrame frame: Int) {
        motion = offsets
        motionStart = frame + 1
    }

    open override func advance(toFrame frame: Int) {
        currentFrame = frame
        if !motion.isEmpty, frame >= motionStart {
            let i = frame - motionStart
            if i < motion.count { contentOffset = motion[i] }
            if i >= motion.count - 1 { motion = [] }
        }
        let shown = presentation.bounds?.origin ?? contentOffset
        if shown != lastOffset {
            lastOffset = shown
            lastMoved = frame
        }
    }

    /// Scroll indicators show while the offset moves and for `indicatorHold` seconds after,
    /// then fade out over `indicatorFade` seconds (UIKit publishes neither; chosen to match
    /// what iOS shows).
    static let indicatorHold = 0.5
    static let indicatorFade = 0.25
    /// iOS 13+ indicators: 3 pt thick, 3 pt from the edges, at least 36 pt long, black at 35 %
    /// opacity over light content (UIScrollView.IndicatorStyle.default; approximations of
    /// iOS's drawing, which Apple does not publish).
    static let indicatorThickness = 3.0
    static let indicatorInset = 3.0
    static let indicatorMinimumLength = 36.0

    /// How opaque the indicators are now (0 when hidden).
    var indicatorAlpha: Double {
        guard let moved = lastMoved else { return 0 }
        let since = Double(currentFrame - moved) / 60
        if since <= Self.indicatorHold { return 1 }
        return max(0, 1 - (since - Self.indicatorHold) / Self.indicatorFade)
    }

    open override func drawOverlay(into list: inout DisplayList, context: DrawContext) {
        let alpha = indicatorAlpha
        guard alpha > 0 else { return }
        let visible = presentation.bounds ?? bounds
        let colour = Color(white: 0, alpha: 0.35 * alpha)
        let t = Self.indicatorThickness, inset = Self.indicatorInset
        if showsVerticalScrollIndicator, contentSize.height > visible.height {
            let track = visible.height - 2 * inset
            let bar = indicator(offset: visible.y, visibleLength: visible.height, content: contentSize.height, track: track)
            let rect = Rect(visible.maxX - inset - t, visible.y + inset + bar.start, t, bar.length)
            list.append(.fill(Path(roundedRect: rect, cornerRadius: t / 2), color: colour, rule: .nonZero, transform: .identity))
        }
        if showsHorizontalScrollIndicator, contentSize.width > visible.width {
            let track = visible.width - 2 * inset
            let bar = indicator(offset: visible.x, visibleLength: visible.width, content: contentSize.width, track: track)
            let rect = Rect(visible.x + inset + bar.start, visible.maxY - inset - t, bar.length, t)
            list.append(.fill(Path(roundedRect: rect, cornerRadius: t / 2), color: colour, rule: .nonZero, transform: .identity))
        }
    }

    /// Where along its track an indicator sits and how long it is; it shortens when the content
    /// is pulled past an end, as UIKit's does.
    private func indicator(offset: Double, visibleLength: Double, content: Double, track: Double) -> (start: Double, length: Double) {
        var length = max(Self.indicatorMinimumLength, track * visibleLength / content)
        let maxOffset = content - visibleLength
        var start = maxOffset > 0 ? (track - length) * min(max(offset / maxOffset, 0), 1) : 0
        let over = offset < 0 ? -offset : max(0, offset - maxOffset)
        if over > 0 {
            length = max(Self.indicatorThickness * 2, length - over)
            if offset > 0 { start = track - length }
        }
        return (start, length)
    }
}

extension AnimatableProperty {
    /// POP's `kPOPScrollViewContentOffset` on a `ScrollView` target (threshold 1 point, as POP's
    /// other point properties).
    public static var contentOffset: AnimatableProperty {
        AnimatableProperty(name: "scrollView.contentOffset", componentCount: 2, threshold: 1,
                           read: { AnimationVector(($0 as! ScrollView).contentOffset) },
                           write: { ($0 as! ScrollView).contentOffset = $1.value() })
    }
}

extension ScrollView {
    /// `setContentOffset(_:animated:)`'s motion: 0.3 s on the ease-in-out curve (UIKit publishes
    /// neither; the duration developers measure, and a curve that starts and ends at rest).
    public static let animatedOffsetDuration = 0.3

    /// Scrolls to `offset`, animated on `animator` as `setContentOffset(_:animated: true)` does,
    /// or at once.
    public func setContentOffset(_ offset: Point, animated: Bool, animator: Animator) {
        stopScrolling()
        guard animated else {
            animator.removeAnimation(forKey: "setContentOffset", from: self)
            contentOffset = offset
            return
        }
        let animation = BasicAnimation(to: AnimationVector(offset), duration: Self.animatedOffsetDuration,
                                       timingFunction: .easeInEaseOut)
        animator.add(animation, forKey: "setContentOffset", to: self, property: .contentOffset)
    }
}
