/// The components of an animated value (1 to 4 Doubles), the type-erased form every animation
/// works in. POP's solver works on 4-wide vectors with unused components at zero; so does this.
public struct AnimationVector: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    /// The components, padded with zeros to 4.
    var storage: SIMD4<Double>
    /// How many components are in use.
    public let count: Int

    /// A vector of 1 to 4 components.
    public init(_ components: [Double]) {
        precondition((1...4).contains(components.count), "an animated value has 1 to 4 components")
        var s = SIMD4<Double>()
        for (i, c) in components.enumerated() { s[i] = c }
        storage = s
        count = components.count
    }

    /// The components of an animatable value.
    public init<V: AnimatableValue>(_ value: V) { self = value.animationComponents }

    /// `count` equal components, e.g. a scalar velocity spread over every component.
    public init(repeating value: Double, count: Int) { self.init(Array(repeating: value, count: count)) }

    init(storage: SIMD4<Double>, count: Int) {
        self.storage = storage
        self.count = count
    }

    public init(floatLiteral value: Double) { self.init([value]) }
    public init(integerLiteral value: Int) { self.init([Double(value)]) }
    public init(arrayLiteral elements: Double...) { self.init(elements) }

    /// The zero vector with `count` components.
    public static func zero(count: Int) -> AnimationVector { AnimationVector(storage: .zero, count: count) }

    /// Component `index`, which must be below `count`.
    public subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "component index out of range")
        return storage[index]
    }

    /// The components in use.
    public var components: [Double] { (0..<count).map { storage[$0] } }

    /// The value this vector holds, rebuilt as `V`.
    public func value<V: AnimatableValue>(as type: V.Type = V.self) -> V {
        precondition(count == V.componentCount, "\(count) components cannot make a \(V.self)")
        return V(animationComponents: self)
    }

    public var description: String {
        count == 1 ? "\(storage[0])" : "(" + components.map { "\($0)" }.joined(separator: ", ") + ")"
    }
}

extension SIMD4 where Scalar == Double {
    /// Σ cᵢ² summed in index order, as POP's 4-wide vectors do.
    var squaredNorm: Double { self[0] * self[0] + self[1] * self[1] + self[2] * self[2] + self[3] * self[3] }
}
