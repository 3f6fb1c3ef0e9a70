import Geometry
import Layout
import Motion
import Raster
import Text

/// The window a demo plays in: the view tree, the first responder, touches, and the frame clock.
///
/// Each frame the stage delivers that frame's script events (touches become control events,
/// keys edit the focused text field), steps every running animation by 1/60 s, lets time-driven
/// views advance, and can then describe the screen as a display list.
open class Stage {
    /// The screen in points for the current orientation.
    public private(set) var screenSize: Size
    /// The root view, filling the screen.
    public let window: View
    /// The colour the caret, system buttons and bar items take (UIWindow's tintColor).
    public var tintColor: Color
    /// Light or dark (the window's `traitCollection.userInterfaceStyle`): system views read it
    /// when they draw; scene colours given by name or as `{light, dark}` are resolved with it.
    public var userInterfaceStyle: UserInterfaceStyle = .light
    /// The reader's text size (the window's `traitCollection.preferredContentSizeCategory`), which
    /// text styles and scaled fonts were sized for.
    public var preferredContentSizeCategory: ContentSizeCategory = .default
    /// The locale the scene's texts were translated for (`Locale.current.identifier`); nil for the
    /// texts as written. It is also the window's typesetting language, so text is shaped with the
    /// locale's language-specific glyph forms.
    public var localeIdentifier: String? {
        get { window.traitTypesettingLanguage }
        set { window.traitTypesettingLanguage = newValue }
    }
    /// The window's `traitCollection.layoutDirection`, which views inherit unless their
    /// `semanticContentAttribute` forces one.
    public var layoutDirection: LayoutDirection {
        get { window.traitLayoutDirection ?? .leftToRight }
        set { window.traitLayoutDirection = newValue }
    }
    /// The frame about to be shown.
    public private(set) var frame = 0
    /// Runs the POP-style animations the demo adds, on the same 60 Hz clock.
    public let animator = Animator()
    /// The text field receiving keys.
    public private(set) weak var firstResponder: TextField?
    /// Called for a tap that lands on no control (the owl ends editing this way).
    public var onBackgroundTap: (() -> Void)?
    /// Called when the script turns the device, after the screen size has changed.
    public var onRotate: ((Orientation) -> Void)?

    /// The on-screen keyboard, once `installKeyboard(in:)` has docked one.
    public private(set) var keyboard: KeyboardView?
    /// The keyboard's two vertical constraints, one active at a time: bottom on the host's
    /// bottom (up), or top on the host's bottom (down, just out of sight).
    private var keyboardPlacement: (up: LayoutConstraint, down: LayoutConstraint, host: View)?
    private var keyboardIsUp = false

    var events: [Int: [Event]] = [:]
    private var timers: [Int: [() -> Void]] = [:]
    var blockAnimations: [BlockAnimation] = []
    /// The property animators that are active (ViewPropertyAnimator.swift).
    var propertyAnimators: [ViewPropertyAnimator] = []
    /// The `UIView.transition`s in flight (ViewTransition.swift).
    var transitions: [ViewTransition] = []
    private var touch: Touch?
    private weak var touchedControl: Control?

    /// Where the finger is, for the touch indicator.
    struct Touch {
        var point: Point
        var down: Int
        var up: Int?
    }

    public init(screenSize: Size, tintColor: Color) {
        self.screenSize = screenSize
        self.tintColor = tintColor
        window = View(name: "window", frame: Rect(origin: .zero, size: screenSize))
    }

    /// Schedules a script's events from frame 0; returns the frame after its last step.
    @discardableResult
    public func play(_ script: Script) -> Int {
        let (timeline, end) = script.timeline()
        for (f, e) in timeline { events[f, default: []].append(e) }
        return end
    }

    /// Delivers this frame's events, runs the layout pass if a view asked for one, steps every
    /// running animation and advances time-driven views; call once per frame, in order, before
    /// describing the frame. An animation started on this frame shows its start value now and
    /// moves from the next frame, as POP's do.
    public func advanceFrame() {
        for case let control as Control in window.subtreeWithMasks { control.clock = frame }
        animator.advance(to: frame)
        for event in events.removeValue(forKey: frame) ?? [] { deliver(event) }
        for block in timers.removeValue(forKey: frame) ?? [] { block() }
        if window.needsLayout { window.layoutIfNeeded() }
        blockAnimations = blockAnimations.filter { $0.apply(atFrame: frame) }
        // A completion may start another animator (or this one again): walk a copy, then drop the finished.
        for animator in propertyAnimators { animator.advance(toFrame: frame) }
        propertyAnimators.removeAll { $0.state == .inactive }
        transitions = transitions.filter { $0.apply(atFrame: frame) }
        for v in window.subtreeWithMasks { v.advance(toFrame: frame) }
    }

    /// Runs `changes` and animates every frame, alpha, colour, transform and background-gradient
    /// change it makes, as `UIView animateWithDuration:delay:options:animations:completion:`
    /// without the delay; call `layoutIfNeeded` inside to animate a constraint change. Each
    /// animation starts from what the view shows now, so a new block takes over smoothly from one
    /// still running. `options` repeats the animations (`.repeat`, `.autoreverse`); `completion`
    /// runs with `true` on the frame the last repetition ends, or with `false` when
    /// `stopAnimations(_:)` removes them first (a `.repeat` block completes only that way).
    @discardableResult
    public func animate(duration: Double, options: UIKitAnimationOptions = [], curve: UIKitCurve = .easeInOut,
                        changes: () -> Void, completion: ((_ finished: Bool) -> Void)? = nil) -> BlockAnimationGroup {
        animate(.animate(duration: duration, curve: curve), options.repeating, changes: changes, completion: completion)
    }

    /// As `animate(duration:options:curve:changes:completion:)` along UIKit's damped spring
    /// (`usingSpringWithDamping:initialSpringVelocity:`).
    @discardableResult
    public func animate(duration: Double, dampingRatio: Double, initialVelocity: Double,
                        options: UIKitAnimationOptions = [], changes: () -> Void,
                        completion: ((_ finished: Bool) -> Void)? = nil) -> BlockAnimationGroup {
        animate(.animate(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity), options.repeating,
                changes: changes, completion: completion)
    }

    /// As `animate(duration:options:curve:changes:completion:)` along any timing: a curve, or a
    /// spring in any form `SpringTiming` spells (SwiftUI's `withAnimation(.spring(…))`,
    /// `UIView.animate(springDuration:bounce:…)`, UISpringTimingParameters), which ends after
    /// the timing's duration.
    @discardableResult
    public func animate(timing: UIKitTiming, options: UIKitAnimationOptions = [], changes: () -> Void,
                        completion: ((_ finished: Bool) -> Void)? = nil) -> BlockAnimationGroup {
        animate(timing, options.repeating, changes: changes, completion: completion)
    }

    /// The animations one `animate` call started, which `stopAnimations(_:)` removes.
    public struct BlockAnimationGroup: Hashable, Sendable {
        let id: Int
    }

    /// Removes the animations `group` started, as removing a layer's animations does in UIKit:
    /// the views show their model values at once and the block's completion runs with `false`.
    /// The way to stop a block that repeats forever.
    public func stopAnimations(_ group: BlockAnimationGroup) {
        for block in blockAnimations where block.group == group { block.remove() }
        blockAnimations.removeAll { $0.group == group }
        blockCompletions.removeValue(forKey: group)?(false)
    }

    /// Inside an `animate` block's changes, `UIView.modifyAnimations(withRepeatCount:autoreverses:)`:
    /// the changes `animations` makes repeat `count` times (fractional counts stop part-way,
    /// `.infinity` repeats forever), there and back when `autoreverses`. The block's completion
    /// waits for its longest animation. Outside a block, the changes are simply made.
    public func modifyAnimations(withRepeatCount count: Double, autoreverses: Bool, _ animations: () -> Void) {
        let views = window.subtreeWithMasks
        let before = views.map(AnimatableState.init(model:))
        animations()
        for (i, view) in views.enumerated() where AnimatableState(model: view) != before[i] {
            modifiedRepeats[ObjectIdentifier(view)] = RepeatTiming(repeatCount: count, autoreverses: autoreverses)
        }
    }

