import Geometry
import Scene

extension ViewKind {
    /// `scrollView: ID`: a UIScrollView whose `subviews` are its content, laid out in `contentSize`.
    static let scrollView = ViewKind(key: "scrollView", id: \.scrollView,
                                     keys: ["contentSize", "contentOffset", "isPagingEnabled", "showsVerticalScrollIndicator",
                                            "showsHorizontalScrollIndicator", "bounces"]) { builder, request in
        let spec = request.spec, path = request.path
        let scroll = ScrollView(name: request.id, contentSize: builder.size(spec.contentSize, path + [.key("contentSize")]) ?? .zero,
                                frame: request.frame)
        if let p = builder.point(spec.contentOffset, path + [.key("contentOffset")]) { scroll.contentOffset = p }
        if let v = spec.isPagingEnabled { scroll.isPagingEnabled = v }
        if let v = spec.showsVerticalScrollIndicator { scroll.showsVerticalScrollIndicator = v }
        if let v = spec.showsHorizontalScrollIndicator { scroll.showsHorizontalScrollIndicator = v }
        if let v = spec.bounces { scroll.bounces = v }
        return scroll
    }
}
