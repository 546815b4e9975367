// Stub (type-checking only, never linked or run): the SwiftUI app life cycle (iOS 14+).

/// Apple: `@MainActor @preconcurrency protocol App`. **iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+**.
/// https://developer.apple.com/documentation/swiftui/app
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol App {
    /// Apple: `associatedtype Body : Scene`.
    associatedtype Body: Scene
    /// Apple: `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Apple: `@MainActor @preconcurrency init()`.
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension App {
    /// Apple: `@MainActor @preconcurrency static func main()` (what `@main` calls).
    @MainActor @preconcurrency public static func main() { fatalError("Apple stub: never run") }
}

/// Apple: `@MainActor @preconcurrency protocol Scene`. iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+.
/// https://developer.apple.com/documentation/swiftui/scene
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol Scene {
    /// Apple: `associatedtype Body : Scene`.
    associatedtype Body: Scene
    /// Apple: `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension Never: Scene {}

/// Apple: `@resultBuilder struct SceneBuilder`; `static func buildBlock<Content>(_ content: Content) -> Content where Content : Scene`.
/// iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// Apple: `struct WindowGroup<Content> : Scene where Content : View`; `init(@ViewBuilder content: () -> Content)`.
/// iOS 14.0+, macOS 11.0+, tvOS 14.0+, watchOS 7.0+.
/// https://developer.apple.com/documentation/swiftui/windowgroup
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    /// Apple: `nonisolated init(@ViewBuilder content: () -> Content)`.
    public nonisolated init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("Apple stub: never run") }
}