    /// The repeats `modifyAnimations` gave views changed inside the block being run.
    private var modifiedRepeats: [ObjectIdentifier: RepeatTiming] = [:]
    /// The completions of blocks still running, by their `animate` call.
    private var blockCompletions: [BlockAnimationGroup: (Bool) -> Void] = [:]
    private var nextGroup = 0

    @discardableResult
    private func animate(_ timing: UIKitTiming, _ repeating: RepeatTiming, changes: () -> Void,
                         completion: ((Bool) -> Void)?) -> BlockAnimationGroup {
        let group = BlockAnimationGroup(id: nextGroup)
        nextGroup += 1
        modifiedRepeats = [:]
        var longest = repeating.activeDuration(of: timing.duration)
        for change in capturedChanges(changes) {
            let repeats = modifiedRepeats[ObjectIdentifier(change.view)] ?? repeating
            longest = max(longest, repeats.activeDuration(of: timing.duration))
            let animation = BlockAnimation(view: change.view, from: change.from, to: change.to, startFrame: frame, timing: timing,
                                           repeating: repeats, group: group)
            _ = animation.apply(atFrame: frame)
            blockAnimations.append(animation)
        }
        modifiedRepeats = [:]
        guard let completion else { return group }
        blockCompletions[group] = completion
        if longest.isFinite {
            run(after: longest) { [unowned self] in blockCompletions.removeValue(forKey: group)?(true) }
        }
        return group
    }

    /// Runs `changes` as an animation block does (laying out what they rearranged) and returns
    /// each view they changed, from what it showed before (its presentation values where it was
    /// animating) to its model values after: what an `animate` call or a property animator animates.
    func capturedChanges(_ changes: () -> Void) -> [AnimatedChange] {
        let views = window.subtreeWithMasks
        let shown = views.map(AnimatableState.init(presented:))
        let before = views.map(AnimatableState.init(model:))
        changes()
        if window.arrangementChanged { window.layoutIfNeeded() }
        return views.indices.compactMap { i in
            let after = AnimatableState(model: views[i])
            return after == before[i] ? nil : AnimatedChange(view: views[i], from: shown[i], to: after)
        }
    }

    /// Runs `block` `seconds` from now on the frame clock, after that frame's events, as
    /// `dispatch_after` on the main queue does.
    public func run(after seconds: Double, _ block: @escaping () -> Void) {
        // A delay past Int's range (an absurd duration) waits for ever rather than trapping.
        let delay = min(Int(saturating: (seconds * 60).rounded()), Int.max - frame)
        timers[frame + delay, default: []].append(block)
    }

    /// True when nothing is moving or about to: no POP animation running, no UIKit block in
    /// flight and no delayed block waiting to run. What never comes to rest does not count:
    /// spinners, the caret, and animations that repeat forever (POP's `repeatForever`, UIKit's
    /// `.repeat`).
    public var isSettled: Bool {
        animator.isSettled && blockAnimations.allSatisfy(\.repeating.isForever) && timers.isEmpty && transitions.isEmpty
            && !propertyAnimators.contains(where: \.isRunning)
            && !window.subtree.contains(where: \.isMovingByItself)
    }

    /// What keeps the stage from being settled, in words: the keys of POP animations still
    /// moving, UIKit blocks in flight, delayed blocks waiting to run; empty when settled.
    public var unsettled: [String] {
        let blocks = blockAnimations.filter { !$0.repeating.isForever }.count
        return animator.keysStillMoving.map { "'\($0)'" } + (blocks > 0 ? ["\(blocks) UIKit block animation(s)"] : [])
            + (transitions.isEmpty ? [] : ["\(transitions.count) UIView transition(s)"])
            + propertyAnimators.filter(\.isRunning).map { _ in "a running property animator" }
            + (timers.isEmpty ? [] : ["\(timers.values.map(\.count).reduce(0, +)) delayed action(s)"])
            + window.subtree.filter(\.isMovingByItself).map { "'\($0.layoutName)' scrolling" }
    }

    /// Moves the clock on to the next frame.
    public func endFrame() { frame += 1 }

