import Geometry
import Layout
import Scene

extension ViewKind {
    /// `stackView: ID`: a UIStackView whose `arrangedSubviews` are view specs written inline, laid
    /// out with ordinary constraints (see `StackView`).
    static let stackView = ViewKind(key: "stackView", id: \.stackView,
                                    keys: ["arrangedSubviews", "axis", "spacing", "distribution", "alignment",
                                           "isLayoutMarginsRelativeArrangement", "layoutMargins", "customSpacing"]) { builder, request in
        let spec = request.spec, path = request.path
        let stack = StackView(name: request.id, frame: request.frame)
        stack.axis = spec.axis == .vertical ? .vertical : .horizontal
        if let s = spec.spacing {
            guard (0...10_000).contains(s) else { builder.log.add(path + [.key("spacing")], "spacing lies in 0…10000 points"); return nil }
            stack.spacing = s
        }
        if let d = spec.distribution { stack.distribution = StackView.Distribution(rawValue: d.rawValue) ?? .fill }
        if let a = spec.alignment {
            if stack.axis == .vertical, a == .firstBaseline || a == .lastBaseline {
                builder.log.add(path + [.key("alignment")], "\(a.rawValue) aligns a horizontal stack's views; a vertical stack takes fill, leading, center or trailing")
            }
            stack.alignment = StackView.Alignment(rawValue: a.rawValue) ?? .fill
        }
        if let m = spec.isLayoutMarginsRelativeArrangement { stack.isLayoutMarginsRelativeArrangement = m }
        if let m = builder.numbers(spec.layoutMargins, 4, "[top, left, bottom, right]", path + [.key("layoutMargins")]) {
            stack.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
        }
        for (i, sub) in (spec.arrangedSubviews ?? []).enumerated() {
            if let child = builder.makeView(sub, path: path + [.key("arrangedSubviews"), .index(i)]) { stack.addArrangedSubview(child) }
        }
        for (id, value) in spec.customSpacing ?? [:] {
            guard let view = stack.arrangedSubviews.first(where: { $0.name == id }) else {
                builder.log.add(path + [.key("customSpacing"), .keyName(id)], "'\(id)' is not one of the stack's arrangedSubviews")
                continue
            }
            stack.setCustomSpacing(value, after: view)
        }
        return stack
    }
}

/// UIStackView's axis, distribution and alignment names.
enum StackAxisName: String, SchemaEnum { case horizontal, vertical }
enum StackDistributionName: String, SchemaEnum { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
enum StackAlignmentName: String, SchemaEnum { case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline }
