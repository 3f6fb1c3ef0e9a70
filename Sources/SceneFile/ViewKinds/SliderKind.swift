import Scene

extension ViewKind {
    /// `slider: ID`: a UISlider; a `drag` script step moves it, sending `valueChanged`.
    static let slider = ViewKind(key: "slider", id: \.slider,
                                 keys: ["value", "minimumValue", "maximumValue", "minimumTrackTintColor",
                                        "maximumTrackTintColor", "thumbTintColor"]) { builder, request in
        let spec = request.spec, path = request.path
        let lo = spec.minimumValue ?? 0, hi = spec.maximumValue ?? 1
        guard lo < hi else { builder.log.add(path + [.key("maximumValue")], "maximumValue is more than minimumValue"); return nil }
        let value = spec.value ?? lo
        if !(lo...hi).contains(value) { builder.log.add(path + [.key("value")], "value lies in minimumValue…maximumValue (\(lo)…\(hi))") }
        let slider = Slider(name: request.id, value: value, minimumValue: lo, maximumValue: hi, frame: request.frame)
        slider.minimumTrackTintColor = builder.color(spec.minimumTrackTintColor, path + [.key("minimumTrackTintColor")])
        slider.maximumTrackTintColor = builder.color(spec.maximumTrackTintColor, path + [.key("maximumTrackTintColor")])
        slider.thumbTintColor = builder.color(spec.thumbTintColor, path + [.key("thumbTintColor")])
        return slider
    }
}
