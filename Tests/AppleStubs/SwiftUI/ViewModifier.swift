// Stub (type-checking only, never linked or run): SwiftUI's modifiers as the SDK uses them.
import Foundation

/// Apple: `@MainActor @preconcurrency protocol ViewModifier`. iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+.
/// https://developer.apple.com/documentation/swiftui/viewmodifier
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {
    /// Apple: `associatedtype Body : View`.
    associatedtype Body: View
    /// Apple: `typealias Content = _ViewModifier_Content<Self>`.
    typealias Content = _ViewModifier_Content<Self>
    /// Apple: `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// Apple: `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`. iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Apple: `@frozen struct ModifiedContent<Content, Modifier>`; a `View` where `Content : View, Modifier : ViewModifier`. iOS 13.0+.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ModifiedContent<Content, Modifier> {
    /// Apple: `init(content: Content, modifier: Modifier)`.
    public init(content: Content, modifier: Modifier) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("Apple stub: never run") }
}

/// Stand-in for the private modifier types behind SwiftUI's `some View` results.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct _StubModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError("Apple stub: never run") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
    /// Apple: `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`. iOS 13.0+.
    public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Apple: `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`. iOS 13.0+.
    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_StubModifier())
    }

    /// Apple: `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`. iOS 13.0+.
    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    public nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_StubModifier())
    }

    /// Apple: `nonisolated func onOpenURL(perform action: @escaping (URL) -> ()) -> some View`.
    /// **iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+**, visionOS 1.0+.
    /// https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public nonisolated func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        modifier(_StubModifier())
    }

    /// Apple: `nonisolated func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> ()) -> some View`.
    /// **iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+**, visionOS 1.0+.
    /// https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public nonisolated func onContinueUserActivity(
        _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
    ) -> some View {
        modifier(_StubModifier())
    }

    /// Apple: `nonisolated func task(priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View`.
    /// **iOS 15.0+, macOS 12.0+, tvOS 15.0+, watchOS 8.0+**, visionOS 1.0+ (declared for the availability
    /// check's fixtures: the SDK and the examples do not use it).
    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public nonisolated func task(
        priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        modifier(_StubModifier())
    }
}