    /// Makes `field` the first responder, ending editing in the previous one first, as UIKit does.
    public func focus(_ field: TextField?) {
        guard field !== firstResponder else { return }
        if let old = firstResponder {
            old.isEditing = false
            firstResponder = nil
            old.send(.editingDidEnd)
        }
        if let field {
            firstResponder = field
            field.isEditing = true
            field.caretEpoch = frame
            field.send(.editingDidBegin)
        }
        updateKeyboard()
    }

    /// Docks an iPhone keyboard along the bottom of `host` (usually the view controller's view)
    /// with Auto Layout, as the system keyboard appears: it slides up when a text field becomes
    /// first responder and down when editing ends, shows every typed key, and follows the host
    /// through rotations (216 pt tall in portrait, 162 pt in landscape). Install it after
    /// focusing a field to start with it up, as a field focused in `viewDidLoad` does.
    @discardableResult
    public func installKeyboard(in host: View) -> KeyboardView {
        let keyboard = KeyboardView(width: host.bounds.width, y: host.bounds.height)
        keyboard.translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(keyboard)
        func edge(_ attribute: LayoutAttribute, _ hostAttribute: LayoutAttribute) -> LayoutConstraint {
            LayoutConstraint(item: keyboard, attribute: attribute, relatedBy: .equal, toItem: host, attribute: hostAttribute)
        }
        host.addConstraints(LayoutConstraint.equal([.left, .right], of: keyboard, to: host))
        let placement = (up: edge(.bottom, .bottom), down: edge(.top, .bottom), host: host)
        keyboardIsUp = firstResponder != nil
        host.addConstraint(keyboardIsUp ? placement.up : placement.down)
        host.layoutIfNeeded()
        self.keyboard = keyboard
        keyboardPlacement = placement
        return keyboard
    }

    /// Slides the keyboard up or down when whether a field is editing has changed, along the
    /// keyboard's own animation (UIKit reports curve 7, 0.25 s; measured, it runs about 0.5 s on
    /// a steep ease-out).
    private func updateKeyboard() {
        guard let keyboard, let placement = keyboardPlacement else { return }
        guard keyboardIsUp != (firstResponder != nil) else { return }
        keyboardIsUp.toggle()
        placement.host.removeConstraint(keyboardIsUp ? placement.down : placement.up)
        placement.host.addConstraint(keyboardIsUp ? placement.up : placement.down)
        animate(.curve(duration: Stage.keyboardDuration, function: Stage.keyboardCurve), .once, changes: {
            keyboard.superview?.layoutIfNeeded()
        }, completion: nil)
    }

    /// The keyboard's slide: Bézier control points and duration fitted to iOS 7's curve 7.
    static let keyboardCurve = TimingFunction(0.38, 0.7, 0.125, 1)
    static let keyboardDuration = 0.5

    /// The view a touch at `point` (screen points) lands on: the frontmost visible, interactive
    /// view containing it.
    public func hitTest(_ point: Point) -> View? { hitTest(point, in: window) }

    private func hitTest(_ point: Point, in view: View) -> View? {
        let frame = view.presentedFrame
        guard !view.isHidden, view.isUserInteractionEnabled, view.alpha > 0.01, frame.contains(point) else { return nil }
        let local = Point(point.x - frame.x + view.bounds.x, point.y - frame.y + view.bounds.y)
        for sub in view.subviews.reversed() {
            if let hit = hitTest(local, in: sub) { return hit }
        }
        return view
    }

    /// `p` (screen points) in `view`'s bounds coordinates.
    private func point(_ p: Point, in view: View) -> Point {
        var chain: [View] = []
        var v: View? = view
        while let current = v { chain.append(current); v = current.superview }
        var local = p
        for current in chain.reversed() {
            let f = current.presentedFrame
            local = Point(local.x - f.x + current.bounds.x, local.y - f.y + current.bounds.y)
        }
        return local
    }

    /// The centre of a named view in screen points.
    public func screenCentre(of name: String) -> Point? {
        guard let view = window.view(named: name) else { return nil }
        var f = view.presentedFrame
        var parent = view.superview
        while let p = parent {
            let pf = p.presentedFrame
            f = f.offsetBy(dx: pf.x - p.bounds.x, dy: pf.y - p.bounds.y)
            parent = p.superview
        }
        return f.center
    }

