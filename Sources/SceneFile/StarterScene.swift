/// The commented scene `popping-render new NAME` writes: every section once, small enough to
/// read in a minute, and it renders as it is.
public enum StarterScene {
    /// The starter scene titled `name`, pointing editors at the schema at `schema` (a path
    /// relative to the scene, or a URL).
    public static func text(name: String, schema: String) -> String {
        """
        # yaml-language-server: $schema=\(schema)
        # \(name): a popping-render scene. Render it and check it with
        #   popping-render \(name).yaml --out \(name).gif
        #   popping-render validate \(name).yaml
        # Names are UIKit's and POP's; the schema above gives your editor completion for every key.

        # The screen: a device (popping-render list --devices shows them) or a size, colours and the bars.
        screen:
          device: iphone-8
          background: white
          navigationBar:
            title: \(name)

        # The view tree, back to front. One kind key (view, label, button, textField, imageView,
        # activityIndicator) gives each view its id; a view without a frame is placed by constraints.
        views:
          - label: greeting
            text: Hello, scene!
            font: Avenir-Medium 24
            textColor: "#545454"
          - button: button
            title: Tap me
            font: Avenir-Medium 20
            backgroundColor: "#3498DB"
            cornerRadius: 6
            contentPadding: [48, 12]

        # Auto Layout: equations as UIKit prints them, or VFL strings ("H:|-[a]-[b]-|").
        # `view` is the view controller's view, filling the screen.
        constraints:
          - greeting.centerX == view.centerX
          - greeting.centerY == view.centerY - 60
          - button.centerX == view.centerX
          - button.top == greeting.bottom + 40

        # Named animations: POP's spring, basic and decay on a view property, or a UIKit animate block.
        # A view with a `gradient:` animates it by CAGradientLayer's key paths too: gradient.colors,
        # gradient.locations, gradient.startPoint, gradient.endPoint (see Examples/Scenes/shimmer.yaml).
        # Repeats: repeatCount, repeatForever and autoreverses on POP animations; options:
        # [repeat, autoreverse] and repeatCount on animate blocks.
        animations:
          press: {type: basic, view: button, property: scaleXY, toValue: 0.9, duration: 0.1}
          release: {type: spring, view: button, property: scaleXY, toValue: 1, velocity: 4, springBounciness: 16}
          wave: {type: spring, view: greeting, property: rotation, velocity: 10, springBounciness: 14}

        # Event handlers: VIEW.EVENT, ANIMATION.completion, screen.load and screen.tap.
        on:
          button.touchDown: [run: press]
          button.touchUpInside:
            - run: [release, wave]
            - set: {greeting: {text: Hello again!}}

        # The timeline: wait, tap, press, release, type, delete, focus, rotate, seed, waitUntilSettled.
        script:
          - wait: 0.6
          - tap: button
          - waitUntilSettled: true
          - wait: 0.5

        """
    }
}
