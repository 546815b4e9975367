// Stub (type-checking only, never linked or run): SwiftUI's view protocols and the primitive views the
// SDK and the examples use. Isolation as in the iOS 18 SDK (Xcode 16): `@MainActor @preconcurrency`.
import Foundation

/// Apple: `@MainActor @preconcurrency protocol View`. iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+.
/// https://developer.apple.com/documentation/swiftui/view
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol View {
    /// Apple: `associatedtype Body : View`.
    associatedtype Body: View
    /// Apple: `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Apple: `extension Never : View` (the body of primitive views).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `extension Optional : View where Wrapped : View` (what `if` without `else` builds). iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `@frozen struct Text` (`Sendable`; its initializers are `nonisolated`). iOS 13.0+.
/// https://developer.apple.com/documentation/swiftui/text
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Text: View {
    public typealias Body = Never
    /// Apple: `init<S>(_ content: S) where S : StringProtocol`. iOS 13.0+.
    public nonisolated init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `@frozen struct EmptyView`; `nonisolated init()`. iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct EmptyView: View {
    public typealias Body = Never
    public nonisolated init() {}
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `@frozen struct _ConditionalContent<TrueContent, FalseContent>` (what `if`/`else` builds). iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `@resultBuilder struct ViewBuilder`. iOS 13.0+.
/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder
public struct ViewBuilder {
    /// Apple: `static func buildBlock() -> EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// Apple: `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Apple: `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// Apple: `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
        fatalError("Apple stub: never run")
    }
    /// Apple: `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
        fatalError("Apple stub: never run")
    }
}
