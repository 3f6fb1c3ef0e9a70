import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// Views: the view tree from `views:`, each built by its kind (see ViewKinds/) with the properties every view has.
extension SceneBuilder {
    /// Builds the view a spec declares, by its kind, with its common properties and subviews.
    func makeView(_ spec: ViewSpec, path: [PathStep]) -> View? {
        let given = Self.viewKinds.compactMap { kind in kind.id(spec).map { (kind, $0) } }
        guard given.count == 1, let (kind, id) = given.first else {
            let names = Self.viewKinds.map(\.key)
            log.add(path, given.isEmpty ? "a view needs one kind key: \(names.dropLast().joined(separator: ", ")) or \(names.last!)"
                                        : "a view has one kind key, found \(given.map(\.0.key).joined(separator: " and "))")
            return nil
        }
        let idPath = path + [.key(kind.key)]
        guard checkIdentifier(id, idPath) else { return nil }
        guard views[id] == nil, !Self.reserved.contains(id) else {
            log.add(idPath, "the id '\(id)' is already used")
            return nil
        }
        checkKeys(of: kind, at: path)
        let request = ViewRequest(spec: spec, id: id, frame: rect(spec.frame, path + [.key("frame")]) ?? .zero,
                                  font: spec.font.flatMap { self.font($0, path + [.key("font")]) }, path: path)
        guard let view = kind.build(self, request) else { return nil }
        views[id] = view
        view.translatesAutoresizingMaskIntoConstraints = spec.translatesAutoresizingMaskIntoConstraints ?? (spec.frame != nil)
        apply(common: spec, to: view, path: path)
        for (i, sub) in (spec.subviews ?? []).enumerated() {
            if let child = makeView(sub, path: path + [.key("subviews"), .index(i)]) { view.addSubview(child) }
        }
        if spec.sublayerTransform != nil, view.subviews.isEmpty {
            log.add(path + [.keyName("sublayerTransform")], "'sublayerTransform' does nothing on a view without subviews")
        }
        return view
    }

    /// Sets the UIView and CALayer properties every kind takes.
    func apply(common spec: ViewSpec, to view: View, path: [PathStep]) {
        if let c = color(spec.backgroundColor, path + [.key("backgroundColor")]) { view.backgroundColor = c }
        if let r = spec.cornerRadius { view.cornerRadius = r }
        if let w = spec.borderWidth {
            view.border = (w, color(spec.borderColor, path + [.key("borderColor")]) ?? .black)
        }
        if let g = spec.gradient {
            view.backgroundGradient = gradient(g, path + [.key("gradient")])
            declaredGradients.insert(view.name)
        }
        if let m = spec.mask { view.mask = makeView(m, path: path + [.key("mask")]) }
        if let a = spec.alpha { view.alpha = a }
        if let s = spec.semanticContentAttribute { view.semanticContentAttribute = s }
        if let h = spec.hidden { view.isHidden = h }
        if let c = spec.clipsToBounds { view.clipsToBounds = c }
        if let u = spec.userInteractionEnabled { view.isUserInteractionEnabled = u }
        if let t = spec.transform { view.transform = transform(t, path + [.key("transform")]) }
        if let t = spec.sublayerTransform { view.sublayerTransform = transform(t, path + [.key("sublayerTransform")]) }
        if let z = within(spec.zPosition, Self.depthLimit, "zPosition", "points", path) { view.zPosition = z }
        if let d = spec.isDoubleSided { view.isDoubleSided = d }
        applyLayerLook(spec, to: view, path: path)
        if let p = spec.contentHuggingPriority {
            if let h = p.horizontal { view.setContentHuggingPriority(LayoutPriority(h), for: .horizontal) }
            if let v = p.vertical { view.setContentHuggingPriority(LayoutPriority(v), for: .vertical) }
        }
        if let p = spec.contentCompressionResistancePriority {
            if let h = p.horizontal { view.setContentCompressionResistancePriority(LayoutPriority(h), for: .horizontal) }
            if let v = p.vertical { view.setContentCompressionResistancePriority(LayoutPriority(v), for: .vertical) }
        }
    }
}
