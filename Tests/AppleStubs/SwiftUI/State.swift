// Stub (type-checking only, never linked or run): SwiftUI's view state.

/// Apple: `protocol DynamicProperty`. iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol DynamicProperty {
    /// Apple: `mutating func update()`, with a default.
    mutating func update()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension DynamicProperty {
    public mutating func update() {}
}

/// Apple: `@frozen @propertyWrapper struct State<Value> : DynamicProperty`; `Sendable` when `Value` is.
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+.
/// https://developer.apple.com/documentation/swiftui/state
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
    /// Apple: `init(wrappedValue value: Value)`.
    public init(wrappedValue value: Value) {}
    /// Apple: `init() where Value : ExpressibleByNilLiteral`.
    public init() where Value: ExpressibleByNilLiteral {}
    /// Apple: `var wrappedValue: Value { get nonmutating set }`.
    public var wrappedValue: Value {
        get { fatalError("Apple stub: never run") }
        nonmutating set { fatalError("Apple stub: never run") }
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension State: Sendable where Value: Sendable {}
