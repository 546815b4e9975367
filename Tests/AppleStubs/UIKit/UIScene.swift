// Stub (type-checking only, never linked or run): UIKit scenes (iOS 13+), as the SDK and the examples
// use them. Isolation as in the iOS 18 SDK (Xcode 16): `@MainActor`.
import Foundation

/// Apple: `@MainActor class UIScene : UIResponder`. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// Apple: `@MainActor class UIScene.ConnectionOptions : NSObject`: why UIKit created the scene.
    /// iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions
    @MainActor
    open class ConnectionOptions: NSObject {
        /// Apple: `var userActivities: Set<NSUserActivity> { get }` (Universal Links at launch). iOS 13.0+.
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities
        open var userActivities: Set<NSUserActivity> { fatalError("Apple stub: never run") }

        /// Apple: `var urlContexts: Set<UIOpenURLContext> { get }` (URLs to open at launch). iOS 13.0+.
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts
        open var urlContexts: Set<UIOpenURLContext> { fatalError("Apple stub: never run") }
    }
}

/// Apple: `@MainActor class UIWindowScene : UIScene`. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {}

/// Apple: `@MainActor class UIOpenURLContext : NSObject`: one URL to open, and how. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiopenurlcontext
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIOpenURLContext: NSObject {
    /// Apple: `var url: URL { get }`. iOS 13.0+.
    /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url
    open var url: URL { fatalError("Apple stub: never run") }
}

/// Apple: `@MainActor class UISceneSession : NSObject`. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiscenesession
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneSession: NSObject {
    /// Apple: `struct UISceneSession.Role : Hashable, Equatable, RawRepresentable, @unchecked Sendable`. iOS 13.0+.
    public struct Role: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// Apple: `var role: UISceneSession.Role { get }`. iOS 13.0+.
    open var role: Role { fatalError("Apple stub: never run") }
}

/// Apple: `@MainActor class UISceneConfiguration : NSObject`. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uisceneconfiguration
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneConfiguration: NSObject {
    /// Apple: `init(name: String?, sessionRole: UISceneSession.Role)`. iOS 13.0+.
    public init(name: String?, sessionRole: UISceneSession.Role) { fatalError("Apple stub: never run") }

    /// Apple: `var delegateClass: AnyClass? { get set }`. iOS 13.0+.
    open var delegateClass: AnyClass? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }
}

/// Apple: `@MainActor protocol UISceneDelegate : NSObjectProtocol` (optional requirements: see
/// UIApplication.swift for how they are modelled). iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiscenedelegate
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// Apple: `optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)`.
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)

    /// Apple: `optional func scene(_ scene: UIScene, continue userActivity: NSUserActivity)`.
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)

    /// Apple: `optional func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)`.
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
extension UISceneDelegate {
    /// Stand-in for the unimplemented optional requirement.
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    /// Stand-in for the unimplemented optional requirement.
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    /// Stand-in for the unimplemented optional requirement.
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// Apple: `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`. iOS 13.0+, tvOS 13.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// Apple: `optional var window: UIWindow? { get set }`. iOS 13.0+.
    var window: UIWindow? { get set }
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
extension UIWindowSceneDelegate {
    /// Stand-in for the unimplemented optional requirement.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
