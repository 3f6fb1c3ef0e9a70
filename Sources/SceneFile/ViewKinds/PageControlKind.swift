import Scene

extension ViewKind {
    /// `pageControl: ID`: a UIPageControl; taps move a page and send `valueChanged`.
    static let pageControl = ViewKind(key: "pageControl", id: \.pageControl,
                                      keys: ["numberOfPages", "currentPage", "pageIndicatorTintColor",
                                             "currentPageIndicatorTintColor"]) { builder, request in
        let spec = request.spec, path = request.path
        let pages = spec.numberOfPages ?? 3
        guard (1...100).contains(pages) else { builder.log.add(path + [.key("numberOfPages")], "numberOfPages lies in 1…100"); return nil }
        let current = spec.currentPage ?? 0
        guard (0..<pages).contains(current) else { builder.log.add(path + [.key("currentPage")], "currentPage lies in 0…\(pages - 1)"); return nil }
        let control = PageControl(name: request.id, numberOfPages: pages, currentPage: current, frame: request.frame)
        control.pageIndicatorTintColor = builder.color(spec.pageIndicatorTintColor, path + [.key("pageIndicatorTintColor")])
        control.currentPageIndicatorTintColor = builder.color(spec.currentPageIndicatorTintColor,
                                                              path + [.key("currentPageIndicatorTintColor")])
        return control
    }
}