    private func point(of target: Script.Target) -> Point {
        switch target {
        case let .point(p): return p
        case let .view(name): return screenCentre(of: name) ?? Point(screenSize.width / 2, screenSize.height / 2)
        }
    }

    private func deliver(_ event: Event) {
        switch event {
        case let .touchDown(target):
            let p = point(of: target)
            touch = Touch(point: p, down: frame)
            let control = controlAncestor(hitTest(p))
            touchedControl = control
            if let control, control.isEnabled {
                control.isHighlighted = true
                control.send(.touchDown)
            }
        case let .touchUp(target):
            let p = touch?.point ?? point(of: target)
            touch?.up = frame
            let control = touchedControl
            touchedControl = nil
            guard let control else {
                onBackgroundTap?()
                return
            }
            guard control.isEnabled, control.isHighlighted else { return }
            control.isHighlighted = false
            if let field = control as? TextField {
                focus(field)
            } else if controlAncestor(hitTest(p)) === control {
                control.tapped(at: point(p, in: control))
                control.send(.touchUpInside)
            }
        case let .key(c):
            deliverKey(event) { $0.append(c) }
        case .backspace:
            deliverKey(event) { if !$0.isEmpty { $0.removeLast() } }
        case let .scroll(name, gesture):
            guard let scrollView = window.view(named: name) as? ScrollView else { return }
            switch gesture {
            case let .drag(from, to, duration): scrollView.drag(from: from, to: to, duration: duration, atFrame: frame)
            case let .flick(velocity): scrollView.flick(velocity: velocity, atFrame: frame)
            }
        case let .drag(name, value, duration):
            (window.view(named: name) as? Slider)?.drag(to: value, duration: duration)
        case let .rotate(o):
            let long = max(screenSize.width, screenSize.height), short = min(screenSize.width, screenSize.height)
            screenSize = o == .portrait ? Size(short, long) : Size(long, short)
            window.frame = Rect(origin: .zero, size: screenSize)
            onRotate?(o)
        }
    }

    /// A key reaches the first responder: the keyboard shows it going down, and the field
    /// reports the edit and restarts its caret's blink when `change` altered its text.
    private func deliverKey(_ event: Event, _ change: (inout String) -> Void) {
        guard let field = firstResponder else { return }
        keyboard?.press(event, atFrame: frame)
        let before = field.text
        change(&field.text)
        guard field.text != before else { return }
        field.caretEpoch = frame
        field.send(.editingChanged)
    }

    private func controlAncestor(_ view: View?) -> Control? {
        var v = view
        while let current = v {
            if let c = current as? Control { return c }
            v = current.superview
        }
        return nil
    }

    /// The translucent circle shown under the finger: full while down, fading over 0.2 s after.
    func touchIndicator() -> (point: Point, alpha: Double)? {
        guard let t = touch else { return nil }
        guard let up = t.up else { return (t.point, 1) }
        let faded = Double(frame - up) / 12
        return faded < 1 ? (t.point, 1 - faded) : nil
    }

    /// The screen at the current frame, as a display list at `scale` device pixels per point.
    public func displayList(scale: Double, snapping: PixelSnapping, showTouches: Bool) -> DisplayList {
        let renderer = SceneRenderer(context: DrawContext(scale: scale, snapping: snapping, tintColor: tintColor, frame: frame,
                                                               userInterfaceStyle: userInterfaceStyle))
        var list = renderer.displayList(root: window, size: screenSize)
        if showTouches, let (p, alpha) = touchIndicator() {
            let r = 22.0
            let disc = Path(ellipseIn: Rect(p.x - r, p.y - r, 2 * r, 2 * r))
            list.append(.fill(disc, color: Color(white: 0.35, alpha: 0.35 * alpha), rule: .nonZero,
                              transform: .scale(scale, scale)))
            list.append(.fill(Path(ring: Rect(p.x - r, p.y - r, 2 * r, 2 * r), cornerRadius: r, width: 1.5),
                              color: Color(white: 1, alpha: 0.7 * alpha), rule: .evenOdd, transform: .scale(scale, scale)))
        }
        return list
    }
}
