/// `with` runs a closure on a freshly made view and returns it, for building view trees as
/// expressions (`View(frame: r).with { $0.backgroundColor = .white }`).
public protocol Configuring: AnyObject {}

extension Configuring {
    @discardableResult
    public func with(_ configure: (Self) -> Void) -> Self {
        configure(self)
        return self
    }
}

extension View: Configuring {}
